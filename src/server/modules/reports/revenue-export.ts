import type { Locale } from '@shared/errors/error-codes.ts';
import { formatDate } from '@shared/format/format.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import type { TInventoryReport, TRevenue, TRevenueRow } from '@shared/reports/revenue-contracts.ts';
import { euros, fileOf, type ReportContext } from './export.ts';

/** The formats and cells of export.ts's `fileOf` (whatever formats it writes, these files get them). */
type Format = Parameters<typeof fileOf>[0];
type Cell = Parameters<typeof fileOf>[5][number][number];

const text = (key: TextKey<'reports'>, locale: Locale, values?: Record<string, string | number>) =>
  catalogueText('reports', key, locale, values);

/** The PDF's line under the title: "From … to …" in the reader's dates. */
const rangeLabel = (from: string, to: string, locale: Locale) => {
  const intl = locale === 'it' ? 'it-IT' : 'en-US';
  return text('export.pdfFile.range', locale, { from: formatDate(from, intl), to: formatDate(to, intl) });
};

/** The name of a row: the client, item or category, or what the row stands for when it has none. */
export function revenueRowName(row: TRevenueRow, locale: Locale): string {
  if (row.kind === 'client' || row.kind === 'item' || row.kind === 'category') return row.name;
  return text(`revenue.kinds.${row.kind}`, locale);
}

/** Revenue by client, item or category: one row per row of the report, every page. */
export function revenueFile(report: TRevenue, format: Format, locale: Locale, context?: ReportContext) {
  const items = report.by === 'item';
  const headers = [
    text(`revenue.export.headers.${report.by}`, locale),
    ...(items
      ? [text('revenue.export.headers.sku', locale), text('revenue.export.headers.quantity', locale)]
      : []),
    text('revenue.export.headers.documents', locale),
    text('revenue.export.headers.revenue', locale),
    text('revenue.export.headers.share', locale),
    text('revenue.export.headers.previous', locale, report.previous),
  ];
  const total = report.totals.revenueCents;
  const rows = report.rows.items.map((row): Cell[] => [
    revenueRowName(row, locale),
    ...(items ? [row.sku, row.quantity] : []),
    row.documents,
    euros(row.revenueCents, format, locale),
    total === 0 ? null : Math.round((row.revenueCents / total) * 10_000) / 100,
    euros(row.previousRevenueCents, format, locale),
  ]);
  const name = text('revenue.export.file', locale, {
    by: text(`revenue.export.by.${report.by}`, locale),
    from: report.from,
    to: report.to,
  });
  // The report's own totals (over every row); quantities of different items do not add up.
  const totals: Cell[] = [
    text('export.headers.total', locale),
    ...(items ? [null, null] : []),
    report.totals.documents,
    euros(total, format, locale),
    total === 0 ? null : 100,
    euros(report.totals.previousRevenueCents, format, locale),
  ];
  return fileOf(format, locale, name, text('revenue.export.sheet', locale), headers, rows, {
    period: rangeLabel(report.from, report.to, locale),
    totals,
    context,
  });
}

/** Inventory valuation and movements: one row per goods item. */
export function inventoryFile(
  report: TInventoryReport,
  format: Format,
  locale: Locale,
  context?: ReportContext,
) {
  const keys = [
    'item',
    'sku',
    'category',
    'unit',
    'start',
    'in',
    'out',
    'adjusted',
    'end',
    'cost',
    'endValue',
    'salePrice',
    'endSaleValue',
  ] as const;
  const headers = keys.map((key) => text(`inventory.export.headers.${key}`, locale));
  const money = (cents: number) => euros(cents, format, locale);
  const rows = report.rows.items.map((row): Cell[] => [
    row.name,
    row.sku,
    row.category,
    row.unit,
    row.startQuantity,
    row.inQuantity,
    row.outQuantity,
    row.adjustedQuantity,
    row.endQuantity,
    money(row.costCents),
    money(row.endValueCents),
    money(row.salePriceCents),
    money(row.endSaleValueCents),
  ]);
  const name = text('inventory.export.file', locale, { from: report.from, to: report.to });
  // The values add up across items; quantities (of different units) and unit prices do not.
  const totals: Cell[] = keys.map(() => null);
  totals[0] = text('export.headers.total', locale);
  totals[keys.indexOf('endValue')] = money(report.totals.endValueCents);
  totals[keys.indexOf('endSaleValue')] = money(report.totals.endSaleValueCents);
  return fileOf(format, locale, name, text('inventory.export.sheet', locale), headers, rows, {
    period: rangeLabel(report.from, report.to, locale),
    totals,
    context,
  });
}
