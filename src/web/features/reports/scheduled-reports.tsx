import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Download, Pause, Pencil, Play, Plus, Send, Trash2 } from 'lucide-react';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { scheduleReportNameKey, type TSchedule } from '@shared/reports/schedules.ts';
import { apiDownload } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Badge, type BadgeTone } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import {
  scheduleFilePath,
  useDeleteSchedule,
  useReportSchedules,
  useRunSchedule,
  useSaveSchedule,
} from './report-schedules-api.ts';
import { ScheduleFormDialog, weekdayName } from './schedule-form-dialog.tsx';

/**
 * /reports?report=scheduled: reports e-mailed every week or month. Each schedule says truthfully when it runs
 * next and how its last run went; the live channel's REPORT_STATUS_UPDATE refreshes the list while one runs.
 */
export function ScheduledReports() {
  const { t } = useTranslation(['reports', 'buttons']);
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const locale = localeOf(currentLanguage());
  const canSchedule = me.permissions.includes('export_financial_data');
  const schedules = useReportSchedules(canSchedule ? orgId : null);
  const [editing, setEditing] = useState<TSchedule | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TSchedule | null>(null);
  const remove = useDeleteSchedule(orgId);
  const openForm = (schedule: TSchedule | null) => {
    setEditing(schedule);
    setFormOpen(true);
  };

  if (!canSchedule) {
    return (
      <EmptyState
        icon={<CalendarClock />}
        title={t('reports:schedules.title')}
        description={t('reports:schedules.noPermission')}
      />
    );
  }
  return (
    <section aria-labelledby="scheduled-title" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="scheduled-title" className="text-lg font-semibold text-foreground">
            {t('reports:schedules.title')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t('reports:schedules.description')}</p>
        </div>
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('reports:schedules.new')}
        </Button>
      </div>
      {schedules.isPending ? (
        <BlockSpinner label={t('reports:schedules.title')} />
      ) : schedules.isError ? (
        <LoadError onRetry={() => void schedules.refetch()}>{t('reports:schedules.loadError')}</LoadError>
      ) : schedules.data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<CalendarClock />}
            title={t('reports:schedules.empty.title')}
            description={t('reports:schedules.empty.text')}
          />
        </Card>
      ) : (
        <ul className="grid gap-3">
          {schedules.data.items.map((s) => (
            <ScheduleCard
              key={s.id}
              schedule={s}
              orgId={orgId}
              locale={locale}
              onEdit={() => openForm(s)}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </ul>
      )}
      <ScheduleFormDialog
        orgId={orgId}
        locale={locale}
        schedule={editing}
        open={formOpen}
        onOpenChange={setFormOpen}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('reports:schedules.confirmDelete.title')}
        description={t('reports:schedules.confirmDelete.text')}
        confirmLabel={t('reports:schedules.confirmDelete.confirm')}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('reports:schedules.deleted'));
              setDeleting(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, t)),
          })
        }
      />
    </section>
  );
}

const STATUS_TONE: Record<TSchedule['lastStatus'], BadgeTone> = {
  pending: 'neutral',
  running: 'primary',
  done: 'success',
  failed: 'danger',
};

function ScheduleCard({
  schedule: s,
  orgId,
  locale,
  onEdit,
  onDelete,
}: {
  schedule: TSchedule;
  orgId: string | null;
  locale: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['reports']);
  const run = useRunSchedule(orgId);
  const save = useSaveSchedule(orgId);
  const when = (iso: string) => formatDateTime(iso, locale, 'medium');
  const name = t(`reports:${scheduleReportNameKey(s.report)}`);
  // Due now ("Run now" asked, the job not there yet) is shown as queued, never as sent.
  const queued = s.active && s.lastStatus !== 'running' && new Date(s.nextRunAt).getTime() <= Date.now();
  const status = queued ? 'running' : s.lastStatus;
  const statusText = queued
    ? t('reports:schedules.status.running')
    : s.lastStatus === 'pending' || s.lastStatus === 'running' || !s.lastRunAt
      ? t(`reports:schedules.status.${s.lastStatus === 'running' ? 'running' : 'pending'}`)
      : t(`reports:schedules.status.${s.lastStatus}`, { date: when(s.lastRunAt), error: s.lastError ?? '' });
  const fail = (error: unknown) => toast.error(apiErrorMessage(error, t));
  const setActive = (active: boolean) =>
    save.mutate(
      {
        id: s.id,
        input: {
          report: s.report,
          format: s.format,
          frequency: s.frequency,
          day: s.day,
          recipients: s.recipients.map((r) => r.userId),
          language: s.language,
          active,
        },
      },
      { onError: fail },
    );
  const download = () =>
    apiDownload(scheduleFilePath(s.id), { fallbackName: s.lastFileName ?? 'report' }).catch(fail);

  return (
    <li>
      <Card className="grid gap-3 p-4" data-testid="schedule">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-foreground">
              {name}{' '}
              <span className="text-sm font-normal text-muted-foreground">· {s.format.toUpperCase()}</span>
            </h3>
            <p className="text-sm text-muted-foreground">
              {s.frequency === 'weekly'
                ? t('reports:schedules.every.weekly', { weekday: weekdayName(s.day, locale) })
                : t('reports:schedules.every.monthly', { day: s.day })}
              {' · '}
              {t('reports:schedules.recipientsCount', { count: s.recipients.length })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!s.active ? <Badge tone="warning">{t('reports:schedules.paused')}</Badge> : null}
            <Badge tone={STATUS_TONE[status]} data-status={status} role="status">
              {statusText}
            </Badge>
          </div>
        </div>
        <p className="truncate text-sm text-foreground" title={s.recipients.map((r) => r.email).join(', ')}>
          <Send aria-hidden="true" className="mr-1 inline size-3.5 text-muted-foreground" />
          {s.recipients.map((r) => r.name).join(', ')}
        </p>
        {s.active && !queued ? (
          <p className="text-sm text-muted-foreground">
            {t('reports:schedules.nextRun', { date: when(s.nextRunAt) })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={!s.active || queued || s.lastStatus === 'running'}
            loading={run.isPending}
            onClick={() =>
              run.mutate(s.id, {
                onSuccess: () => toast.success(t('reports:schedules.queued')),
                onError: fail,
              })
            }
          >
            {run.isPending ? null : <Play aria-hidden="true" className="size-4" />}
            {t('reports:schedules.actions.runNow')}
          </Button>
          {s.lastFileName ? (
            <Button size="sm" variant="outline" onClick={() => void download()}>
              <Download aria-hidden="true" className="size-4" />
              {t('reports:schedules.actions.download')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('reports:schedules.actions.edit')}
          </Button>
          <Button size="sm" variant="ghost" loading={save.isPending} onClick={() => setActive(!s.active)}>
            {save.isPending ? null : s.active ? (
              <Pause aria-hidden="true" className="size-4" />
            ) : (
              <Play aria-hidden="true" className="size-4" />
            )}
            {s.active ? t('reports:schedules.actions.pause') : t('reports:schedules.actions.resume')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('reports:schedules.actions.delete')}
          </Button>
        </div>
      </Card>
    </li>
  );
}
