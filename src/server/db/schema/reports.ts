import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReportFormat } from '@shared/reports/contracts.ts';
import type { ScheduleFrequency, ScheduleStatus, TScheduleReport } from '@shared/reports/schedules.ts';
import { organization, user } from './auth.ts';

/**
 * Scheduled reports (issue 14): a report e-mailed weekly or monthly to members of the organization. The job
 * claims a due schedule by moving next_run_at forward in one conditional update, so two instances never send
 * the same run twice; a failed run is recorded (last_status, last_error) and tried again at the next run.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The report kind and its parameters, validated by ZScheduleReport. */
    report: jsonb('report').$type<TScheduleReport>().notNull(),
    format: text('format').$type<ReportFormat>().notNull(),
    frequency: text('frequency').$type<ScheduleFrequency>().notNull(),
    /** Weekly: ISO weekday 1–7; monthly: day of the month 1–28. */
    day: integer('day').notNull(),
    /** Member user ids; a recipient who left the organization is skipped at run time. */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    language: text('language').$type<'it' | 'en'>().notNull(),
    active: boolean('active').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: text('last_status').$type<ScheduleStatus>().notNull().default('pending'),
    lastError: text('last_error'),
    /** The file of the last successful run, in the file store. */
    lastFileKey: text('last_file_key'),
    lastFileName: text('last_file_name'),
    /** Who asked for "Run now" (told of the progress besides the creator); cleared by the run. */
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_org_idx').on(t.organizationId, t.createdAt),
    index('report_schedules_due_idx').on(t.nextRunAt),
  ],
);
