import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  account,
  invitation,
  member,
  organization,
  session,
  twoFactor,
  user,
  verification,
} from '../../db/schema/auth.ts';
import { businessProfiles } from '../../db/schema/business-profiles.ts';
import { calendarFeeds } from '../../db/schema/calendar.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { auditLogs } from '../../db/schema/security.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { RegisteredTable } from '../../db/table-registry.ts';

/** Rows per read of the personal lists: a page is serialised into the zip before the next one is read. */
export const EXPORT_PAGE_SIZE = 100;

// ---- Personal data -------------------------------------------------------------------------------------

export async function findUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** Sign-in methods: the provider and its account id, whether a password is set, never the hash or tokens. */
export async function accountsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      providerId: account.providerId,
      accountId: account.accountId,
      scope: account.scope,
      hasPassword: sql<boolean>`${account.password} is not null`,
      createdAt: account.createdAt,
      updatedAt: account.updatedAt,
    })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(asc(account.createdAt));
}

/** Sessions without their tokens. */
export async function sessionsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: session.id,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      lastActiveAt: session.lastActiveAt,
      expiresAt: session.expiresAt,
      reverifiedAt: session.reverifiedAt,
      activeOrganizationId: session.activeOrganizationId,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
}

export async function membershipsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      organizationId: organization.id,
      organizationName: organization.name,
      role: member.role,
      joinedAt: member.createdAt,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name), asc(organization.id));
}

/** Invitations sent to the user's address or sent by the user. */
export async function invitationsOf(db: DbOrTx, userId: string, email: string) {
  return db
    .select({
      organizationId: invitation.organizationId,
      organizationName: organization.name,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      sentByYou: sql<boolean>`${invitation.inviterId} = ${userId}`,
      expiresAt: invitation.expiresAt,
      createdAt: invitation.createdAt,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(or(eq(invitation.inviterId, userId), sql`lower(${invitation.email}) = lower(${email})`))
    .orderBy(asc(invitation.createdAt), asc(invitation.id));
}

/** Whether two-factor is set up: never the secret or the backup codes. */
export async function twoFactorOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      verified: twoFactor.verified,
      failedVerificationCount: twoFactor.failedVerificationCount,
      lockedUntil: twoFactor.lockedUntil,
    })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row;
}

/** The user's calendar subscriptions, without the token's hash. */
export async function calendarFeedsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: calendarFeeds.id,
      organizationId: calendarFeeds.organizationId,
      createdAt: calendarFeeds.createdAt,
      lastUsedAt: calendarFeeds.lastUsedAt,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .orderBy(asc(calendarFeeds.createdAt));
}

/**
 * Where a chronological page ends: the instant as PostgreSQL's text (microseconds kept, which a JS Date
 * would round away and so repeat or skip rows) and the id that breaks ties.
 */
export type TimeCursor = { at: string; id: string };

