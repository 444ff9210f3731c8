import { describe, expect, it } from 'vitest';
import type { TMailboxOverview, TMessageSummary } from '@shared/mailbox/contracts.ts';
import {
  listAwaitsFolder,
  applyAction,
  mapPages,
  newMessageBelongs,
  overviewAfterAction,
  overviewAfterLive,
  withNewMessage,
  type ListPages,
} from './mailbox-cache.ts';

const F_INBOX = '00000000-0000-4000-8000-000000000001';
const F_OTHER = '00000000-0000-4000-8000-000000000002';
const LABEL = '00000000-0000-4000-8000-0000000000aa';

function row(id: string, patch: Partial<TMessageSummary> = {}): TMessageSummary {
  return {
    id,
    isCertified: false,
    accountId: null,
    folderId: F_INBOX,
    threadId: id,
    subject: `Oggetto ${id}`,
    snippet: '',
    from: { name: 'Mario Rossi', address: 'mario@example.it' },
    to: [],
    receivedAt: '2026-03-01T10:00:00.000Z',
    isRead: false,
    isStarred: false,
    isImportant: false,
    isConfidential: false,
    isDraft: false,
    hasAttachments: false,
    labelIds: [],
    clientId: null,
    threadCount: 1,
    risk: null,
    ...patch,
  };
}

const pages = (...items: TMessageSummary[]): ListPages => ({
  pages: [{ items, total: items.length, page: 1, pageSize: 50, hasMore: false }],
  pageParams: [1],
});

const overview = (): TMailboxOverview => ({
  accounts: [
    {
      id: 'acc',
      emailAddress: 'me@example.it',
      displayName: null,
      isPec: false,
      syncStatus: 'idle',
      syncErrorCode: null,
      lastSyncAt: null,
      syncProgress: null,
      signatureHtml: null,
      pendingChanges: 0,
      failedChanges: 0,
    },
  ],
  folders: [
    {
      id: F_INBOX,
      accountId: null,
      name: 'Inbox',
      path: 'INBOX',
      role: 'inbox',
      parentId: null,
      color: null,
      unreadCount: 2,
      totalCount: 5,
    },
  ],
  labels: [],
  timeZone: 'Europe/Rome',
});

describe('applyAction (spec §4)', () => {
  it('sets the flags and toggles labels without duplicates', () => {
    expect(applyAction(row('a'), { action: 'read' })?.isRead).toBe(true);
    expect(applyAction(row('a', { isRead: true }), { action: 'unread' })?.isRead).toBe(false);
    expect(applyAction(row('a'), { action: 'star' })?.isStarred).toBe(true);
    expect(applyAction(row('a'), { action: 'important' })?.isImportant).toBe(true);
    expect(applyAction(row('a'), { action: 'confidential' })?.isConfidential).toBe(true);
    const labelled = applyAction(row('a'), { action: 'label', labelId: LABEL })!;
    expect(labelled.labelIds).toEqual([LABEL]);
    expect(applyAction(labelled, { action: 'label', labelId: LABEL })!.labelIds).toEqual([LABEL]);
    expect(applyAction(labelled, { action: 'unlabel', labelId: LABEL })!.labelIds).toEqual([]);
  });

  it('takes the row out of its list when it is moved elsewhere, trashed or deleted', () => {
    expect(applyAction(row('a'), { action: 'move', folderId: F_OTHER })).toBeNull();
    expect(applyAction(row('a'), { action: 'move', folderId: F_INBOX })).not.toBeNull();
    expect(applyAction(row('a'), { action: 'trash' })).toBeNull();
    expect(applyAction(row('a'), { action: 'delete' })).toBeNull();
  });
});

describe('mapPages', () => {
  it('changes rows and lowers the total by the removed ones', () => {
    const data = pages(row('a'), row('b'), row('c'));
    const next = mapPages(data, (r) => (r.id === 'b' ? null : { ...r, isRead: true }))!;
    expect(next.pages[0]!.items.map((r) => [r.id, r.isRead])).toEqual([
      ['a', true],
      ['c', true],
    ]);
    expect(next.pages[0]!.total).toBe(2);
    expect(data.pages[0]!.items).toHaveLength(3);
  });

  it('leaves a page asked without a count (count=false) without one', () => {
    const data = pages(row('a'), row('b'));
    const uncounted = { ...data, pages: data.pages.map(({ total: _total, ...p }) => p) };
    const next = mapPages(uncounted, (r) => (r.id === 'b' ? null : r))!;
    expect(next.pages[0]!.items).toHaveLength(1);
    expect(next.pages[0]).not.toHaveProperty('total');
    expect(withNewMessage(next, row('n'))!.pages[0]!.total).toBeUndefined();
  });
});

