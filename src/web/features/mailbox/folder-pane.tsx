// Over 300 lines: the pane, its account groups, the sync state line and the folder row belong together.
import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AlertTriangle,
  Archive,
  Clock,
  FileEdit,
  Folder,
  FolderPlus,
  Inbox,
  MoreHorizontal,
  RefreshCw,
  Send,
  ShieldAlert,
  Star,
  Tag,
  Trash2,
} from 'lucide-react';
import type {
  TMailAccountState,
  TMailboxOverview,
  TMailFolder,
  TMailLabel,
} from '@shared/mailbox/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { toast } from '@web/ui/toast.ts';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { useSyncNow } from './mailbox-api.ts';
import { folderTree } from './mailbox-format.ts';
import type { MailboxState, MailView } from './mailbox-url.ts';
import {
  FolderImportItem,
  ImportingMark,
  useImportingFolders,
  useMailToDocuments,
} from './mail-documents.tsx';

export const ACCOUNTS_SETTINGS = '/settings?tab=mail-accounts';

const ROLE_ICON = {
  inbox: Inbox,
  sent: Send,
  drafts: FileEdit,
  trash: Trash2,
  spam: ShieldAlert,
  archive: Archive,
};

/** A folder's name: the system folders in the interface language, custom ones as named. */
export function useFolderName() {
  const { t } = useTranslation('mailbox');
  return (f: Pick<TMailFolder, 'role' | 'name'>) => (f.role ? t(`mailbox:folders.${f.role}`) : f.name);
}

export type FolderEdit =
  | { kind: 'folder'; folder: TMailFolder | null; accountId: string | null }
  | { kind: 'deleteFolder'; folder: TMailFolder }
  | { kind: 'label'; label: TMailLabel | null }
  | { kind: 'deleteLabel'; label: TMailLabel };

/**
 * The folder pane: the unified Inbox and Starred, then each account's folders with its sync state (syncing with
 * progress, error with its class and a link to fix the account, last sync) and the local mailbox, custom folders
 * nested, unread/total counts; then the labels with their colours. Folders and labels are created, renamed,
 * coloured and deleted from here. Memoised: a search or a filter does not redraw it (the page hands it stable
 * callbacks).
 */
export const FolderPane = memo(function FolderPane({
  overview,
  folderId,
  view,
  labelId,
  onView,
  onFolder,
  onLabel,
  onEdit,
  onPrefetch,
}: {
  overview: TMailboxOverview;
  folderId: string | null;
  view: MailView;
  labelId: string | null;
  onView: (view: MailView) => void;
  onFolder: (id: string) => void;
  onLabel: (id: string | null) => void;
  /** A folder or view under the pointer or the keyboard focus: its list may be fetched ahead. */
  onPrefetch?: (target: Pick<MailboxState, 'folderId'> & Partial<Pick<MailboxState, 'view'>>) => void;
  onEdit: (edit: FolderEdit) => void;
}) {
  const { t } = useTranslation(['mailbox']);
  const inboxUnread = overview.folders
    .filter((f) => f.role === 'inbox')
    .reduce((n, f) => n + f.unreadCount, 0);
  const local = overview.folders.filter((f) => f.accountId === null);

  return (
    <nav aria-label={t('mailbox:panes.folders')} className="flex flex-col gap-4 p-2 text-sm">
      <ul className="grid gap-0.5">
        <PaneItem
          Icon={Inbox}
          label={t('mailbox:views.inbox')}
          unread={inboxUnread}
          active={!folderId && view === 'inbox'}
          onClick={() => onView('inbox')}
          onPrefetch={() => onPrefetch?.({ folderId: null, view: 'inbox' })}
        />
        <PaneItem
          Icon={Star}
          label={t('mailbox:views.starred')}
          active={!folderId && view === 'starred'}
          onClick={() => onView('starred')}
          onPrefetch={() => onPrefetch?.({ folderId: null, view: 'starred' })}
        />
        <PaneItem
          Icon={Clock}
          label={t('mailbox:views.scheduled')}
          active={!folderId && view === 'scheduled'}
          onClick={() => onView('scheduled')}
          onPrefetch={() => onPrefetch?.({ folderId: null, view: 'scheduled' })}
        />
      </ul>

      {overview.accounts.map((account) => (
        <FolderGroup
          key={account.id}
          title={account.displayName || account.emailAddress}
          account={account}
          folders={overview.folders.filter((f) => f.accountId === account.id)}
          folderId={folderId}
          onFolder={onFolder}
          onPrefetch={onPrefetch}
          onEdit={onEdit}
        />
      ))}
      {local.length > 0 ? (
        <FolderGroup
          title={t('mailbox:localMailbox')}
          account={null}
          folders={local}
          folderId={folderId}
          onFolder={onFolder}
          onPrefetch={onPrefetch}
          onEdit={onEdit}
        />
      ) : null}

      <section aria-labelledby="mail-labels-heading">
        <div className="flex items-center justify-between px-2 py-1">
          <h2
            id="mail-labels-heading"
            className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t('mailbox:labels.title')}
          </h2>
          <button
            type="button"
            className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground"
            aria-label={t('mailbox:labels.new')}
            onClick={() => onEdit({ kind: 'label', label: null })}
          >
            <Tag aria-hidden="true" className="size-4" />
          </button>
        </div>
        {overview.labels.length === 0 ? (
          <p className="px-2 py-1 text-muted-foreground">{t('mailbox:labels.none')}</p>
        ) : (
          <ul className="grid gap-0.5">
            {overview.labels.map((label) => (
              <li key={label.id} className="group flex items-center">
                <button
                  type="button"
                  aria-pressed={labelId === label.id}
                  onClick={() => onLabel(labelId === label.id ? null : label.id)}
                  className={cn(
                    'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-surface-muted',
                    labelId === label.id && 'bg-primary-soft font-medium text-primary-soft-foreground',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: label.color }}
                  />
                  <span className="truncate">{label.name}</span>
                </button>
                <Menu>
                  <MenuTrigger
                    className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted"
                    aria-label={t('mailbox:labels.actions', { name: label.name })}
                  >
                    <MoreHorizontal aria-hidden="true" className="size-4" />
                  </MenuTrigger>
                  <MenuContent>
                    <MenuItem onSelect={() => onEdit({ kind: 'label', label })}>
                      {t('mailbox:labels.edit')}
                    </MenuItem>
                    <MenuItem onSelect={() => onEdit({ kind: 'deleteLabel', label })}>
                      {t('mailbox:labels.delete')}
                    </MenuItem>
                  </MenuContent>
                </Menu>
              </li>
            ))}
          </ul>
        )}
      </section>
    </nav>
  );
});

