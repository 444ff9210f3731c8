import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, FilePlus2, LineChart } from 'lucide-react';
import { localeOf } from '@shared/i18n/language.ts';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';
import { REAL_TIME_METRICS } from '@shared/realtime/messages.ts';
import { ChartBoundary } from '@web/app/error-screens.tsx';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { BlockSpinner, Spinner } from '@web/ui/spinner.tsx';
import { PeriodPicker, useRangeLabel } from '@web/features/reports/period-picker.tsx';
import { ReportActions } from '@web/features/reports/report-actions.tsx';
import { useReportRange } from '@web/features/reports/report-range.ts';
import { LiveFigures } from '@web/features/dashboard/live-figures.tsx';
import { useAnalytics } from './analytics-api.ts';
import { AnalyticsKpis } from './analytics-kpis.tsx';
import { ClientsPanel, PaymentsPanel, QuotesPanel, TurnoverPanel } from './analytics-panels.tsx';
import { TopClients, TopItems } from './analytics-top-lists.tsx';

const SalesTrendChart = lazy(() => import('./sales-trend-chart.tsx'));

/**
 * /analytics (issue 14): the KPIs and charts of any range of at most a year (this month by default, kept in the
 * address) beside the range before it. Every figure comes from the server, computed from the documents; an
 * organization that has issued nothing yet is told what to do first. Today's figures above the range are live
 * (realTimeData over the live channel). Export (CSV, XLSX, PDF) and print as every report; the print leaves out
 * the app's chrome, the picker and the live figures, and prints the trend as its table.
 */
export function AnalyticsPage() {
  // 'reports' (the period picker's texts) loads with the page's own namespace, not after it.
  const { t } = useTranslation(['analytics', 'reports', 'navigation', 'common']);
  useDocumentTitle(t('navigation:routes.analytics'));
  const me = useSignedInMe();
  const { range, valid, setRange } = useReportRange();
  const analytics = useAnalytics(me.activeOrganizationId, range, valid);
  const rangeLabel = useRangeLabel();

  return (
    <div>
      <PageHeader
        title={t('analytics:title')}
        description={t('analytics:description')}
        actions={
          <div className="flex flex-wrap items-end gap-3 print:hidden">
            <PeriodPicker range={range} onChange={setRange} />
            {valid ? (
              <ReportActions exportPath={`/api/v1/analytics/export?from=${range.from}&to=${range.to}`} />
            ) : null}
          </div>
        }
      />
      <LiveFigures metrics={REAL_TIME_METRICS} locale={localeOf(currentLanguage())} />
      {!valid ? (
        <Alert tone="error">{t('analytics:invalidRange')}</Alert>
      ) : analytics.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : analytics.isError ? (
        <LoadError title={t('analytics:loadError')} onRetry={() => void analytics.refetch()}>
          {apiErrorMessage(analytics.error, t)}
        </LoadError>
      ) : !analytics.data.hasIssuedInvoices ? (
        <Card>
          <EmptyState
            icon={<BarChart3 aria-hidden="true" />}
            title={t('analytics:empty.title')}
            description={t('analytics:empty.description')}
            action={
              <Link to="/invoices/new" className={buttonClasses('primary')}>
                <FilePlus2 aria-hidden="true" className="size-4" />
                {t('analytics:empty.action')}
              </Link>
            }
          />
        </Card>
      ) : (
        <AnalyticsView
          data={analytics.data}
          comparedWith={rangeLabel(analytics.data.previous)}
          label={rangeLabel(analytics.data.current)}
        />
      )}
    </div>
  );
}

function AnalyticsView({
  data,
  label,
  comparedWith,
}: {
  data: TAnalytics;
  label: string;
  comparedWith: string;
}) {
  const { t } = useTranslation(['analytics', 'common']);
  const locale = localeOf(currentLanguage());
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" data-testid="analytics">
      <p className="text-sm text-muted-foreground" data-testid="analytics-compared">
        {t('analytics:comparedWith', { period: label, previous: comparedWith })}
      </p>
      <AnalyticsKpis data={data} locale={locale} />
      <Card>
        <CardHeader
          icon={<LineChart aria-hidden="true" className="size-5" />}
          title={t('analytics:trend.title')}
          description={t(`analytics:trend.description.${data.granularity}`)}
        />
        <CardContent>
          <ChartBoundary>
            <Suspense
              fallback={
                <div className="flex h-64 items-center justify-center">
                  <Spinner label={t('common:loading')} />
                </div>
              }
            >
              <SalesTrendChart
                data={data}
                locale={locale}
                currentLabel={label}
                previousLabel={comparedWith}
              />
            </Suspense>
          </ChartBoundary>
        </CardContent>
      </Card>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2 print:grid-cols-2 [&>*]:print:break-inside-avoid">
        <ClientsPanel data={data} />
        <QuotesPanel data={data} locale={locale} />
        <PaymentsPanel data={data} locale={locale} />
        <TurnoverPanel data={data} locale={locale} />
        <TopClients data={data} locale={locale} />
        <TopItems data={data} locale={locale} />
      </div>
    </div>
  );
}
