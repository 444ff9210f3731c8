import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AtSign, CircleStop, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import type { TMailAccount } from '@shared/mailbox/accounts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { MailAccountDialog } from './mail-account-form.tsx';
import { useAccountSync, useDeleteMailAccount, useMailAccounts } from './mail-accounts-api.ts';

/**
 * Settings → Mail accounts (issue 15): the member's own IMAP/SMTP accounts with their sync state, sync now or stop
 * a running sync, add and edit in a dialog (presets, connection test), remove after a confirmation that says the
 * stored mail goes too.
 */
export function MailAccountsPanel() {
  const { t } = useTranslation(['mail-accounts', 'buttons', 'common']);
  const list = useMailAccounts();
  const remove = useDeleteMailAccount();
  const sync = useAccountSync();
  const [editing, setEditing] = useState<TMailAccount | 'new' | null>(null);
  const [removing, setRemoving] = useState<TMailAccount | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(t('mail-accounts:toast.removed'));
      setRemoving(null);
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    }
  };

  const syncAction = async (account: TMailAccount, stop: boolean) => {
    try {
      await sync.mutateAsync({ id: account.id, stop });
      toast.success(t(stop ? 'mail-accounts:toast.syncStopping' : 'mail-accounts:toast.syncRequested'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    }
  };

  const actions = (account: TMailAccount) => (
    <div className="flex gap-1">
      {account.syncStatus === 'syncing' ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('mail-accounts:stopSyncLabel', { address: account.emailAddress })}
          title={t('mail-accounts:stopSync')}
          disabled={sync.isPending}
          onClick={() => void syncAction(account, true)}
        >
          <CircleStop aria-hidden="true" className="size-4" />
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('mail-accounts:syncNowLabel', { address: account.emailAddress })}
          title={t('mail-accounts:syncNow')}
          disabled={sync.isPending || !account.syncEnabled}
          onClick={() => void syncAction(account, false)}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('mail-accounts:editLabel', { address: account.emailAddress })}
        title={t('mail-accounts:edit')}
        onClick={() => setEditing(account)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('mail-accounts:removeLabel', { address: account.emailAddress })}
        title={t('mail-accounts:remove')}
        onClick={() => setRemoving(account)}
      >
        <Trash2 aria-hidden="true" className="size-4 text-danger" />
      </Button>
    </div>
  );

  const columns: DataColumn<TMailAccount>[] = [
    { id: 'account', header: t('mail-accounts:columns.account'), cell: (a) => <AccountName account={a} /> },
    {
      id: 'server',
      header: t('mail-accounts:columns.server'),
      className: 'px-5 py-3 text-muted-foreground',
      cell: (a) => `${a.imap.host}:${a.imap.port}`,
    },
    { id: 'sync', header: t('mail-accounts:columns.sync'), cell: (a) => <SyncState account={a} /> },
    { id: 'actions', header: t('mail-accounts:columns.actions'), cell: actions },
  ];

  return (
    <Card data-testid="mail-accounts-panel">
      <CardHeader
        icon={<AtSign aria-hidden="true" className="size-5" />}
        title={t('mail-accounts:title')}
        description={t('mail-accounts:description')}
        action={
          <Button onClick={() => setEditing('new')} data-testid="mail-account-add">
            <Plus aria-hidden="true" className="size-4" />
            {t('mail-accounts:add')}
          </Button>
        }
      />
      {list.isPending ? (
        <BlockSpinner label={t('mail-accounts:loading')} />
      ) : list.isError ? (
        <LoadError title={t('mail-accounts:loadError')} onRetry={() => void list.refetch()}>
          {apiErrorMessage(list.error, t)}
        </LoadError>
      ) : list.data.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<AtSign aria-hidden="true" />}
          title={t('mail-accounts:empty.title')}
          description={t('mail-accounts:empty.text')}
        />
      ) : (
        <DataTable
          caption={t('mail-accounts:title')}
          columns={columns}
          rows={list.data}
          getRowId={(a) => a.id}
          rowTestId="mail-account-row"
          tableClassName="min-w-[40rem]"
          cardTestId="mail-account-card"
          card={(a) => (
            <div className="grid gap-2">
              <div className="flex items-start justify-between gap-2">
                <AccountName account={a} />
                {actions(a)}
              </div>
              <SyncState account={a} />
            </div>
          )}
        />
      )}
      <MailAccountDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        account={editing === 'new' || editing === null ? undefined : editing}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('mail-accounts:removeDialog.title', { address: removing?.emailAddress ?? '' })}
        description={t('mail-accounts:removeDialog.text')}
        confirmLabel={t('mail-accounts:removeDialog.confirm')}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </Card>
  );
}

function AccountName({ account }: { account: TMailAccount }) {
  const { t } = useTranslation(['mail-accounts']);
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all text-foreground">{account.emailAddress}</span>
        {account.isPec ? <Badge tone="primary">{t('mail-accounts:pec')}</Badge> : null}
      </div>
      {account.displayName ? (
        <div className="text-sm text-muted-foreground">{account.displayName}</div>
      ) : null}
    </div>
  );
}

/** Idle, syncing (with progress) or error (the translated class), and the last sync time. */
function SyncState({ account }: { account: TMailAccount }) {
  const { t } = useTranslation(['mail-accounts']);
  const locale = localeOf(currentLanguage());
  const status = account.syncEnabled ? account.syncStatus : 'off';
  const badge =
    status === 'off' ? (
      <Badge>{t('mail-accounts:sync.off')}</Badge>
    ) : status === 'error' ? (
      <Badge tone="danger">{t('mail-accounts:sync.error')}</Badge>
    ) : status === 'syncing' ? (
      <Badge tone="primary">{t('mail-accounts:sync.syncing')}</Badge>
    ) : account.lastSyncAt ? (
      <Badge tone="success">{t('mail-accounts:sync.idle')}</Badge>
    ) : (
      <Badge>{t('mail-accounts:sync.never')}</Badge>
    );
  const progress = account.syncProgress;
  return (
    <div className="grid gap-1 text-sm" data-testid="mail-account-sync" data-status={status}>
      <div>{badge}</div>
      {status === 'error' && account.syncErrorCode ? (
        <p className="text-danger">
          {t(`mail-accounts:errors.${account.syncErrorCode}`, {
            defaultValue: t('mail-accounts:errors.UNKNOWN_ERROR'),
          })}
        </p>
      ) : null}
      {status === 'syncing' && progress && progress.total > 0 ? (
        <p className="text-muted-foreground">
          {t('mail-accounts:sync.progress', { stored: progress.stored, total: progress.total })}
        </p>
      ) : null}
      {account.lastSyncAt ? (
        <p className="text-muted-foreground">
          {t('mail-accounts:sync.lastSync', { time: formatDateTime(account.lastSyncAt, locale) })}
        </p>
      ) : null}
    </div>
  );
}
