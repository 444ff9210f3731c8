import { z } from 'zod';
import { isSimpleEmail } from '../business-profile/profile-rules.ts';
import { daysBetween } from '../dates/dates.ts';
import { isIsoDate, zIsoDate } from '../imports/dates.ts';
import type { CalendarMessageKey } from './messages.ts';
import { tooLong } from '../errors/field-messages.ts';

/**
 * API contracts of the calendar, invitations, the public RSVP page, attendees, comments and the iCalendar
 * subscription (issue 6), shared by the server routes and the web. Field names are the spec's (core-app §3),
 * in camelCase like every other contract (rsvp_status → rsvpStatus). Issue messages are keys of
 * CALENDAR_MESSAGES. Dates are "YYYY-MM-DD" and times "HH:MM", both as on the wall clock of the event's time
 * zone (the organization's, Europe/Rome by default); instants (…At) are ISO 8601 UTC.
 *
 * Routes (org routes: read needs view_financial_data, write manage_financial_data, like the other business
 * areas, since events carry client data):
 *   GET    /api/v1/calendar/options                        → ZCalendarOptions
 *   GET    /api/v1/events?from&to[&clientId]               → ZEventOccurrenceList (recurrences expanded)
 *   POST   /api/v1/events                ZEventInput        → 201 ZEvent
 *   GET    /api/v1/events/:id                               → ZEvent (404 EVENT_NOT_FOUND)
 *   PUT    /api/v1/events/:id            ZEventInput        → ZEvent (invitees get an update, SEQUENCE + 1)
 *   POST   /api/v1/events/:id/move       ZEventMove         → ZEvent (same, keeps the duration)
 *   DELETE /api/v1/events/:id                               → 204 (invitees get METHOD:CANCEL)
 *   GET    /api/v1/events/:id/invitations                   → ZInvitationList (with ZEventStats)
 *   POST   /api/v1/events/:id/invitations ZInvitationInput  → 201 ZInvitation (e-mail with .ics and links)
 *   PATCH  /api/v1/events/:id/invitations/:invitationId ZInvitationPatch → ZInvitation
 *   POST   /api/v1/events/:id/invitations/:invitationId/resend → ZInvitation (new link; old links stop)
 *   POST   /api/v1/events/:id/invitations/:invitationId/rsvp ZRsvpSubmission → ZInvitation (answer by phone)
 *   DELETE /api/v1/events/:id/invitations/:invitationId     → 204 (METHOD:CANCEL to the invitee)
 *   GET    /api/v1/events/:id/attendees                     → ZAttendeeList (ordered by creation)
 *   POST   /api/v1/events/:id/check-in   ZCheckIn           → ZAttendee
 *   DELETE /api/v1/events/:id/attendees/:attendeeId/check-in → ZAttendee (undo)
 *   GET    /api/v1/events/:id/comments                      → ZCommentList (flat, oldest first)
 *   POST   /api/v1/events/:id/comments   ZCommentInput      → 201 ZComment
 *   DELETE /api/v1/events/:id/comments/:commentId           → 204 (one the caller can see, with its replies)
 *   GET    /api/v1/calendar/feed                            → ZCalendarFeedStatus
 *   POST   /api/v1/calendar/feed                            → 201 ZCalendarFeedCreated (creates or rotates)
 *   DELETE /api/v1/calendar/feed                            → 204 (the URL stops working: 404)
 * Public, no session, rate limited:
 *   GET    /api/public/rsvp/:token                          → ZPublicInvitation (404 INVITATION_NOT_FOUND)
 *   POST   /api/public/rsvp/:token       ZRsvpSubmission    → ZPublicInvitation (409 RSVP_CLOSED after the event)
 *   GET    /api/public/calendar/:token.ics                  → text/calendar (404 when revoked)
 */
const err = (key: CalendarMessageKey) => ({ error: key });

export const RSVP_STATUSES = ['pending', 'accepted', 'declined', 'maybe', 'no_response'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
/** What a guest (or the host, for an answer received by phone) can answer. */
export const RSVP_RESPONSES = ['accepted', 'maybe', 'declined'] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];

