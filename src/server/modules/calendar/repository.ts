import { and, asc, count, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { member, organization, user } from '../../db/schema/auth.ts';
import { businessProfiles } from '../../db/schema/business-profiles.ts';
import {
  calendarFeeds,
  eventAttendees,
  eventComments,
  eventInvitationTokens,
  eventInvitations,
  events,
} from '../../db/schema/calendar.ts';
import { clients } from '../../db/schema/clients.ts';
import { notDemoOrganization } from '../organizations/index.ts';
import { independentReads, type DbOrTx } from '../../db/database.ts';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<
  typeof events.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'sequence'
>;
export type InvitationRow = typeof eventInvitations.$inferSelect;
export type InvitationValues = Omit<
  typeof eventInvitations.$inferInsert,
  'id' | 'organizationId' | 'eventId' | 'createdAt' | 'updatedAt'
>;
export type AttendeeRow = typeof eventAttendees.$inferSelect;
export type CommentRow = typeof eventComments.$inferSelect;

const REMINDABLE = ['pending', 'no_response'];

/** A calendar table whose rows belong to an organization and are named by an id. */
type OwnedTable = PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn };

/** The organization's row of a table with this id. */
function ownRow(table: OwnedTable, orgId: string, id: string): SQL | undefined {
  return and(eq(table.organizationId, orgId), eq(table.id, id));
}

/** Deletes the organization's row of a table with this id; whether there was one. */
async function deleteOwnRow(db: DbOrTx, table: OwnedTable, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(ownRow(table, orgId, id))
    .returning({ id: table.id });
  return rows.length > 0;
}

// ─── Organization context ──────────────────────────────────────────────────────────────────────────────────

/** Who invites: the business profile's name, e-mail and country, else the organization's name. */
export async function organizerOf(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({
      orgName: organization.name,
      companyName: businessProfiles.companyName,
      email: businessProfiles.email,
      country: businessProfiles.country,
    })
    .from(organization)
    .leftJoin(businessProfiles, eq(businessProfiles.organizationId, organization.id))
    .where(eq(organization.id, orgId));
  return row;
}

export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row;
}

/** The user's role in the organization, or undefined when no longer a member. */
export async function memberRole(db: DbOrTx, userId: string, orgId: string) {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.userId, userId), eq(member.organizationId, orgId)));
  return row?.role;
}

/** A client as the calendar invites it: names, e-mail and language. */
function selectClientContacts(db: DbOrTx) {
  return db
    .select({
      id: clients.id,
      companyName: clients.companyName,
      fullName: clients.fullName,
      email: clients.email,
      preferredLanguage: clients.preferredLanguage,
    })
    .from(clients);
}

export async function findClientContact(db: DbOrTx, orgId: string, clientId: string) {
  const [row] = await selectClientContacts(db).where(ownRow(clients, orgId, clientId));
  return row;
}

/** Every client of the organization as the calendar invites it (the demo seed picks its guests by name). */
export async function listClientContacts(db: DbOrTx, orgId: string) {
  return selectClientContacts(db).where(eq(clients.organizationId, orgId));
}

// ─── Events ────────────────────────────────────────────────────────────────────────────────────────────────

export async function findEvent(db: DbOrTx, orgId: string, id: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(ownRow(events, orgId, id));
  return row;
}

/** Events with an occurrence overlapping [from, to): single ones by their instants, series by their span. */
export async function listEventsOverlapping(
  db: DbOrTx,
  orgId: string,
  range: { from: Date; to: Date; clientId?: string },
) {
  const parts: SQL[] = [
    eq(events.organizationId, orgId),
    lt(events.startsAt, range.to),
    gt(events.seriesEndsAt, range.from),
  ];
  if (range.clientId) parts.push(eq(events.clientId, range.clientId));
  return db
    .select({
      event: events,
      clientCompanyName: clients.companyName,
      clientFullName: clients.fullName,
    })
    .from(events)
    .leftJoin(clients, eq(clients.id, events.clientId))
    .where(and(...parts))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(5000);
}

/** The organization's events whose last occurrence ends after `since` (the subscription feed). */
export async function listEventsEndingAfter(db: DbOrTx, orgId: string, since: Date) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.organizationId, orgId), gt(events.seriesEndsAt, since)))
    .orderBy(asc(events.startsAt))
    .limit(5000);
}

