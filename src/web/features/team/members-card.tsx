import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { LogOut, UserMinus, Users } from 'lucide-react';
import type { Role } from '@shared/auth/permissions.ts';
import type { TTeamMember } from '@shared/organizations/team-contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { Select } from '@web/ui/input.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { useChangeRole, useRemoveMember, useSignOutMember, useTeam } from './team-api.ts';
import { isOnlySuperAdmin, sortMembers } from './team-rules.ts';
import { MemberPerson, notifyFailure, RoleBadge, useLocale, useTeamAccess } from './team-ui.tsx';

type Pending =
  | { kind: 'role'; member: TTeamMember; to: Role }
  | { kind: 'remove'; member: TTeamMember }
  | { kind: 'signOut'; member: TTeamMember };

/**
 * The members: initials, name and e-mail ("you" marked), the role (a select for those this member may change,
 * a badge otherwise), the join date, removal and signing out of every device (manage_security_settings). A table
 * from the medium breakpoint, cards on phones. Role changes, removals and sign-outs ask for confirmation; the
 * server may then ask for a step-up (api() handles it).
 */
export function MembersCard() {
  const { t } = useTranslation(['team', 'common', 'buttons']);
  const access = useTeamAccess();
  const locale = useLocale();
  const team = useTeam(access.orgId);
  const changeRole = useChangeRole(access.orgId);
  const remove = useRemoveMember(access.orgId);
  const signOut = useSignOutMember(access.orgId);
  const [pending, setPending] = useState<Pending | null>(null);
  const members = useMemo(
    () => (team.data ? sortMembers(team.data.members, locale) : []),
    [team.data, locale],
  );
  const close = () => setPending(null);
  const roleName = (role: Role) => t(`common:roles.${role}`);

  const confirmRole = (member: TTeamMember, to: Role) =>
    changeRole.mutate(
      { memberId: member.id, role: to },
      {
        onSuccess: (updated) => {
          toast.success(t('team:roleChange.done', { name: updated.name, role: roleName(updated.role) }));
          close();
        },
        onError: (error) => {
          notifyFailure(error, t);
          close();
        },
      },
    );
  const confirmRemove = (member: TTeamMember) =>
    remove.mutate(member.id, {
      onSuccess: () => {
        toast.success(t('team:remove.done', { name: member.name }));
        close();
      },
      onError: (error) => {
        notifyFailure(error, t);
        close();
      },
    });

  const confirmSignOut = (member: TTeamMember) =>
    signOut.mutate(member.id, {
      onSuccess: ({ revoked }) => {
        toast.success(t('team:signOut.done', { name: member.name, count: revoked }));
        close();
      },
      onError: (error) => {
        notifyFailure(error, t);
        close();
      },
    });

  const roleControl = (member: TTeamMember) => {
    const options = access.canManage ? access.assignable(member.role) : [];
    const only = isOnlySuperAdmin(member, members);
    if (only || options.length === 0 || !options.includes(member.role)) {
      return (
        <div className="flex flex-col items-start gap-1">
          <RoleBadge role={member.role} />
          {only && access.canManage ? (
            <span className="text-xs text-muted-foreground">{t('team:members.onlySuperAdmin')}</span>
          ) : null}
        </div>
      );
    }
    return (
      <Select
        aria-label={t('team:members.roleOf', { name: member.name })}
        value={member.role}
        disabled={changeRole.isPending && pending?.member.id === member.id}
        onChange={(e) => setPending({ kind: 'role', member, to: e.target.value as Role })}
        className="h-9 min-w-40"
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {roleName(role)}
          </option>
        ))}
      </Select>
    );
  };

  const removeButton = (member: TTeamMember, full = false) =>
    access.canRemove && !member.isYou && !isOnlySuperAdmin(member, members) ? (
      <Button
        variant={full ? 'outline' : 'ghost'}
        size={full ? 'sm' : 'icon-sm'}
        aria-label={full ? undefined : t('team:members.removeNamed', { name: member.name })}
        title={full ? undefined : t('team:members.removeNamed', { name: member.name })}
        onClick={() => setPending({ kind: 'remove', member })}
        className="text-danger hover:text-danger"
      >
        <UserMinus aria-hidden="true" className="size-4" />
        {full ? t('team:members.remove') : null}
      </Button>
    ) : null;

  const signOutButton = (member: TTeamMember, full = false) =>
    access.canSignOut && !member.isYou && access.mayManage(member.role) ? (
      <Button
        variant={full ? 'outline' : 'ghost'}
        size={full ? 'sm' : 'icon-sm'}
        aria-label={full ? undefined : t('team:members.signOutNamed', { name: member.name })}
        title={full ? undefined : t('team:members.signOutNamed', { name: member.name })}
        onClick={() => setPending({ kind: 'signOut', member })}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {full ? t('team:members.signOut') : null}
      </Button>
    ) : null;

  const hasActions = access.canRemove || access.canSignOut;

  const joined = (member: TTeamMember) => (
    <time dateTime={member.joinedAt}>{formatDate(member.joinedAt, locale)}</time>
  );

  const person = (member: TTeamMember) => <MemberPerson member={member} />;

  const columns: DataColumn<TTeamMember>[] = [
    { id: 'member', header: t('team:members.member'), className: 'max-w-72 px-5 py-3', cell: person },
    {
      id: 'email',
      header: t('team:members.email'),
      headerClassName: 'px-3 py-2.5',
      className: 'max-w-72 truncate px-3 py-3 text-muted-foreground',
      title: (member) => member.email,
      cell: (member) => member.email,
    },
    {
      id: 'role',
      header: t('team:members.role'),
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3',
      cell: roleControl,
    },
    {
      id: 'joined',
      header: t('team:members.joined'),
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap text-muted-foreground',
      cell: joined,
    },
    {
      id: 'actions',
      header: t('team:members.actions'),
      headerHidden: true,
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-2 text-right whitespace-nowrap',
      cell: (member) => (
        <>
          {signOutButton(member)}
          {removeButton(member)}
        </>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader
        icon={<Users aria-hidden="true" className="size-5" />}
        title={t('team:members.title')}
        titleId="team-members-title"
        description={team.data ? t('team:members.count', { count: members.length }) : undefined}
      />
      {team.isPending ? (
        <SkeletonRows avatar rows={3} label={t('team:members.loading')} />
      ) : team.isError ? (
        <LoadError onRetry={() => void team.refetch()}>
          <p>{t('team:members.loadFailed')}</p>
          <p className="mt-1">{apiErrorMessage(team.error, t)}</p>
        </LoadError>
      ) : (
        <DataTable
          labelledBy="team-members-title"
          columns={columns}
          rows={members}
          getRowId={(member) => member.id}
          hiddenColumns={hasActions ? undefined : ['actions']}
          rowTestId="member-row"
          rowProps={() => ({ className: 'align-middle' })}
          cardTestId="member-card"
          cardProps={() => ({ className: 'flex flex-col gap-3 px-5 py-4' })}
          card={(member) => (
            <>
              {person(member)}
              <div className="flex flex-wrap items-center justify-between gap-3">
                {roleControl(member)}
                <span className="text-xs text-muted-foreground">
                  {t('team:members.joinedOn', { date: formatDate(member.joinedAt, locale) })}
                </span>
              </div>
              {signOutButton(member, true) || removeButton(member, true) ? (
                <div className="flex flex-wrap gap-2">
                  {signOutButton(member, true)}
                  {removeButton(member, true)}
                </div>
              ) : null}
            </>
          )}
        />
      )}

      {pending?.kind === 'role' ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? null : close())}
          title={t('team:roleChange.title', { name: pending.member.name })}
          description={
            pending.member.isYou
              ? t('team:roleChange.textSelf', {
                  from: roleName(pending.member.role),
                  to: roleName(pending.to),
                })
              : t('team:roleChange.text', {
                  name: pending.member.name,
                  from: roleName(pending.member.role),
                  to: roleName(pending.to),
                })
          }
          confirmLabel={t('team:roleChange.confirm')}
          loading={changeRole.isPending}
          onConfirm={() => confirmRole(pending.member, pending.to)}
        />
      ) : null}
      {pending?.kind === 'remove' ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? null : close())}
          title={t('team:remove.title', { name: pending.member.name })}
          description={t('team:remove.text', {
            name: pending.member.name,
            email: pending.member.email,
            organization: access.organizationName,
          })}
          confirmLabel={t('team:remove.confirm')}
          danger
          loading={remove.isPending}
          onConfirm={() => confirmRemove(pending.member)}
        />
      ) : null}
      {pending?.kind === 'signOut' ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? null : close())}
          title={t('team:signOut.title', { name: pending.member.name })}
          description={t('team:signOut.text', {
            name: pending.member.name,
            email: pending.member.email,
          })}
          confirmLabel={t('team:signOut.confirm')}
          danger
          loading={signOut.isPending}
          onConfirm={() => confirmSignOut(pending.member)}
        />
      ) : null}
    </Card>
  );
}