export const INVITEE_TYPES = ['client', 'external'] as const;
export type InviteeType = (typeof INVITEE_TYPES)[number];
export const INVITATION_METHODS = ['email', 'sms'] as const;
export type InvitationMethod = (typeof INVITATION_METHODS)[number];
export const INVITATION_LANGUAGES = ['it', 'en'] as const;
export type InvitationLanguage = (typeof INVITATION_LANGUAGES)[number];

export const ATTENDANCE_STATUSES = ['expected', 'checked_in'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const COMMENT_TYPES = ['general', 'note', 'question', 'update'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Spec §9: guests 1 to 8, default 1; events 09:00–10:00 by default. */
export const GUEST_COUNT_MIN = 1;
export const GUEST_COUNT_MAX = 8;
export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_END_TIME = '10:00';
export const DEFAULT_TIME_ZONE = 'Europe/Rome';
/** Reminders to guests who have not answered: this many hours before the event, at most once each. */
export const REMINDER_HOURS_BEFORE = [48, 24] as const;
/** RSVP links keep working this long after the event (or its last occurrence) ends. */
export const TOKEN_DAYS_AFTER_EVENT = 30;
/** The longest range GET /api/v1/events expands. */
export const MAX_RANGE_DAYS = 400;
export const MAX_RECURRENCE_COUNT = 730;
export const MAX_RECURRENCE_YEARS = 5;

export const CALENDAR_FIELD_MAX = {
  title: 200,
  location: 500,
  description: 5000,
  inviteeName: 200,
  inviteeEmail: 254,
  inviteePhone: 30,
  invitationMessage: 2000,
  rsvpResponseMessage: 1000,
  dietaryRestrictions: 500,
  specialRequests: 1000,
  commentText: 5000,
  checkInCode: 500,
} as const;

/** The web's page of one event; notifications and e-mails to the host link here. */
export function eventPagePath(eventId: string): string {
  return `/calendar/events/${eventId}`;
}

/** The public page a guest opens; `response` pre-selects the answer (spec §2). */
export function rsvpPagePath(token: string, response?: RsvpResponse): string {
  return `/rsvp/${token}${response ? `?response=${response}` : ''}`;
}

// ─── Input helpers ─────────────────────────────────────────────────────────────────────────────────────────

/** Optional text: "", blank, null or absent → null; otherwise trimmed, at most `max` characters. */
function optionalText(max: number) {
  return z
    .string(err('calendar.errors.invalidValue'))
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong(max));
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export function isTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}
function zTime(defaultValue: string) {
  return z
    .string(err('calendar.errors.timeInvalid'))
    .trim()
    .refine(isTime, err('calendar.errors.timeInvalid'))
    .nullish()
    .transform((v) => v ?? defaultValue);
}

const zDate = zIsoDate('calendar.errors.dateInvalid');

/**
 * Guest count as the RSVP form sends it: anything that is not a number (absent, null, "", "abc") falls back to
 * 1 (spec §5); a number must be a whole 1–8 ("3" counts as 3).
 */
export const zGuestCount = z
  .unknown()
  .optional()
  .meta({ description: 'Whole number 1–8; anything that is not a number counts as 1', example: 1 })
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? n : GUEST_COUNT_MIN;
  })
  .refine(
    (n) => Number.isInteger(n) && n >= GUEST_COUNT_MIN && n <= GUEST_COUNT_MAX,
    err('calendar.errors.guestCountInvalid'),
  );

// ─── Events ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Repetition with an end (issue 6: daily, weekly, monthly): `until` (a date, inclusive) or `count`, not both.
 * Weekly may name week days (default: the start date's); monthly repeats on the start date's day of month
 * (months without that day are skipped, as in RFC 5545).
 */
export const ZRecurrenceInput = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES, err('calendar.errors.invalidChoice')),
    interval: z
      .number(err('calendar.errors.intervalInvalid'))
      .int(err('calendar.errors.intervalInvalid'))
      .min(1, err('calendar.errors.intervalInvalid'))
      .max(99, err('calendar.errors.intervalInvalid'))
      .default(1),
    byWeekday: z
      .array(z.enum(WEEKDAYS, err('calendar.errors.invalidChoice')))
      .max(7, err('calendar.errors.invalidChoice'))
      .nullish()
      .transform((v) => (v && v.length > 0 ? [...new Set(v)] : null)),
    until: zDate.nullish().transform((v) => v ?? null),
    count: z
      .number(err('calendar.errors.countInvalid'))
      .int(err('calendar.errors.countInvalid'))
      .min(1, err('calendar.errors.countInvalid'))
      .max(MAX_RECURRENCE_COUNT, err('calendar.errors.countInvalid'))
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((r, ctx) => {
    if ((r.until === null) === (r.count === null)) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'calendar.errors.recurrenceEndRequired' });
    }
    if (r.byWeekday && r.frequency !== 'weekly') {
      ctx.addIssue({ code: 'custom', path: ['byWeekday'], message: 'calendar.errors.weekdaysOnlyWeekly' });
    }
  });
