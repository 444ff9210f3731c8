import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { MailPlus, Send, XCircle } from 'lucide-react';
import { TEAM_INVITATION_TTL_HOURS, type TTeamInvitation } from '@shared/organizations/team-contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { useCancelInvitation, useResendInvitation, useTeamInvitations } from './team-api.ts';
import { notifyFailure, RoleBadge, useLocale, useTeamAccess } from './team-ui.tsx';
import { useMailWrittenToast } from '@web/features/mail/mail-delivery.tsx';

/**
 * Pending invitations (expired ones marked, they can be sent again): address, role, expiry, who invited,
 * send again (same link, a fresh 48 h) and cancel (with confirmation). A table from the medium breakpoint,
 * cards on phones.
 */
export function InvitationsCard() {
  const { t } = useTranslation(['team', 'common', 'buttons']);
  const mailToast = useMailWrittenToast();
  const access = useTeamAccess();
  const locale = useLocale();
  const list = useTeamInvitations(access.orgId, access.canManage);
  const resend = useResendInvitation(access.orgId);
  const cancel = useCancelInvitation(access.orgId);
  const [cancelling, setCancelling] = useState<TTeamInvitation | null>(null);
  const items = list.data?.items ?? [];

  const doResend = (invitation: TTeamInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () =>
        mailToast(
          invitation.email,
          t('team:invitations.resent', { email: invitation.email, hours: TEAM_INVITATION_TTL_HOURS }),
        ),
      onError: (error) => notifyFailure(error, t),
    });

  const expiry = (invitation: TTeamInvitation) => {
    const date = formatDateTime(invitation.expiresAt, locale);
    return invitation.expired ? (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge tone="danger">{t('team:invitations.expired')}</Badge>
        <span className="text-xs text-muted-foreground">
          <time dateTime={invitation.expiresAt}>{date}</time>
        </span>
      </span>
    ) : (
      <time dateTime={invitation.expiresAt}>{date}</time>
    );
  };

  const actions = (invitation: TTeamInvitation, full = false) => (
    <div className={full ? 'flex flex-wrap gap-2' : 'flex justify-end gap-1'}>
      <Button
        variant={full ? 'outline' : 'ghost'}
        size={full ? 'sm' : 'icon-sm'}
        aria-label={full ? undefined : t('team:invitations.resendNamed', { email: invitation.email })}
        title={full ? undefined : t('team:invitations.resendNamed', { email: invitation.email })}
        loading={resend.isPending && resend.variables === invitation.id}
        onClick={() => doResend(invitation)}
      >
        {resend.isPending && resend.variables === invitation.id ? null : (
          <Send aria-hidden="true" className="size-4" />
        )}
        {full ? t('team:invitations.resend') : null}
      </Button>
      <Button
        variant={full ? 'outline' : 'ghost'}
        size={full ? 'sm' : 'icon-sm'}
        aria-label={full ? undefined : t('team:invitations.cancelNamed', { email: invitation.email })}
        title={full ? undefined : t('team:invitations.cancelNamed', { email: invitation.email })}
        onClick={() => setCancelling(invitation)}
        className="text-danger hover:text-danger"
      >
        <XCircle aria-hidden="true" className="size-4" />
        {full ? t('team:invitations.cancel') : null}
      </Button>
    </div>
  );

  const columns: DataColumn<TTeamInvitation>[] = [
    {
      id: 'email',
      header: t('team:invitations.email'),
      className: 'max-w-80 px-5 py-3',
      cell: (invitation) => (
        <>
          <p className="truncate font-medium text-foreground">{invitation.email}</p>
          {invitation.invitedBy ? (
            <p className="truncate text-xs text-muted-foreground">
              {t('team:invitations.invitedBy', { name: invitation.invitedBy })}
            </p>
          ) : null}
        </>
      ),
    },
    {
      id: 'role',
      header: t('team:invitations.role'),
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3',
      cell: (invitation) => <RoleBadge role={invitation.role} />,
    },
    {
      id: 'expires',
      header: t('team:invitations.expires'),
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap text-muted-foreground',
      cell: expiry,
    },
    {
      id: 'actions',
      header: t('team:invitations.actions'),
      headerHidden: true,
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-2',
      cell: (invitation) => actions(invitation),
    },
  ];

  return (
    <Card>
      <CardHeader
        icon={<MailPlus aria-hidden="true" className="size-5" />}
        title={t('team:invitations.title')}
        titleId="team-invitations-title"
        description={t('team:invitations.description', { hours: TEAM_INVITATION_TTL_HOURS })}
      />
      {list.isPending ? (
        <SkeletonRows rows={2} label={t('team:invitations.loading')} />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>
          <p>{t('team:invitations.loadFailed')}</p>
          <p className="mt-1">{apiErrorMessage(list.error, t)}</p>
        </LoadError>
      ) : items.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<MailPlus aria-hidden="true" />}
          title={t('team:invitations.empty')}
          description={t('team:invitations.emptyText')}
        />
      ) : (
        <DataTable
          labelledBy="team-invitations-title"
          columns={columns}
          rows={items}
          getRowId={(invitation) => invitation.id}
          rowTestId="invitation-row"
          rowProps={(invitation) => ({
            'data-expired': String(invitation.expired),
            className: 'align-middle',
          })}
          cardTestId="invitation-card"
          cardProps={() => ({ className: 'flex flex-col gap-2 px-5 py-4' })}
          card={(invitation) => (
            <>
              <p className="font-medium break-all text-foreground">{invitation.email}</p>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <RoleBadge role={invitation.role} />
                {invitation.expired ? (
                  <>
                    <Badge tone="danger">{t('team:invitations.expired')}</Badge>
                    <span>
                      {t('team:invitations.expiredOn', {
                        date: formatDateTime(invitation.expiresAt, locale),
                      })}
                    </span>
                  </>
                ) : (
                  <span>
                    {t('team:invitations.expiresOn', {
                      date: formatDateTime(invitation.expiresAt, locale),
                    })}
                  </span>
                )}
              </div>
              {invitation.invitedBy ? (
                <p className="text-xs text-muted-foreground">
                  {t('team:invitations.invitedBy', { name: invitation.invitedBy })}
                </p>
              ) : null}
              {actions(invitation, true)}
            </>
          )}
        />
      )}
      {cancelling ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? null : setCancelling(null))}
          title={t('team:invitations.cancelTitle')}
          description={t('team:invitations.cancelText', { email: cancelling.email })}
          confirmLabel={t('team:invitations.cancel')}
          danger
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(cancelling.id, {
              onSuccess: () => {
                toast.success(t('team:invitations.cancelled', { email: cancelling.email }));
                setCancelling(null);
              },
              onError: (error) => {
                notifyFailure(error, t);
                setCancelling(null);
              },
            })
          }
        />
      ) : null}
    </Card>
  );
}
