import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents, formatMonth } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TCashFlow, TVatPayment } from '@shared/reports/cash-flow-contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { BlockSpinner, Spinner } from '@web/ui/spinner.tsx';
import { PeriodPicker, useRangeLabel } from './period-picker.tsx';
import { ReportActions } from './report-actions.tsx';
import { useReportRange } from './report-range.ts';
import { ReportStat } from './report-stat.tsx';
import { useCashFlow } from './reports-api.ts';
import { vatPeriodLabel } from './vat-period-label.ts';

const CashFlowChart = lazy(() => import('./cash-flow-chart.tsx'));

/** Cash flow: the ledger by month of a range (`from`, `to` in the address) and the 90-day forecast from today. */
export function CashFlowReport() {
  const { t } = useTranslation(['reports', 'common']);
  const me = useSignedInMe();
  const locale = localeOf(currentLanguage());
  const { range, valid, setRange } = useReportRange();
  const query = `from=${range.from}&to=${range.to}`;
  const report = useCashFlow(me.activeOrganizationId, query, valid);
  const data = report.data;
  const nothing =
    data &&
    data.actual.entries === 0 &&
    data.actual.openingBalanceCents === 0 &&
    data.forecast.startingBalanceCents === 0 &&
    data.forecast.receiptsCents === 0 &&
    data.forecast.overdue.invoices === 0 &&
    data.forecast.vatPayments.length === 0;
  return (
    <Card>
      <CardHeader
        title={t('reports:cashflow.title')}
        description={t('reports:cashflow.description')}
        action={
          <div className="flex flex-wrap items-end gap-3">
            <PeriodPicker range={range} onChange={setRange} />
            <ReportActions exportPath={`/api/v1/reports/cash-flow/export?${query}`} />
          </div>
        }
      />
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {!valid ? (
          <Alert tone="error">{t('reports:cashflow.invalidRange')}</Alert>
        ) : report.isPending ? (
          <BlockSpinner label={t('common:loading')} />
        ) : report.isError ? (
          <LoadError title={t('reports:loadError')} onRetry={() => void report.refetch()}>
            {apiErrorMessage(report.error, t)}
          </LoadError>
        ) : nothing ? (
          <EmptyState
            title={t('reports:cashflow.empty.title')}
            description={t('reports:cashflow.empty.description')}
          />
        ) : (
          <CashFlowView report={report.data} locale={locale} />
        )}
      </CardContent>
    </Card>
  );
}

const th = 'px-3 py-2 font-medium';
const td = 'px-3 py-2 text-right tabular-nums';

