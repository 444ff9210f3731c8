import type { Permission } from '@shared/auth/permissions.ts';
import { ROLE_RANK, type TTeamMember } from '@shared/organizations/team-contracts.ts';

/** Removing a member needs delete_users (super_admin), as on the server (team-service.ts). */
export const REMOVE_PERMISSION: Permission = 'delete_users';

/** The members list's order: the most powerful roles first, then by name. */
export function sortMembers(members: readonly TTeamMember[], locale: string): TTeamMember[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...members].sort(
    (a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role] || collator.compare(a.name, b.name),
  );
}

/** The member is the only super_admin: their role cannot change and they cannot leave or be removed. */
export function isOnlySuperAdmin(member: TTeamMember, members: readonly TTeamMember[]): boolean {
  return member.role === 'super_admin' && members.filter((m) => m.role === 'super_admin').length === 1;
}

/** `team.errors.emailInvalid` (a contract's key) → `team:errors.emailInvalid` (the web's). */
export function teamMessageKey(key: string): string {
  return key.startsWith('team.') ? `team:${key.slice('team.'.length)}` : key;
}