describe('overviewAfterAction', () => {
  it('lowers the unread count only for rows that were unread', () => {
    const next = overviewAfterAction(overview(), [row('a'), row('b', { isRead: true })], 'read')!;
    expect(next.folders[0]!.unreadCount).toBe(1);
    const back = overviewAfterAction(overview(), [row('a', { isRead: true })], 'unread')!;
    expect(back.folders[0]!.unreadCount).toBe(3);
  });
});

describe('live mail messages (spec §7)', () => {
  it('puts a new message at the top of the lists it belongs to, once', () => {
    const inbox = new Set([F_INBOX]);
    expect(newMessageBelongs(`folderId=${F_INBOX}&group=conversations`, row('n'), inbox)).toBe(true);
    expect(newMessageBelongs(`folderId=${F_OTHER}&group=conversations`, row('n'), inbox)).toBe(false);
    expect(newMessageBelongs('view=inbox&group=conversations', row('n'), inbox)).toBe(true);
    expect(newMessageBelongs('view=starred&group=conversations', row('n'), inbox)).toBe(false);
    expect(newMessageBelongs('view=inbox&q=fattura&group=conversations', row('n'), inbox)).toBe(false);
    const once = withNewMessage(pages(row('a')), row('n'))!;
    expect(once.pages[0]!.items.map((r) => r.id)).toEqual(['n', 'a']);
    expect(once.pages[0]!.total).toBe(2);
    expect(withNewMessage(once, row('n'))).toBe(once);
  });

  it('asks again for a short list the folder belongs to when its counts change (a first sync)', () => {
    const empty = { pages: [], pageParams: [] } as ListPages;
    const emptyPage = pages();
    const inbox = { id: F_INBOX, inbox: true } as const;
    const other = { id: F_OTHER, inbox: false } as const;
    const unknown = { id: 'new-folder', inbox: 'unknown' } as const;
    const q = 'view=inbox&group=conversations';
    expect(listAwaitsFolder(q, emptyPage, inbox, 50)).toBe(true);
    expect(listAwaitsFolder(q, emptyPage, unknown, 50)).toBe(true);
    expect(listAwaitsFolder(q, emptyPage, other, 50)).toBe(false);
    expect(listAwaitsFolder(`folderId=${F_OTHER}&group=messages`, emptyPage, other, 50)).toBe(true);
    expect(listAwaitsFolder(`folderId=${F_OTHER}&group=messages`, emptyPage, inbox, 50)).toBe(false);
    expect(listAwaitsFolder(q, empty, inbox, 50)).toBe(true);
    expect(listAwaitsFolder(q, undefined, inbox, 50)).toBe(false);
    // A full page is left alone: the backfill adds older mail below it.
    expect(listAwaitsFolder(q, pages(row('a'), row('b')), inbox, 2)).toBe(false);
  });

  it('updates folder counts and drives the sync state', () => {
    const counted = overviewAfterLive(overview(), {
      type: 'folder:updated',
      folderId: F_INBOX,
      updates: { unreadCount: 7 },
    })!;
    expect(counted.folders[0]!.unreadCount).toBe(7);
    expect(counted.folders[0]!.totalCount).toBe(5);
    const syncing = overviewAfterLive(overview(), {
      type: 'sync:started',
      accountId: 'acc',
      timestamp: 't',
    })!;
    expect(syncing.accounts[0]!.syncStatus).toBe('syncing');
    const failed = overviewAfterLive(syncing, {
      type: 'sync:error',
      accountId: 'acc',
      error: 'AUTH_ERROR',
      timestamp: 't',
    })!;
    expect(failed.accounts[0]).toMatchObject({ syncStatus: 'error', syncErrorCode: 'AUTH_ERROR' });
    const done = overviewAfterLive(failed, {
      type: 'sync:completed',
      accountId: 'acc',
      timestamp: '2026-03-01T10:00:00.000Z',
      newEmails: 3,
    })!;
    expect(done.accounts[0]).toMatchObject({
      syncStatus: 'idle',
      syncErrorCode: null,
      lastSyncAt: '2026-03-01T10:00:00.000Z',
    });
  });
});
