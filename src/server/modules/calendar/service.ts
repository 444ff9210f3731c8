import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '@shared/ids/uuid.ts';
import {
  COMMENT_TYPES,
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  GUEST_COUNT_MAX,
  GUEST_COUNT_MIN,
  INVITATION_METHODS,
  REMINDER_HOURS_BEFORE,
  TOKEN_DAYS_AFTER_EVENT,
  eventPagePath,
  type RsvpStatus,
  type TCalendarOptions,
  type TEvent,
  type TEventInput,
  type TEventMove,
  type TEventListQuery,
  type TEventOccurrence,
  type TEventOccurrenceList,
  type TInvitation,
  type TInvitationInput,
  type TInvitationList,
  type TInvitationPatch,
  type TPublicInvitation,
  type TRsvpSubmission,
} from '@shared/calendar/contracts.ts';
import {
  buildRRule,
  lastOccurrenceDate,
  occurrenceDates,
  parseRRule,
  recurrenceProblem,
} from '@shared/calendar/recurrence.ts';
import { attendeeAfterAnswer, effectiveRsvpStatus, eventStats, rsvpValues } from '@shared/calendar/rsvp.ts';
import { addDays, zonedToUtc } from '@shared/dates/dates.ts';
import { minutesOf, occurrenceInstants, timeOf } from '@shared/calendar/time.ts';
import type { Db } from '../../platform/db.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailPort } from '../../platform/mail.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { notifyOrganization } from '../notifications/index.ts';
import {
  hhmm,
  hostLanguageOf,
  languageOf,
  organizerFor,
  sendGuestMail,
  type DeliveryDeps,
} from './delivery.ts';
import { renderHostNotice } from './invitation-mail.ts';
import * as repo from './repository.ts';
import { hashToken, lookupHash, newToken } from './tokens.ts';
import { independentReads } from '../../db/database.ts';

/**
 * Calendar events and guest invitations (issue 6). Events belong to the organization; their dates and times
 * are the wall clock of the organization's zone, stored with the UTC instants derived from them. Every change
 * raises the iCalendar SEQUENCE; a change guests can see is mailed to them as an update, a deletion as a
 * cancellation. Guests answer through their link (the public RSVP page); the host is told by e-mail and the
 * organization over the live channel.
 */

export type CalendarDeps = DeliveryDeps & {
  db: Db;
  mail: MailPort;
  hub: RealtimeHub;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
};

const DAY_MS = 86_400_000;

const invalid = (path: string, message: string) => new AppError('VALIDATION_ERROR', [{ path, message }]);

export async function requireEvent(
  { db }: { db: Db },
  { orgId, id }: { orgId: string; id: string },
): Promise<repo.EventRow> {
  if (!isUuid(id)) throw new AppError('EVENT_NOT_FOUND');
  const row = await repo.findEvent(db, orgId, id);
  if (!row) throw new AppError('EVENT_NOT_FOUND');
  return row;
}

const clientName = (c: { companyName: string | null; fullName: string | null }) =>
  c.companyName?.trim() || c.fullName?.trim() || '';

/** Links of an invitation last until the event's (last occurrence's) end + 30 days. */
export const tokenExpiryOf = (event: Pick<repo.EventRow, 'seriesEndsAt'>) =>
  new Date(event.seriesEndsAt.getTime() + TOKEN_DAYS_AFTER_EVENT * DAY_MS);

// ─── Events ────────────────────────────────────────────────────────────────────────────────────────────────

export async function calendarOptions(
  deps: Pick<CalendarDeps, 'db'>,
  input: { orgId: string },
): Promise<TCalendarOptions> {
  return {
    timeZone: await organizationTimeZone(deps.db, input.orgId),
    defaultStartTime: DEFAULT_START_TIME,
    defaultEndTime: DEFAULT_END_TIME,
    guestCountMin: GUEST_COUNT_MIN,
    guestCountMax: GUEST_COUNT_MAX,
    reminderHoursBefore: [...REMINDER_HOURS_BEFORE],
    invitationMethods: [...INVITATION_METHODS],
    // No SMS provider exists in this product yet; SMS invitations are refused with this reason.
    smsAvailable: false,
    smsUnavailableReason: 'calendar.sms.noProvider',
    commentTypes: [...COMMENT_TYPES],
  };
}

