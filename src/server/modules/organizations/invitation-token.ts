import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Links of team invitations. The invitation row keeps a random id (144 bits); the link carries
 * `<id>.<HMAC-SHA256(server secret, id)>`, so neither the id shown to administrators nor a copy of the
 * database is a usable link, and sending an invitation again sends the same link (every e-mail of one
 * invitation works until it is accepted, cancelled or expires).
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;
const PURPOSE = 'team-invitation:';

export function newInvitationId(): string {
  return randomBytes(18).toString('base64url');
}

function signatureOf(secret: string, id: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + id)
    .digest();
}

export function invitationToken(secret: string, id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error('not an invitation id');
  return `${id}.${signatureOf(secret, id).toString('base64url')}`;
}

/** The invitation id of a genuine token; null for anything else (checked in constant time). */
export function invitationIdOf(secret: string, token: string): string | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, id, signature] = match;
  // Compared as text: two base64url spellings of the same bytes (the last character's spare bits) are not equal.
  const given = Buffer.from(signature!);
  const expected = Buffer.from(signatureOf(secret, id!).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id! : null;
}
