import { cleanup, enqueue, isOpen, type NewOperation, type OfflineOperation } from '@shared/offline/queue.ts';
import { ApiError, NETWORK_ERROR } from '@web/app/api.ts';
import { offlineDb } from './offline-db.ts';

/**
 * The offline operations queue in IndexedDB (rules: src/shared/offline/queue.ts). A change made with the network
 * off (or whose request never reached the server) is queued here with its client-made id and sent by
 * offline-sync.ts when the connection returns. The screens show it as queued, never as done.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;

/** Called after every change of the queue (the badge and the sync follow it). */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const queueVersion = () => version;

export function notifyQueueChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** The operations of one user in one organization, oldest first, after the age and completed cleanup. */
export async function readQueue(userId: string, orgId: string): Promise<OfflineOperation[]> {
  const db = offlineDb();
  const all = await db.operations.where('[userId+orgId]').equals([userId, orgId]).sortBy('createdAt');
  const kept = cleanup(all, Date.now());
  if (kept.length !== all.length) {
    const keep = new Set(kept.map((op) => op.id));
    await db.operations.bulkDelete(all.filter((op) => !keep.has(op.id)).map((op) => op.id));
  }
  return kept;
}

/** Writes operations back after a state change. */
export async function saveOperations(ops: readonly OfflineOperation[]): Promise<void> {
  if (ops.length === 0) return;
  await offlineDb().operations.bulkPut([...ops]);
  notifyQueueChanged();
}

/** Queues an operation (OfflineQueueFullError at 1,000 open ones). */
export async function queueOperation(op: NewOperation): Promise<void> {
  const db = offlineDb();
  await db.transaction('rw', db.operations, async () => {
    const current = (await db.operations.where('[userId+orgId]').equals([op.userId, op.orgId]).toArray())
      .filter(isOpen)
      .sort((a, b) => a.createdAt - b.createdAt);
    const next = enqueue(current, op, Date.now());
    const changed = next.filter((n, i) => n !== current[i]);
    await db.operations.bulkPut(changed);
  });
  notifyQueueChanged();
}

/** Every operation of the user goes (an explicit sign-out). */
export async function clearQueue(userId: string): Promise<void> {
  await offlineDb()
    .operations.filter((op) => op.userId === userId)
    .delete();
  notifyQueueChanged();
}

/** The request did not reach the server (the network is off, or the connection dropped). */
export function isOfflineFailure(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.status === 0) || (error as { code?: string })?.code === NETWORK_ERROR
  );
}

/**
 * A change was queued instead of sent: the caller shows it as queued (the mutation fails with this, so nothing
 * pretends it is done).
 */
export class QueuedOfflineError extends Error {
  readonly operationId: string;
  constructor(operationId: string) {
    super('Queued to be sent when the connection returns');
    this.name = 'QueuedOfflineError';
    this.operationId = operationId;
  }
}

export function isQueuedOffline(error: unknown): error is QueuedOfflineError {
  return error instanceof QueuedOfflineError;
}

/** Who is working now (set by the offline host from the session), so that a mutation can queue for them. */
let currentScope: { userId: string; orgId: string } | null = null;
export function setOfflineScope(scope: { userId: string; orgId: string } | null): void {
  currentScope = scope;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Sends a change, or queues it when the network is off or the request never reached the server. `send` gets the
 * operation's id (sent as the Idempotency-Key, so a request that did reach the server and is sent again later
 * makes nothing twice). Answers the server's answer, or `queued()` when it was queued (or throws
 * QueuedOfflineError when no `queued` is given).
 */
export async function sendOrQueue<T>(
  op: Omit<NewOperation, 'id' | 'userId' | 'orgId'> & { id?: string },
  send: (id: string) => Promise<T>,
  queued?: () => T,
): Promise<T> {
  const id = op.id ?? crypto.randomUUID();
  const scope = currentScope;
  const toQueue = async () => {
    if (!scope) throw new ApiError({ status: 0, code: NETWORK_ERROR, message: 'Offline' });
    await queueOperation({ ...op, id, ...scope });
    if (queued) return queued();
    throw new QueuedOfflineError(id);
  };
  if (isOffline()) return toQueue();
  try {
    return await send(id);
  } catch (error) {
    if (isOfflineFailure(error)) return toQueue();
    throw error;
  }
}
