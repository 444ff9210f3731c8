import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isoDateIn } from '@shared/dates/dates.ts';
import { errorMessage } from '@shared/errors/error-codes.ts';
import { formatDate } from '@shared/format/format.ts';
import { catalogueText } from '@shared/i18n/texts.ts';
import { REPORT_KINDS, reportedPeriod, scheduleReportNameKey } from '@shared/reports/schedules.ts';
import { AppError } from '../../platform/errors.ts';
import { topics } from '../../platform/realtime.ts';
import { notifyUser } from '../notifications/index.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { scheduledReportFile } from './schedule-kinds.ts';
import * as repo from './schedules-repository.ts';
import { plannedRunAt, type ScheduleDeps } from './schedules-service.ts';

/** The page that lists the schedules, linked from the notification and the report-ready toast. */
export const SCHEDULES_URL = '/reports?report=scheduled';
export const scheduleFileUrl = (id: string) => `/api/v1/reports/schedules/${id}/file`;

/**
 * Runs every due schedule once. Each is claimed first (schedules-repository `claimRun`: next_run_at moves on to
 * the next planned run only if it still holds the value read), so two instances running this at the same moment
 * never send a run twice. A run computes the report for the week or month just ended, keeps the file, mails it
 * to each recipient still a member, tells the creator (and whoever asked for "Run now") with a notification, and
 * says running / done / failed on the organization's `reports` channel. A failure is recorded on the schedule
 * (last_status, last_error) and the next planned run tries again: the schedule is never lost.
 */
export async function runDueSchedules(deps: ScheduleDeps & { log?: FastifyBaseLogger }, now = new Date()) {
  let ran = 0;
  for (const due of await repo.listDueSchedules(deps.db, now)) {
    const timeZone = await organizationTimeZone(deps.db, due.organizationId);
    const claimed = await repo.claimRun(deps.db, due, plannedRunAt(due.frequency, due.day, timeZone, now));
    if (!claimed) continue; // another instance has it
    await runOne(deps, { row: claimed, requestedBy: due.requestedBy, timeZone, now });
    ran++;
  }
  return ran;
}

async function runOne(
  deps: ScheduleDeps & { log?: FastifyBaseLogger },
  run: { row: repo.ScheduleRow; requestedBy: string | null; timeZone: string; now: Date },
) {
  const { row, timeZone, now } = run;
  const orgId = row.organizationId;
  const locale = row.language;
  const text = (
    key: Parameters<typeof catalogueText<'reports'>>[1],
    values?: Record<string, string | number>,
  ) => catalogueText('reports', key, locale, values);
  const publish = (message: Parameters<typeof deps.hub.publish>[1]) =>
    deps.hub.publish(topics.orgReports(orgId), message).catch(() => undefined);
  const told = [...new Set([row.createdBy, ...(run.requestedBy ? [run.requestedBy] : [])])];
  // A kind stored by a later version and unknown here still gets a name (and fails below, recorded).
  const reportName = REPORT_KINDS.includes(row.report.kind)
    ? text(scheduleReportNameKey(row.report))
    : row.report.kind;
  await publish({
    type: 'REPORT_STATUS_UPDATE',
    scheduleId: row.id,
    status: 'running',
    timestamp: now.toISOString(),
  });
  try {
    const period = reportedPeriod(row.frequency, isoDateIn(timeZone, now));
    const business = await repo.businessName(deps.db, orgId);
    const file = await scheduledReportFile(deps, row.report, {
      orgId,
      period,
      format: row.format,
      locale,
      context: { business, timeZone, now },
    });
    const content = Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body, 'utf8');
    const key = `report-schedules/${orgId}/${row.id}/${randomUUID()}.${file.fileName.split('.').pop()}`;
    await deps.files.put(key, content);
    const intl = locale === 'it' ? 'it-IT' : 'en-US';
    const periodText = text('schedules.mail.period', {
      from: formatDate(period.from, intl),
      to: formatDate(period.to, intl),
    });
    const recipients = await repo.membersAmong(deps.db, orgId, row.recipients);
    for (const recipient of recipients) {
      await deps.mail.send(
        {
          to: recipient.email,
          subject: text('schedules.mail.subject', { report: reportName, business }),
          text: text('schedules.mail.body', {
            name: recipient.name,
            report: reportName,
            business,
            period: row.report.kind === 'receivables' ? '' : ` ${periodText}`,
            file: file.fileName,
          }),
          attachments: [{ filename: file.fileName, contentType: file.contentType, content }],
        },
        { organizationId: orgId, userId: row.createdBy },
      );
    }
    if (row.lastFileKey) await deps.files.remove(row.lastFileKey).catch(() => undefined);
    await repo.recordRun(deps.db, orgId, row.id, {
      lastRunAt: now,
      lastStatus: 'done',
      lastError: null,
      lastFileKey: key,
      lastFileName: file.fileName,
    });
    for (const userId of told) {
      await notifyUser(deps, {
        userId,
        orgId,
        type: 'report',
        title: text('schedules.notification.readyTitle'),
        message: text('schedules.notification.readyMessage', {
          report: reportName,
          count: recipients.length,
        }),
        data: { url: SCHEDULES_URL, action: scheduleFileUrl(row.id) },
      });
    }
    const done = new Date().toISOString();
    await publish({ type: 'REPORT_STATUS_UPDATE', scheduleId: row.id, status: 'done', timestamp: done });
    await publish({
      type: 'REPORT_GENERATED',
      scheduleId: row.id,
      fileName: file.fileName,
      url: scheduleFileUrl(row.id),
      timestamp: done,
    });
  } catch (err) {
    deps.log?.error({ err, scheduleId: row.id }, 'scheduled report failed');
    // What the reader is told: the app's own message for a known error, never a stack or a query.
    const error = errorMessage(err instanceof AppError ? err.code : 'INTERNAL', locale);
    await repo.recordRun(deps.db, orgId, row.id, { lastRunAt: now, lastStatus: 'failed', lastError: error });
    for (const userId of told) {
      await notifyUser(deps, {
        userId,
        orgId,
        // Under the bell's "schedules" filter: the schedule needs a look (its title says the run failed).
        type: 'schedule',
        title: text('schedules.notification.failedTitle'),
        message: text('schedules.notification.failedMessage', { report: reportName, error }),
        data: { url: SCHEDULES_URL },
      }).catch(() => undefined);
    }
    await publish({
      type: 'REPORT_STATUS_UPDATE',
      scheduleId: row.id,
      status: 'failed',
      error,
      timestamp: new Date().toISOString(),
    });
  }
}

/**
 * Looks for due schedules every minute, and at once when woken ("Run now"); stop() ends it after the run in
 * progress. A failure is logged, never thrown. A wake during a run runs again right after it.
 */
export function createScheduleRunner(deps: ScheduleDeps & { log: FastifyBaseLogger }) {
  let running: Promise<unknown> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDueSchedules(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'scheduled reports failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    wake: run,
    start() {
      started = true;
      timer = setInterval(run, 60_000);
      timer.unref();
      setTimeout(run, 5_000).unref();
      return this;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
