import { describe, expect, it } from 'vitest';
import { isRsvpToken, tokenFromScannedCode } from '@shared/calendar/rsvp.ts';
import { hashToken, lookupHash, newToken } from './tokens.ts';

describe('link tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, newToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(isRsvpToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their SHA-256 in hex, which does not contain the token', () => {
    const token = newToken();
    const hash = hashToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashToken(token)).toBe(hash);
    expect(hashToken(newToken())).not.toBe(hash);
  });

  it('are looked up only when well formed', () => {
    const token = newToken();
    expect(lookupHash(token)).toBe(hashToken(token));
    expect(lookupHash(`${token}x`)).toBeNull();
    expect(lookupHash('../../etc/passwd')).toBeNull();
    expect(tokenFromScannedCode(`http://localhost:3000/rsvp/${token}`)).toBe(token);
  });
});
