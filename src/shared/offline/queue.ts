/**
 * The offline operations queue's rules (email-client spec §4 and §9), pure so that they are tested alone and the
 * web's store (src/web/features/offline/) only keeps the entries and sends them:
 * - up to 1,000 operations, entries older than 7 days cleaned, completed ones purged;
 * - states pending → completed on success; on failure failed, or retry_pending while the retry count is below 3,
 *   the next try 5 s × the retry count later; skipped when the server wins a conflict; conflict_pending when the
 *   user must choose;
 * - the conflict strategy per field: read status, server wins; starred, folder and delete, client wins; labels,
 *   merge; content, ask the user (skip when they do not answer).
 * Every operation's id is made by the client and sent as its idempotency key, so a replay after a lost answer
 * never makes a second record on the server.
 */

export const OFFLINE_QUEUE_MAX = 1000;
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const OFFLINE_MAX_RETRIES = 3;
export const OFFLINE_RETRY_STEP_MS = 5000;

export const OPERATION_STATUSES = [
  'pending',
  'completed',
  'failed',
  'retry_pending',
  'skipped',
  'conflict_pending',
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** What an operation does on the server; the payload is the request's body. */
export type OperationKind = 'mail.action' | 'mail.draft' | 'client.create' | 'event.create';

export interface OfflineOperation<P = unknown> {
  /** Made by the client (a UUID): the operation's idempotency key. */
  id: string;
  userId: string;
  orgId: string;
  kind: OperationKind;
  /** What the operation is about (a draft's id), so that a later change of it replaces a pending one. */
  target?: string;
  payload: P;
  /** What the client saw before its change, per item (a message's flags), for the conflict check. */
  base?: unknown;
  status: OperationStatus;
  retryCount: number;
  createdAt: number;
  /** When a retry_pending operation is due. */
  nextAttemptAt?: number;
  /** The last failure's code. */
  error?: string;
}

export type NewOperation<P = unknown> = Pick<
  OfflineOperation<P>,
  'id' | 'userId' | 'orgId' | 'kind' | 'target' | 'payload' | 'base'
>;

export class OfflineQueueFullError extends Error {
  constructor() {
    super(`The offline queue holds ${OFFLINE_QUEUE_MAX} operations`);
    this.name = 'OfflineQueueFullError';
  }
}

/** The operations still to send or to decide on (what counts against the limit and what the badge shows). */
export function isOpen(op: Pick<OfflineOperation, 'status'>): boolean {
  return op.status === 'pending' || op.status === 'retry_pending' || op.status === 'conflict_pending';
}

/**
 * The queue with a new operation. A pending operation on the same target (a draft saved again offline) takes the
 * new payload and keeps its base and its place, so one save goes out with what the user saw first. Throws
 * OfflineQueueFullError at the limit.
 */
export function enqueue(
  queue: readonly OfflineOperation[],
  op: NewOperation,
  now: number,
): OfflineOperation[] {
  if (op.target) {
    const index = queue.findIndex(
      (q) => q.status === 'pending' && q.kind === op.kind && q.target === op.target && q.orgId === op.orgId,
    );
    if (index >= 0) {
      const next = [...queue];
      next[index] = { ...queue[index]!, payload: op.payload };
      return next;
    }
  }
  if (queue.length >= OFFLINE_QUEUE_MAX) throw new OfflineQueueFullError();
  return [...queue, { ...op, status: 'pending', retryCount: 0, createdAt: now }];
}

/** Completed operations purged, and every entry older than 7 days. */
export function cleanup(queue: readonly OfflineOperation[], now: number): OfflineOperation[] {
  return queue.filter((op) => op.status !== 'completed' && now - op.createdAt <= OFFLINE_MAX_AGE_MS);
}

/** The delay before retry number `retryCount` (1, 2, 3): 5 s × the count. */
export function retryDelayMs(retryCount: number): number {
  return OFFLINE_RETRY_STEP_MS * retryCount;
}

/** The operations to send now, oldest first: pending ones, and retry_pending ones whose time has come. */
export function dueOperations(queue: readonly OfflineOperation[], now: number): OfflineOperation[] {
  return queue
    .filter(
      (op) => op.status === 'pending' || (op.status === 'retry_pending' && (op.nextAttemptAt ?? 0) <= now),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** When the next retry is due (for a timer), or null. */
export function nextRetryAt(queue: readonly OfflineOperation[]): number | null {
  const times = queue.filter((op) => op.status === 'retry_pending').map((op) => op.nextAttemptAt ?? 0);
  return times.length ? Math.min(...times) : null;
}

export function markCompleted<T extends OfflineOperation>(op: T): T {
  return { ...op, status: 'completed', error: undefined, nextAttemptAt: undefined };
}

export function markSkipped<T extends OfflineOperation>(op: T): T {
  return { ...op, status: 'skipped', nextAttemptAt: undefined };
}

export function markConflict<T extends OfflineOperation>(op: T): T {
  return { ...op, status: 'conflict_pending', nextAttemptAt: undefined };
}

/**
 * A failed attempt: retry_pending while the retry count is below 3 (the next try 5 s × the new count later),
 * failed after that. A refusal that no retry can change (the server said the request is wrong: a 4xx) is failed
 * at once.
 */
export function markFailed<T extends OfflineOperation>(
  op: T,
  error: { code: string; retryable: boolean },
  now: number,
): T {
  if (error.retryable && op.retryCount < OFFLINE_MAX_RETRIES) {
    const retryCount = op.retryCount + 1;
    return {
      ...op,
      status: 'retry_pending',
      retryCount,
      nextAttemptAt: now + retryDelayMs(retryCount),
      error: error.code,
    };
  }
  return { ...op, status: 'failed', nextAttemptAt: undefined, error: error.code };
}

/** The user's answer to a content conflict: their version goes out again (pending), or the server's stays. */
export function resolveByUser<T extends OfflineOperation>(op: T, keep: 'mine' | 'theirs'): T {
  return keep === 'mine'
    ? { ...op, status: 'pending', retryCount: 0, nextAttemptAt: undefined }
    : markSkipped(op);
}

// Conflicts ---------------------------------------------------------------------------------------------------

export type ConflictField = 'read' | 'starred' | 'folder' | 'delete' | 'labels' | 'content';
export type ConflictStrategy = 'server_wins' | 'client_wins' | 'merge' | 'prompt';

/** Spec §9. */
export const CONFLICT_STRATEGY: Readonly<Record<ConflictField, ConflictStrategy>> = {
  read: 'server_wins',
  starred: 'client_wins',
  folder: 'client_wins',
  delete: 'client_wins',
  labels: 'merge',
  content: 'prompt',
};

/** A message as the conflict check compares it. */
export interface MessageState {
  isRead: boolean;
  isStarred: boolean;
  folderId: string;
  labelIds: string[];
}

/** The mail actions the queue carries, with the field each one changes. */
export const MAIL_ACTION_FIELD: Readonly<Record<string, ConflictField>> = {
  read: 'read',
  unread: 'read',
  star: 'starred',
  unstar: 'starred',
  // Not in the spec's table: flags of the same kind as the star, so the client's choice stands as for the star.
  important: 'starred',
  unimportant: 'starred',
  confidential: 'starred',
  unconfidential: 'starred',
  label: 'labels',
  unlabel: 'labels',
  move: 'folder',
  trash: 'delete',
  delete: 'delete',
};

/** Labels merged: the server's, with what the client added and without what it removed (from the same base). */
export function mergeLabels(base: readonly string[], server: readonly string[], client: readonly string[]) {
  const added = client.filter((l) => !base.includes(l));
  const removed = new Set(base.filter((l) => !client.includes(l)));
  const merged = server.filter((l) => !removed.has(l));
  for (const l of added) if (!merged.includes(l)) merged.push(l);
  return merged;
}

function changedOnServer(field: ConflictField, base: MessageState, server: MessageState): boolean {
  switch (field) {
    case 'read':
      return base.isRead !== server.isRead;
    case 'starred':
      return base.isStarred !== server.isStarred;
    case 'folder':
    case 'delete':
      return base.folderId !== server.folderId;
    case 'labels':
      return [...base.labelIds].sort().join() !== [...server.labelIds].sort().join();
    case 'content':
      return false;
  }
}

export type MessageDecision =
  /** Nothing changed on the server meanwhile: the action goes as it was made. */
  | { send: true; conflict: false }
  /** A conflict the strategy settles: `send` says whether the client's change still goes. */
  | { send: boolean; conflict: true; strategy: Exclude<ConflictStrategy, 'prompt'> };

/**
 * One message of a queued mail action against the server's state now: was it changed there since the client saw
 * it, and does the client's change still go? Read status: the server's stands (the message is left out). Starred,
 * folder, delete: the client's goes. Labels: the client's add or removal goes onto the server's labels, which
 * keeps the server's own changes (a merge).
 */
export function decideMessage(action: string, base: MessageState, server: MessageState): MessageDecision {
  const field = MAIL_ACTION_FIELD[action];
  if (!field || !changedOnServer(field, base, server)) return { send: true, conflict: false };
  const strategy = CONFLICT_STRATEGY[field];
  if (strategy === 'server_wins') return { send: false, conflict: true, strategy };
  if (strategy === 'prompt') return { send: true, conflict: false };
  return { send: true, conflict: true, strategy };
}

/** What a sync run did, for the spec's toasts. */
export interface SyncSummary {
  synced: number;
  failed: number;
  /** Conflicts settled by the strategy (server wins, client wins, merge). */
  resolved: number;
  /** Conflicts waiting for the user. */
  asking: number;
}

export function summarize(
  before: readonly OfflineOperation[],
  after: readonly OfflineOperation[],
  resolved: number,
): SyncSummary {
  const was = new Map(before.map((op) => [op.id, op.status]));
  let synced = 0;
  let failed = 0;
  let asking = 0;
  for (const op of after) {
    if (was.get(op.id) === op.status) continue;
    if (op.status === 'completed') synced += 1;
    else if (op.status === 'failed') failed += 1;
    else if (op.status === 'conflict_pending') asking += 1;
  }
  return { synced, failed, resolved, asking };
}
