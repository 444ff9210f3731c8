import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { session } from '../../db/schema/auth.ts';
import type { DbOrTx } from '../../db/database.ts';

/** The user's sessions that have not expired, most recently active first (never the tokens). */
export async function listUserSessions(db: DbOrTx, userId: string, now = new Date()) {
  return db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      lastActiveAt: session.lastActiveAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.lastActiveAt), desc(session.createdAt));
}

/** Deletes one of the user's sessions; false when the id is not one of theirs. */
export async function deleteUserSession(db: DbOrTx, userId: string, sessionId: string) {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return deleted.length > 0;
}

/**
 * Deletes every session of the user, except `keepId` when given (the caller's own current session); returns the
 * ids deleted.
 */
export async function deleteUserSessions(db: DbOrTx, userId: string, keepId?: string | null) {
  const deleted = await db
    .delete(session)
    .where(keepId ? and(eq(session.userId, userId), ne(session.id, keepId)) : eq(session.userId, userId))
    .returning({ id: session.id });
  return deleted.map((row) => row.id);
}

/** Deletes every session of the user except `keepId`; returns the ids deleted. */
export async function deleteOtherUserSessions(db: DbOrTx, userId: string, keepId: string) {
  return deleteUserSessions(db, userId, keepId);
}
