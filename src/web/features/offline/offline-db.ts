import { Dexie, type EntityTable } from 'dexie';
import type { TMe } from '@shared/organizations/contracts.ts';
import type { OfflineOperation } from '@shared/offline/queue.ts';

/**
 * The browser's offline store (IndexedDB through Dexie, issue 18): the queued operations, the data of the screens
 * the user opened recently (a TanStack Query snapshot per user and organization) and who was signed in last, so
 * that the app opens offline as that user. Cleared when the session ends (offline-cache.ts).
 */
export interface CacheSnapshot {
  /** `${userId}:${orgId}`. */
  key: string;
  savedAt: number;
  /** TanStack Query's dehydrated state, trimmed (offline-cache.ts). */
  state: unknown;
}

export interface LastSession {
  key: 'last';
  me: TMe;
  savedAt: number;
}

export type OfflineDb = Dexie & {
  operations: EntityTable<OfflineOperation, 'id'>;
  caches: EntityTable<CacheSnapshot, 'key'>;
  session: EntityTable<LastSession, 'key'>;
};

export const OFFLINE_DB_NAME = 'gestionale-offline';

let db: OfflineDb | null = null;

export function offlineDb(): OfflineDb {
  if (db) return db;
  const made = new Dexie(OFFLINE_DB_NAME) as OfflineDb;
  made.version(1).stores({
    operations: 'id, [userId+orgId], status, createdAt',
    caches: 'key, savedAt',
    session: 'key',
  });
  db = made;
  return made;
}
