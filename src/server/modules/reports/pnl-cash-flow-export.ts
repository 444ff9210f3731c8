import type { Locale } from '@shared/errors/error-codes.ts';
import { formatDate, formatMonth } from '@shared/format/format.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import type { TCashFlow } from '@shared/reports/cash-flow-contracts.ts';
import type { TProfitAndLoss } from '@shared/reports/profit-and-loss-contracts.ts';
import { categoryLabel } from '@shared/transactions/contracts.ts';
import type { ReportFormat } from '@shared/reports/contracts.ts';
import { euros, fileOf, type Cell, type ReportContext } from './export.ts';

type Format = ReportFormat;

const text = (key: TextKey<'reports'>, locale: Locale, values?: Record<string, string | number>) =>
  catalogueText('reports', key, locale, values);
const monthLabel = (month: string, locale: Locale) =>
  formatMonth(month, locale === 'it' ? 'it-IT' : 'en-GB', 'short');
/** The PDF's line under the title: "From … to …" in the reader's dates. */
const rangeLabel = (from: string, to: string, locale: Locale) => {
  const intl = locale === 'it' ? 'it-IT' : 'en-US';
  return text('export.pdfFile.range', locale, { from: formatDate(from, intl), to: formatDate(to, intl) });
};

/**
 * The profit and loss as the screen shows it: one row per item, one column per month, then the total. Its totals
 * (revenue, result, income, expenses, net) are rows of the table already, so the PDF gets no extra totals row.
 */
export function profitAndLossFile(
  report: TProfitAndLoss,
  format: Format,
  locale: Locale,
  context?: ReportContext,
) {
  const headers = [
    text('pnl.export.basis', locale),
    text('pnl.export.section', locale),
    text('pnl.export.item', locale),
    ...report.months.map((m) => monthLabel(m.month, locale)),
    text('pnl.export.total', locale),
  ];
  const money = (months: number[], total: number) => [
    ...months.map((cents) => euros(cents, format, locale)),
    euros(total, format, locale),
  ];
  const accrual = text('pnl.accrual.title', locale);
  const cash = text('pnl.cash.title', locale);
  const revenue = text('pnl.accrual.revenue', locale);
  const costs = text('pnl.accrual.costs', locale);
  const rows: Cell[][] = [
    ...report.accrual.revenue.map((row): Cell[] => [
      accrual,
      revenue,
      row.kind === 'category'
        ? row.category
        : text(row.kind === 'pensionFund' ? 'pnl.accrual.pensionFund' : 'pnl.accrual.uncategorised', locale),
      ...money(row.months, row.totalCents),
    ]),
    [
      accrual,
      revenue,
      text('pnl.accrual.revenueTotal', locale),
      ...money(report.accrual.revenueMonths, report.accrual.revenueCents),
    ],
    ...report.accrual.costs.map((row): Cell[] => [
      accrual,
      costs,
      row.kind === 'supplier'
        ? row.name
        : text('pnl.accrual.otherSuppliers', locale, { count: row.suppliers }),
      ...money(row.months, row.totalCents),
    ]),
    [
      accrual,
      costs,
      text('pnl.accrual.costsTotal', locale),
      ...money(report.accrual.costMonths, report.accrual.costCents),
    ],
    [
      accrual,
      text('pnl.accrual.result', locale),
      text('pnl.accrual.result', locale),
      ...money(report.accrual.resultMonths, report.accrual.resultCents),
    ],
  ];
  for (const [section, list, months, total, totalKey] of [
    [
      'pnl.cash.income',
      report.cash.income,
      report.cash.incomeMonths,
      report.cash.incomeCents,
      'pnl.cash.incomeTotal',
    ],
    [
      'pnl.cash.expenses',
      report.cash.expenses,
      report.cash.expenseMonths,
      report.cash.expenseCents,
      'pnl.cash.expensesTotal',
    ],
  ] as const) {
    for (const row of list) {
      rows.push([
        cash,
        text(section, locale),
        row.name === null
          ? text('pnl.cash.uncategorised', locale)
          : categoryLabel({ name: row.name, isDefault: row.isDefault }, locale),
        ...money(row.months, row.totalCents),
      ]);
    }
    rows.push([cash, text(section, locale), text(totalKey, locale), ...money(months, total)]);
  }
  rows.push([
    cash,
    text('pnl.cash.net', locale),
    text('pnl.cash.net', locale),
    ...money(report.cash.netMonths, report.cash.netCents),
  ]);
  const name = text('pnl.export.file', locale, { from: report.from, to: report.to });
  return fileOf(format, locale, name, text('pnl.export.sheet', locale), headers, rows, {
    period: rangeLabel(report.from, report.to, locale),
    context,
  });
}

/**
 * The cash flow: the opening balance, the actual months, then today's balance, the forecast weeks (outflows: VAT
 * and supplier payments) and the overdue receivables and payables apart (in no week and no balance). The PDF's totals row is the actual range's: income,
 * expenses, net and the closing balance.
 */
export function cashFlowFile(report: TCashFlow, format: Format, locale: Locale, context?: ReportContext) {
  const headers = (['section', 'period', 'from', 'to', 'inflows', 'outflows', 'net', 'balance'] as const).map(
    (key) => text(`cashflow.export.${key}`, locale),
  );
  const money = (cents: number) => euros(cents, format, locale);
  const actual = text('cashflow.export.actual', locale);
  const forecast = text('cashflow.export.forecast', locale);
  const { forecast: f } = report;
  const rows: Cell[][] = [
    [
      actual,
      text('cashflow.export.opening', locale),
      null,
      report.from,
      null,
      null,
      null,
      money(report.actual.openingBalanceCents),
    ],
    ...report.actual.months.map((m): Cell[] => [
      actual,
      monthLabel(m.month, locale),
      m.from,
      m.to,
      money(m.incomeCents),
      money(m.expenseCents),
      money(m.netCents),
      money(m.balanceCents),
    ]),
    [
      forecast,
      text('cashflow.export.today', locale),
      f.today,
      f.today,
      null,
      null,
      null,
      money(f.startingBalanceCents),
    ],
    ...f.weeks.map((w): Cell[] => [
      forecast,
      text('cashflow.forecast.week', locale, { from: w.from, to: w.to }),
      w.from,
      w.to,
      money(w.receiptsCents),
      money(w.vatCents + w.payablesCents),
      money(w.netCents),
      money(w.balanceCents),
    ]),
    [forecast, text('cashflow.export.overdue', locale), null, null, money(f.overdue.cents), null, null, null],
    [
      forecast,
      text('cashflow.export.overduePayables', locale),
      null,
      null,
      null,
      money(f.overduePayables.cents),
      null,
      null,
    ],
  ];
  const name = text('cashflow.export.file', locale, { from: report.from, to: report.to });
  const totals: Cell[] = [
    text('export.headers.total', locale),
    actual,
    report.from,
    report.to,
    money(report.actual.incomeCents),
    money(report.actual.expenseCents),
    money(report.actual.netCents),
    money(report.actual.closingBalanceCents),
  ];
  return fileOf(format, locale, name, text('cashflow.export.sheet', locale), headers, rows, {
    period: rangeLabel(report.from, report.to, locale),
    totals,
    context,
  });
}
