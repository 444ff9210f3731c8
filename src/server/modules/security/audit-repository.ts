import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditSeverity } from '@shared/security/audit.ts';
import { member, user } from '../../db/schema/auth.ts';
import { auditLogs } from '../../db/schema/security.ts';
import type { DbOrTx } from '../../db/database.ts';

/** Filters as instants: the service turns days of the organization's calendar into them. */
export interface AuditWhere {
  userId?: string;
  action?: string;
  severity?: AuditSeverity;
  fromInclusive?: Date;
  toExclusive?: Date;
}

/**
 * What an organization's log shows: its own entries, plus the user-level entries (no organization) of its
 * current members. Entries another organization wrote about the same users are never included. Each branch
 * of the OR has its index: (organization_id, created_at) and (user_id, created_at).
 */
function scopeOf(db: DbOrTx, orgId: string): SQL {
  const members = db.select({ id: member.userId }).from(member).where(eq(member.organizationId, orgId));
  return or(
    eq(auditLogs.organizationId, orgId),
    and(isNull(auditLogs.organizationId), inArray(auditLogs.userId, members)),
  )!;
}

function whereOf(db: DbOrTx, orgId: string, filters: AuditWhere): SQL {
  const conditions: SQL[] = [scopeOf(db, orgId)];
  if (filters.userId) conditions.push(eq(auditLogs.userId, filters.userId));
  if (filters.action) conditions.push(eq(auditLogs.action, filters.action));
  if (filters.severity) conditions.push(eq(auditLogs.severity, filters.severity));
  if (filters.fromInclusive) conditions.push(gte(auditLogs.createdAt, filters.fromInclusive));
  if (filters.toExclusive) conditions.push(lt(auditLogs.createdAt, filters.toExclusive));
  return and(...conditions)!;
}

const actor = alias(user, 'audit_actor');
const target = alias(user, 'audit_target');

export type AuditRow = Awaited<ReturnType<typeof listAuditLogs>>[number];

/** Newest first (the id breaks ties of the same instant, so pages never overlap). */
export async function listAuditLogs(
  db: DbOrTx,
  orgId: string,
  filters: AuditWhere,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: auditLogs.id,
      organizationId: auditLogs.organizationId,
      action: auditLogs.action,
      severity: auditLogs.severity,
      userId: auditLogs.userId,
      userEmail: auditLogs.userEmail,
      userName: actor.name,
      userCurrentEmail: actor.email,
      targetUserId: auditLogs.targetUserId,
      targetName: target.name,
      targetEmail: target.email,
      details: auditLogs.details,
      ipAddress: auditLogs.ipAddress,
      userAgent: auditLogs.userAgent,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .leftJoin(actor, eq(actor.id, auditLogs.userId))
    .leftJoin(target, eq(target.id, auditLogs.targetUserId))
    .where(whereOf(db, orgId, filters))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditLogs(db: DbOrTx, orgId: string, filters: AuditWhere): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditLogs)
    .where(whereOf(db, orgId, filters));
  return Number(row?.total ?? 0);
}

/** The organization's current members, for the user filter. */
export async function listMembers(db: DbOrTx, orgId: string) {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, orgId))
    .orderBy(asc(user.name), asc(user.email));
}
