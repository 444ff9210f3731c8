import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';

// The idempotency keys' queries (platform/idempotency.ts holds the rules).

export type StoredKey = {
  userId: string;
  scope: string;
  status: number | null;
  response: unknown;
};

/** Claims the key for a request about to run: true when this request is the first with it. */
export async function claimKey(
  db: DbOrTx,
  row: { orgId: string; key: string; userId: string; scope: string },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ organizationId: row.orgId, key: row.key, userId: row.userId, scope: row.scope })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findKey(db: DbOrTx, orgId: string, key: string): Promise<StoredKey | null> {
  const [row] = await db
    .select({
      userId: idempotencyKeys.userId,
      scope: idempotencyKeys.scope,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.organizationId, orgId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

export async function storeAnswer(
  db: DbOrTx,
  orgId: string,
  key: string,
  answer: { status: number; response: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, response: sql`${JSON.stringify(answer.response)}::jsonb` })
    .where(and(eq(idempotencyKeys.organizationId, orgId), eq(idempotencyKeys.key, key)));
}

/** A request that failed leaves its key free, so the same request may be sent again. */
export async function releaseKey(db: DbOrTx, orgId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, orgId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.status),
      ),
    );
}

/** Keys older than `before` go (the organization's, when a new key comes). */
export async function pruneKeys(db: DbOrTx, orgId: string, before: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.organizationId, orgId), lt(idempotencyKeys.createdAt, before)));
}
