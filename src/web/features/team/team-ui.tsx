import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { hasPermission, ROLES, type Role } from '@shared/auth/permissions.ts';
import { canAssignRole, type TTeamMember } from '@shared/organizations/team-contracts.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import { initials } from '@web/features/shell/user-menu.tsx';
import { REMOVE_PERMISSION } from './team-rules.ts';

/** What the signed-in member may do on /organization (the server checks the same matrix). */
export function useTeamAccess() {
  const me = useSignedInMe();
  const role: Role = me.role ?? 'viewer';
  const organization = me.organizations.find((o) => o.id === me.activeOrganizationId);
  return {
    orgId: me.activeOrganizationId,
    userId: me.user.id,
    organizationName: organization?.name ?? '',
    role,
    canManage: hasPermission(role, 'manage_users'),
    canRemove: hasPermission(role, REMOVE_PERMISSION),
    /** Sign a member out of every device (manage_security_settings), as the server's /sign-out route. */
    canSignOut: me.permissions.includes('manage_security_settings'),
    /** Whether this member may act on someone who has `role` (only a super_admin touches a super_admin). */
    mayManage: (other: Role) => canAssignRole(role, other, other),
    /** The roles this member may give to someone who has `from` now (null: a new invitation). */
    assignable: (from: Role | null) => ROLES.filter((to) => canAssignRole(role, from, to)),
  };
}

export function useLocale() {
  return localeOf(currentLanguage());
}

/** The round initials of a person. */
export function MemberAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

const ROLE_TONES: Record<Role, 'primary' | 'success' | 'neutral' | 'warning'> = {
  super_admin: 'warning',
  admin: 'primary',
  manager: 'success',
  user: 'neutral',
  viewer: 'neutral',
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('common');
  return <Badge tone={ROLE_TONES[role]}>{t(`common:roles.${role}`)}</Badge>;
}

export function YouBadge() {
  const { t } = useTranslation('team');
  return (
    <Badge tone="primary" className="shrink-0">
      {t('team:members.you')}
    </Badge>
  );
}

/**
 * A failed team request as a toast; a step-up the user chose to cancel is no failure worth announcing.
 */
/** Avatar, name and "you" of a member; the e-mail under the name on phones, where it has no column. */
export function MemberPerson({ member }: { member: TTeamMember }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <MemberAvatar name={member.name} />
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-foreground">{member.name}</span>
          {member.isYou ? <YouBadge /> : null}
        </p>
        <p className="truncate text-xs text-muted-foreground md:hidden">{member.email}</p>
      </div>
    </div>
  );
}

export function notifyFailure(error: unknown, t: TFunction) {
  if (error instanceof ApiError && error.code === 'STEP_UP_REQUIRED') return;
  toast.error(apiErrorMessage(error, t));
}
