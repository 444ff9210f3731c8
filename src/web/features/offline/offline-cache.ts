import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { TMe } from '@shared/organizations/contracts.ts';
import { meQueryKey } from '@web/app/session.ts';
import { offlineDb } from './offline-db.ts';

/**
 * Offline reading (issue 18): what the user opened recently stays readable with the network off. The answers of
 * the mailbox (the first page of each folder's list, the messages opened), clients, invoices, quotes and calendar
 * (and the dashboard, the installed app's start page) are copied from the TanStack Query cache into IndexedDB, one
 * snapshot per user and organization, a moment after they change; the signed-in user is kept beside them. A page
 * loaded offline puts them back before its first screen (main.tsx), so the shell and those screens show what they
 * showed last; once online again, the screens ask the server as usual. When the session ends (the session answers
 * nobody: a sign-out, an expiry) the snapshots and the user go.
 */

/** Roots of the query keys kept, with how many of their newest answers are kept. */
export const PERSISTED_ROOTS: Readonly<Record<string, number>> = {
  mailbox: 150,
  clients: 60,
  invoices: 60,
  quotes: 60,
  invoicing: 10,
  calendar: 40,
  dashboard: 5,
};
const SAVE_DELAY_MS = 1000;

const snapshotKey = (userId: string, orgId: string) => `${userId}:${orgId}`;

type DehydratedQuery = DehydratedState['queries'][number];

/** An infinite list (the mailbox's) keeps its first page: the last messages of each folder. */
function firstPageOnly(query: DehydratedQuery): DehydratedQuery {
  const data = query.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
  if (!data || !Array.isArray(data.pages) || data.pages.length <= 1) return query;
  return {
    ...query,
    state: {
      ...query.state,
      data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams?.slice(0, 1) },
    },
  };
}

/** The snapshot of the queries worth keeping: successful answers of the persisted roots, newest first, capped. */
export function snapshotOf(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) =>
      q.state.status === 'success' && q.state.data !== undefined && String(q.queryKey[0]) in PERSISTED_ROOTS,
    shouldDehydrateMutation: () => false,
  });
  const byRoot = new Map<string, DehydratedQuery[]>();
  for (const q of state.queries) {
    const root = String(q.queryKey[0]);
    byRoot.set(root, [...(byRoot.get(root) ?? []), q]);
  }
  const queries: DehydratedQuery[] = [];
  for (const [root, list] of byRoot) {
    list.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    // Dehydrated queries may carry a promise (a fetch under way); the snapshot keeps data only.
    queries.push(...list.slice(0, PERSISTED_ROOTS[root]).map(({ promise: _p, ...q }) => firstPageOnly(q)));
  }
  return { mutations: [], queries };
}

/** Everything kept for offline use goes: the snapshots and the last user. */
export async function clearOfflineCaches(): Promise<void> {
  const db = offlineDb();
  await db.transaction('rw', db.caches, db.session, async () => {
    await db.caches.clear();
    await db.session.clear();
  });
}

/**
 * Keeps the snapshot of the active user and organization up to date while the app runs; forgets everything when
 * the session answers nobody. Answers a function that stops it.
 */
export function persistQueryCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = async () => {
    timer = null;
    const me = queryClient.getQueryData<TMe | null>(meQueryKey);
    if (!me?.activeOrganizationId) return;
    const db = offlineDb();
    await db.session.put({ key: 'last', me, savedAt: Date.now() });
    await db.caches.put({
      key: snapshotKey(me.user.id, me.activeOrganizationId),
      savedAt: Date.now(),
      state: snapshotOf(queryClient),
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const root = String(event.query.queryKey[0]);
    if (root === meQueryKey[0] && event.query.state.data === null) {
      if (timer) clearTimeout(timer);
      timer = null;
      void clearOfflineCaches().catch(() => undefined);
      return;
    }
    if (root !== meQueryKey[0] && !(root in PERSISTED_ROOTS)) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save().catch(() => undefined), SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/**
 * Offline at start: the last signed-in user and their organization's snapshot go into the cache, so the guard lets
 * the user in and the screens show what they kept. Answers whether a user was restored.
 */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<boolean> {
  const db = offlineDb();
  const last = await db.session.get('last');
  const me = last?.me;
  if (!me?.activeOrganizationId) return false;
  const snapshot = await db.caches.get(snapshotKey(me.user.id, me.activeOrganizationId));
  if (snapshot) hydrate(queryClient, snapshot.state as DehydratedState);
  queryClient.setQueryData(meQueryKey, me);
  return true;
}
