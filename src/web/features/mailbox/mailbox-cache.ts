import type {
  TMailAccountState,
  TMailboxOverview,
  TMessageActionInput,
  TMessagePage,
  TMessageSummary,
} from '@shared/mailbox/contracts.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';

/**
 * Pure changes to the mailbox's cached data: what an action does to a row before the server answers (optimistic
 * update, spec §4), and what the live channel's mail messages (spec §7) do to the lists, the counts and the sync
 * state. The hooks of mailbox-api.ts and use-mail-live.ts apply them to the TanStack Query cache.
 */
export type ListPages = { pages: TMessagePage[]; pageParams: unknown[] };

/** The row after the action, or null when it leaves the list it is in (moved, trashed, deleted). */
export function applyAction(
  summary: TMessageSummary,
  input: Pick<TMessageActionInput, 'action' | 'labelId' | 'folderId'>,
): TMessageSummary | null {
  switch (input.action) {
    case 'read':
      return { ...summary, isRead: true };
    case 'unread':
      return { ...summary, isRead: false };
    case 'star':
      return { ...summary, isStarred: true };
    case 'unstar':
      return { ...summary, isStarred: false };
    case 'important':
      return { ...summary, isImportant: true };
    case 'unimportant':
      return { ...summary, isImportant: false };
    case 'confidential':
      return { ...summary, isConfidential: true };
    case 'unconfidential':
      return { ...summary, isConfidential: false };
    case 'label':
      return input.labelId && !summary.labelIds.includes(input.labelId)
        ? { ...summary, labelIds: [...summary.labelIds, input.labelId] }
        : summary;
    case 'unlabel':
      return { ...summary, labelIds: summary.labelIds.filter((id) => id !== input.labelId) };
    case 'move':
      return input.folderId === summary.folderId ? summary : null;
    case 'trash':
    case 'delete':
      return null;
  }
}

/** Every row of the loaded pages through `change` (null removes it; totals follow). */
export function mapPages(
  data: ListPages | undefined,
  change: (summary: TMessageSummary) => TMessageSummary | null,
): ListPages | undefined {
  if (!data) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    const items: TMessageSummary[] = [];
    for (const item of page.items) {
      const next = change(item);
      if (next) items.push(next);
      else removed += 1;
    }
    return { ...page, items };
  });
  return {
    ...data,
    pages: pages.map((p) => (p.total === undefined ? p : { ...p, total: Math.max(0, p.total - removed) })),
  };
}

/** Unread counts of the folders after read/unread of these rows (moves and deletes wait for the server's counts). */
export function overviewAfterAction(
  overview: TMailboxOverview | undefined,
  rows: readonly TMessageSummary[],
  action: TMessageActionInput['action'],
): TMailboxOverview | undefined {
  if (!overview || (action !== 'read' && action !== 'unread')) return overview;
  const delta = new Map<string, number>();
  for (const row of rows) {
    if (action === 'read' && !row.isRead) delta.set(row.folderId, (delta.get(row.folderId) ?? 0) - 1);
    if (action === 'unread' && row.isRead) delta.set(row.folderId, (delta.get(row.folderId) ?? 0) + 1);
  }
  if (delta.size === 0) return overview;
  return {
    ...overview,
    folders: overview.folders.map((f) =>
      delta.has(f.id) ? { ...f, unreadCount: Math.max(0, f.unreadCount + delta.get(f.id)!) } : f,
    ),
  };
}

/** The list's identity as its query string (see listQueryOf): does a new message belong to its first page? */
export function newMessageBelongs(
  listQuery: string,
  email: TMessageSummary,
  inboxFolderIds: ReadonlySet<string>,
): boolean {
  const q = new URLSearchParams(listQuery);
  // A search or a filter decides on the server: the list is refetched instead.
  for (const key of ['q', 'isRead', 'isStarred', 'isImportant', 'hasAttachments', 'from', 'to', 'labelId'])
    if (q.has(key)) return false;
  const folderId = q.get('folderId');
  if (folderId) return folderId === email.folderId;
  const view = q.get('view');
  if (view === 'inbox') return inboxFolderIds.has(email.folderId);
  if (view === 'starred') return email.isStarred;
  return view === 'all';
}

/**
 * A folder's counts changed (folder:updated: a sync stored messages): should this list ask the server again?
 * Only a list that shows less than a page and that the folder's mail belongs to: the first sync of a new account
 * stores its newest messages without email:new (they are not new mail), and an empty or short list would otherwise
 * stay empty until a reload. A full list is left alone: a backfill adds older mail below it, which "Load more"
 * reaches, and refetching it at every batch would cost the database for nothing.
 */
export function listAwaitsFolder(
  listQuery: string,
  data: ListPages | undefined,
  folder: { id: string; inbox: boolean | 'unknown' },
  pageSize: number,
): boolean {
  if (!data) return false;
  const loaded = data.pages.reduce((n, p) => n + p.items.length, 0);
  if (loaded >= pageSize) return false;
  const q = new URLSearchParams(listQuery);
  const listFolder = q.get('folderId');
  if (listFolder) return listFolder === folder.id;
  const view = q.get('view');
  // A folder the overview does not know yet (a new account's) may be its Inbox.
  if (view === 'inbox') return folder.inbox !== false;
  return view === 'all' || view === 'starred';
}

const plusOne = (total: number | undefined) => (total === undefined ? undefined : total + 1);

/** A new message at the top of the first page (once: a repeated event changes nothing). */
export function withNewMessage(data: ListPages | undefined, email: TMessageSummary): ListPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.items.some((i) => i.id === email.id))) return data;
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [
      { ...first!, items: [email, ...first!.items], total: plusOne(first!.total) },
      ...rest.map((p) => ({ ...p, total: plusOne(p.total) })),
    ],
  };
}

type MailMessage = Extract<
  TServerMessage,
  { type: 'folder:updated' | 'sync:started' | 'sync:progress' | 'sync:completed' | 'sync:error' }
>;

/** Folder counts and the accounts' sync state (spec §4: idle, syncing, error, with the last sync time). */
export function overviewAfterLive(
  overview: TMailboxOverview | undefined,
  message: MailMessage,
): TMailboxOverview | undefined {
  if (!overview) return overview;
  const account = (id: string, patch: (a: TMailAccountState) => TMailAccountState) => ({
    ...overview,
    accounts: overview.accounts.map((a) => (a.id === id ? patch(a) : a)),
  });
  switch (message.type) {
    case 'folder:updated':
      return {
        ...overview,
        folders: overview.folders.map((f) => (f.id === message.folderId ? { ...f, ...message.updates } : f)),
      };
    case 'sync:started':
      return account(message.accountId, (a) => ({ ...a, syncStatus: 'syncing', syncErrorCode: null }));
    case 'sync:progress':
      return account(message.account.id, () => message.account);
    case 'sync:completed':
      return account(message.accountId, (a) => ({
        ...a,
        syncStatus: 'idle',
        syncErrorCode: null,
        lastSyncAt: message.timestamp,
        syncProgress: a.syncProgress ? { ...a.syncProgress, phase: 'done' } : null,
      }));
    case 'sync:error':
      return account(message.accountId, (a) => ({ ...a, syncStatus: 'error', syncErrorCode: message.error }));
  }
}
