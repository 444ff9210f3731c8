import { useTranslation } from 'react-i18next';
import { formatEuroCents, formatMonth } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TLedgerRow, TProfitAndLoss } from '@shared/reports/profit-and-loss-contracts.ts';
import { categoryLabel } from '@shared/transactions/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { MonthTable, type MonthTableRow } from './month-table.tsx';
import { useRangeLabel } from './period-picker.tsx';
import { ReportFrame } from './report-frame.tsx';
import { useReportRange } from './report-range.ts';
import { ReportStat } from './report-stat.tsx';
import { useProfitAndLoss } from './reports-api.ts';

/** Profit and loss by month of a range (this month by default; `from`, `to` in the address), on both bases. */
export function ProfitAndLossReport() {
  const { t } = useTranslation(['reports', 'common']);
  const me = useSignedInMe();
  const locale = localeOf(currentLanguage());
  const { range, valid, setRange } = useReportRange();
  const query = `from=${range.from}&to=${range.to}`;
  const report = useProfitAndLoss(me.activeOrganizationId, query, valid);
  return (
    <ReportFrame
      title={t('reports:pnl.title')}
      description={t('reports:pnl.description')}
      period={{ range, onChange: setRange }}
      exportPath={`/api/v1/reports/profit-and-loss/export?${query}`}
      invalid={!valid && t('reports:pnl.invalidRange')}
      report={report}
      empty={(data) =>
        data.accrual.documents === 0 && data.accrual.purchaseDocuments === 0 && data.cash.entries === 0 ? (
          <EmptyState title={t('reports:pnl.empty.title')} description={t('reports:pnl.empty.description')} />
        ) : null
      }
    >
      {(data) => <ProfitAndLossView report={data} locale={locale} />}
    </ReportFrame>
  );
}

