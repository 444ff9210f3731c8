import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { member, organization, user } from '../../db/schema/auth.ts';
import { businessProfiles } from '../../db/schema/business-profiles.ts';
import { reportSchedules } from '../../db/schema/reports.ts';

/** Scheduled reports' rows. Every query names the organization, except the job's scan of what is due. */

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type ScheduleValues = Pick<
  typeof reportSchedules.$inferInsert,
  'report' | 'format' | 'frequency' | 'day' | 'recipients' | 'language' | 'active' | 'nextRunAt'
>;

export async function listSchedules(db: DbOrTx, orgId: string): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.organizationId, orgId))
    .orderBy(asc(reportSchedules.createdAt), asc(reportSchedules.id))
    .limit(200);
}

export async function findSchedule(db: DbOrTx, orgId: string, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.organizationId, orgId), eq(reportSchedules.id, id)));
  return row;
}

export async function insertSchedule(
  db: DbOrTx,
  orgId: string,
  values: ScheduleValues & { createdBy: string },
): Promise<ScheduleRow> {
  const [row] = await db
    .insert(reportSchedules)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row!;
}

export async function updateSchedule(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<ScheduleValues> & { requestedBy?: string | null },
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(reportSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(reportSchedules.organizationId, orgId), eq(reportSchedules.id, id)))
    .returning();
  return row;
}

export async function deleteSchedule(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.organizationId, orgId), eq(reportSchedules.id, id)))
    .returning();
  return row;
}

/** Active schedules due now, oldest first (every organization: the job's scan). */
export async function listDueSchedules(db: DbOrTx, now: Date, limit = 20): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.active, true), lte(reportSchedules.nextRunAt, now)))
    .orderBy(asc(reportSchedules.nextRunAt))
    .limit(limit);
}

/**
 * Claims one run: moves next_run_at on to the next run only if it is still the one this instance read, so of
 * two instances that saw the same due schedule exactly one gets it back.
 */
export async function claimRun(
  db: DbOrTx,
  row: Pick<ScheduleRow, 'id' | 'organizationId' | 'nextRunAt'>,
  nextRunAt: Date,
): Promise<ScheduleRow | undefined> {
  const [claimed] = await db
    .update(reportSchedules)
    .set({ nextRunAt, lastStatus: 'running', requestedBy: null, updatedAt: new Date() })
    .where(
      and(
        eq(reportSchedules.organizationId, row.organizationId),
        eq(reportSchedules.id, row.id),
        eq(reportSchedules.active, true),
        eq(reportSchedules.nextRunAt, row.nextRunAt),
      ),
    )
    .returning();
  return claimed;
}

export async function recordRun(
  db: DbOrTx,
  orgId: string,
  id: string,
  result: Pick<ScheduleRow, 'lastRunAt' | 'lastStatus' | 'lastError'> &
    Partial<Pick<ScheduleRow, 'lastFileKey' | 'lastFileName'>>,
) {
  await db
    .update(reportSchedules)
    .set({ ...result, updatedAt: new Date() })
    .where(and(eq(reportSchedules.organizationId, orgId), eq(reportSchedules.id, id)));
}

/** The members of the organization among the given user ids, with name and e-mail. */
export async function membersAmong(db: DbOrTx, orgId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(member.userId, user.id))
    .where(and(eq(member.organizationId, orgId), inArray(member.userId, userIds)));
}

/** Every member of the organization, by name: whom a report can be sent to. */
export async function listRecipients(db: DbOrTx, orgId: string) {
  return db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(member.userId, user.id))
    .where(eq(member.organizationId, orgId))
    .orderBy(asc(user.name), asc(user.id))
    .limit(1000);
}

/** Names of users (schedule creators), whether or not still members. */
export async function userNames(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select({ userId: user.id, name: user.name }).from(user).where(inArray(user.id, userIds));
}

/** The business's name for a report's heading: the profile's company name, else the organization's name. */
export async function businessName(db: DbOrTx, orgId: string): Promise<string> {
  const [row] = await db
    .select({ company: businessProfiles.companyName, org: organization.name })
    .from(organization)
    .leftJoin(businessProfiles, eq(businessProfiles.organizationId, organization.id))
    .where(eq(organization.id, orgId));
  return row?.company?.trim() || row?.org || '';
}
