import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import type { TCashFlow, TVatPayment } from '@shared/reports/cash-flow-contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { PeriodTable, periodCellClass, type PeriodRow } from './month-table.tsx';
import { ReportStat } from './report-stat.tsx';
import { vatPeriodLabel } from './vat-period-label.ts';

const CashFlowChart = lazy(() => import('./cash-flow-chart.tsx'));

/**
 * The cash flow's 90-day forecast from today: the balance today and at the end, the overdue receivables and
 * payables, the chart, week by week the receipts due, the VAT deadlines and the supplier payments due, then the VAT
 * payments.
 */
export function CashFlowForecast({ report, locale }: { report: TCashFlow; locale: string }) {
  const { t } = useTranslation(['reports', 'common']);
  const { forecast } = report;
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const outflow = (cents: number) =>
    cents === 0 ? <span className="text-muted-foreground">{euro(0)}</span> : `−${euro(cents)}`;
  const receipts = (cents: number, href: string, label: string) =>
    cents === 0 ? (
      <span className="text-muted-foreground">{euro(0)}</span>
    ) : (
      <Link to={href} aria-label={label} className="text-primary underline-offset-2 hover:underline">
        {euro(cents)}
      </Link>
    );
  const weeks = forecast.weeks.map((w): PeriodRow => {
    const label = t('reports:cashflow.forecast.week', {
      from: formatDate(w.from, locale),
      to: formatDate(w.to, locale),
    });
    return {
      key: w.from,
      label,
      labelClassName: 'whitespace-nowrap',
      testId: 'cashflow-week',
      cells: [
        {
          content: (
            <>
              {receipts(
                w.receiptsCents,
                `/invoices?dueFrom=${w.from}&dueTo=${w.to}&open=true`,
                t('reports:cashflow.forecast.openWeek', { period: label, amount: euro(w.receiptsCents) }),
              )}
              {w.invoices > 0 ? (
                <span className="block text-xs text-muted-foreground">
                  {t('reports:cashflow.forecast.invoices', { count: w.invoices })}
                </span>
              ) : null}
            </>
          ),
        },
        {
          content:
            w.vatCents === 0 ? (
              <span className="text-muted-foreground">{euro(0)}</span>
            ) : (
              `−${euro(w.vatCents)}`
            ),
        },
        {
          content: (
            <>
              {outflow(w.payablesCents)}
              {w.payables > 0 ? (
                <span className="block text-xs text-muted-foreground">
                  {t('reports:cashflow.forecast.payables', { count: w.payables })}
                </span>
              ) : null}
            </>
          ),
        },
        {
          content: euro(w.balanceCents),
          className: periodCellClass('font-medium', w.balanceCents < 0 && 'text-danger'),
        },
      ],
    };
  });

  return (
    <section aria-labelledby="cashflow-forecast" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div>
        <h3 id="cashflow-forecast" className="text-base font-semibold text-foreground">
          {t('reports:cashflow.forecast.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('reports:cashflow.forecast.description')}</p>
      </div>
      {forecast.overduePayables.installments > 0 ? (
        <Alert tone="warning">
          {t('reports:cashflow.forecast.overduePayables', {
            count: forecast.overduePayables.installments,
            amount: euro(forecast.overduePayables.cents),
          })}{' '}
          <Link to="/reports?report=receivables" className="text-primary hover:underline print:hidden">
            {t('reports:cashflow.forecast.openPayables')}
          </Link>
        </Alert>
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
      <PeriodTable
        caption={t('reports:cashflow.forecast.caption')}
        periodHeader={t('reports:cashflow.columns.week')}
        columns={[
          t('reports:cashflow.columns.receipts'),
          t('reports:cashflow.columns.vat'),
          t('reports:cashflow.columns.payables'),
          t('reports:cashflow.columns.projected'),
        ]}
        opening={{ label: t('reports:cashflow.stats.today'), content: euro(forecast.startingBalanceCents) }}
        rows={weeks}
        total={{
          label: t('reports:cashflow.forecast.total'),
          cells: [
            { content: euro(forecast.receiptsCents) },
            { content: forecast.vatCents === 0 ? euro(0) : `−${euro(forecast.vatCents)}` },
            { content: forecast.payablesCents === 0 ? euro(0) : `−${euro(forecast.payablesCents)}` },
            { content: euro(forecast.endingBalanceCents) },
          ],
        }}
        minWidth="min-w-[44rem]"
        testId="cashflow-forecast"
      />
      <VatPayments report={report} locale={locale} />
    </section>
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