function FolderGroup({
  title,
  account,
  folders,
  folderId,
  onFolder,
  onPrefetch,
  onEdit,
}: {
  title: string;
  account: TMailAccountState | null;
  folders: TMailFolder[];
  folderId: string | null;
  onFolder: (id: string) => void;
  onPrefetch?: (target: { folderId: string }) => void;
  onEdit: (edit: FolderEdit) => void;
}) {
  const { t } = useTranslation(['mailbox']);
  const name = useFolderName();
  const headingId = `mail-group-${account?.id ?? 'local'}`;
  const toDocuments = useMailToDocuments().allowed;
  const importing = useImportingFolders();
  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-1 px-2 py-1">
        <h2
          id={headingId}
          className="truncate text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          title={title}
        >
          {title}
        </h2>
        <button
          type="button"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground"
          aria-label={t('mailbox:folderDialog.newIn', { name: title })}
          onClick={() => onEdit({ kind: 'folder', folder: null, accountId: account?.id ?? null })}
        >
          <FolderPlus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {account ? <SyncState account={account} /> : null}
      <ul className="grid gap-0.5">
        {folderTree(folders).map(({ folder, depth }) => (
          <PaneItem
            key={folder.id}
            Icon={folder.role ? ROLE_ICON[folder.role] : Folder}
            color={folder.color}
            label={name(folder)}
            unread={folder.unreadCount}
            total={folder.totalCount}
            depth={depth}
            active={folderId === folder.id}
            onClick={() => onFolder(folder.id)}
            onPrefetch={() => onPrefetch?.({ folderId: folder.id })}
            mark={importing.has(folder.id) ? <ImportingMark /> : null}
            menu={
              folder.role && !toDocuments ? null : (
                <Menu>
                  <MenuTrigger
                    className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted"
                    aria-label={t('mailbox:folderDialog.actions', { name: name(folder) })}
                  >
                    <MoreHorizontal aria-hidden="true" className="size-4" />
                  </MenuTrigger>
                  <MenuContent>
                    {folder.role ? null : (
                      <>
                        <MenuItem
                          onSelect={() => onEdit({ kind: 'folder', folder, accountId: folder.accountId })}
                        >
                          {t('mailbox:folderDialog.edit')}
                        </MenuItem>
                        <MenuItem onSelect={() => onEdit({ kind: 'deleteFolder', folder })}>
                          {t('mailbox:folderDialog.delete')}
                        </MenuItem>
                      </>
                    )}
                    {toDocuments ? (
                      <FolderImportItem
                        folderId={folder.id}
                        name={name(folder)}
                        on={importing.has(folder.id)}
                      />
                    ) : null}
                  </MenuContent>
                </Menu>
              )
            }
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * Spec §4 sync status of one account: syncing (with progress), error (its class, a link to fix), last sync; and
 * the changes made here that the server has not taken yet, and those it refused too many times (with a new try).
 */
export function SyncState({ account }: { account: TMailAccountState }) {
  const { t } = useTranslation(['mailbox']);
  return (
    <>
      <SyncStatus account={account} />
      {account.pendingChanges > 0 ? (
        <p className="mx-2 mb-1 text-xs text-muted-foreground">
          {t('mailbox:sync.pending', { count: account.pendingChanges })}
        </p>
      ) : null}
      {account.failedChanges > 0 ? <FailedChanges account={account} /> : null}
    </>
  );
}

function FailedChanges({ account }: { account: TMailAccountState }) {
  const { t } = useTranslation(['mailbox', 'common']);
  const syncNow = useSyncNow(useSignedInMe().activeOrganizationId);
  return (
    <div
      role="status"
      className="mx-2 mb-1 rounded-md bg-danger-soft px-2 py-1.5 text-xs text-danger-soft-foreground"
    >
      <p className="flex items-start gap-1.5">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span>{t('mailbox:sync.failed', { count: account.failedChanges })}</span>
      </p>
      <Button
        variant="link"
        size="sm"
        className="mt-1 h-auto p-0 text-xs"
        disabled={syncNow.isPending}
        onClick={() =>
          syncNow.mutate(account.id, { onError: (error) => toast.error(apiErrorMessage(error, t)) })
        }
      >
        {t('mailbox:sync.retry')}
      </Button>
    </div>
  );
}

function SyncStatus({ account }: { account: TMailAccountState }) {
  const { t } = useTranslation(['mailbox']);
  const locale = localeOf(currentLanguage());
  if (account.syncStatus === 'error') {
    const code = account.syncErrorCode ?? 'UNKNOWN_ERROR';
    return (
      <div
        role="status"
        className="mx-2 mb-1 rounded-md bg-danger-soft px-2 py-1.5 text-xs text-danger-soft-foreground"
      >
        <p className="flex items-start gap-1.5">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>
            {t(`mailbox:syncErrors.${code}`, { defaultValue: t('mailbox:syncErrors.UNKNOWN_ERROR') })}
          </span>
        </p>
        <Link to={ACCOUNTS_SETTINGS} className="mt-1 inline-block font-medium underline">
          {t('mailbox:sync.fix')}
        </Link>
      </div>
    );
  }
  if (account.syncStatus === 'syncing') {
    const p = account.syncProgress;
    return (
      <p role="status" className="mx-2 mb-1 flex items-center gap-1.5 text-xs text-muted-foreground">
        <RefreshCw aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
        {p && p.total > 0
          ? t('mailbox:sync.progress', { stored: p.stored, total: p.total })
          : t('mailbox:sync.syncing')}
      </p>
    );
  }
  return (
    <p className="mx-2 mb-1 text-xs text-muted-foreground">
      {account.lastSyncAt
        ? t('mailbox:sync.last', { when: formatDateTime(account.lastSyncAt, locale, 'short') })
        : t('mailbox:sync.never')}
    </p>
  );
}

function PaneItem({
  Icon,
  label,
  unread = 0,
  total,
  active,
  depth = 0,
  color,
  onClick,
  onPrefetch,
  menu,
  mark,
}: {
  Icon: typeof Inbox;
  label: string;
  unread?: number;
  total?: number;
  active: boolean;
  depth?: number;
  color?: string | null;
  onClick: () => void;
  onPrefetch?: () => void;
  menu?: React.ReactNode;
  /** A small sign after the name (the folder's attachments go to documents). */
  mark?: React.ReactNode;
}) {
  const { t } = useTranslation(['mailbox']);
  return (
    <li className="flex items-center">
      <button
        type="button"
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        onPointerEnter={active ? undefined : onPrefetch}
        onFocus={active ? undefined : onPrefetch}
        style={{ paddingLeft: `${0.5 + depth * 1}rem` }}
        title={total !== undefined ? t('mailbox:counts', { unread, total }) : undefined}
        className={cn(
          'flex min-w-0 flex-1 items-center gap-2 rounded-md py-1.5 pr-2 text-left hover:bg-surface-muted',
          active && 'bg-primary-soft font-medium text-primary-soft-foreground',
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" style={color ? { color } : undefined} />
        <span className={cn('truncate', unread > 0 && 'font-semibold')}>{label}</span>
        {mark}
        {unread > 0 ? (
          <span className="ml-auto text-xs font-semibold tabular-nums">
            {unread}
            <span className="sr-only"> {t('mailbox:unread', { count: unread })}</span>
          </span>
        ) : total !== undefined && total > 0 ? (
          <span className="ml-auto text-xs text-muted-foreground tabular-nums">
            {total}
            <span className="sr-only"> {t('mailbox:total', { count: total })}</span>
          </span>
        ) : null}
      </button>
      {menu}
    </li>
  );
}
