import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type {
  TMailboxOverview,
  TMailFolder,
  TMailLabel,
  TMessage,
  TMessageActionInput,
  TMessageActionResult,
  TMessagePage,
  TMessageSummary,
  ZFolderInput,
  ZLabelInput,
} from '@shared/mailbox/contracts.ts';
import type { TMailDelivery } from '@shared/mail/outbox.ts';
import type { TComposeInput, TComposeResult, TRescheduleInput } from '@shared/mailbox/compose.ts';
import type { TDraft, TDraftInput, TDraftSaved } from '@shared/mailbox/drafts.ts';
import { MAIL_PAGE_SIZE } from '@shared/mailbox/types.ts';
import { api } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { toast } from '@web/ui/toast.ts';
import { sendOrQueue } from '@web/features/offline/offline-queue.ts';
import type { MailActionBase, MailActionPayload } from '@web/features/offline/offline-sync.ts';
import { applyAction, mapPages, overviewAfterAction, type ListPages } from './mailbox-cache.ts';
import { inlineAttachmentIds } from './message-frame.ts';

/**
 * TanStack Query hooks of the mailbox (/api/v1/mail): the folder pane's overview, the list (server pages of 50,
 * "Load more"), one message, its conversation, and the actions (spec §4) with optimistic updates: the rows change
 * at once, a failure puts them back and says so with the spec §8 fallback text. Every key starts with
 * ['mailbox', orgId]; the live channel (use-mail-live.ts) writes into the same keys.
 */
const BASE = '/api/v1/mail';
const root = (orgId: string | null) => ['mailbox', orgId] as const;
export const mailKeys = {
  all: root,
  overview: (orgId: string | null) => [...root(orgId), 'overview'] as const,
  lists: (orgId: string | null) => [...root(orgId), 'list'] as const,
  list: (orgId: string | null, query: string) => [...root(orgId), 'list', query] as const,
  /** A page fetched ahead of "Load more" (not under 'list': the live code walks the lists' pages). */
  nextPage: (orgId: string | null, query: string, page: number) =>
    [...root(orgId), 'next-page', query, page] as const,
  message: (orgId: string | null, id: string) => [...root(orgId), 'message', id] as const,
  thread: (orgId: string | null, messageId: string) => [...root(orgId), 'thread', messageId] as const,
};

export function useMailboxOverview(orgId: string | null) {
  return useQuery({
    queryKey: mailKeys.overview(orgId),
    queryFn: ({ signal }) => api<TMailboxOverview>(`${BASE}/folders`, { signal }),
    enabled: !!orgId,
    staleTime: 30_000,
  });
}

/** The list shows no total: it asks only whether more follows (count=false spares the server a count). */
const fetchListPage = (query: string, page: number, signal?: AbortSignal) =>
  api<TMessagePage>(`${BASE}/messages?${query}&page=${page}&pageSize=${MAIL_PAGE_SIZE}&count=false`, {
    signal,
  });
/** How long a page fetched ahead stays good for "Load more". */
const NEXT_PAGE_FRESH_MS = 15_000;

/**
 * The list for one folder/view, search and filters (its query string is its identity): pages after the first
 * come from the side cache when they were fetched ahead (see useMessageList), once, and are dropped from it.
 */
function listOptions(queryClient: QueryClient, orgId: string | null, query: string) {
  return infiniteQueryOptions({
    queryKey: mailKeys.list(orgId, query),
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam === 1) return fetchListPage(query, 1, signal);
      const key = mailKeys.nextPage(orgId, query, pageParam);
      const page = await queryClient.fetchQuery({
        queryKey: key,
        queryFn: () => fetchListPage(query, pageParam),
        staleTime: NEXT_PAGE_FRESH_MS,
      });
      queryClient.removeQueries({ queryKey: key, exact: true });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last: TMessagePage) =>
      last.items.length > 0 && last.hasMore ? last.page + 1 : undefined,
    enabled: !!orgId,
    staleTime: 30_000,
    // The rows of the list before stay on screen, dimmed and inert, until the new list's first page is in: no
    // flash of an empty list on every folder or search, and no second draw of the whole pane (the page marks it).
    placeholderData: keepPreviousData,
  });
}