async function presentEvent(db: Db, orgId: string, row: repo.EventRow): Promise<TEvent> {
  const now = new Date();
  const [client, creator, stats] = await independentReads(db, [
    () => (row.clientId ? repo.findClientContact(db, orgId, row.clientId) : Promise.resolve(undefined)),
    () => (row.createdBy ? repo.findUserContact(db, row.createdBy) : Promise.resolve(undefined)),
    () => repo.statsRows(db, orgId, row.id),
  ]);
  return {
    id: row.id,
    title: row.title,
    startDate: row.startDate,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    allDay: row.allDay,
    location: row.location,
    description: row.description,
    client: client ? { id: client.id, name: clientName(client), email: client.email } : null,
    recurrence: row.rrule ? parseRRule(row.rrule) : null,
    rrule: row.rrule,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    seriesEndsAt: row.seriesEndsAt.toISOString(),
    uid: row.uid,
    sequence: row.sequence,
    createdBy: creator && row.createdBy ? { id: row.createdBy, name: creator.name } : null,
    stats: eventStats(
      stats.invitations.map((i) => ({
        rsvpStatus: effectiveRsvpStatus(i.rsvpStatus as RsvpStatus, row.startsAt, now),
        guestCount: i.guestCount,
      })),
      stats.checkedIn,
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored values of an event: rule, instants of the first occurrence and of the series' end. */
async function eventValues(db: Db, orgId: string, input: TEventInput, timeZone: string) {
  if (input.clientId && !(await repo.findClientContact(db, orgId, input.clientId))) {
    throw invalid('clientId', 'calendar.errors.clientNotFound');
  }
  const problem = input.recurrence && recurrenceProblem(input.recurrence, input.startDate);
  if (problem) throw invalid('recurrence.until', problem);
  const rrule = input.recurrence ? buildRRule(input.recurrence, input.startDate) : null;
  const times = { startTime: input.startTime, endTime: input.endTime, allDay: input.allDay };
  const first = occurrenceInstants(times, input.startDate, timeZone);
  const last = occurrenceInstants(times, lastOccurrenceDate(input.startDate, rrule), timeZone);
  return {
    title: input.title,
    startDate: input.startDate,
    startTime: input.startTime,
    endTime: input.endTime,
    allDay: input.allDay,
    location: input.location,
    description: input.description,
    clientId: input.clientId,
    rrule,
    timeZone,
    startsAt: first.startsAt,
    endsAt: first.endsAt,
    seriesEndsAt: last.endsAt,
  };
}

export async function createEvent(
  deps: Pick<CalendarDeps, 'db' | 'appUrl'>,
  input: { orgId: string; userId: string; input: TEventInput },
): Promise<TEvent> {
  const timeZone = await organizationTimeZone(deps.db, input.orgId);
  const values = await eventValues(deps.db, input.orgId, input.input, timeZone);
  const host = new URL(deps.appUrl).hostname || 'gestionale';
  const row = await repo.insertEvent(deps.db, input.orgId, {
    ...values,
    createdBy: input.userId,
    uid: `${randomUUID()}@${host}`,
  });
  return presentEvent(deps.db, input.orgId, row);
}

export async function getEvent(
  deps: Pick<CalendarDeps, 'db'>,
  input: { orgId: string; id: string },
): Promise<TEvent> {
  return presentEvent(deps.db, input.orgId, await requireEvent(deps, { orgId: input.orgId, id: input.id }));
}

/** Occurrences overlapping [from, to] (dates of the organization's zone), recurrences expanded, by start. */
export async function listEvents(
  deps: Pick<CalendarDeps, 'db'>,
  input: { orgId: string; query: TEventListQuery },
): Promise<TEventOccurrenceList> {
  const { orgId, query } = input;
  const timeZone = await organizationTimeZone(deps.db, orgId);
  const from = zonedToUtc(query.from, '00:00', timeZone);
  const to = zonedToUtc(addDays(query.to, 1), '00:00', timeZone);
  const rows = await repo.listEventsOverlapping(deps.db, orgId, {
    from,
    to,
    ...(query.clientId ? { clientId: query.clientId } : {}),
  });
  const items: (TEventOccurrence & { at: number })[] = [];
  for (const { event, clientCompanyName, clientFullName } of rows) {
    const times = { startTime: hhmm(event.startTime), endTime: hhmm(event.endTime), allDay: event.allDay };
    // A day either side: the event's own zone may differ from the organization's.
    for (const date of occurrenceDates(
      event.startDate,
      event.rrule,
      addDays(query.from, -1),
      addDays(query.to, 1),
    )) {
      const { startsAt, endsAt } = occurrenceInstants(times, date, event.timeZone);
      if (startsAt >= to || endsAt <= from) continue;
      items.push({
        eventId: event.id,
        date,
        title: event.title,
        ...times,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        location: event.location,
        client: event.clientId
          ? {
              id: event.clientId,
              name: clientName({ companyName: clientCompanyName, fullName: clientFullName }),
            }
          : null,
        recurring: event.rrule !== null,
        at: startsAt.getTime(),
      });
    }
  }
  items.sort((a, b) => a.at - b.at || a.title.localeCompare(b.title));
  return { timeZone, items: items.map(({ at: _at, ...item }) => item) };
}

/** What guests see: a change here is mailed to them as an update. */
const GUEST_VISIBLE = [
  'title',
  'startDate',
  'startTime',
  'endTime',
  'allDay',
  'location',
  'description',
  'rrule',
] as const;

async function applyChange(
  deps: CalendarDeps,
  input: {
    orgId: string;
    userId: string;
    existing: repo.EventRow;
    values: Awaited<ReturnType<typeof eventValues>>;
  },
): Promise<TEvent> {
  const { existing, values } = input;
  const current = { ...existing, startTime: hhmm(existing.startTime), endTime: hhmm(existing.endTime) };
  const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => {
    const a = values[k];
    const b = current[k as keyof typeof current];
    return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b;
  });
  if (!changed) return presentEvent(deps.db, input.orgId, existing);
  const row = await repo.updateEvent(deps.db, input.orgId, existing.id, values, true);
  if (!row) throw new AppError('EVENT_NOT_FOUND');
  if (row.seriesEndsAt.getTime() !== existing.seriesEndsAt.getTime()) {
    await repo.setTokenExpiry(deps.db, row.id, tokenExpiryOf(row));
  }
  if (GUEST_VISIBLE.some((k) => values[k] !== current[k])) {
    await mailEveryGuest(deps, { orgId: input.orgId, userId: input.userId, event: row, kind: 'update' });
  }
  return presentEvent(deps.db, input.orgId, row);
}

export async function updateEvent(
  deps: CalendarDeps,
  input: { orgId: string; userId: string; id: string; input: TEventInput },
): Promise<TEvent> {
  const existing = await requireEvent(deps, { orgId: input.orgId, id: input.id });
  const values = await eventValues(deps.db, input.orgId, input.input, existing.timeZone);
  return applyChange(deps, { orgId: input.orgId, userId: input.userId, existing, values });
}

/**
 * Moves the event (drag and drop): a new start date, and optionally a new start time or all-day switch; the
 * end keeps the duration. A recurring event keeps its rule from the new start date (the whole series moves);
 * an end date before the new start is refused like on the form.
 */
export async function moveEvent(
  deps: CalendarDeps,
  input: { orgId: string; userId: string; id: string; move: TEventMove },
): Promise<TEvent> {
  const existing = await requireEvent(deps, { orgId: input.orgId, id: input.id });
  const allDay = input.move.allDay ?? existing.allDay;
  let startTime = hhmm(existing.startTime);
  let endTime = hhmm(existing.endTime);
  if (!allDay) {
    const duration = existing.allDay ? 60 : minutesOf(endTime) - minutesOf(startTime);
    startTime = input.move.startTime ?? (existing.allDay ? DEFAULT_START_TIME : startTime);
    const end = minutesOf(startTime) + duration;
    if (end >= 24 * 60) throw invalid('startTime', 'calendar.errors.moveCrossesMidnight');
    endTime = timeOf(end);
  }
  const rec = existing.rrule ? parseRRule(existing.rrule) : null;
  const values = await eventValues(
    deps.db,
    input.orgId,
    {
      title: existing.title,
      startDate: input.move.startDate,
      startTime,
      endTime,
      allDay,
      location: existing.location,
      description: existing.description,
      clientId: existing.clientId,
      recurrence: rec,
    },
    existing.timeZone,
  );
  return applyChange(deps, { orgId: input.orgId, userId: input.userId, existing, values });
}

/** Deletes the event after mailing a cancellation (METHOD:CANCEL, SEQUENCE + 1) to every guest. */
export async function deleteEvent(deps: CalendarDeps, input: { orgId: string; userId: string; id: string }) {
  const event = await requireEvent(deps, { orgId: input.orgId, id: input.id });
  await mailEveryGuest(deps, { ...input, event, kind: 'cancel_event' });
  if (!(await repo.deleteEvent(deps.db, input.orgId, event.id))) throw new AppError('EVENT_NOT_FOUND');
}

/** Update or cancellation to each guest; one failure is logged and does not stop the others. */
async function mailEveryGuest(
  deps: CalendarDeps,
  input: { orgId: string; userId: string; event: repo.EventRow; kind: 'update' | 'cancel_event' },
) {
  const invitations = await repo.listInvitations(deps.db, input.orgId, input.event.id);
  if (invitations.length === 0) return;
  const organizer = await organizerFor(deps, { orgId: input.orgId, createdBy: input.event.createdBy });
  for (const { invitation } of invitations) {
    if (invitation.invitationMethod !== 'email') continue;
    try {
      let token: string | undefined;
      if (input.kind === 'update') {
        token = newToken();
        await repo.addToken(deps.db, invitation.id, hashToken(token));
      }
      await sendGuestMail(deps, {
        kind: input.kind,
        event: input.event,
        invitation,
        organizer,
        userId: input.userId,
        ...(token ? { token } : {}),
        sequence: input.kind === 'update' ? input.event.sequence : input.event.sequence + 1,
      });
    } catch (err) {
      deps.log?.warn({ err, invitationId: invitation.id }, `could not mail the ${input.kind} to a guest`);
    }
  }
}

// ─── Invitations ───────────────────────────────────────────────────────────────────────────────────────────

function toInvitation(
  row: repo.InvitationRow,
  checkedInAt: Date | null,
  event: Pick<repo.EventRow, 'startsAt'>,
  now: Date,
): TInvitation {
  return {
    id: row.id,
    eventId: row.eventId,
    inviteeEmail: row.inviteeEmail,
    inviteeName: row.inviteeName,
    inviteePhone: row.inviteePhone,
    inviteeType: row.inviteeType as TInvitation['inviteeType'],
    clientId: row.clientId,
    invitationMessage: row.invitationMessage,
    invitationMethod: row.invitationMethod as TInvitation['invitationMethod'],
    language: languageOf(row.language),
    invitationSentAt: row.invitationSentAt?.toISOString() ?? null,
    tokenExpiresAt: row.tokenExpiresAt.toISOString(),
    rsvpStatus: effectiveRsvpStatus(row.rsvpStatus as RsvpStatus, event.startsAt, now),
    rsvpRespondedAt: row.rsvpRespondedAt?.toISOString() ?? null,
    rsvpResponseMessage: row.rsvpResponseMessage,
    guestCount: row.guestCount,
    dietaryRestrictions: row.dietaryRestrictions,
    specialRequests: row.specialRequests,
    sendReminders: row.sendReminders,
    reminderSentCount: row.reminderSentCount,
    lastReminderSentAt: row.lastReminderSentAt?.toISOString() ?? null,
    checkedInAt: checkedInAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInvitations(
  deps: Pick<CalendarDeps, 'db'>,
  input: { orgId: string; eventId: string },
): Promise<TInvitationList> {
  const { orgId, eventId } = input;
  const event = await requireEvent(deps, { orgId, id: eventId });
  const now = new Date();
  const rows = await repo.listInvitations(deps.db, orgId, event.id);
  const items = rows.map((r) => toInvitation(r.invitation, r.checkedInAt, event, now));
  return { items, stats: eventStats(items, items.filter((i) => i.checkedInAt !== null).length) };
}

async function requireInvitation(db: Db, orgId: string, eventId: string, id: string) {
  if (!isUuid(id)) throw new AppError('INVITATION_NOT_FOUND');
  const row = await repo.findInvitation(db, orgId, eventId, id);
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return row;
}

async function getInvitation(db: Db, orgId: string, event: repo.EventRow, id: string) {
  const row = await requireInvitation(db, orgId, event.id, id);
  return toInvitation(row.invitation, row.checkedInAt, event, new Date());
}

/** Who is invited, from the input and the linked client: e-mail, name and language default to the client's. */
async function inviteeOf(db: Db, orgId: string, input: TInvitationInput) {
  const client = input.clientId ? await repo.findClientContact(db, orgId, input.clientId) : undefined;
  if (input.clientId && !client) throw invalid('clientId', 'calendar.errors.clientNotFound');
  const email = input.inviteeEmail ?? client?.email?.trim().toLowerCase() ?? null;
  if (!email) {
    throw invalid(
      'inviteeEmail',
      input.inviteeType === 'client' ? 'calendar.errors.clientEmailMissing' : 'calendar.errors.emailRequired',
    );
  }
  return {
    inviteeEmail: email,
    inviteeName: input.inviteeName ?? (client ? clientName(client) || null : null),
    clientId: client?.id ?? null,
    language: input.language ?? languageOf(client?.preferredLanguage),
  };
}

/**
 * Invites a guest: stores the invitation with one random link (only its SHA-256 kept) valid until the event
 * ends + 30 days, and e-mails the invitation with the one-click answers, the .ics (METHOD:REQUEST) and the
 * check-in QR code. If the e-mail cannot be written, nothing is kept: 500 "Failed to create invitation: …".
 */
export async function createInvitation(
  deps: CalendarDeps,
  input: { orgId: string; userId: string; eventId: string; input: TInvitationInput },
): Promise<TInvitation> {
  const event = await requireEvent(deps, { orgId: input.orgId, id: input.eventId });
  const body = input.input;
  if (body.invitationMethod === 'sms') throw invalid('invitationMethod', 'calendar.errors.smsUnavailable');
  const now = new Date();
  if (event.seriesEndsAt <= now) throw invalid('eventId', 'calendar.errors.eventOver');
  const invitee = await inviteeOf(deps.db, input.orgId, body);
  if (await repo.findInvitationByEmail(deps.db, event.id, invitee.inviteeEmail)) {
    throw new AppError('ALREADY_EXISTS', [
      { path: 'inviteeEmail', message: 'calendar.errors.alreadyInvited' },
    ]);
  }

  const token = newToken();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertInvitation(tx, input.orgId, event.id, {
      ...invitee,
      inviteePhone: body.inviteePhone,
      inviteeType: body.inviteeType,
      invitationMessage: body.invitationMessage,
      invitationMethod: 'email',
      createdBy: input.userId,
      tokenExpiresAt: tokenExpiryOf(event),
      sendReminders: body.sendReminders,
    });
    await repo.addToken(tx, inserted.id, hashToken(token));
    return inserted;
  });

  try {
    const organizer = await organizerFor(deps, { orgId: input.orgId, createdBy: event.createdBy });
    await sendGuestMail(deps, {
      kind: 'invitation',
      event,
      invitation: row,
      organizer,
      userId: input.userId,
      token,
      sequence: event.sequence,
      now,
    });
  } catch (err) {
    await repo.deleteInvitation(deps.db, input.orgId, row.id);
    throw AppError.withParams('INVITATION_CREATE_FAILED', { detail: (err as Error).message.slice(0, 200) });
  }
  const sent = await repo.updateInvitation(deps.db, row.id, { invitationSentAt: now });
  return toInvitation(sent ?? row, null, event, now);
}

export async function patchInvitation(
  deps: Pick<CalendarDeps, 'db'>,
  input: { orgId: string; eventId: string; id: string; patch: TInvitationPatch },
): Promise<TInvitation> {
  const event = await requireEvent(deps, { orgId: input.orgId, id: input.eventId });
  await requireInvitation(deps.db, input.orgId, event.id, input.id);
  const values = Object.fromEntries(Object.entries(input.patch).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length > 0) await repo.updateInvitation(deps.db, input.id, values);
  return getInvitation(deps.db, input.orgId, event, input.id);
}

/** Sends the invitation again with a new link; the earlier links stop working. */
export async function resendInvitation(
  deps: CalendarDeps,
  input: { orgId: string; userId: string; eventId: string; id: string },
): Promise<TInvitation> {
  const event = await requireEvent(deps, { orgId: input.orgId, id: input.eventId });
  const { invitation } = await requireInvitation(deps.db, input.orgId, event.id, input.id);
  const now = new Date();
  if (event.seriesEndsAt <= now) throw invalid('eventId', 'calendar.errors.eventOver');
  if (invitation.invitationMethod !== 'email')
    throw invalid('invitationMethod', 'calendar.errors.smsUnavailable');
  const token = newToken();
  await repo.replaceTokens(deps.db, invitation.id, hashToken(token));
  try {
    const organizer = await organizerFor(deps, { orgId: input.orgId, createdBy: event.createdBy });
    await sendGuestMail(deps, {
      kind: 'invitation',
      event,
      invitation,
      organizer,
      userId: input.userId,
      token,
      sequence: event.sequence,
      now,
    });
  } catch (err) {
    throw AppError.withParams('INVITATION_CREATE_FAILED', { detail: (err as Error).message.slice(0, 200) });
  }
  await repo.updateInvitation(deps.db, invitation.id, { invitationSentAt: now });
  return getInvitation(deps.db, input.orgId, event, invitation.id);
}

/** Uninvites: METHOD:CANCEL to the guest, then the invitation, its links and its attendee row go. */
export async function cancelInvitation(
  deps: CalendarDeps,
  input: { orgId: string; userId: string; eventId: string; id: string },
) {
  const event = await requireEvent(deps, { orgId: input.orgId, id: input.eventId });
  const { invitation } = await requireInvitation(deps.db, input.orgId, event.id, input.id);
  if (invitation.invitationMethod === 'email' && event.seriesEndsAt > new Date()) {
    const organizer = await organizerFor(deps, { orgId: input.orgId, createdBy: event.createdBy });
    await sendGuestMail(deps, {
      kind: 'cancel_invitation',
      event,
      invitation,
      organizer,
      userId: input.userId,
      sequence: event.sequence + 1,
    });
  }
  if (!(await repo.deleteInvitation(deps.db, input.orgId, invitation.id))) {
    throw new AppError('INVITATION_NOT_FOUND');
  }
}

/** Stores an answer and keeps the attendee list in step, in one transaction. */
export async function recordAnswer(
  db: Db,
  invitation: repo.InvitationRow,
  submission: TRsvpSubmission,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const updated = (await repo.updateInvitation(tx, invitation.id, rsvpValues(submission, now)))!;
    const attendee = await repo.findAttendeeByInvitation(tx, invitation.id);
    const action = attendeeAfterAnswer(
      submission.response,
      attendee ? { checkedIn: attendee.attendanceStatus === 'checked_in' } : null,
    );
    if (action === 'upsert') await repo.upsertAttendee(tx, updated);
    if (action === 'remove') await repo.removeExpectedAttendee(tx, invitation.id);
    return updated;
  });
}

