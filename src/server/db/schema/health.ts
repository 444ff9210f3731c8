import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TSubsystems } from '@shared/health/system-status.ts';
import { organization, user } from './auth.ts';

/**
 * Health monitoring (issue 18). One sample per 30-second slot for the whole installation: every instance checks,
 * and a slot keeps the worst check any instance made in it (upsert on `slot`), with the instance's name, so two
 * instances never record a slot twice and one instance's trouble is never hidden by another's good check. Kept 24 h.
 */
export const healthSamples = pgTable(
  'health_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The check's time floored to 30 s. */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    instance: text('instance').notNull(),
    status: text('status').notNull(),
    score: doublePrecision('score').notNull(),
    subsystems: jsonb('subsystems').$type<TSubsystems>().notNull(),
  },
  (t) => [uniqueIndex('health_samples_slot_uq').on(t.slot)],
);

/**
 * Incidents (a subsystem out of `healthy`, from the sample that saw it until the one that saw it healthy again) and
 * recovery steps (spec §4, §9). A recovery for a user's mail account carries its organization and user: attempts
 * are counted per error type and `subject_key` (the user, or `system`), and the status page shows an organization
 * only its own. Kept 7 days.
 */
export const healthEvents = pgTable(
  'health_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** incident | recovery */
    kind: text('kind').notNull(),
    subsystem: text('subsystem').notNull(),
    /** Incident: the worst state seen; recovery: null. */
    status: text('status'),
    /** Incident: the subsystem's code (system-status.ts); recovery: the error type. */
    code: text('code').notNull(),
    /** Recovery: immediate | delayed | fallback | emergency. */
    level: text('level'),
    /** Recovery: done | scheduled | failed | noted. */
    outcome: text('outcome'),
    proactive: boolean('proactive').notNull().default(false),
    subjectKey: text('subject_key').notNull().default('system'),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** What the step acted on (a mail account, a document); never shown to other organizations. */
    target: text('target'),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('health_events_started_idx').on(t.startedAt),
    index('health_events_attempts_idx')
      .on(t.code, t.subjectKey, t.startedAt)
      .where(sql`${t.kind} = 'recovery'`),
    index('health_events_open_idx')
      .on(t.subsystem)
      .where(sql`${t.kind} = 'incident' and ${t.endedAt} is null`),
  ],
);