function CashFlowView({ report, locale }: { report: TCashFlow; locale: string }) {
  const { t } = useTranslation(['reports', 'common']);
  const rangeLabel = useRangeLabel();
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const previousPeriod = rangeLabel(report.previous);
  const compared = (current: number, previous: number) => ({
    text: t('reports:cashflow.stats.previous', { amount: euro(previous), period: previousPeriod }),
    current,
    previous,
  });
  const { actual, forecast } = report;
  const ledger = (from: string, to: string, direction: 'income' | 'expense') =>
    `/transactions?period=custom&from=${from}&to=${to}&direction=${direction}`;
  const money = (cents: number, href?: string, label?: string) =>
    cents === 0 ? (
      <span className="text-muted-foreground">{euro(0)}</span>
    ) : href ? (
      <Link to={href} aria-label={label} className="text-primary underline-offset-2 hover:underline">
        {euro(cents)}
      </Link>
    ) : (
      euro(cents)
    );
  const week = (w: { from: string; to: string }) =>
    t('reports:cashflow.forecast.week', {
      from: formatDate(w.from, locale),
      to: formatDate(w.to, locale),
    });

  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="cashflow-stats">
        <ReportStat
          label={t('reports:cashflow.stats.income')}
          value={euro(actual.incomeCents)}
          previous={compared(actual.incomeCents, report.previous.incomeCents)}
        />
        <ReportStat
          label={t('reports:cashflow.stats.expenses')}
          value={euro(actual.expenseCents)}
          previous={{ ...compared(actual.expenseCents, report.previous.expenseCents), lowerIsBetter: true }}
        />
        <ReportStat
          label={t('reports:cashflow.stats.net')}
          value={euro(actual.netCents)}
          previous={compared(actual.netCents, report.previous.netCents)}
        />
      </dl>

      <section aria-labelledby="cashflow-actual" className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <h3 id="cashflow-actual" className="text-base font-semibold text-foreground">
          {t('reports:cashflow.actual.title')}
        </h3>
        {actual.entries === 0 ? (
          <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
            {t('reports:cashflow.actual.empty')}
          </p>
        ) : null}
        <div
          role="region"
          aria-label={t('reports:cashflow.actual.caption')}
          tabIndex={0}
          className="overflow-x-auto rounded-md border border-border print:overflow-visible"
        >
          <table className="w-full min-w-[36rem] text-sm" data-testid="cashflow-actual">
            <caption className="sr-only">{t('reports:cashflow.actual.caption')}</caption>
            <thead>
              <tr className="border-b border-border text-xs text-muted-foreground">
                <th scope="col" className={cn(th, 'text-left')}>
                  {t('reports:cashflow.columns.month')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.income')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.expenses')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.net')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.balance')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              <tr className="text-muted-foreground">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {t('reports:cashflow.actual.opening')}
                </th>
                <td colSpan={3} />
                <td className={td}>{euro(actual.openingBalanceCents)}</td>
              </tr>
              {actual.months.map((m) => {
                const label = formatMonth(m.month, locale, 'long');
                return (
                  <tr key={m.month} data-testid="cashflow-month">
                    <th scope="row" className="px-3 py-2 text-left font-normal capitalize">
                      {label}
                    </th>
                    <td className={td}>
                      {money(
                        m.incomeCents,
                        ledger(m.from, m.to, 'income'),
                        `${t('reports:cashflow.columns.income')}, ${label}`,
                      )}
                    </td>
                    <td className={td}>
                      {money(
                        m.expenseCents,
                        ledger(m.from, m.to, 'expense'),
                        `${t('reports:cashflow.columns.expenses')}, ${label}`,
                      )}
                    </td>
                    <td className={cn(td, m.netCents < 0 && 'text-danger')}>{euro(m.netCents)}</td>
                    <td className={cn(td, 'font-medium')}>{euro(m.balanceCents)}</td>
                  </tr>
                );
              })}
              <tr className="bg-surface-muted font-semibold">
                <th scope="row" className="px-3 py-2 text-left">
                  {t('reports:cashflow.actual.closing')}
                </th>
                <td className={td}>{euro(actual.incomeCents)}</td>
                <td className={td}>{euro(actual.expenseCents)}</td>
                <td className={td}>{euro(actual.netCents)}</td>
                <td className={td} data-testid="cashflow-closing">
                  {euro(actual.closingBalanceCents)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="cashflow-forecast" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div>
          <h3 id="cashflow-forecast" className="text-base font-semibold text-foreground">
            {t('reports:cashflow.forecast.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('reports:cashflow.forecast.description')}</p>
        </div>
        {!forecast.payablesRecorded ? (
          <Alert tone="warning">{t('reports:cashflow.forecast.noPayables')}</Alert>
        ) : null}
        <dl className="grid gap-3 sm:grid-cols-3" data-testid="cashflow-forecast-stats">
          <ReportStat label={t('reports:cashflow.stats.today')} value={euro(forecast.startingBalanceCents)} />
          <ReportStat
            label={t('reports:cashflow.stats.projected', { date: formatDate(forecast.to, locale) })}
            value={euro(forecast.endingBalanceCents)}
            testId="cashflow-projected"
          />
          <ReportStat
            label={t('reports:cashflow.stats.overdue')}
            value={euro(forecast.overdue.cents)}
            note={
              forecast.overdue.invoices > 0
                ? t('reports:cashflow.forecast.overdue', {
                    count: forecast.overdue.invoices,
                    amount: euro(forecast.overdue.cents),
                  })
                : undefined
            }
          />
        </dl>
        {forecast.overdue.invoices > 0 ? (
          <p className="text-sm print:hidden">
            <Link to="/invoices?status=overdue" className="text-primary hover:underline">
              {t('reports:cashflow.forecast.openOverdue')}
            </Link>
          </p>
        ) : null}
        <Suspense
          fallback={
            <div className="flex h-64 items-center justify-center">
              <Spinner label={t('common:loading')} />
            </div>
          }
        >
          <CashFlowChart report={report} locale={locale} />
        </Suspense>
        <div
          role="region"
          aria-label={t('reports:cashflow.forecast.caption')}
          tabIndex={0}
          className="overflow-x-auto rounded-md border border-border print:overflow-visible"
        >
          <table className="w-full min-w-[44rem] text-sm" data-testid="cashflow-forecast">
            <caption className="sr-only">{t('reports:cashflow.forecast.caption')}</caption>
            <thead>
              <tr className="border-b border-border text-xs text-muted-foreground">
                <th scope="col" className={cn(th, 'text-left')}>
                  {t('reports:cashflow.columns.week')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.receipts')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.vat')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.payables')}
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  {t('reports:cashflow.columns.projected')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              <tr className="text-muted-foreground">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {t('reports:cashflow.stats.today')}
                </th>
                <td colSpan={3} />
                <td className={td}>{euro(forecast.startingBalanceCents)}</td>
              </tr>
              {forecast.weeks.map((w) => {
                const label = week(w);
                return (
                  <tr key={w.from} data-testid="cashflow-week">
                    <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                      {label}
                    </th>
                    <td className={td}>
                      {money(
                        w.receiptsCents,
                        `/invoices?dueFrom=${w.from}&dueTo=${w.to}&open=true`,
                        t('reports:cashflow.forecast.openWeek', {
                          period: label,
                          amount: euro(w.receiptsCents),
                        }),
                      )}
                      {w.invoices > 0 ? (
                        <span className="block text-xs text-muted-foreground">
                          {t('reports:cashflow.forecast.invoices', { count: w.invoices })}
                        </span>
                      ) : null}
                    </td>
                    <td className={td}>{w.vatCents === 0 ? money(0) : `−${euro(w.vatCents)}`}</td>
                    <td className={cn(td, 'text-xs text-muted-foreground italic')}>
                      {t('reports:cashflow.forecast.notRecorded')}
                    </td>
                    <td className={cn(td, 'font-medium', w.balanceCents < 0 && 'text-danger')}>
                      {euro(w.balanceCents)}
                    </td>
                  </tr>
                );
              })}
              <tr className="bg-surface-muted font-semibold">
                <th scope="row" className="px-3 py-2 text-left">
                  {t('reports:cashflow.forecast.total')}
                </th>
                <td className={td}>{euro(forecast.receiptsCents)}</td>
                <td className={td}>{forecast.vatCents === 0 ? euro(0) : `−${euro(forecast.vatCents)}`}</td>
                <td />
                <td className={td}>{euro(forecast.endingBalanceCents)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <VatPayments report={report} locale={locale} />
      </section>
    </>
  );
}

function VatPayments({ report, locale }: { report: TCashFlow; locale: string }) {
  const { t } = useTranslation('reports');
  const { forecast } = report;
  const label = (p: TVatPayment) =>
    p.kind === 'advance'
      ? t('cashflow.forecast.vatAdvance', { year: p.year, code: p.taxCode })
      : t('cashflow.forecast.vatSettlement', {
          period: vatPeriodLabel(t, locale, p.year, forecast.vatPeriodicity, p.period!),
          code: p.taxCode,
        });
  return (
    <div className="grid gap-2" data-testid="cashflow-vat">
      <h4 className="text-sm font-semibold text-foreground">{t('cashflow.forecast.vatTitle')}</h4>
      {forecast.forfettario ? (
        <p className="text-sm text-muted-foreground">{t('cashflow.forecast.forfettario')}</p>
      ) : forecast.vatPayments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('cashflow.forecast.noVat')}</p>
      ) : (
        <>
          <ul className="grid gap-1 text-sm">
            {forecast.vatPayments.map((p) => (
              <li key={`${p.dueDate}-${p.taxCode}`} className="flex flex-wrap justify-between gap-x-4">
                <span>
                  <span className="font-medium">{formatDate(p.dueDate, locale)}</span> · {label(p)}
                </span>
                <span className="tabular-nums">{formatEuroCents(p.cents, locale)}</span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{t('cashflow.forecast.vatNote')}</p>
        </>
      )}
    </div>
  );
}
