import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatEuroCents, formatMonth } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TCashFlow } from '@shared/reports/cash-flow-contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { CashFlowForecast } from './cash-flow-forecast.tsx';
import { PeriodTable, periodCellClass, type PeriodRow } from './month-table.tsx';
import { useRangeLabel } from './period-picker.tsx';
import { ReportFrame } from './report-frame.tsx';
import { useReportRange } from './report-range.ts';
import { ReportStat } from './report-stat.tsx';
import { useCashFlow } from './reports-api.ts';

/** Cash flow: the ledger by month of a range (`from`, `to` in the address) and the 90-day forecast from today. */
export function CashFlowReport() {
  const { t } = useTranslation(['reports', 'common']);
  const me = useSignedInMe();
  const locale = localeOf(currentLanguage());
  const { range, valid, setRange } = useReportRange();
  const query = `from=${range.from}&to=${range.to}`;
  const report = useCashFlow(me.activeOrganizationId, query, valid);
  const nothing = (data: TCashFlow) =>
    data.actual.entries === 0 &&
    data.actual.openingBalanceCents === 0 &&
    data.forecast.startingBalanceCents === 0 &&
    data.forecast.receiptsCents === 0 &&
    data.forecast.overdue.invoices === 0 &&
    data.forecast.vatPayments.length === 0;
  return (
    <ReportFrame
      title={t('reports:cashflow.title')}
      description={t('reports:cashflow.description')}
      period={{ range, onChange: setRange }}
      exportPath={`/api/v1/reports/cash-flow/export?${query}`}
      invalid={!valid && t('reports:cashflow.invalidRange')}
      report={report}
      empty={(data) =>
        nothing(data) ? (
          <EmptyState
            title={t('reports:cashflow.empty.title')}
            description={t('reports:cashflow.empty.description')}
          />
        ) : null
      }
    >
      {(data) => (
        <>
          <CashFlowActual report={data} locale={locale} />
          <CashFlowForecast report={data} locale={locale} />
        </>
      )}
    </ReportFrame>
  );
}

/** The range's income, expenses and net against the previous range, then the ledger month by month. */
function CashFlowActual({ report, locale }: { report: TCashFlow; locale: string }) {
  const { t } = useTranslation(['reports', 'common']);
  const rangeLabel = useRangeLabel();
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const previousPeriod = rangeLabel(report.previous);
  const compared = (current: number, previous: number) => ({
    text: t('reports:cashflow.stats.previous', { amount: euro(previous), period: previousPeriod }),
    current,
    previous,
  });
  const { actual } = report;
  const ledger = (
    cents: number,
    m: { from: string; to: string },
    direction: 'income' | 'expense',
    label: string,
  ) =>
    cents === 0 ? (
      <span className="text-muted-foreground">{euro(0)}</span>
    ) : (
      <Link
        to={`/transactions?period=custom&from=${m.from}&to=${m.to}&direction=${direction}`}
        aria-label={label}
        className="text-primary underline-offset-2 hover:underline"
      >
        {euro(cents)}
      </Link>
    );
  const months = actual.months.map((m): PeriodRow => {
    const label = formatMonth(m.month, locale, 'long');
    return {
      key: m.month,
      label,
      labelClassName: 'capitalize',
      testId: 'cashflow-month',
      cells: [
        {
          content: ledger(m.incomeCents, m, 'income', `${t('reports:cashflow.columns.income')}, ${label}`),
        },
        {
          content: ledger(
            m.expenseCents,
            m,
            'expense',
            `${t('reports:cashflow.columns.expenses')}, ${label}`,
          ),
        },
        { content: euro(m.netCents), className: periodCellClass(m.netCents < 0 && 'text-danger') },
        { content: euro(m.balanceCents), className: periodCellClass('font-medium') },
      ],
    };
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
        <PeriodTable
          caption={t('reports:cashflow.actual.caption')}
          periodHeader={t('reports:cashflow.columns.month')}
          columns={[
            t('reports:cashflow.columns.income'),
            t('reports:cashflow.columns.expenses'),
            t('reports:cashflow.columns.net'),
            t('reports:cashflow.columns.balance'),
          ]}
          opening={{ label: t('reports:cashflow.actual.opening'), content: euro(actual.openingBalanceCents) }}
          rows={months}
          total={{
            label: t('reports:cashflow.actual.closing'),
            cells: [
              { content: euro(actual.incomeCents) },
              { content: euro(actual.expenseCents) },
              { content: euro(actual.netCents) },
              { content: euro(actual.closingBalanceCents), testId: 'cashflow-closing' },
            ],
          }}
          minWidth="min-w-[36rem]"
          testId="cashflow-actual"
        />
      </section>
    </>
  );
}
