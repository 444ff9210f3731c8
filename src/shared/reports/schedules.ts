import { z } from 'zod';
import { addDays, weekdayIndex } from '../dates/dates.ts';
import type { FieldKey } from '../i18n/catalogue.ts';
import { ZReportFormat, ZVatPeriodicity } from './contracts.ts';
import { monthRange } from './periods.ts';
import { REVENUE_GROUPINGS } from './revenue-contracts.ts';

/**
 * Scheduled reports (issue 14): a report e-mailed weekly or monthly to chosen members of the organization.
 * A new report kind is one entry in REPORT_KINDS and ZScheduleReport here, and one in the server's map of kinds
 * (modules/reports/schedule-kinds.ts).
 */

const err = (key: FieldKey) => ({ error: key });

export const REPORT_KINDS = [
  'vat-settlement',
  'sales-register',
  'receivables',
  'profit-and-loss',
  'cash-flow',
  'revenue',
  'inventory',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The report and its parameters (the period comes from the frequency: the week or month just ended). */
export const ZScheduleReport = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('vat-settlement'),
      /** Absent: the business's own setting. The settlement is always the current year's. */
      params: z.object({ periodicity: ZVatPeriodicity.optional() }).strict().default({}),
    }),
    z.object({ kind: z.literal('sales-register'), params: z.object({}).strict().default({}) }),
    z.object({ kind: z.literal('receivables'), params: z.object({}).strict().default({}) }),
    z.object({ kind: z.literal('profit-and-loss'), params: z.object({}).strict().default({}) }),
    z.object({ kind: z.literal('cash-flow'), params: z.object({}).strict().default({}) }),
    z.object({
      kind: z.literal('revenue'),
      params: z
        .object({ by: z.enum(REVENUE_GROUPINGS, err('reports.errors.invalidGrouping')).default('client') })
        .strict()
        .default({ by: 'client' }),
    }),
    z.object({ kind: z.literal('inventory'), params: z.object({}).strict().default({}) }),
  ],
  err('reports.errors.invalidKind'),
);
export type TScheduleReport = z.infer<typeof ZScheduleReport>;

/** The name of a scheduled report (in the `reports` texts): revenue says its grouping ("Revenue by client"). */
export function scheduleReportNameKey(report: TScheduleReport) {
  return report.kind === 'revenue'
    ? (`revenue.captions.${report.params.by}` as const)
    : (`schedules.kinds.${report.kind}` as const);
}

export const SCHEDULE_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_LANGUAGES = ['it', 'en'] as const;

/** The hour (organization time) a schedule runs on its day. */
export const SCHEDULE_RUN_TIME = '07:00';
export const MAX_RECIPIENTS = 20;

const ZScheduleFields = z.object({
  format: ZReportFormat,
  frequency: z.enum(SCHEDULE_FREQUENCIES, err('reports.errors.invalidFrequency')),
  /** Weekly: 1 Monday … 7 Sunday. Monthly: day 1–28 (every month has it). */
  day: z
    .number(err('reports.errors.invalidDay'))
    .int(err('reports.errors.invalidDay'))
    .min(1, err('reports.errors.invalidDay'))
    .max(28, err('reports.errors.invalidDay')),
  /** Member user ids of the organization. */
  recipients: z
    .array(z.string().min(1).max(64), err('reports.errors.recipientsRequired'))
    .min(1, err('reports.errors.recipientsRequired'))
    .max(MAX_RECIPIENTS, err('reports.errors.tooManyRecipients')),
  /** The language of the e-mail and the file (members' own language is not stored on the server). */
  language: z.enum(SCHEDULE_LANGUAGES, err('reports.errors.invalidLanguage')),
  active: z.boolean().default(true),
});

const weekdayOk = (s: { frequency?: ScheduleFrequency; day?: number }) =>
  s.frequency !== 'weekly' || s.day === undefined || s.day <= 7;

export const ZScheduleInput = ZScheduleFields.extend({ report: ZScheduleReport }).refine(weekdayOk, {
  path: ['day'],
  ...err('reports.errors.invalidWeekday'),
});
export type TScheduleInput = z.input<typeof ZScheduleInput>;
export type TScheduleValues = z.output<typeof ZScheduleInput>;

export const ZSchedule = z.object({
  id: z.uuid(),
  report: ZScheduleReport,
  format: ZReportFormat,
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  day: z.number().int(),
  recipients: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
  language: z.enum(SCHEDULE_LANGUAGES),
  active: z.boolean(),
  createdBy: z.object({ userId: z.string(), name: z.string() }),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.enum(SCHEDULE_STATUSES),
  lastError: z.string().nullable(),
  /** The file of the last successful run, downloadable from …/schedules/:id/file. */
  lastFileName: z.string().nullable(),
  createdAt: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZScheduleList = z.object({ items: z.array(ZSchedule) });
export type TScheduleList = z.infer<typeof ZScheduleList>;

/**
 * The date of the next run strictly after `today`-or-later: weekly on ISO weekday `day` (1 Monday), monthly on
 * day `day` of the month. `includeToday` lets today count (a schedule created before its hour on its day).
 */
export function nextRunDate(
  frequency: ScheduleFrequency,
  day: number,
  today: string,
  includeToday: boolean,
): string {
  if (frequency === 'weekly') {
    const ahead = (day - 1 - weekdayIndex(today) + 7) % 7;
    return addDays(today, ahead === 0 && !includeToday ? 7 : ahead);
  }
  const thisMonth = `${today.slice(0, 8)}${String(day).padStart(2, '0')}`;
  if (thisMonth > today || (includeToday && thisMonth === today)) return thisMonth;
  return `${monthRange(today, 1).from.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** The period a run on `runDate` reports on: the week (Monday–Sunday) or calendar month just ended. */
export function reportedPeriod(frequency: ScheduleFrequency, runDate: string): { from: string; to: string } {
  if (frequency === 'monthly') return monthRange(runDate, -1);
  const monday = addDays(runDate, -weekdayIndex(runDate));
  return { from: addDays(monday, -7), to: addDays(monday, -1) };
}
