import type { Locale } from '@shared/errors/error-codes.ts';
import { formatDate, formatDateTime, formatMonth } from '@shared/format/format.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import { isReverseCharge } from '@shared/invoicing/compute.ts';
import type {
  ReportFormat,
  TReceivables,
  TSalesRegisterEntry,
  TVatSettlement,
} from '@shared/reports/contracts.ts';
import type { TPurchaseRegisterEntry } from '@shared/reports/purchase-register-contracts.ts';
import { XLSX_TYPE, writeXlsx } from '../imports/spreadsheets.ts';
import { isMoney, renderReportPdf, type Cell, type Money } from './report-pdf.ts';

export type ReportFile = { fileName: string; contentType: string; body: string | Buffer };
export type { Cell, Money };

/** Who the PDF's heading names and the zone its "generated at" is read in (`reportContext` in service.ts). */
export type ReportContext = { business: string; timeZone: string; now?: Date };

export type FileOptions = {
  /** The PDF's line under the title: the period the figures cover. */
  period?: string;
  /** The PDF's bold last row (CSV and XLSX leave it out: a spreadsheet sums its columns itself). */
  totals?: Cell[];
  context?: ReportContext;
};

/**
 * Reports as files, one entry point for every report: `fileOf(format, locale, name, sheet, headers, rows,
 * options?)` gives CSV, XLSX and PDF from the same rows. Put money in a cell as `money(cents)`: XLSX gets euros as
 * numbers a spreadsheet can sum, CSV the amount in the reader's conventions (";" and a decimal comma in Italian,
 * as Excel in Italy expects), PDF the amount formatted for the reader and right-aligned. Headers in the reader's
 * language. For the PDF, pass `options.period`, `options.totals` and `options.context` (the business's name and
 * time zone) to fill its heading and totals row; without them it still prints the table.
 */
export const money = (cents: number): Money => ({ cents });

/** @deprecated kept for callers written before PDF: the same as `money(cents)`. */
export const euros = (cents: number, _format?: ReportFormat, _locale?: Locale): Money => money(cents);

function plain(cell: Cell, format: 'csv' | 'xlsx', locale: Locale): string | number | null {
  if (!isMoney(cell)) return cell;
  if (format === 'xlsx') return cell.cents / 100;
  const text = (cell.cents / 100).toFixed(2);
  return locale === 'it' ? text.replace('.', ',') : text;
}

const INTL: Record<Locale, string> = { it: 'it-IT', en: 'en-US' };

export async function fileOf(
  format: ReportFormat,
  locale: Locale,
  name: string,
  sheet: string,
  headers: string[],
  rows: Cell[][],
  options: FileOptions = {},
): Promise<ReportFile> {
  if (format === 'pdf') {
    const { context } = options;
    const generatedAt = text('export.pdfFile.generatedAt', locale, {
      date: formatDateTime(context?.now ?? new Date(), INTL[locale], 'medium', context?.timeZone ?? 'UTC'),
    });
    const body = renderReportPdf({
      title: sheet,
      business: context?.business,
      period: options.period,
      generatedAt,
      locale,
      headers,
      rows,
      totals: options.totals,
    });
    return { fileName: `${name}.pdf`, contentType: 'application/pdf', body };
  }
  const flat = rows.map((row) => row.map((cell) => plain(cell, format, locale)));
  if (format === 'xlsx') {
    return { fileName: `${name}.xlsx`, contentType: XLSX_TYPE, body: await writeXlsx(sheet, headers, flat) };
  }
  const csv = toCsv(headers, flat, { delimiter: locale === 'it' ? ';' : ',', bom: true });
  return { fileName: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: csv };
}

const day = (iso: string, locale: Locale) => formatDate(iso, INTL[locale]);
const range = (from: string, to: string, locale: Locale) =>
  text('export.pdfFile.range', locale, { from: day(from, locale), to: day(to, locale) });

const text = (key: TextKey<'reports'>, locale: Locale, values?: Record<string, string | number>) =>
  catalogueText('reports', key, locale, values);

