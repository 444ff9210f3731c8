import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '@shared/calendar/contracts.ts';
import { isValidTimeZone } from '@shared/dates/dates.ts';
import type { DbOrTx } from '../../db/database.ts';
import { member, organization, user } from '../../db/schema/auth.ts';
import { organizationSettings } from '../../db/schema/organization-settings.ts';

export async function listMembershipsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role })
    .from(member)
    .innerJoin(organization, eq(member.organizationId, organization.id))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name));
}

export async function listMembers(db: DbOrTx, orgId: string, page: { limit: number; offset: number }) {
  const where = eq(member.organizationId, orgId);
  const [items, [totalRow]] = await Promise.all([
    db
      .select({
        id: member.id,
        userId: member.userId,
        name: user.name,
        email: user.email,
        role: member.role,
        createdAt: member.createdAt,
      })
      .from(member)
      .innerJoin(user, eq(member.userId, user.id))
      .where(where)
      .orderBy(asc(user.name), asc(member.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(member).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

/**
 * The demo organization is marked in better-auth's organization metadata (JSON written by better-auth with
 * JSON.stringify) when the seed creates it. Its data is made up, so no automatic job mails anyone on its behalf.
 */
export const DEMO_ORGANIZATION_METADATA = { demo: true } as const;

/** A condition for a job's query: the organization in `orgIdColumn` is not the demo organization. */
export function notDemoOrganization(orgIdColumn: AnyPgColumn): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${organization} WHERE ${organization.id} = ${orgIdColumn}
    AND (${organization.metadata})::jsonb ->> 'demo' = 'true')`;
}

/**
 * The organization's time zone (Europe/Rome until one is set): the only read of it, used by every module whose
 * dates follow the organization's calendar (invoicing, calendar, audit log).
 */
export async function organizationTimeZone(db: DbOrTx, orgId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizationSettings.timeZone })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, orgId));
  return row && isValidTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE;
}

/** The organization's owners: who hears of what arrives for the business (the SDI's answers, received invoices). */
export async function organizationOwnerIds(db: DbOrTx, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, orgId), eq(member.role, 'owner')));
  return rows.map((r) => r.userId);
}