/**
 * Fetches a list's first page ahead (its folder or view is under the pointer or the keyboard focus): the click
 * then shows the server's answer already in hand, or one already on its way. Settles when the page is in the
 * cache (or its request failed: the list then shows the error).
 */
export function usePrefetchList(orgId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    (query: string): Promise<void> =>
      orgId ? queryClient.prefetchInfiniteQuery(listOptions(queryClient, orgId, query)) : Promise.resolve(),
    [queryClient, orgId],
  );
}

/**
 * The list of a folder or view. `prefetchNext` fetches the next page ahead (the "Load more" button came into
 * sight or under the pointer), so the click shows it at once.
 */
export function useMessageList(orgId: string | null, query: string) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(listOptions(queryClient, orgId, query));
  const next =
    list.hasNextPage && !list.isFetchingNextPage && !list.isPlaceholderData
      ? (list.data?.pages.at(-1)?.page ?? 0) + 1
      : null;
  const prefetchNext = useCallback(() => {
    if (next === null) return;
    void queryClient.prefetchQuery({
      queryKey: mailKeys.nextPage(orgId, query, next),
      queryFn: () => fetchListPage(query, next),
      staleTime: NEXT_PAGE_FRESH_MS,
    });
  }, [queryClient, orgId, query, next]);
  return { ...list, prefetchNext };
}

const fetchMessage = (id: string, signal?: AbortSignal) =>
  api<TMessage>(`${BASE}/messages/${encodeURIComponent(id)}`, { signal });

/**
 * Fetches a message ahead (its row is under the pointer or the keyboard cursor): opening it is then at once.
 * Settles when the message is in the cache (or its request failed: the view then shows the error).
 */
export function usePrefetchMessage(orgId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string): Promise<void> =>
      orgId
        ? queryClient.prefetchQuery({
            queryKey: mailKeys.message(orgId, id),
            queryFn: ({ signal }) => fetchMessage(id, signal),
            staleTime: 60_000,
          })
        : Promise.resolve(),
    [queryClient, orgId],
  );
}

export function useMessage(orgId: string | null, id: string | null) {
  return useQuery({
    queryKey: mailKeys.message(orgId, id ?? ''),
    queryFn: ({ signal }) => fetchMessage(id!, signal),
    enabled: !!orgId && !!id,
    staleTime: 60_000,
  });
}

/** The conversation of a message, asked by that message's id (a thread id may hold '/'), oldest first. */
export function useThread(orgId: string | null, messageId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: mailKeys.thread(orgId, messageId ?? ''),
    queryFn: async ({ signal }) => {
      const answer = await api<{ threadId: string; messages: TMessageSummary[] }>(
        `${BASE}/threads/${encodeURIComponent(messageId!)}`,
        { signal },
      );
      const items = answer.messages;
      return [...items].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
    },
    enabled: !!orgId && !!messageId && enabled,
    staleTime: 60_000,
  });
}

/** Spec §8 fallback texts, by action. */
const FAILURE: Record<TMessageActionInput['action'], string> = {
  read: 'mailbox:errors.readStatus',
  unread: 'mailbox:errors.readStatus',
  star: 'mailbox:errors.starStatus',
  unstar: 'mailbox:errors.starStatus',
  important: 'mailbox:errors.update',
  unimportant: 'mailbox:errors.update',
  confidential: 'mailbox:errors.update',
  unconfidential: 'mailbox:errors.update',
  label: 'mailbox:errors.applyLabel',
  unlabel: 'mailbox:errors.removeLabel',
  move: 'mailbox:errors.move',
  trash: 'mailbox:errors.delete',
  delete: 'mailbox:errors.delete',
};