function periodLabel(report: TVatSettlement, period: number, locale: Locale) {
  if (report.periodicity === 'quarterly')
    return text('vat.quarter', locale, { n: period, year: report.year });
  const month = `${report.year}-${String(period).padStart(2, '0')}`;
  return formatMonth(month, locale === 'it' ? 'it-IT' : 'en-GB', 'long');
}

const VAT_AMOUNTS = [
  'vp2',
  'vp3',
  'vp4',
  'vp5',
  'vp6Due',
  'vp6Credit',
  'vp7',
  'vp8',
  'vp9',
  'vp12',
  'vp13',
  'vp14Due',
  'vp14Credit',
] as const;

export function vatSettlementFile(
  report: TVatSettlement,
  format: ReportFormat,
  locale: Locale,
  context?: ReportContext,
) {
  const headers = [
    text('export.headers.period', locale),
    text('export.headers.from', locale),
    text('export.headers.to', locale),
    ...VAT_AMOUNTS.map((key) => text(`export.headers.${key}`, locale)),
    text('export.headers.payment', locale),
    text('export.headers.dueDate', locale),
    text('export.headers.taxCode', locale),
    text('export.headers.splitPayment', locale),
    text('export.headers.reverseCharge', locale),
    text('export.headers.documents', locale),
  ];
  const rows = report.periods.map((p): Cell[] => [
    periodLabel(report, p.period, locale),
    p.from,
    p.to,
    ...VAT_AMOUNTS.map((key) => money(p[key])),
    money(p.paymentCents),
    p.dueDate,
    p.taxCode,
    money(p.splitPaymentVatCents),
    money(p.reverseChargeTaxableCents),
    p.documents,
  ]);
  // The totals the report itself gives: VAT on sales, VAT deducted and the payments of the year.
  const totals: Cell[] = headers.map(() => null);
  totals[0] = text('export.headers.total', locale);
  totals[3 + VAT_AMOUNTS.indexOf('vp4')] = money(report.totals.vp4);
  totals[3 + VAT_AMOUNTS.indexOf('vp5')] = money(report.totals.vp5);
  totals[3 + VAT_AMOUNTS.length] = money(report.totals.paymentCents);
  const name = text('export.vatFile', locale, {
    year: report.year,
    periodicity: text(`export.periodicity.${report.periodicity}`, locale),
  });
  const period = `${report.year} · ${text(`export.periodicity.${report.periodicity}`, locale)}`;
  return fileOf(format, locale, name, text('export.vatSheet', locale), headers, rows, {
    period,
    totals,
    context,
  });
}

const RECEIVABLE_AMOUNTS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

export function receivablesFile(
  report: TReceivables,
  format: ReportFormat,
  locale: Locale,
  context?: ReportContext,
) {
  const headers = [
    text('export.headers.client', locale),
    ...RECEIVABLE_AMOUNTS.map((key) => text(`export.headers.${key}`, locale)),
    text('export.headers.total', locale),
    text('export.headers.openInvoices', locale),
    text('export.headers.oldestDueDate', locale),
    text('export.headers.averageDaysToPay', locale),
  ];
  const rows = report.clients.map((c): Cell[] => [
    c.name,
    ...RECEIVABLE_AMOUNTS.map((key) => money(c[key])),
    money(c.totalCents),
    c.openInvoices,
    c.oldestDueDate,
    c.averageDaysToPay,
  ]);
  const totals: Cell[] = [
    text('export.headers.total', locale),
    ...RECEIVABLE_AMOUNTS.map((key) => money(report.totals[key])),
    money(report.totals.totalCents),
    report.totals.openInvoices,
    null,
    null,
  ];
  const name = text('export.receivablesFile', locale, { date: report.asOf });
  return fileOf(format, locale, name, text('export.receivablesSheet', locale), headers, rows, {
    period: text('export.pdfFile.asOf', locale, { date: day(report.asOf, locale) }),
    totals,
    context,
  });
}