export async function insertEvent(db: DbOrTx, orgId: string, values: EventValues): Promise<EventRow> {
  const [row] = await db
    .insert(events)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row!;
}

/** Replaces the event's values; `bump` raises the iCalendar SEQUENCE in the same statement. */
export async function updateEvent(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<EventValues>,
  bump: boolean,
): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set({
      ...values,
      ...(bump ? { sequence: sql`${events.sequence} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(ownRow(events, orgId, id))
    .returning();
  return row;
}

export async function deleteEvent(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  return deleteOwnRow(db, events, orgId, id);
}

// ─── Invitations ───────────────────────────────────────────────────────────────────────────────────────────

/** Invitations with the check-in time of their attendee, if any. */
function selectInvitations(db: DbOrTx) {
  return db
    .select({ invitation: eventInvitations, checkedInAt: eventAttendees.checkedInAt })
    .from(eventInvitations)
    .leftJoin(eventAttendees, eq(eventAttendees.invitationId, eventInvitations.id));
}

export async function listInvitations(db: DbOrTx, orgId: string, eventId: string) {
  return selectInvitations(db)
    .where(and(eq(eventInvitations.organizationId, orgId), eq(eventInvitations.eventId, eventId)))
    .orderBy(asc(eventInvitations.createdAt), asc(eventInvitations.id));
}

export async function findInvitation(db: DbOrTx, orgId: string, eventId: string, id: string) {
  const [row] = await selectInvitations(db).where(
    and(ownRow(eventInvitations, orgId, id), eq(eventInvitations.eventId, eventId)),
  );
  return row;
}

/** The organization's event of an iCalendar UID (the UID our invitations carry). */
export async function findEventByUid(db: DbOrTx, orgId: string, uid: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizationId, orgId), eq(events.uid, uid)));
  return row ? findEvent(db, orgId, row.id) : undefined;
}

export async function findInvitationByEmail(db: DbOrTx, eventId: string, email: string) {
  const [row] = await db
    .select({ id: eventInvitations.id })
    .from(eventInvitations)
    .where(
      and(
        eq(eventInvitations.eventId, eventId),
        sql`lower(${eventInvitations.inviteeEmail}) = ${email.toLowerCase()}`,
      ),
    );
  return row;
}

/** The invitation and its event behind a link, whatever the organization; expiry is the caller's. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ invitation: eventInvitations, event: events })
    .from(eventInvitationTokens)
    .innerJoin(eventInvitations, eq(eventInvitations.id, eventInvitationTokens.invitationId))
    .innerJoin(events, eq(events.id, eventInvitations.eventId))
    .where(eq(eventInvitationTokens.invitationTokenHash, tokenHash));
  return row;
}

export async function insertInvitation(
  db: DbOrTx,
  orgId: string,
  eventId: string,
  values: InvitationValues,
): Promise<InvitationRow> {
  const [row] = await db
    .insert(eventInvitations)
    .values({ ...values, organizationId: orgId, eventId })
    .returning();
  return row!;
}

export async function updateInvitation(
  db: DbOrTx,
  id: string,
  values: Partial<InvitationValues>,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(eventInvitations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(eventInvitations.id, id))
    .returning();
  return row;
}

export async function deleteInvitation(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  return deleteOwnRow(db, eventInvitations, orgId, id);
}

export async function addToken(db: DbOrTx, invitationId: string, tokenHash: string) {
  await db.insert(eventInvitationTokens).values({ invitationId, invitationTokenHash: tokenHash });
}

/** A re-send: every earlier link of the invitation stops working. */
export async function replaceTokens(db: DbOrTx, invitationId: string, tokenHash: string) {
  await db.delete(eventInvitationTokens).where(eq(eventInvitationTokens.invitationId, invitationId));
  await addToken(db, invitationId, tokenHash);
}

/** After the event moved: every invitation's links last until the new end + 30 days. */
export async function setTokenExpiry(db: DbOrTx, eventId: string, expiresAt: Date) {
  await db
    .update(eventInvitations)
    .set({ tokenExpiresAt: expiresAt, updatedAt: new Date() })
    .where(eq(eventInvitations.eventId, eventId));
}

export async function statsRows(db: DbOrTx, orgId: string, eventId: string) {
  const [invitations, [checked]] = await independentReads(db, [
    () =>
      db
        .select({ rsvpStatus: eventInvitations.rsvpStatus, guestCount: eventInvitations.guestCount })
        .from(eventInvitations)
        .where(and(eq(eventInvitations.organizationId, orgId), eq(eventInvitations.eventId, eventId))),
    () =>
      db
        .select({ n: count() })
        .from(eventAttendees)
        .where(
          and(
            eq(eventAttendees.organizationId, orgId),
            eq(eventAttendees.eventId, eventId),
            eq(eventAttendees.attendanceStatus, 'checked_in'),
          ),
        ),
  ]);
  return { invitations, checkedIn: Number(checked?.n ?? 0) };
}

/** Stores no_response on invitations still pending once their event has started. Returns how many. */
export async function markNoResponse(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(eventInvitations)
    .set({ rsvpStatus: 'no_response', updatedAt: now })
    .where(
      and(
        eq(eventInvitations.rsvpStatus, 'pending'),
        inArray(
          eventInvitations.eventId,
          db.select({ id: events.id }).from(events).where(lte(events.startsAt, now)),
        ),
      ),
    )
    .returning({ id: eventInvitations.id });
  return rows.length;
}

/** Invitations a reminder may be due for: e-mail, unanswered, wanted, under the limit, event within reach. */
export async function reminderCandidates(db: DbOrTx, now: Date, horizon: Date, maxReminders: number) {
  return db
    .select({ invitation: eventInvitations, event: events })
    .from(eventInvitations)
    .innerJoin(events, eq(events.id, eventInvitations.eventId))
    .where(
      and(
        gt(events.startsAt, now),
        lte(events.startsAt, horizon),
        inArray(eventInvitations.rsvpStatus, REMINDABLE),
        eq(eventInvitations.sendReminders, true),
        eq(eventInvitations.invitationMethod, 'email'),
        lt(eventInvitations.reminderSentCount, maxReminders),
        notDemoOrganization(events.organizationId),
      ),
    )
    .orderBy(asc(events.startsAt), asc(eventInvitations.id))
    .limit(1000);
}

/**
 * Claims the reminder of one slot with a compare-and-set on what the caller read: of two job runs (two app
 * instances) racing on the same invitation, exactly one gets the row back; the other's conditions no longer
 * hold once the first has committed.
 */
export async function claimReminder(
  db: DbOrTx,
  input: { id: string; seenCount: number; slotAt: Date; now: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(eventInvitations)
    .set({
      reminderSentCount: sql`${eventInvitations.reminderSentCount} + 1`,
      lastReminderSentAt: input.now,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(eventInvitations.id, input.id),
        eq(eventInvitations.reminderSentCount, input.seenCount),
        or(
          isNull(eventInvitations.lastReminderSentAt),
          lt(eventInvitations.lastReminderSentAt, input.slotAt),
        ),
        inArray(eventInvitations.rsvpStatus, REMINDABLE),
        eq(eventInvitations.sendReminders, true),
      ),
    )
    .returning();
  return row;
}

/** Gives a claimed slot back when its e-mail could not be written (only if nothing changed since). */
export async function releaseReminder(
  db: DbOrTx,
  input: { id: string; claimedAt: Date; previous: Date | null },
) {
  await db
    .update(eventInvitations)
    .set({
      reminderSentCount: sql`${eventInvitations.reminderSentCount} - 1`,
      lastReminderSentAt: input.previous,
    })
    .where(and(eq(eventInvitations.id, input.id), eq(eventInvitations.lastReminderSentAt, input.claimedAt)));
}

// ─── Attendees ─────────────────────────────────────────────────────────────────────────────────────────────

export async function listAttendees(db: DbOrTx, orgId: string, eventId: string): Promise<AttendeeRow[]> {
  return db
    .select()
    .from(eventAttendees)
    .where(and(eq(eventAttendees.organizationId, orgId), eq(eventAttendees.eventId, eventId)))
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id));
}

export async function findAttendee(db: DbOrTx, orgId: string, eventId: string, id: string) {
  const [row] = await db
    .select()
    .from(eventAttendees)
    .where(and(ownRow(eventAttendees, orgId, id), eq(eventAttendees.eventId, eventId)));
  return row;
}

export async function findAttendeeByInvitation(db: DbOrTx, invitationId: string) {
  const [row] = await db.select().from(eventAttendees).where(eq(eventAttendees.invitationId, invitationId));
  return row;
}

/** The accepted guest as an attendee: created once, its name and guest count kept current. */
export async function upsertAttendee(db: DbOrTx, invitation: InvitationRow): Promise<AttendeeRow> {
  const [row] = await db
    .insert(eventAttendees)
    .values({
      organizationId: invitation.organizationId,
      eventId: invitation.eventId,
      invitationId: invitation.id,
      clientId: invitation.clientId,
      name: invitation.inviteeName,
      email: invitation.inviteeEmail,
      guestCount: invitation.guestCount,
    })
    .onConflictDoUpdate({
      target: eventAttendees.invitationId,
      set: {
        name: invitation.inviteeName,
        email: invitation.inviteeEmail,
        guestCount: invitation.guestCount,
      },
    })
    .returning();
  return row!;
}

/** Removes the guest's attendee row unless it is checked in. */
export async function removeExpectedAttendee(db: DbOrTx, invitationId: string) {
  await db
    .delete(eventAttendees)
    .where(
      and(eq(eventAttendees.invitationId, invitationId), eq(eventAttendees.attendanceStatus, 'expected')),
    );
}

export async function setAttendance(
  db: DbOrTx,
  input: { id: string; checkedIn: boolean; by: string | null; at: Date },
): Promise<AttendeeRow | undefined> {
  const [row] = await db
    .update(eventAttendees)
    .set(
      input.checkedIn
        ? { attendanceStatus: 'checked_in', checkedInAt: input.at, checkedInBy: input.by }
        : { attendanceStatus: 'expected', checkedInAt: null, checkedInBy: null },
    )
    .where(
      and(
        eq(eventAttendees.id, input.id),
        eq(eventAttendees.attendanceStatus, input.checkedIn ? 'expected' : 'checked_in'),
      ),
    )
    .returning();
  return row;
}

// ─── Comments ──────────────────────────────────────────────────────────────────────────────────────────────

/** Public comments and the reader's own private ones, oldest first. */
export async function listComments(db: DbOrTx, orgId: string, eventId: string, readerId: string) {
  return db
    .select()
    .from(eventComments)
    .where(
      and(
        eq(eventComments.organizationId, orgId),
        eq(eventComments.eventId, eventId),
        or(eq(eventComments.isPublic, true), eq(eventComments.authorId, readerId)),
      ),
    )
    .orderBy(asc(eventComments.createdAt), asc(eventComments.id));
}

export async function findComment(db: DbOrTx, orgId: string, eventId: string, id: string, readerId: string) {
  const [row] = await db
    .select()
    .from(eventComments)
    .where(
      and(
        ownRow(eventComments, orgId, id),
        eq(eventComments.eventId, eventId),
        or(eq(eventComments.isPublic, true), eq(eventComments.authorId, readerId)),
      ),
    );
  return row;
}

export async function insertComment(
  db: DbOrTx,
  values: typeof eventComments.$inferInsert,
): Promise<CommentRow> {
  const [row] = await db.insert(eventComments).values(values).returning();
  return row!;
}

export async function deleteComment(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  return deleteOwnRow(db, eventComments, orgId, id);
}

// ─── Subscription feeds ────────────────────────────────────────────────────────────────────────────────────

export async function findFeed(db: DbOrTx, orgId: string, userId: string) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.organizationId, orgId), eq(calendarFeeds.userId, userId)));
  return row;
}

/** Creates the user's feed or replaces its token (the previous URL stops working). */
export async function upsertFeed(db: DbOrTx, orgId: string, userId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ organizationId: orgId, userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: [calendarFeeds.organizationId, calendarFeeds.userId],
      set: { tokenHash, createdAt: now, lastUsedAt: null },
    })
    .returning();
  return row!;
}

export async function deleteFeed(db: DbOrTx, orgId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.organizationId, orgId), eq(calendarFeeds.userId, userId)))
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

export async function findFeedByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

export async function touchFeed(db: DbOrTx, id: string, now: Date) {
  await db.update(calendarFeeds).set({ lastUsedAt: now }).where(eq(calendarFeeds.id, id));
}