/** Actions that change a flag of the rows, nothing else: the optimistic update is the whole change. */
const FLAG_ACTIONS: ReadonlySet<TMessageActionInput['action']> = new Set([
  'read',
  'unread',
  'star',
  'unstar',
  'important',
  'unimportant',
  'confidential',
  'unconfidential',
]);
/** A list whose rows a flag decides: a filter on one, or the Starred view. */
const FLAG_LIST = /(^|&)(isRead|isStarred|isImportant)=|(^|&)view=starred(&|$)/;

/** Spec §8 progress texts. */
function progressText(input: TMessageActionInput): string | null {
  if (input.ids.length > 1) return 'mailbox:progress.updating';
  if (input.action === 'trash') return 'mailbox:progress.trashing';
  if (input.action === 'delete') return 'mailbox:progress.deleting';
  return null;
}

type Snapshot = [readonly unknown[], unknown][];

function snapshot(queryClient: QueryClient, orgId: string | null): Snapshot {
  return queryClient.getQueriesData({ queryKey: root(orgId) });
}

/** The loaded rows of these ids, from every list and open message in the cache. */
function cachedRows(queryClient: QueryClient, orgId: string | null, ids: ReadonlySet<string>) {
  const rows = new Map<string, TMessageSummary>();
  for (const [, data] of queryClient.getQueriesData<ListPages>({ queryKey: mailKeys.lists(orgId) }))
    for (const page of data?.pages ?? []) for (const r of page.items) if (ids.has(r.id)) rows.set(r.id, r);
  for (const id of ids) {
    const message = queryClient.getQueryData<TMessage>(mailKeys.message(orgId, id));
    if (message && !rows.has(id)) rows.set(id, message);
  }
  return [...rows.values()];
}

/** What the rows of an action showed before it (kept by onMutate for the offline queue's conflict check). */
const offlineBase = new WeakMap<TMessageActionInput, MailActionBase>();
const baseOf = (rows: readonly TMessageSummary[]): MailActionBase =>
  Object.fromEntries(
    rows.map((r) => [
      r.id,
      { isRead: r.isRead, isStarred: r.isStarred, folderId: r.folderId, labelIds: [...r.labelIds] },
    ]),
  );

/**
 * Read/unread, star, important, confidential, label toggle, move, trash and permanent delete of one or many
 * messages (POST /mail/messages/actions). Optimistic: the cache changes first and is put back on failure.
 */
export function useMessageAction(orgId: string | null) {
  const queryClient = useQueryClient();
  const { t } = useTranslation(['mailbox', 'common']);
  return useMutation({
    // Offline (issue 18) the action is queued with what the rows showed before it, and the rows keep the change.
    networkMode: 'always',
    mutationFn: (input: TMessageActionInput) =>
      sendOrQueue(
        {
          kind: 'mail.action',
          payload: { input } satisfies MailActionPayload,
          base: offlineBase.get(input),
        },
        () => api<TMessageActionResult>(`${BASE}/messages/actions`, { method: 'POST', body: input }),
        () => ({ updated: input.ids.length }),
      ),
    onMutate: async (input) => {
      const ids = new Set(input.ids);
      // Only what the optimistic update rewrites: a message fetched ahead, a conversation or a next page under
      // way are left to finish (cancelling them would drop them, to be fetched again when asked for).
      await Promise.all([
        queryClient.cancelQueries({ queryKey: mailKeys.lists(orgId) }),
        queryClient.cancelQueries({ queryKey: mailKeys.overview(orgId) }),
        ...[...ids].map((id) => queryClient.cancelQueries({ queryKey: mailKeys.message(orgId, id) })),
      ]);
      const before = snapshot(queryClient, orgId);
      const rows = cachedRows(queryClient, orgId, ids);
      offlineBase.set(input, baseOf(rows));
      queryClient.setQueriesData<ListPages>({ queryKey: mailKeys.lists(orgId) }, (data) =>
        mapPages(data, (r) => (ids.has(r.id) ? applyAction(r, input) : r)),
      );
      for (const id of ids) {
        queryClient.setQueryData<TMessage>(mailKeys.message(orgId, id), (m) => {
          if (!m) return m;
          const next = applyAction(m, input);
          return next ? { ...m, ...next } : m;
        });
      }
      queryClient.setQueryData<TMailboxOverview>(mailKeys.overview(orgId), (o) =>
        overviewAfterAction(o, rows, input.action),
      );
      const progress = progressText(input);
      const toastId = progress ? toast.loading(t(progress, { count: input.ids.length })) : null;
      return { before, toastId };
    },
    onError: (error, input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast.error(`${t(FAILURE[input.action])}: ${apiErrorMessage(error, t)}`);
    },
    onSettled: (_data, error, input, context) => {
      if (context?.toastId) toast.dismiss(context.toastId);
      if (error || !FLAG_ACTIONS.has(input.action)) {
        void queryClient.invalidateQueries({ queryKey: root(orgId) });
        return;
      }
      // A flag the rows and the message already show: only the counts, and the lists a flag decides
      // (filters, Starred), ask the server; the open message and plain lists are not fetched again.
      void queryClient.invalidateQueries({ queryKey: mailKeys.overview(orgId) });
      void queryClient.invalidateQueries({
        queryKey: mailKeys.lists(orgId),
        predicate: (q) => FLAG_LIST.test(String(q.queryKey[3] ?? '')),
      });
    },
  });
}

