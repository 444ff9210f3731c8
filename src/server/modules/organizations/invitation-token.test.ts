import { describe, expect, it } from 'vitest';
import { invitationIdOf, invitationToken, newInvitationId } from './invitation-token.ts';

const SECRET = 'a-server-secret-of-the-tests-0123456789';

describe('team invitation tokens', () => {
  it('gives random url-safe ids of 144 bits', () => {
    const ids = new Set(Array.from({ length: 200 }, newInvitationId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('signs the id and reads it back', () => {
    const id = newInvitationId();
    const token = invitationToken(SECRET, id);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(encodeURIComponent(token)).toBe(token);
    expect(invitationIdOf(SECRET, token)).toBe(id);
    // The same invitation always gives the same link (sending again re-sends it).
    expect(invitationToken(SECRET, id)).toBe(token);
  });

  it('refuses the bare id, another secret, a changed id or signature, and garbage', () => {
    const id = newInvitationId();
    const token = invitationToken(SECRET, id);
    expect(invitationIdOf(SECRET, id)).toBeNull();
    expect(invitationIdOf('another-secret', token)).toBeNull();
    const otherId = newInvitationId();
    expect(invitationIdOf(SECRET, `${otherId}.${token.split('.')[1]}`)).toBeNull();
    const signature = token.split('.')[1]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(invitationIdOf(SECRET, `${id}.${flipped}`)).toBeNull();
    expect(invitationIdOf(SECRET, '')).toBeNull();
    expect(invitationIdOf(SECRET, `${token}.x`)).toBeNull();
  });
});
