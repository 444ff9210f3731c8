import { isoDateIn, zonedToUtc } from '@shared/dates/dates.ts';
import {
  nextRunDate,
  SCHEDULE_RUN_TIME,
  type ScheduleFrequency,
  type TSchedule,
  type TScheduleValues,
} from '@shared/reports/schedules.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailPort } from '../../platform/mail.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import type { FileStore } from '../../platform/storage.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { XLSX_TYPE } from '@shared/imports/contracts.ts';
import type { ReportFile } from './export.ts';
import * as repo from './schedules-repository.ts';

export type ScheduleDeps = {
  db: Db;
  mail: MailPort;
  hub: RealtimeHub;
  files: FileStore;
  /** Asks the job to look for due schedules now ("Run now"); a no-op where background jobs are off. */
  wake?: () => void;
};

/** The first run at SCHEDULE_RUN_TIME (organization time) on the schedule's day strictly after `now`. */
export function plannedRunAt(frequency: ScheduleFrequency, day: number, timeZone: string, now: Date): Date {
  const today = isoDateIn(timeZone, now);
  const first = zonedToUtc(nextRunDate(frequency, day, today, true), SCHEDULE_RUN_TIME, timeZone);
  if (first > now) return first;
  return zonedToUtc(nextRunDate(frequency, day, today, false), SCHEDULE_RUN_TIME, timeZone);
}

async function describe(db: Db, orgId: string, rows: repo.ScheduleRow[]): Promise<TSchedule[]> {
  const recipientIds = [...new Set(rows.flatMap((r) => r.recipients))];
  const [members, creators] = await Promise.all([
    repo.membersAmong(db, orgId, recipientIds),
    repo.userNames(db, [...new Set(rows.map((r) => r.createdBy))]),
  ]);
  const memberOf = new Map(members.map((m) => [m.userId, m]));
  const nameOf = new Map(creators.map((c) => [c.userId, c.name]));
  return rows.map((row) => ({
    id: row.id,
    report: row.report,
    format: row.format,
    frequency: row.frequency,
    day: row.day,
    // A recipient who has left the organization is not mailed, and not shown.
    recipients: row.recipients.flatMap((id) => {
      const m = memberOf.get(id);
      return m ? [m] : [];
    }),
    language: row.language,
    active: row.active,
    createdBy: { userId: row.createdBy, name: nameOf.get(row.createdBy) ?? '' },
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastFileName: row.lastFileName,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function checkedValues(db: Db, orgId: string, input: TScheduleValues, now: Date) {
  const recipients = [...new Set(input.recipients)];
  const members = await repo.membersAmong(db, orgId, recipients);
  if (members.length !== recipients.length) {
    const known = new Set(members.map((m) => m.userId));
    throw new AppError('REPORT_RECIPIENT_NOT_MEMBER', {
      recipients: recipients.filter((id) => !known.has(id)),
    });
  }
  const timeZone = await organizationTimeZone(db, orgId);
  return {
    report: input.report,
    format: input.format,
    frequency: input.frequency,
    day: input.day,
    recipients,
    language: input.language,
    active: input.active,
    nextRunAt: plannedRunAt(input.frequency, input.day, timeZone, now),
  };
}

export async function scheduleRecipients(deps: { db: Db }, input: { orgId: string }) {
  return repo.listRecipients(deps.db, input.orgId);
}

/** The heading of a report file: the business's name and the zone its time of generation is read in. */
export async function reportContext(deps: { db: Db }, input: { orgId: string }) {
  const [business, timeZone] = await Promise.all([
    repo.businessName(deps.db, input.orgId),
    organizationTimeZone(deps.db, input.orgId),
  ]);
  return { business, timeZone };
}

export async function listReportSchedules(deps: { db: Db }, input: { orgId: string }): Promise<TSchedule[]> {
  return describe(deps.db, input.orgId, await repo.listSchedules(deps.db, input.orgId));
}

export async function createReportSchedule(
  deps: { db: Db },
  input: { orgId: string; userId: string; values: TScheduleValues; now?: Date },
): Promise<TSchedule> {
  const values = await checkedValues(deps.db, input.orgId, input.values, input.now ?? new Date());
  const row = await repo.insertSchedule(deps.db, input.orgId, { ...values, createdBy: input.userId });
  return (await describe(deps.db, input.orgId, [row]))[0]!;
}

/** Replaces the schedule's settings; its next run is planned again from them. */
export async function updateReportSchedule(
  deps: { db: Db },
  input: { orgId: string; id: string; values: TScheduleValues; now?: Date },
): Promise<TSchedule> {
  if (!(await repo.findSchedule(deps.db, input.orgId, input.id))) throw new AppError('NOT_FOUND');
  const values = await checkedValues(deps.db, input.orgId, input.values, input.now ?? new Date());
  const row = await repo.updateSchedule(deps.db, input.orgId, input.id, values);
  if (!row) throw new AppError('NOT_FOUND');
  return (await describe(deps.db, input.orgId, [row]))[0]!;
}

export async function deleteReportSchedule(deps: ScheduleDeps, input: { orgId: string; id: string }) {
  const row = await repo.deleteSchedule(deps.db, input.orgId, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.lastFileKey) await deps.files.remove(row.lastFileKey);
}

/** "Run now": the schedule is due at once; the job runs it and tells its progress on the live channel. */
export async function runReportScheduleNow(
  deps: ScheduleDeps,
  input: { orgId: string; userId: string; id: string },
): Promise<TSchedule> {
  const found = await repo.findSchedule(deps.db, input.orgId, input.id);
  if (!found) throw new AppError('NOT_FOUND');
  if (!found.active) throw new AppError('REPORT_SCHEDULE_PAUSED');
  const row = await repo.updateSchedule(deps.db, input.orgId, input.id, {
    nextRunAt: new Date(),
    requestedBy: input.userId,
  });
  deps.wake?.();
  return (await describe(deps.db, input.orgId, [row!]))[0]!;
}

/** The file of the schedule's last successful run. */
export async function lastScheduledFile(
  deps: { db: Db; files: FileStore },
  input: { orgId: string; id: string },
): Promise<ReportFile> {
  const row = await repo.findSchedule(deps.db, input.orgId, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  const body = row.lastFileKey ? await deps.files.get(row.lastFileKey) : null;
  if (!body || !row.lastFileName) throw new AppError('REPORT_FILE_NOT_READY');
  const contentType = row.lastFileName.endsWith('.pdf')
    ? 'application/pdf'
    : row.lastFileName.endsWith('.csv')
      ? 'text/csv; charset=utf-8'
      : XLSX_TYPE;
  return { fileName: row.lastFileName, contentType, body };
}