/**
 * Sends a composed message (POST /mail/send). The answer is the copy in Sent with its true state (queued, or kept
 * in the app without a mail server); the lists and counts are looked at again, and the live channel follows it.
 */
export function useSendMail(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TComposeInput) =>
      api<TComposeResult>(`${BASE}/send`, { method: 'POST', body: input }),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists(orgId) });
      void queryClient.invalidateQueries({ queryKey: mailKeys.overview(orgId) });
    },
  });
}

const draftUrl = (id: string) => `${BASE}/drafts/${encodeURIComponent(id)}`;

/**
 * Saves the draft being written (PUT /mail/drafts/:id, issue 16): the same id changes the same draft. Its copy in
 * Drafts changes with it; the live channel tells the open list (email:new, email:updated).
 */
export function useSaveDraft() {
  return useMutation({
    // Offline (issue 18) the save is queued (one per draft, with the revision the composer saw first) and the
    // mutation fails as offline: the composer says so, and takes the new revision once the queue sent it.
    networkMode: 'always',
    mutationFn: ({ id, body }: { id: string; body: TDraftInput }) =>
      sendOrQueue({ kind: 'mail.draft', target: id, payload: { draftId: id, body } }, () =>
        api<TDraftSaved>(draftUrl(id), { method: 'PUT', body }),
      ),
    retry: false,
  });
}

/**
 * The last save of a composer that is going away with the page (the tab closes): sent with keepalive, so the
 * browser finishes it after the page is gone. Nothing waits for its answer.
 */
export function saveDraftOnLeave(id: string, body: TDraftInput): void {
  void fetch(draftUrl(id), {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

/** "Discard": the draft, its copy in Drafts and its files go (DELETE /mail/drafts/:id). */
export function useDiscardDraft(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(draftUrl(id), { method: 'DELETE' }),
    retry: false,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists(orgId) });
      void queryClient.invalidateQueries({ queryKey: mailKeys.overview(orgId) });
    },
  });
}

/** A message of the Drafts folder opened to go on writing it: its draft (made from it if it came from IMAP). */
export function useOpenDraft() {
  return useMutation({
    mutationFn: (messageId: string) =>
      api<TDraft>(`${BASE}/drafts/by-message/${encodeURIComponent(messageId)}`),
    retry: false,
  });
}

/** Sends a failed message again (POST /outbox/:id/retry); its new state comes over the live channel. */
export function useRetrySend(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ outboxId }: { outboxId: string; messageId: string }) =>
      api<unknown>(`/api/v1/outbox/${encodeURIComponent(outboxId)}/retry`, { method: 'POST' }),
    retry: false,
    onSettled: (_d, _e, { messageId }) =>
      queryClient.invalidateQueries({ queryKey: mailKeys.message(orgId, messageId) }),
  });
}

