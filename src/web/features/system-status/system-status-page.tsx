import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Activity, Clock } from 'lucide-react';
import type { TSystemStatus } from '@shared/health/system-status.ts';
import { formatDateTime, formatPercent } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { StatusBadge } from '@web/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { JobQueueCard } from './job-queue-card.tsx';
import { IncidentList, RecoveryList } from './status-events.tsx';
import { STATE_TONES } from './status-text.ts';
import { SubsystemCards } from './subsystem-cards.tsx';
import { useSystemStatus } from './system-status-api.ts';

const StatusHistoryChart = lazy(() => import('./status-history-chart.tsx'));

/**
 * /system-status (issue 18): what the health monitor found at its latest check, each subsystem's state, the score
 * over the last 24 hours, recent incidents and recoveries, and for admins the organization's job queue.
 */
export function SystemStatusPage() {
  const { t } = useTranslation(['system-status', 'navigation', 'common']);
  const me = useSignedInMe();
  const status = useSystemStatus(me.activeOrganizationId);
  const title = t('navigation:routes.systemStatus');
  useDocumentTitle(title);
  const locale = localeOf(currentLanguage());

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={title} description={t('system-status:description')} />
      {status.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : status.isError ? (
        <Card>
          <LoadError title={t('system-status:loadError')} onRetry={() => void status.refetch()}>
            <p>{apiErrorMessage(status.error, t)}</p>
          </LoadError>
        </Card>
      ) : (
        <StatusBody data={status.data} locale={locale} />
      )}
    </div>
  );
}

function StatusBody({ data, locale }: { data: TSystemStatus; locale: string }) {
  const { t } = useTranslation(['system-status', 'common']);
  const lowest = data.history.length ? Math.min(...data.history.map((p) => p.score)) : null;
  return (
    <div className="flex flex-col gap-6">
      {data.mode !== 'normal' ? (
        <Alert tone={data.mode === 'emergency' ? 'error' : 'warning'}>
          {t(`common:systemMode.${data.mode}`)}
        </Alert>
      ) : null}
      {!data.subsystems || !data.checkedAt ? (
        <Card>
          <EmptyState
            icon={<Clock aria-hidden="true" />}
            title={t('system-status:notChecked.title')}
            description={t('system-status:notChecked.text')}
          />
        </Card>
      ) : (
        <>
          <Card>
            <CardContent className="flex flex-wrap items-center gap-x-6 gap-y-2">
              <div className="flex items-center gap-2">
                <span className="text-sm font-medium text-foreground">{t('system-status:overall')}</span>
                <StatusBadge
                  status={data.status}
                  tones={STATE_TONES}
                  label={t(`system-status:states.${data.status}`)}
                />
              </div>
              <p className="text-sm text-muted-foreground">
                {t('system-status:score', { score: formatPercent(data.score, locale) })}
              </p>
              <p className="text-sm text-muted-foreground">
                {t('system-status:lastCheck', { time: formatDateTime(data.checkedAt, locale, 'short') })}
              </p>
            </CardContent>
          </Card>
          <section aria-labelledby="subsystems-title">
            <h2 id="subsystems-title" className="mb-3 text-lg font-semibold text-foreground">
              {t('system-status:subsystems.title')}
            </h2>
            <SubsystemCards subsystems={data.subsystems} />
          </section>
        </>
      )}
      <Card>
        <CardHeader
          icon={<Activity aria-hidden="true" className="size-5" />}
          title={t('system-status:history.title')}
          description={t('system-status:history.description')}
        />
        <CardContent>
          {data.history.length === 0 || lowest === null ? (
            <p className="py-6 text-sm text-muted-foreground">{t('system-status:history.empty')}</p>
          ) : (
            <>
              <p className="mb-3 text-sm text-muted-foreground">
                {t('system-status:history.summary', {
                  lowest: formatPercent(lowest, locale),
                  count: data.history.length,
                })}
              </p>
              <Suspense fallback={<div className="h-56" />}>
                <StatusHistoryChart history={data.history} locale={locale} />
              </Suspense>
            </>
          )}
        </CardContent>
      </Card>
      {data.queue ? <JobQueueCard queue={data.queue} locale={locale} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <IncidentList incidents={data.incidents} locale={locale} />
        <RecoveryList recoveries={data.recoveries} locale={locale} />
      </div>
    </div>
  );
}
