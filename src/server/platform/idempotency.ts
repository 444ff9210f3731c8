import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/database.ts';
import { AppError } from './errors.ts';
import { claimKey, findKey, pruneKeys, releaseKey, storeAnswer } from './idempotency-repository.ts';

/**
 * Idempotent creates (issue 18). A create that carries an `Idempotency-Key` header (the web's offline queue sends
 * its operation id) is done once per organization and key: the same request sent again (its answer was lost, the
 * queue replays it) gets the first answer again, with no second record. The key is claimed before the work runs,
 * so two copies arriving together do not both run: the second is told to try again (409 IDEMPOTENCY_IN_PROGRESS);
 * a key already used by another user or for another kind of request is refused (422 IDEMPOTENCY_KEY_REUSED).
 * Without the header the request runs as before. Keys are kept 7 days (the offline queue's own limit).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A UUID or any other opaque token of printable ASCII, as the IETF draft allows. */
const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;

/** The request's key, or null without one; a malformed key is the caller's mistake (400). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_ERROR', { header: 'Idempotency-Key' });
  }
  return key;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  /** The answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs `work` once for this organization and key (no key: every time). `work` answers the status and body to
 * send; they are kept for the repeats.
 */
export async function idempotent<T>(
  db: DbOrTx,
  scope: { orgId: string; userId: string; kind: string; key: string | null },
  work: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  const { orgId, userId, kind, key } = scope;
  if (!key) return { ...(await work()), replayed: false };
  if (!(await claimKey(db, { orgId, key, userId, scope: kind }))) {
    const stored = await findKey(db, orgId, key);
    if (stored && (stored.userId !== userId || stored.scope !== kind)) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    if (!stored || stored.status === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    return { status: stored.status, body: stored.response as T, replayed: true };
  }
  let answer: { status: number; body: T };
  try {
    answer = await work();
  } catch (error) {
    await releaseKey(db, orgId, key).catch(() => undefined);
    throw error;
  }
  await storeAnswer(db, orgId, key, { status: answer.status, response: answer.body });
  await pruneKeys(db, orgId, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
  return { ...answer, replayed: false };
}