/** "Undo", or cancel a scheduled message: it and its copy in Sent go (email:deleted follows on the live channel). */
export function useCancelSend(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outboxId: string) =>
      api<null>(`${BASE}/outbox/${encodeURIComponent(outboxId)}/cancel`, { method: 'POST' }),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists(orgId) });
      void queryClient.invalidateQueries({ queryKey: mailKeys.overview(orgId) });
    },
  });
}

/** Another time for a scheduled message. */
export function useReschedule(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      outboxId,
      sendAt,
    }: {
      outboxId: string;
      messageId: string;
      sendAt: TRescheduleInput['sendAt'];
    }) =>
      api<TMailDelivery>(`${BASE}/outbox/${encodeURIComponent(outboxId)}/send-at`, {
        method: 'PUT',
        body: { sendAt },
      }),
    retry: false,
    onSuccess: (delivery, { messageId }) =>
      queryClient.setQueryData<TMessage>(mailKeys.message(orgId, messageId), (m) =>
        m ? { ...m, delivery } : m,
      ),
  });
}

/** Link the message to a client by hand, or unlink it (clientId null). */
export function useLinkClient(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, clientId }: { id: string; clientId: string | null }) =>
      api<unknown>(`${BASE}/messages/${encodeURIComponent(id)}/client`, {
        method: 'PUT',
        body: { clientId },
      }),
    onSettled: (_d, _e, { id }) => {
      void queryClient.invalidateQueries({ queryKey: mailKeys.message(orgId, id) });
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists(orgId) });
      void queryClient.invalidateQueries({ queryKey: ['clients', orgId] });
    },
  });
}

type FolderInput = z.input<typeof ZFolderInput>;
type LabelInput = z.input<typeof ZLabelInput>;

export function useSaveFolder(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: FolderInput }) =>
      id
        ? api<TMailFolder>(`${BASE}/folders/${encodeURIComponent(id)}`, { method: 'PATCH', body: values })
        : api<TMailFolder>(`${BASE}/folders`, { method: 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.overview(orgId) }),
  });
}

/**
 * "Sync now" for one account (POST /mail/accounts/:id/sync): due at once, and the changes the server refused too
 * many times are tried again. The state comes back over the live channel; the overview is looked at again too.
 */
export function useSyncNow(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      api<null>(`${BASE}/accounts/${encodeURIComponent(accountId)}/sync`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.overview(orgId) }),
  });
}

export function useDeleteFolder(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/folders/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root(orgId) }),
  });
}

export function useSaveLabel(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: LabelInput }) =>
      id
        ? api<TMailLabel>(`${BASE}/labels/${encodeURIComponent(id)}`, { method: 'PATCH', body: values })
        : api<TMailLabel>(`${BASE}/labels`, { method: 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.overview(orgId) }),
  });
}

export function useDeleteLabel(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${BASE}/labels/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root(orgId) }),
  });
}

/** Where an attachment is downloaded (or shown inline: images and PDF only, served sandboxed). */
export function attachmentUrl(id: string, inline = false): string {
  return `${BASE}/attachments/${encodeURIComponent(id)}${inline ? '?inline=1' : ''}`;
}

async function dataUrlOf(id: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(`/api/v1/mail/attachments/${id}?inline=1`, {
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`attachment ${id}: ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The inline images of a message's HTML as data: URLs, fetched by the page (the sandboxed frame has no cookies).
 * `ready` turns true once every image has answered or failed (a failed one stays a broken image, as in any client).
 */
export function useInlineImages(html: string | null) {
  const ids = html ? inlineAttachmentIds(html) : [];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['mail', 'inline-image', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => dataUrlOf(id, signal),
      staleTime: Infinity,
      retry: 1,
    })),
  });
  const dataUrls: Record<string, string> = {};
  ids.forEach((id, i) => {
    const data = results[i]?.data;
    if (data) dataUrls[id] = data;
  });
  return { dataUrls, ready: results.every((r) => !r.isPending) };
}