function ProfitAndLossView({ report, locale }: { report: TProfitAndLoss; locale: string }) {
  const { t } = useTranslation('reports');
  const rangeLabel = useRangeLabel();
  const language = currentLanguage();
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const previousPeriod = rangeLabel(report.previous);
  const compared = (current: number, previous: number) => ({
    text: t('pnl.stats.previous', { amount: euro(previous), period: previousPeriod }),
    current,
    previous,
  });
  const { accrual, cash, months } = report;
  const periodOf = (month: number | null) =>
    month === null ? rangeLabel(report) : formatMonth(months[month]!.month, locale, 'long');
  const rangeOf = (month: number | null) => (month === null ? report : months[month]!);
  const cellLabel = (item: string) => (month: number | null, amount: string) =>
    t('pnl.openCell', { item, period: periodOf(month), amount });

  const register = (month: number | null) => {
    const { from, to } = rangeOf(month);
    return `/reports?report=register&from=${from}&to=${to}`;
  };
  const accrualRows: MonthTableRow[] = [
    { key: 'revenue', label: t('pnl.accrual.revenue'), months: null, tone: 'heading' },
    ...accrual.revenue.map((row): MonthTableRow => {
      const label =
        row.kind === 'category'
          ? row.category!
          : t(row.kind === 'pensionFund' ? 'pnl.accrual.pensionFund' : 'pnl.accrual.uncategorised');
      return {
        key: `${row.kind}-${row.category ?? ''}`,
        label,
        months: row.months,
        totalCents: row.totalCents,
        href: register,
        linkLabel: cellLabel(label),
        tone: 'item',
        testId: 'pnl-revenue-row',
      };
    }),
    {
      key: 'revenue-total',
      label: t('pnl.accrual.revenueTotal'),
      months: accrual.revenueMonths,
      totalCents: accrual.revenueCents,
      href: register,
      linkLabel: cellLabel(t('pnl.accrual.revenueTotal')),
      tone: 'total',
      testId: 'pnl-revenue-total',
    },
    { key: 'costs', label: t('pnl.accrual.costs'), months: null, tone: 'heading' },
    ...accrual.costs.map((row): MonthTableRow => {
      const label =
        row.kind === 'supplier' ? row.name! : t('pnl.accrual.otherSuppliers', { count: row.suppliers });
      return {
        key: `cost-${row.supplierId ?? 'others'}`,
        label,
        months: row.months,
        totalCents: row.totalCents,
        tone: 'item',
        testId: 'pnl-cost-row',
      };
    }),
    {
      key: 'costs-total',
      label: t('pnl.accrual.costsTotal'),
      months: accrual.costMonths,
      totalCents: accrual.costCents,
      tone: 'total',
      testId: 'pnl-costs-total',
    },
    {
      key: 'result',
      label: t('pnl.accrual.result'),
      months: accrual.resultMonths,
      totalCents: accrual.resultCents,
      tone: 'result',
    },
  ];

  const ledger = (direction: 'income' | 'expense', categoryId: string | null) => (month: number | null) => {
    const { from, to } = rangeOf(month);
    const category = categoryId ? `&categoryId=${categoryId}` : '';
    return `/transactions?period=custom&from=${from}&to=${to}&direction=${direction}${category}`;
  };
  const ledgerRows = (direction: 'income' | 'expense', rows: TLedgerRow[]) =>
    rows.map((row): MonthTableRow => {
      const label =
        row.name === null
          ? t('pnl.cash.uncategorised')
          : categoryLabel({ name: row.name, isDefault: row.isDefault }, language);
      return {
        key: `${direction}-${row.categoryId ?? 'none'}`,
        label,
        months: row.months,
        totalCents: row.totalCents,
        // The ledger filters by category, not by "no category": those entries are reached from the total.
        href: row.categoryId ? ledger(direction, row.categoryId) : undefined,
        linkLabel: cellLabel(label),
        tone: 'item',
        testId: `pnl-${direction}-row`,
      };
    });
  const cashRows: MonthTableRow[] = [
    { key: 'income', label: t('pnl.cash.income'), months: null, tone: 'heading' },
    ...ledgerRows('income', cash.income),
    {
      key: 'income-total',
      label: t('pnl.cash.incomeTotal'),
      months: cash.incomeMonths,
      totalCents: cash.incomeCents,
      href: ledger('income', null),
      linkLabel: cellLabel(t('pnl.cash.incomeTotal')),
      tone: 'total',
    },
    { key: 'expenses', label: t('pnl.cash.expenses'), months: null, tone: 'heading' },
    ...ledgerRows('expense', cash.expenses),
    {
      key: 'expense-total',
      label: t('pnl.cash.expensesTotal'),
      months: cash.expenseMonths,
      totalCents: cash.expenseCents,
      href: ledger('expense', null),
      linkLabel: cellLabel(t('pnl.cash.expensesTotal')),
      tone: 'total',
    },
    {
      key: 'net',
      label: t('pnl.cash.net'),
      months: cash.netMonths,
      totalCents: cash.netCents,
      tone: 'result',
      testId: 'pnl-net',
    },
  ];

  const table = {
    columns: months,
    itemHeader: t('pnl.columns.item'),
    totalHeader: t('pnl.columns.total'),
    locale,
  };
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="pnl-stats">
        <ReportStat
          label={t('pnl.stats.revenue')}
          value={euro(accrual.revenueCents)}
          previous={compared(accrual.revenueCents, report.previous.revenueCents)}
        />
        <ReportStat
          label={t('pnl.stats.income')}
          value={euro(cash.incomeCents)}
          previous={compared(cash.incomeCents, report.previous.incomeCents)}
        />
        <ReportStat
          label={t('pnl.stats.expenses')}
          value={euro(cash.expenseCents)}
          previous={{ ...compared(cash.expenseCents, report.previous.expenseCents), lowerIsBetter: true }}
        />
        <ReportStat
          label={t('pnl.stats.net')}
          value={euro(cash.netCents)}
          previous={compared(cash.netCents, report.previous.netCents)}
        />
      </dl>
      <section aria-labelledby="pnl-accrual" className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <h3 id="pnl-accrual" className="text-base font-semibold text-foreground">
          {t('pnl.accrual.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('pnl.accrual.description')}</p>
        {accrual.documents === 0 && accrual.purchaseDocuments === 0 ? (
          <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
            {t('pnl.accrual.empty')}
          </p>
        ) : (
          <MonthTable {...table} caption={t('pnl.accrual.caption')} rows={accrualRows} testId="pnl-accrual" />
        )}
      </section>
      <section aria-labelledby="pnl-cash" className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <h3 id="pnl-cash" className="text-base font-semibold text-foreground">
          {t('pnl.cash.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('pnl.cash.description')}</p>
        {cash.entries === 0 ? (
          <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
            {t('pnl.cash.empty')}
          </p>
        ) : (
          <MonthTable {...table} caption={t('pnl.cash.caption')} rows={cashRows} testId="pnl-cash" />
        )}
      </section>
    </>
  );
}
