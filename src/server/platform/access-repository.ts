import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { member, session, user } from '../db/schema/auth.ts';
import { auditLogs } from '../db/schema/security.ts';

/** The queries of the access guard, step-up, better-auth's session hook and the audit writer. */

/**
 * The access guard's one query: the session of a token, its user, and the user's role in the session's active
 * organization (null when not a member, or no organization is active).
 */
export async function findSessionWithMembership(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      lastActiveAt: session.lastActiveAt,
      activeOrganizationId: session.activeOrganizationId,
      userId: user.id,
      name: user.name,
      email: user.email,
      role: member.role,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(
      member,
      and(eq(member.userId, session.userId), eq(member.organizationId, session.activeOrganizationId)),
    )
    .where(eq(session.token, token));
  return row;
}

export async function touchSessionAt(db: DbOrTx, sessionId: string, at: Date) {
  await db.update(session).set({ lastActiveAt: at }).where(eq(session.id, sessionId));
}

export async function findMembershipRole(db: DbOrTx, userId: string, organizationId: string) {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.userId, userId), eq(member.organizationId, organizationId)));
  return row?.role;
}

/** Up to `limit` organizations the user belongs to. */
export async function listMembershipOrganizationIds(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ organizationId: member.organizationId })
    .from(member)
    .where(eq(member.userId, userId))
    .limit(limit);
}

/** When the session was last re-verified, and whether its user has two-factor on. */
export async function findStepUpState(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({ reverifiedAt: session.reverifiedAt, twoFactorEnabled: user.twoFactorEnabled })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.id, sessionId));
  return row;
}

export type AuditLogValues = typeof auditLogs.$inferInsert;

export async function insertAuditLog(db: DbOrTx, values: AuditLogValues) {
  await db.insert(auditLogs).values(values);
}
