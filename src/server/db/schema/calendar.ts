import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import { clients } from './clients.ts';

/**
 * Calendar events, guest invitations, attendees, comments and iCalendar subscriptions (issue 6). Columns keep
 * the spec's names (core-app §3); the spec's events.user_id is created_by. Dates and times are the wall clock
 * of the event's time zone; starts_at, ends_at and series_ends_at are the derived UTC instants that ranges,
 * reminders and link expiry are computed on.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    startDate: date('start_date').notNull(),
    startTime: time('start_time').notNull().default('09:00'),
    endTime: time('end_time').notNull().default('10:00'),
    allDay: boolean('all_day').notNull().default(false),
    location: text('location'),
    description: text('description'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    /** Canonical RRULE (src/shared/calendar/recurrence.ts), null for a single event. */
    rrule: text('rrule'),
    /** IANA zone of the dates and times: the organization's when the event was created. */
    timeZone: text('time_zone').notNull().default('Europe/Rome'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    seriesEndsAt: timestamp('series_ends_at', { withTimezone: true }).notNull(),
    /** iCalendar UID, stable for the event's life; SEQUENCE is raised by every change. */
    uid: text('uid').notNull(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_uid_uq').on(t.uid),
    index('events_org_range_idx').on(t.organizationId, t.startsAt, t.seriesEndsAt),
    index('events_org_client_idx').on(t.organizationId, t.clientId),
    index('events_org_created_idx').on(t.organizationId, t.createdAt),
    index('events_starts_at_idx').on(t.startsAt),
  ],
);

export const eventInvitations = pgTable(
  'event_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    inviteeEmail: text('invitee_email').notNull(),
    inviteeName: text('invitee_name'),
    inviteePhone: text('invitee_phone'),
    inviteeType: text('invitee_type').notNull().default('external'), // client | external
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    invitationMessage: text('invitation_message'),
    invitationMethod: text('invitation_method').notNull().default('email'), // email | sms
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** When every link of the invitation stops working (the event's end + 30 days). */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    invitationSentAt: timestamp('invitation_sent_at', { withTimezone: true }),
    rsvpStatus: text('rsvp_status').notNull().default('pending'),
    rsvpRespondedAt: timestamp('rsvp_responded_at', { withTimezone: true }),
    rsvpResponseMessage: text('rsvp_response_message'),
    guestCount: integer('guest_count').notNull().default(1),
    dietaryRestrictions: text('dietary_restrictions'),
    specialRequests: text('special_requests'),
    sendReminders: boolean('send_reminders').notNull().default(true),
    reminderSentCount: integer('reminder_sent_count').notNull().default(0),
    lastReminderSentAt: timestamp('last_reminder_sent_at', { withTimezone: true }),
    language: text('language').notNull().default('it'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_invitations_event_email_uq').on(t.eventId, sql`lower(${t.inviteeEmail})`),
    index('event_invitations_event_idx').on(t.eventId, t.createdAt),
    index('event_invitations_reminders_idx')
      .on(t.eventId)
      .where(sql`${t.sendReminders} and ${t.rsvpStatus} in ('pending', 'no_response')`),
  ],
);

/**
 * The spec's invitation_token, stored only as its SHA-256: one random 256-bit token per e-mail that carries a
 * link (invitation, reminders, updates), since the server cannot put a token it only knows the hash of into a
 * new e-mail. All of an invitation's links work until its token_expires_at; a re-send replaces them.
 */
export const eventInvitationTokens = pgTable(
  'event_invitation_tokens',
  {
    invitationTokenHash: text('invitation_token_hash').primaryKey(),
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => eventInvitations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_invitation_tokens_invitation_idx').on(t.invitationId)],
);

export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => eventInvitations.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email'),
    guestCount: integer('guest_count').notNull().default(1),
    attendanceStatus: text('attendance_status').notNull().default('expected'), // expected | checked_in
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_attendees_invitation_uq').on(t.invitationId),
    index('event_attendees_event_idx').on(t.eventId, t.createdAt),
  ],
);

export const eventComments = pgTable(
  'event_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    commentText: text('comment_text').notNull(),
    commentType: text('comment_type').notNull().default('general'),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    authorEmail: text('author_email'),
    isPublic: boolean('is_public').notNull().default(true),
    parentCommentId: uuid('parent_comment_id').references((): AnyPgColumn => eventComments.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_comments_event_idx').on(t.eventId, t.createdAt)],
);

/** A user's private iCalendar subscription in one organization: the token's SHA-256 only. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_org_user_uq').on(t.organizationId, t.userId),
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
  ],
);
