import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens of public links (quote links, invitations, calendar subscriptions): 32 random bytes (256 bits) in
 * base64url, given out once (in an e-mail or a URL) and stored only as their SHA-256, so the database never
 * holds a usable link.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