/** An answer the host received another way (phone, in person): recorded like the guest's own. */
export async function recordRsvpForGuest(
  deps: Pick<CalendarDeps, 'db'>,
  input: { orgId: string; eventId: string; id: string; submission: TRsvpSubmission },
): Promise<TInvitation> {
  const event = await requireEvent(deps, { orgId: input.orgId, id: input.eventId });
  const { invitation } = await requireInvitation(deps.db, input.orgId, event.id, input.id);
  await recordAnswer(deps.db, invitation, input.submission, new Date());
  return getInvitation(deps.db, input.orgId, event, invitation.id);
}

// ─── The guest's side: the RSVP link ───────────────────────────────────────────────────────────────────────

/** The invitation and event behind a link; unknown, malformed or expired → 404 INVITATION_NOT_FOUND. */
async function invitationByToken(db: Db, token: string, now: Date) {
  const hash = lookupHash(token);
  const row = hash ? await repo.findByTokenHash(db, hash) : undefined;
  if (!row || row.invitation.tokenExpiresAt <= now) throw new AppError('INVITATION_NOT_FOUND');
  return row;
}

function toPublic(
  invitation: repo.InvitationRow,
  event: repo.EventRow,
  organizerName: string,
  now: Date,
): TPublicInvitation {
  return {
    rsvpStatus: effectiveRsvpStatus(invitation.rsvpStatus as RsvpStatus, event.startsAt, now),
    guestCount: invitation.guestCount,
    rsvpResponseMessage: invitation.rsvpResponseMessage,
    dietaryRestrictions: invitation.dietaryRestrictions,
    specialRequests: invitation.specialRequests,
    invitationMessage: invitation.invitationMessage,
    rsvpRespondedAt: invitation.rsvpRespondedAt?.toISOString() ?? null,
    inviteeName: invitation.inviteeName,
    language: languageOf(invitation.language),
    canRespond: now < event.seriesEndsAt,
    event: {
      title: event.title,
      startDate: event.startDate,
      startTime: hhmm(event.startTime),
      endTime: hhmm(event.endTime),
      allDay: event.allDay,
      location: event.location,
      description: event.description,
      timeZone: event.timeZone,
      organizerName,
      recurrence: event.rrule ? parseRRule(event.rrule) : null,
    },
  };
}

