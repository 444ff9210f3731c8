import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/permissions.ts';
import {
  ROLE_RANK,
  ZChangeRoleInput,
  ZInviteMemberInput,
  canAssignRole,
  invitePagePath,
} from './team-contracts.ts';

describe('team rules', () => {
  it('lets only a super_admin give or take super_admin', () => {
    for (const from of [null, ...ROLES]) {
      for (const to of ROLES) expect(canAssignRole('super_admin', from, to)).toBe(true);
    }
    for (const actor of ['admin', 'manager', 'user', 'viewer'] as const) {
      expect(canAssignRole(actor, null, 'super_admin')).toBe(false);
      expect(canAssignRole(actor, 'super_admin', 'admin')).toBe(false);
      expect(canAssignRole(actor, 'viewer', 'super_admin')).toBe(false);
    }
    expect(canAssignRole('admin', 'viewer', 'admin')).toBe(true);
    expect(canAssignRole('admin', 'admin', 'viewer')).toBe(true);
    expect(canAssignRole('admin', null, 'manager')).toBe(true);
  });

  it('ranks every role, most powerful first', () => {
    expect([...ROLES].sort((a, b) => ROLE_RANK[a] - ROLE_RANK[b])).toEqual([...ROLES]);
  });

  it('normalises the invited address and leaves the role to the service', () => {
    expect(ZInviteMemberInput.parse({ email: '  Mario.Rossi@Example.IT ', role: 'boss' })).toEqual({
      email: 'mario.rossi@example.it',
      role: 'boss',
    });
    const empty = ZInviteMemberInput.safeParse({ email: ' ', role: 'user' });
    expect(empty.error?.issues[0]?.message).toBe('team.errors.emailRequired');
    const invalid = ZInviteMemberInput.safeParse({ email: 'mario@', role: 'user' });
    expect(invalid.error?.issues[0]?.message).toBe('team.errors.emailInvalid');
    // A missing or odd role passes validation, so the service answers INVALID_ROLE in the spec's words.
    expect(ZChangeRoleInput.safeParse({}).success).toBe(true);
    expect(ZChangeRoleInput.safeParse({ role: 42 }).success).toBe(true);
  });

  it('builds the invitation page path', () => {
    expect(invitePagePath('abc.DEF_-1')).toBe('/invite/abc.DEF_-1');
  });
});
