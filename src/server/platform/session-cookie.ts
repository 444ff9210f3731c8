import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session token of a request's signed session cookie, read exactly as better-auth (better-call) reads it:
 * `token.signature`, URL-encoded, the signature a base64 HMAC-SHA256 of the token under the server secret.
 * Returns null when the cookie is absent, malformed or its signature does not match.
 */
export function signedSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string) {
  const raw = cookieValue(cookieHeader, cookieName);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const token = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The first cookie of that name (as better-call keeps the first), unquoted and percent-decoded. */
function cookieValue(header: string | undefined, name: string) {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