export async function getPublicInvitation(deps: CalendarDeps, token: string): Promise<TPublicInvitation> {
  const now = new Date();
  const { invitation, event } = await invitationByToken(deps.db, token, now);
  const organizer = await organizerFor(deps, { orgId: event.organizationId, createdBy: event.createdBy });
  return toPublic(invitation, event, organizer.name, now);
}

/**
 * The guest answers (or changes the answer) through the link, until the event is over (409 RSVP_CLOSED). The
 * organization is then told over the live channel and the event's creator by e-mail; a failure there is
 * logged, the answer stays recorded.
 */
export async function respondToInvitation(
  deps: CalendarDeps,
  input: { token: string; submission: TRsvpSubmission },
): Promise<TPublicInvitation> {
  const now = new Date();
  const { invitation, event } = await invitationByToken(deps.db, input.token, now);
  if (now >= event.seriesEndsAt) throw new AppError('RSVP_CLOSED');
  const updated = await recordAnswer(deps.db, invitation, input.submission, now);
  const organizer = await organizerFor(deps, { orgId: event.organizationId, createdBy: event.createdBy });
  try {
    await notifyHost(deps, event, updated, invitation.rsvpStatus as RsvpStatus);
  } catch (err) {
    deps.log?.warn({ err, invitationId: invitation.id }, 'could not notify the host of an RSVP');
  }
  return toPublic(updated, event, organizer.name, now);
}

