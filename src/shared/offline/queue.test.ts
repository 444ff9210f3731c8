import { describe, expect, it } from 'vitest';
import {
  cleanup,
  decideMessage,
  dueOperations,
  enqueue,
  markCompleted,
  markConflict,
  markFailed,
  mergeLabels,
  nextRetryAt,
  OFFLINE_MAX_AGE_MS,
  OFFLINE_QUEUE_MAX,
  OfflineQueueFullError,
  resolveByUser,
  retryDelayMs,
  summarize,
  type MessageState,
  type NewOperation,
  type OfflineOperation,
} from './queue.ts';

const T0 = Date.UTC(2026, 0, 10, 9);
const op = (id: string, extra: Partial<NewOperation> = {}): NewOperation => ({
  id,
  userId: 'u1',
  orgId: 'o1',
  kind: 'mail.action',
  payload: { action: 'star', ids: ['m1'] },
  ...extra,
});
const retryable = { code: 'NETWORK_ERROR', retryable: true };

describe('offline queue: states', () => {
  it('a new operation is pending, then completed on success, and completed ones are purged', () => {
    const [queued] = enqueue([], op('a'), T0);
    expect(queued).toMatchObject({ status: 'pending', retryCount: 0, createdAt: T0 });
    const done = markCompleted(queued!);
    expect(done.status).toBe('completed');
    expect(cleanup([done, queued!], T0)).toEqual([queued]);
  });

  it('a failure is retry_pending below 3 retries, failed after the third; a 4xx fails at once', () => {
    let current: OfflineOperation = enqueue([], op('a'), T0)[0]!;
    const seen: [string, number][] = [];
    for (let i = 0; i < 4; i += 1) {
      current = markFailed(current, retryable, T0);
      seen.push([current.status, current.retryCount]);
    }
    expect(seen).toEqual([
      ['retry_pending', 1],
      ['retry_pending', 2],
      ['retry_pending', 3],
      ['failed', 3],
    ]);
    const refused = markFailed(
      enqueue([], op('b'), T0)[0]!,
      { code: 'VALIDATION_ERROR', retryable: false },
      T0,
    );
    expect(refused).toMatchObject({ status: 'failed', error: 'VALIDATION_ERROR', retryCount: 0 });
  });

  it('a content conflict waits for the user: theirs skips it, mine sends it again', () => {
    const waiting = markConflict(enqueue([], op('a', { kind: 'mail.draft' }), T0)[0]!);
    expect(waiting.status).toBe('conflict_pending');
    expect(resolveByUser(waiting, 'theirs').status).toBe('skipped');
    expect(resolveByUser(waiting, 'mine')).toMatchObject({ status: 'pending', retryCount: 0 });
  });

  it('holds at most 1,000 operations and cleans entries older than 7 days', () => {
    let queue: OfflineOperation[] = [];
    for (let i = 0; i < OFFLINE_QUEUE_MAX; i += 1) queue = enqueue(queue, op(`op${i}`), T0 + i);
    expect(() => enqueue(queue, op('one-more'), T0)).toThrow(OfflineQueueFullError);
    const later = T0 + OFFLINE_MAX_AGE_MS + 500;
    // Created at T0 + i: those up to 500 ms after T0 are more than 7 days old at `later`.
    expect(cleanup(queue, later)).toHaveLength(OFFLINE_QUEUE_MAX - 500);
  });

  it('a draft saved again while pending replaces the payload and keeps its base and place', () => {
    const first = op('a', { kind: 'mail.draft', target: 'd1', payload: { subject: 'A' }, base: 3 });
    const again = op('b', { kind: 'mail.draft', target: 'd1', payload: { subject: 'AB' }, base: 3 });
    const queue = enqueue(enqueue([], first, T0), again, T0 + 1);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ id: 'a', payload: { subject: 'AB' }, base: 3 });
  });
});

describe('offline queue: retry timing', () => {
  it('waits 5 s times the retry count, and only due retries are sent', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([5000, 10000, 15000]);
    const first = markFailed(enqueue([], op('a'), T0)[0]!, retryable, T0);
    expect(first.nextAttemptAt).toBe(T0 + 5000);
    const second = markFailed(first, retryable, T0 + 5000);
    expect(second.nextAttemptAt).toBe(T0 + 5000 + 10000);
    const pending = enqueue([], op('b'), T0 + 1)[0]!;
    expect(dueOperations([second, pending], T0 + 14_999).map((o) => o.id)).toEqual(['b']);
    expect(dueOperations([second, pending], T0 + 15_000).map((o) => o.id)).toEqual(['a', 'b']);
    expect(nextRetryAt([second, pending])).toBe(T0 + 15_000);
  });
});

describe('offline queue: conflict strategy', () => {
  const base: MessageState = { isRead: false, isStarred: false, folderId: 'inbox', labelIds: ['work'] };

  it('read status: the server wins when it changed meanwhile', () => {
    expect(decideMessage('read', base, { ...base, isRead: true })).toMatchObject({
      send: false,
      conflict: true,
      strategy: 'server_wins',
    });
    expect(decideMessage('read', base, base)).toEqual({ send: true, conflict: false });
  });

  it('starred, folder and delete: the client wins', () => {
    expect(decideMessage('star', base, { ...base, isStarred: true })).toMatchObject({
      send: true,
      strategy: 'client_wins',
    });
    expect(decideMessage('move', base, { ...base, folderId: 'archive' })).toMatchObject({
      send: true,
      strategy: 'client_wins',
    });
    expect(decideMessage('trash', base, { ...base, folderId: 'spam' })).toMatchObject({
      send: true,
      strategy: 'client_wins',
    });
  });

  it('labels: merged, keeping what the server added and what the client added or removed', () => {
    expect(decideMessage('label', base, { ...base, labelIds: ['work', 'urgent'] })).toMatchObject({
      send: true,
      strategy: 'merge',
    });
    expect(mergeLabels(['work'], ['work', 'urgent'], ['work', 'invoices'])).toEqual([
      'work',
      'urgent',
      'invoices',
    ]);
    expect(mergeLabels(['work', 'old'], ['work', 'old', 'urgent'], ['old'])).toEqual(['old', 'urgent']);
  });

  it('a run is summarised for the toasts', () => {
    const before = [1, 2, 3].map((i) => enqueue([], op(`o${i}`), T0)[0]!);
    const after = [
      markCompleted(before[0]!),
      markFailed(before[1]!, { code: 'X', retryable: false }, T0),
      markConflict(before[2]!),
    ];
    expect(summarize(before, after, 2)).toEqual({ synced: 1, failed: 1, resolved: 2, asking: 1 });
  });
});