export type TRecurrenceInput = z.output<typeof ZRecurrenceInput>;

/** The same as answered by the server (no input transforms). */
export const ZRecurrence = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  interval: z.number().int(),
  byWeekday: z.array(z.enum(WEEKDAYS)).nullable(),
  until: z.string().nullable(),
  count: z.number().int().nullable(),
});
export type TRecurrence = z.output<typeof ZRecurrence>;

/** Create and full update (PUT). The times are kept but ignored while the event is all-day. */
export const ZEventInput = z
  .object({
    title: z
      .string(err('calendar.errors.titleRequired'))
      .trim()
      .min(1, err('calendar.errors.titleRequired'))
      .max(CALENDAR_FIELD_MAX.title, tooLong(CALENDAR_FIELD_MAX.title)),
    startDate: zDate,
    startTime: zTime(DEFAULT_START_TIME),
    endTime: zTime(DEFAULT_END_TIME),
    allDay: z.boolean(err('calendar.errors.invalidValue')).default(false),
    location: optionalText(CALENDAR_FIELD_MAX.location),
    description: optionalText(CALENDAR_FIELD_MAX.description),
    clientId: z
      .uuid(err('calendar.errors.clientNotFound'))
      .nullish()
      .transform((v) => v ?? null),
    recurrence: ZRecurrenceInput.nullish().transform((v) => v ?? null),
  })
  .superRefine((e, ctx) => {
    if (!e.allDay && isTime(e.startTime) && isTime(e.endTime) && e.endTime <= e.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'calendar.errors.endBeforeStart' });
    }
    if (e.recurrence?.until && e.recurrence.until < e.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['recurrence', 'until'],
        message: 'calendar.errors.recurrenceUntilBeforeStart',
      });
    }
  });
export type TEventInput = z.output<typeof ZEventInput>;
export type TEventFormValues = z.input<typeof ZEventInput>;

/**
 * Drag and drop to another day or slot: the new start; the end follows with the same duration (an event
 * cannot be moved past midnight: 400 calendar.errors.moveCrossesMidnight). `allDay` switches the kind
 * (dropping on the all-day row, or on a time slot); when it becomes timed without a startTime, 09:00–10:00.
 */
export const ZEventMove = z.object({
  startDate: zDate,
  startTime: z
    .string(err('calendar.errors.timeInvalid'))
    .trim()
    .refine(isTime, err('calendar.errors.timeInvalid'))
    .nullish()
    .transform((v) => v ?? null),
  allDay: z.boolean(err('calendar.errors.invalidValue')).optional(),
});
export type TEventMove = z.output<typeof ZEventMove>;

export const ZEventListQuery = z
  .object({
    from: zDate,
    to: zDate,
    clientId: z.uuid(err('calendar.errors.clientNotFound')).optional(),
  })
  // Runs even when a date was refused (zod goes on after a failed refinement): only real dates are counted.
  .refine(
    (q) =>
      isIsoDate(q.from) && isIsoDate(q.to) && q.from <= q.to && daysBetween(q.from, q.to) <= MAX_RANGE_DAYS,
    {
      path: ['to'],
      message: 'calendar.errors.rangeInvalid',
    },
  );
export type TEventListQuery = z.output<typeof ZEventListQuery>;

const ZClientRef = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
const ZUserRef = z.object({ id: z.string(), name: z.string() });

