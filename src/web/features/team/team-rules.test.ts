import { describe, expect, it } from 'vitest';
import type { TTeamMember } from '@shared/organizations/team-contracts.ts';
import { isOnlySuperAdmin, sortMembers, teamMessageKey } from './team-rules.ts';

const member = (name: string, role: TTeamMember['role'], id = name): TTeamMember => ({
  id,
  userId: `u-${id}`,
  name,
  email: `${id}@example.test`,
  role,
  joinedAt: '2026-01-01T00:00:00.000Z',
  isYou: false,
});

describe('team rules of the web', () => {
  it('sorts by role, then by name in the interface language', () => {
    const sorted = sortMembers(
      [
        member('zeno', 'viewer'),
        member('Élodie', 'admin'),
        member('anna', 'admin'),
        member('Bea', 'super_admin'),
      ],
      'it-IT',
    );
    expect(sorted.map((m) => m.name)).toEqual(['Bea', 'anna', 'Élodie', 'zeno']);
  });

  it('knows the only super admin', () => {
    const owner = member('Olga', 'super_admin');
    expect(isOnlySuperAdmin(owner, [owner, member('Ugo', 'admin')])).toBe(true);
    expect(isOnlySuperAdmin(owner, [owner, member('Ugo', 'super_admin')])).toBe(false);
    expect(isOnlySuperAdmin(member('Ugo', 'admin'), [owner])).toBe(false);
  });

  it('maps the contracts’ keys to the team namespace', () => {
    expect(teamMessageKey('team.errors.emailInvalid')).toBe('team:errors.emailInvalid');
    expect(teamMessageKey('Invalid input')).toBe('Invalid input');
  });
});