/**
 * The register's documents, one row per VAT row of each document (as the register is kept on paper); the taxable
 * of a reverse-charge row (Natura N6.x) is repeated in a column of its own, which the totals add up.
 */
export function salesRegisterFile(
  dates: { from: string; to: string },
  entries: TSalesRegisterEntry[],
  format: ReportFormat,
  locale: Locale,
  context?: ReportContext,
) {
  const headers = (
    [
      'number',
      'date',
      'documentType',
      'client',
      'vatNumber',
      'rate',
      'nature',
      'taxable',
      'vat',
      'reverseChargeTaxable',
      'collectability',
      'documentTotal',
    ] as const
  ).map((key) => text(`export.headers.${key}`, locale));
  const rows = entries.flatMap((entry) =>
    entry.lines.map((line): Cell[] => [
      entry.number,
      entry.issueDate,
      entry.documentType,
      entry.clientName,
      entry.clientVatNumber,
      line.vatRate,
      line.nature,
      money(line.taxableCents),
      money(line.vatCents),
      isReverseCharge(line.nature) ? money(line.taxableCents) : null,
      line.vatCollectability,
      money(entry.totalCents),
    ]),
  );
  const lines = entries.flatMap((entry) => entry.lines);
  const totals: Cell[] = [
    text('export.headers.total', locale),
    null,
    null,
    null,
    null,
    null,
    null,
    money(lines.reduce((sum, line) => sum + line.taxableCents, 0)),
    money(lines.reduce((sum, line) => sum + line.vatCents, 0)),
    money(lines.reduce((sum, line) => sum + (isReverseCharge(line.nature) ? line.taxableCents : 0), 0)),
    null,
    money(entries.reduce((sum, entry) => sum + entry.totalCents, 0)),
  ];
  const name = text('export.registerFile', locale, dates);
  return fileOf(format, locale, name, text('export.registerSheet', locale), headers, rows, {
    period: range(dates.from, dates.to, locale),
    totals,
    context,
  });
}

/**
 * The purchases register's invoices, one row per VAT row (as the register is kept on paper): the day received
 * (registration), the supplier's date and number, the VAT deducted; the taxable of a reverse-charge row (Natura
 * N6.x) repeated in a column of its own.
 */
export function purchaseRegisterFile(
  dates: { from: string; to: string },
  entries: TPurchaseRegisterEntry[],
  format: ReportFormat,
  locale: Locale,
  context?: ReportContext,
) {
  const headers = (
    [
      'receivedOn',
      'date',
      'number',
      'documentType',
      'supplier',
      'vatNumber',
      'rate',
      'nature',
      'taxable',
      'deductibleVat',
      'reverseChargeTaxable',
      'documentTotal',
    ] as const
  ).map((key) => text(`export.headers.${key}`, locale));
  const rows = entries.flatMap((entry) =>
    entry.lines.map((line): Cell[] => [
      entry.receivedOn,
      entry.issueDate,
      entry.number,
      entry.documentType,
      entry.supplierName,
      entry.supplierVatNumber,
      line.vatRate,
      line.nature,
      money(line.taxableCents),
      money(line.vatCents),
      isReverseCharge(line.nature) ? money(line.taxableCents) : null,
      money(entry.totalCents),
    ]),
  );
  const lines = entries.flatMap((entry) => entry.lines);
  const totals: Cell[] = headers.map(() => null);
  totals[0] = text('export.headers.total', locale);
  totals[8] = money(lines.reduce((sum, line) => sum + line.taxableCents, 0));
  totals[9] = money(lines.reduce((sum, line) => sum + line.vatCents, 0));
  totals[10] = money(
    lines.reduce((sum, line) => sum + (isReverseCharge(line.nature) ? line.taxableCents : 0), 0),
  );
  totals[11] = money(entries.reduce((sum, entry) => sum + entry.totalCents, 0));
  const name = text('export.purchaseRegisterFile', locale, dates);
  return fileOf(format, locale, name, text('export.purchaseRegisterSheet', locale), headers, rows, {
    period: range(dates.from, dates.to, locale),
    totals,
    context,
  });
}