/** Response rate and total guests as the spec defines them (§9), plus the counts they come from. */
export const ZEventStats = z.object({
  invitations: z.number().int(),
  /** Invitations answered accepted, maybe or declined. */
  responded: z.number().int(),
  /** Rounded percentage of responded invitations; 0 without invitations. */
  responseRate: z.number().int(),
  /** Sum of the guest counts of accepted invitations. */
  totalGuests: z.number().int(),
  accepted: z.number().int(),
  maybe: z.number().int(),
  declined: z.number().int(),
  pending: z.number().int(),
  noResponse: z.number().int(),
  checkedIn: z.number().int(),
});
export type TEventStats = z.output<typeof ZEventStats>;

export const ZEvent = z.object({
  id: z.string(),
  title: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  allDay: z.boolean(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  client: ZClientRef.nullable(),
  recurrence: ZRecurrence.nullable(),
  /** The stored rule, e.g. FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=20261231 (UNTIL as a local date). */
  rrule: z.string().nullable(),
  /** IANA zone the dates and times are in (the organization's when the event was created). */
  timeZone: z.string(),
  /** The first occurrence as instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** When the last occurrence ends (= endsAt for a single event). */
  seriesEndsAt: z.string(),
  /** iCalendar UID (stable) and SEQUENCE (raised by every change). */
  uid: z.string(),
  sequence: z.number().int(),
  createdBy: ZUserRef.nullable(),
  stats: ZEventStats,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEvent = z.output<typeof ZEvent>;

/** One occurrence in a range (a single event has one; a recurring one, one per date in the range). */
export const ZEventOccurrence = z.object({
  eventId: z.string(),
  /** The occurrence's date; equals the event's startDate for a single event. */
  date: z.string(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  allDay: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  recurring: z.boolean(),
});
export type TEventOccurrence = z.output<typeof ZEventOccurrence>;

export const ZEventOccurrenceList = z.object({
  /** The organization's zone (the web labels times with it when the browser is elsewhere). */
  timeZone: z.string(),
  /** Sorted by start. */
  items: z.array(ZEventOccurrence),
});
export type TEventOccurrenceList = z.output<typeof ZEventOccurrenceList>;

export const ZCalendarOptions = z.object({
  timeZone: z.string(),
  defaultStartTime: z.string(),
  defaultEndTime: z.string(),
  guestCountMin: z.number().int(),
  guestCountMax: z.number().int(),
  reminderHoursBefore: z.array(z.number().int()),
  invitationMethods: z.array(z.enum(INVITATION_METHODS)),
  /** False while no SMS provider is configured: the web shows SMS disabled with the reason. */
  smsAvailable: z.boolean(),
  /** A CALENDAR_MESSAGES key (calendar.sms.noProvider) when SMS is unavailable. */
  smsUnavailableReason: z.string().nullable(),
  commentTypes: z.array(z.enum(COMMENT_TYPES)),
});
export type TCalendarOptions = z.output<typeof ZCalendarOptions>;

// ─── Invitations ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * A client (inviteeType client, clientId required: e-mail, name and language default to the client's) or any
 * address (external: inviteeEmail required). SMS is refused (400 calendar.errors.smsUnavailable) while no SMS
 * provider is configured. Language defaults to the client's, else Italian.
 */
export const ZInvitationInput = z
  .object({
    inviteeType: z.enum(INVITEE_TYPES, err('calendar.errors.invalidChoice')).default('external'),
    clientId: z
      .uuid(err('calendar.errors.clientNotFound'))
      .nullish()
      .transform((v) => v ?? null),
    inviteeEmail: optionalText(CALENDAR_FIELD_MAX.inviteeEmail)
      .transform((v) => v?.toLowerCase() ?? null)
      .refine((v) => v === null || isSimpleEmail(v), err('calendar.errors.emailInvalid')),
    inviteeName: optionalText(CALENDAR_FIELD_MAX.inviteeName),
    inviteePhone: optionalText(CALENDAR_FIELD_MAX.inviteePhone).refine(
      (v) => v === null || /^\+?[0-9 ()./-]{5,30}$/.test(v),
      err('calendar.errors.phoneInvalid'),
    ),
    invitationMessage: optionalText(CALENDAR_FIELD_MAX.invitationMessage),
    invitationMethod: z.enum(INVITATION_METHODS, err('calendar.errors.invalidChoice')).default('email'),
    sendReminders: z.boolean(err('calendar.errors.invalidValue')).default(true),
    language: z
      .enum(INVITATION_LANGUAGES, err('calendar.errors.languageInvalid'))
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((i, ctx) => {
    if (i.inviteeType === 'client' && !i.clientId) {
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'calendar.errors.clientRequired' });
    }
    if (i.inviteeType === 'external' && !i.inviteeEmail) {
      ctx.addIssue({ code: 'custom', path: ['inviteeEmail'], message: 'calendar.errors.emailRequired' });
    }
  });
export type TInvitationInput = z.output<typeof ZInvitationInput>;
export type TInvitationFormValues = z.input<typeof ZInvitationInput>;

export const ZInvitationPatch = z.object({
  sendReminders: z.boolean(err('calendar.errors.invalidValue')).optional(),
  inviteeName: optionalText(CALENDAR_FIELD_MAX.inviteeName).optional(),
  inviteePhone: optionalText(CALENDAR_FIELD_MAX.inviteePhone)
    .refine((v) => v === null || /^\+?[0-9 ()./-]{5,30}$/.test(v), err('calendar.errors.phoneInvalid'))
    .optional(),
});
export type TInvitationPatch = z.output<typeof ZInvitationPatch>;

/** The host's view of an invitation (never the token: only its hash is stored). */
export const ZInvitation = z.object({
  id: z.string(),
  eventId: z.string(),
  inviteeEmail: z.string(),
  inviteeName: z.string().nullable(),
  inviteePhone: z.string().nullable(),
  inviteeType: z.enum(INVITEE_TYPES),
  clientId: z.string().nullable(),
  invitationMessage: z.string().nullable(),
  invitationMethod: z.enum(INVITATION_METHODS),
  language: z.enum(INVITATION_LANGUAGES),
  invitationSentAt: z.string().nullable(),
  tokenExpiresAt: z.string(),
  rsvpStatus: z.enum(RSVP_STATUSES),
  rsvpRespondedAt: z.string().nullable(),
  rsvpResponseMessage: z.string().nullable(),
  guestCount: z.number().int(),
  dietaryRestrictions: z.string().nullable(),
  specialRequests: z.string().nullable(),
  sendReminders: z.boolean(),
  reminderSentCount: z.number().int(),
  lastReminderSentAt: z.string().nullable(),
  /** Set once the guest is checked in at the event. */
  checkedInAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvitation = z.output<typeof ZInvitation>;

export const ZInvitationList = z.object({ items: z.array(ZInvitation), stats: ZEventStats });
export type TInvitationList = z.output<typeof ZInvitationList>;

// ─── The public RSVP page ──────────────────────────────────────────────────────────────────────────────────

/**
 * The spec's RSVP submission (§3): the answer plus message, guest count, dietary restrictions and special
 * requests, all trimmed and length-limited; the guest count falls back to 1 when it is not a number.
 */
export const ZRsvpSubmission = z.object({
  response: z.enum(RSVP_RESPONSES, err('calendar.errors.responseRequired')),
  message: optionalText(CALENDAR_FIELD_MAX.rsvpResponseMessage),
  guestCount: zGuestCount,
  dietaryRestrictions: optionalText(CALENDAR_FIELD_MAX.dietaryRestrictions),
  specialRequests: optionalText(CALENDAR_FIELD_MAX.specialRequests),
});
export type TRsvpSubmission = z.output<typeof ZRsvpSubmission>;
export type TRsvpFormValues = z.input<typeof ZRsvpSubmission>;

/** The spec's "Invitation as read by the RSVP page" (§3), plus what the page needs to be in the right language. */
export const ZPublicInvitation = z.object({
  rsvpStatus: z.enum(RSVP_STATUSES),
  guestCount: z.number().int(),
  rsvpResponseMessage: z.string().nullable(),
  dietaryRestrictions: z.string().nullable(),
  specialRequests: z.string().nullable(),
  invitationMessage: z.string().nullable(),
  rsvpRespondedAt: z.string().nullable(),
  inviteeName: z.string().nullable(),
  language: z.enum(INVITATION_LANGUAGES),
  /** False once the event is over (answers then get 409 RSVP_CLOSED). */
  canRespond: z.boolean(),
  event: z.object({
    title: z.string(),
    startDate: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    allDay: z.boolean(),
    location: z.string().nullable(),
    description: z.string().nullable(),
    timeZone: z.string(),
    /** Who invites: the business profile's company name, else the organization's name. */
    organizerName: z.string(),
    recurrence: ZRecurrence.nullable(),
  }),
});
export type TPublicInvitation = z.output<typeof ZPublicInvitation>;

// ─── Attendees and check-in ────────────────────────────────────────────────────────────────────────────────

/**
 * A guest who accepted becomes an attendee (expected); check-in sets checked_in with the time. Answering
 * maybe or declined later removes an attendee not yet checked in.
 */
export const ZAttendee = z.object({
  id: z.string(),
  eventId: z.string(),
  invitationId: z.string().nullable(),
  clientId: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  guestCount: z.number().int(),
  attendanceStatus: z.enum(ATTENDANCE_STATUSES),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAttendee = z.output<typeof ZAttendee>;
export const ZAttendeeList = z.object({ items: z.array(ZAttendee) });

/**
 * Check-in from the list (invitationId of an accepted invitation) or by scanning the QR code of the
 * invitation (code: the scanned text, i.e. the RSVP link `${appUrl}/rsvp/{token}` or the bare token).
 * Checking in twice answers the attendee as it is. Failures: 409 CHECK_IN_FAILED with a reason key.
 */
export const ZCheckIn = z
  .object({
    invitationId: z.uuid(err('calendar.errors.checkInCodeInvalid')).optional(),
    code: z
      .string(err('calendar.errors.checkInCodeInvalid'))
      .trim()
      .min(1, err('calendar.errors.checkInCodeInvalid'))
      .max(CALENDAR_FIELD_MAX.checkInCode, err('calendar.errors.checkInCodeInvalid'))
      .optional(),
  })
  .refine((c) => (c.invitationId === undefined) !== (c.code === undefined), {
    path: ['invitationId'],
    message: 'calendar.errors.checkInTarget',
  });
export type TCheckIn = z.output<typeof ZCheckIn>;

// ─── Comments ──────────────────────────────────────────────────────────────────────────────────────────────

/** isPublic: visible to every member of the organization (default); private: only to its author. */
export const ZCommentInput = z.object({
  commentText: z
    .string(err('calendar.errors.commentRequired'))
    .trim()
    .min(1, err('calendar.errors.commentRequired'))
    .max(CALENDAR_FIELD_MAX.commentText, tooLong(CALENDAR_FIELD_MAX.commentText)),
  commentType: z.enum(COMMENT_TYPES, err('calendar.errors.invalidChoice')).default('general'),
  isPublic: z.boolean(err('calendar.errors.invalidValue')).default(true),
  parentCommentId: z
    .uuid(err('calendar.errors.parentCommentInvalid'))
    .nullish()
    .transform((v) => v ?? null),
});
export type TCommentInput = z.output<typeof ZCommentInput>;

export const ZComment = z.object({
  id: z.string(),
  eventId: z.string(),
  commentText: z.string(),
  commentType: z.enum(COMMENT_TYPES),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  authorEmail: z.string().nullable(),
  isPublic: z.boolean(),
  parentCommentId: z.string().nullable(),
  createdAt: z.string(),
});
export type TComment = z.output<typeof ZComment>;
export const ZCommentList = z.object({ items: z.array(ZComment) });

// ─── iCalendar subscription ────────────────────────────────────────────────────────────────────────────────

/** The caller's own subscription in the active organization; the URL is shown only when created. */
export const ZCalendarFeedStatus = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type TCalendarFeedStatus = z.output<typeof ZCalendarFeedStatus>;

export const ZCalendarFeedCreated = z.object({
  /** `${appUrl}/api/public/calendar/{token}.ics`; a new one replaces (revokes) the previous. */
  url: z.string(),
  createdAt: z.string(),
});
export type TCalendarFeedCreated = z.output<typeof ZCalendarFeedCreated>;