export async function notifyHost(
  deps: CalendarDeps,
  event: repo.EventRow,
  invitation: repo.InvitationRow,
  previousStatus: RsvpStatus,
) {
  const orgId = event.organizationId;
  const { invitations, checkedIn } = await repo.statsRows(deps.db, orgId, event.id);
  const stats = eventStats(
    invitations.map((i) => ({ rsvpStatus: i.rsvpStatus as RsvpStatus, guestCount: i.guestCount })),
    checkedIn,
  );
  const creator = event.createdBy ? await repo.findUserContact(deps.db, event.createdBy) : undefined;
  const language = await hostLanguageOf(deps, { orgId });
  const response = invitation.rsvpStatus as 'accepted' | 'maybe' | 'declined';
  const notice = renderHostNotice(
    {
      guestName: invitation.inviteeName || invitation.inviteeEmail,
      eventTitle: event.title,
      eventDate: event.startDate,
      status: response,
      previousStatus,
      guestCount: invitation.guestCount,
      dietaryRestrictions: invitation.dietaryRestrictions,
      specialRequests: invitation.specialRequests,
      message: invitation.rsvpResponseMessage,
      responseRate: stats.responseRate,
      totalGuests: stats.totalGuests,
    },
    creator?.name ?? '',
    `${deps.appUrl}${eventPagePath(event.id)}`,
    language,
  );
  await notifyOrganization(deps, {
    orgId,
    type: response === 'accepted' ? 'success' : response === 'declined' ? 'warning' : 'info',
    title: notice.title,
    message: notice.message,
    data: { url: eventPagePath(event.id) },
  });
  if (!creator) return;
  await deps.mail.send(
    { to: creator.email, subject: notice.subject, text: notice.text },
    { organizationId: orgId, userId: event.createdBy },
  );
}
