import { and, eq } from 'drizzle-orm';
import type { Db } from './db.ts';
import { member, session, user } from '../db/schema/auth.ts';

/**
 * The access guard's one query: the session of a token, its user, and the user's role in the session's active
 * organization (null when not a member, or no organization is active).
 */
export async function findSessionWithMembership(db: Db, token: string) {
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
