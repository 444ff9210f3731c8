import type { Locale } from '@shared/errors/error-codes.ts';
import { formatDate } from '@shared/format/format.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import type { TAnalytics, TAnalyticsPeriod } from '@shared/reports/analytics-contracts.ts';
import type { ReportFormat } from '@shared/reports/contracts.ts';
import type enReports from '../../../../public/locales/en/reports.json';
import { fileOf, money, type Cell, type ReportContext } from './export.ts';

const text = (key: TextKey<'reports'>, locale: Locale, values?: Record<string, string | number>) =>
  catalogueText('reports', key, locale, values);
const day = (iso: string, locale: Locale) => formatDate(iso, locale === 'it' ? 'it-IT' : 'en-US');
const rangeOf = (period: { from: string; to: string }, locale: Locale) => ({
  from: day(period.from, locale),
  to: day(period.to, locale),
});

type Row = (period: TAnalyticsPeriod) => Cell;
type Section =
  'sales' | 'trend' | 'clients' | 'quotes' | 'payments' | 'inventory' | 'topClients' | 'topItems';
type Line = Exclude<keyof TAnalyticsTexts['rows'], 'bucket'>;
type TAnalyticsTexts = (typeof enReports)['analyticsExport'];
const cents = (value: number | null): Cell => (value === null ? null : money(value));
/** A ratio as a percentage with two decimals; null when there is none. */
const percent = (ratio: number | null): Cell => (ratio === null ? null : Math.round(ratio * 10_000) / 100);

/** The KPI lines, each read from the range and from the one before it. */
const LINES: Array<[section: Section, row: Line, value: Row]> = [
  ['sales', 'taxable', (p) => money(p.sales.taxableCents)],
  ['sales', 'invoices', (p) => p.sales.invoices],
  ['sales', 'creditNotes', (p) => p.sales.creditNotes],
  ['sales', 'average', (p) => cents(p.sales.averageInvoiceCents)],
  ['clients', 'invoiced', (p) => p.clients.invoiced],
  ['clients', 'new', (p) => p.clients.new],
  ['clients', 'returning', (p) => p.clients.returning],
  ['quotes', 'sent', (p) => p.quotes.sent],
  ['quotes', 'accepted', (p) => p.quotes.accepted],
  ['quotes', 'rejected', (p) => p.quotes.rejected],
  ['quotes', 'expired', (p) => p.quotes.expired],
  ['quotes', 'pending', (p) => p.quotes.pending],
  ['quotes', 'conversion', (p) => percent(p.quotes.conversionRate)],
  ['quotes', 'medianDays', (p) => p.quotes.medianDaysToAccept],
  ['quotes', 'averageDays', (p) => p.quotes.averageDaysToAccept],
  ['payments', 'paid', (p) => p.payments.invoices],
  ['payments', 'daysLate', (p) => p.payments.averageDaysLate],
  ['payments', 'daysToPay', (p) => p.payments.averageDaysToPay],
  ['payments', 'paidLate', (p) => p.payments.paidLate],
  ['inventory', 'cogs', (p) => money(p.inventory.cogsCents)],
  ['inventory', 'opening', (p) => money(p.inventory.openingStockCents)],
  ['inventory', 'closing', (p) => money(p.inventory.closingStockCents)],
  ['inventory', 'turnover', (p) => p.inventory.turnover],
];

/**
 * /analytics as a file (CSV, XLSX or PDF through `fileOf`): one table of section, indicator, the range and the
 * range before it — the KPIs, the sales trend bucket by bucket (the previous range's bucket of the same place
 * beside it), then the top clients and items of the range with what the others add up to and the total. An
 * indicator without a value (no quote decided, no invoice paid) is an empty cell, never a zero.
 */
export function analyticsFile(
  report: TAnalytics,
  format: ReportFormat,
  locale: Locale,
  context?: ReportContext,
) {
  const { current, previous } = report;
  const section = (key: Section) => text(`analyticsExport.sections.${key}`, locale);
  const row = (key: Line) => text(`analyticsExport.rows.${key}`, locale);
  const rows: Cell[][] = LINES.map(([s, r, value]) => [section(s), row(r), value(current), value(previous)]);
  current.trend.forEach((bucket, index) => {
    const before = previous.trend[index];
    rows.push([
      section('trend'),
      bucket.from === bucket.to
        ? day(bucket.from, locale)
        : text('analyticsExport.rows.bucket', locale, rangeOf(bucket, locale)),
      money(bucket.taxableCents),
      before ? money(before.taxableCents) : null,
    ]);
  });
  for (const [key, top] of [
    ['topClients', report.topClients],
    ['topItems', report.topItems],
  ] as const) {
    for (const entry of top.rows) rows.push([section(key), entry.name, money(entry.taxableCents), null]);
    rows.push([section(key), row('others'), money(top.othersCents), null]);
    rows.push([section(key), row('total'), money(top.totalCents), null]);
  }
  const headers = [
    text('analyticsExport.headers.section', locale),
    text('analyticsExport.headers.indicator', locale),
    text('analyticsExport.headers.current', locale, rangeOf(current, locale)),
    text('analyticsExport.headers.previous', locale, rangeOf(previous, locale)),
  ];
  const name = text('analyticsExport.file', locale, { from: current.from, to: current.to });
  return fileOf(format, locale, name, text('analyticsExport.sheet', locale), headers, rows, {
    period: text('export.pdfFile.range', locale, rangeOf(current, locale)),
    context,
  });
}