/** Audit entries the user made or that are about them, oldest first, a page after `after`. */
export async function auditPageAbout(db: DbOrTx, userId: string, after: TimeCursor | null) {
  const about = or(eq(auditLogs.userId, userId), eq(auditLogs.targetUserId, userId))!;
  return db
    .select({
      id: auditLogs.id,
      organizationId: auditLogs.organizationId,
      action: auditLogs.action,
      severity: auditLogs.severity,
      userId: auditLogs.userId,
      userEmail: auditLogs.userEmail,
      targetUserId: auditLogs.targetUserId,
      details: auditLogs.details,
      ipAddress: auditLogs.ipAddress,
      userAgent: auditLogs.userAgent,
      createdAt: auditLogs.createdAt,
      cursorAt: sql<string>`${auditLogs.createdAt}::text`,
    })
    .from(auditLogs)
    .where(
      after
        ? and(
            about,
            sql`(${auditLogs.createdAt}, ${auditLogs.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
          )
        : about,
    )
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id))
    .limit(EXPORT_PAGE_SIZE);
}

/** Messages of the outbox addressed to the user, oldest first, a page after `after`. */
export async function mailPageTo(db: DbOrTx, email: string, after: TimeCursor | null) {
  const addressed = sql`exists (select 1 from unnest(${mailOutbox.toAddresses}) as a(address) where lower(a.address) = lower(${email}))`;
  return db
    .select({
      id: mailOutbox.id,
      organizationId: mailOutbox.organizationId,
      fromAddress: mailOutbox.fromAddress,
      toAddresses: mailOutbox.toAddresses,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      attachments: sql<
        { filename: string; contentType: string; size: number }[]
      >`coalesce((select jsonb_agg(jsonb_build_object('filename', x->>'filename', 'contentType', x->>'contentType', 'size', (length(x->>'contentBase64') * 3) / 4)) from jsonb_array_elements(${mailOutbox.attachments}) as x), '[]'::jsonb)`,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      cursorAt: sql<string>`${mailOutbox.createdAt}::text`,
    })
    .from(mailOutbox)
    .where(
      after
        ? and(
            addressed,
            sql`(${mailOutbox.createdAt}, ${mailOutbox.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
          )
        : addressed,
    )
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(EXPORT_PAGE_SIZE);
}

// ---- Generic reads of registered tables ---------------------------------------------------------------

export type Cursor = unknown[];

/**
 * One page of a registered table, in primary key order after `after` (keyset pagination: every page costs
 * the same, however deep). Returns the exported columns and the key of the last row.
 */
export async function tablePage(
  db: DbOrTx,
  target: RegisteredTable,
  where: SQL,
  after: Cursor | null,
  limit = target.pageSize,
): Promise<{ rows: Record<string, unknown>[]; next: Cursor | null }> {
  const keys = target.primaryKey;
  const selection: Record<string, unknown> = { ...target.exported };
  keys.forEach((column, i) => (selection[`__key${i}`] = column));
  const afterKey = after
    ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
        after.map((value, i) => sql.param(value, keys[i])),
        sql`, `,
      )})`
    : undefined;
  const rows = (await db
    .select(selection as never)
    .from(target.table)
    .where(afterKey ? and(where, afterKey) : where)
    .orderBy(...keys.map((c) => asc(c)))
    .limit(limit)) as Record<string, unknown>[];
  let next: Cursor | null = null;
  const last = rows.at(-1);
  if (last && rows.length === limit) next = keys.map((_, i) => last[`__key${i}`]);
  for (const row of rows) keys.forEach((_, i) => delete row[`__key${i}`]);
  return { rows, next };
}

/** Rows of an organization table. */
export function ofOrganization(target: RegisteredTable, orgId: string): SQL {
  return eq(target.organizationColumn!, orgId);
}

/** Rows the user made, in the organizations they are still a member of. */
export function madeBy(db: DbOrTx, target: RegisteredTable, userId: string): SQL {
  const memberships = db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId));
  return and(eq(target.creatorColumn!, userId), inArray(target.organizationColumn!, memberships))!;
}

export async function findOrganization(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo,
      metadata: organization.metadata,
      createdAt: organization.createdAt,
    })
    .from(organization)
    .where(eq(organization.id, orgId));
  return row;
}

export async function membersWithUsers(db: DbOrTx, orgId: string) {
  return db
    .select({
      userId: member.userId,
      name: user.name,
      email: user.email,
      role: member.role,
      joinedAt: member.createdAt,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, orgId))
    .orderBy(asc(user.name), asc(member.id));
}

// ---- Account deletion ----------------------------------------------------------------------------------

/** The organizations of the user with their role and how many super admins and members each has. */
/**
 * Locks the rows of the user's organizations (in id order, as every locker does), so that the deletion plan
 * cannot race a demotion or another super_admin's deletion into an organization without a super_admin.
 */
export async function lockUserOrganizations(db: DbOrTx, userId: string) {
  await db
    .select({ id: organization.id })
    .from(organization)
    .where(inArray(organization.id, userOrganizationIds(db, userId)))
    .orderBy(asc(organization.id))
    .for('update');
}

const userOrganizationIds = (db: DbOrTx, userId: string) =>
  db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId));

export async function membershipsWithCounts(db: DbOrTx, userId: string) {
  const superAdmins = db
    .select({ organizationId: member.organizationId, n: count().as('super_admins') })
    .from(member)
    .where(
      and(eq(member.role, 'super_admin'), inArray(member.organizationId, userOrganizationIds(db, userId))),
    )
    .groupBy(member.organizationId)
    .as('super_admins');
  const members = db
    .select({ organizationId: member.organizationId, n: count().as('members') })
    .from(member)
    .where(inArray(member.organizationId, userOrganizationIds(db, userId)))
    .groupBy(member.organizationId)
    .as('members');
  return db
    .select({
      id: organization.id,
      name: organization.name,
      role: member.role,
      superAdmins: sql<number>`coalesce(${superAdmins.n}, 0)`.mapWith(Number),
      members: sql<number>`coalesce(${members.n}, 0)`.mapWith(Number),
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(superAdmins, eq(superAdmins.organizationId, member.organizationId))
    .leftJoin(members, eq(members.organizationId, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name), asc(organization.id));
}

/** The other members of some organizations: who can take them over. */
export async function otherMembers(db: DbOrTx, orgIds: string[], userId: string) {
  if (orgIds.length === 0) return [];
  return db
    .select({
      organizationId: member.organizationId,
      userId: member.userId,
      name: user.name,
      email: user.email,
      role: member.role,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(inArray(member.organizationId, orgIds), ne(member.userId, userId)))
    .orderBy(asc(user.name), asc(member.id));
}

export async function setRole(db: DbOrTx, orgId: string, userId: string, role: string) {
  await db
    .update(member)
    .set({ role })
    .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)));
}

/** Deletes every row of one registered table that belongs to the organization. */
export async function deleteOrganizationRows(db: DbOrTx, target: RegisteredTable, orgId: string) {
  await db.delete(target.table).where(eq(target.organizationColumn!, orgId));
}

export async function deleteOrganizationRow(db: DbOrTx, orgId: string) {
  await db.delete(organization).where(eq(organization.id, orgId));
}

/** Sessions of other members that had the deleted organization active start without one. */
export async function clearActiveOrganization(db: DbOrTx, orgId: string) {
  await db.update(session).set({ activeOrganizationId: null }).where(eq(session.activeOrganizationId, orgId));
}

export async function sessionIdsOf(db: DbOrTx, userId: string) {
  const rows = await db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Deletes the user: sessions, sign-in accounts, memberships, two-factor, calendar subscriptions and the
 * invitations they sent go with it (ON DELETE CASCADE); records they made keep existing without an author
 * (SET NULL); pending password-reset tokens are removed here.
 */
export async function deleteUserRow(db: DbOrTx, userId: string) {
  await db.delete(verification).where(eq(verification.value, userId));
  await db.delete(user).where(eq(user.id, userId));
}

/** The keys of an organization's stored files (today its logo), to remove once its rows are deleted. */
export async function storedFileKeysOf(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ key: businessProfiles.logoKey })
    .from(businessProfiles)
    .where(eq(businessProfiles.organizationId, organizationId));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
