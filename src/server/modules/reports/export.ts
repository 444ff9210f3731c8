import type { Locale } from '@shared/errors/error-codes.ts';
import { formatMonth } from '@shared/format/format.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import type { TReceivables, TSalesRegisterEntry, TVatSettlement } from '@shared/reports/contracts.ts';
import { XLSX_TYPE, writeXlsx } from '../imports/spreadsheets.ts';

export type ReportFile = { fileName: string; contentType: string; body: string | Buffer };
type Cell = string | number | null;

/**
 * Reports as files: XLSX with numbers a spreadsheet can sum (euros), CSV in the reader's conventions (";" and a
 * decimal comma in Italian, as Excel in Italy expects), headers in the reader's language.
 */
export function euros(cents: number, format: 'csv' | 'xlsx', locale: Locale): Cell {
  if (format === 'xlsx') return cents / 100;
  const text = (cents / 100).toFixed(2);
  return locale === 'it' ? text.replace('.', ',') : text;
}

export async function fileOf(
  format: 'csv' | 'xlsx',
  locale: Locale,
  name: string,
  sheet: string,
  headers: string[],
  rows: Cell[][],
): Promise<ReportFile> {
  if (format === 'xlsx') {
    return { fileName: `${name}.xlsx`, contentType: XLSX_TYPE, body: await writeXlsx(sheet, headers, rows) };
  }
  const csv = toCsv(headers, rows, { delimiter: locale === 'it' ? ';' : ',', bom: true });
  return { fileName: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: csv };
}

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

export function vatSettlementFile(report: TVatSettlement, format: 'csv' | 'xlsx', locale: Locale) {
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
    ...VAT_AMOUNTS.map((key) => euros(p[key], format, locale)),
    euros(p.paymentCents, format, locale),
    p.dueDate,
    p.taxCode,
    euros(p.splitPaymentVatCents, format, locale),
    euros(p.reverseChargeTaxableCents, format, locale),
    p.documents,
  ]);
  const name = text('export.vatFile', locale, {
    year: report.year,
    periodicity: text(`export.periodicity.${report.periodicity}`, locale),
  });
  return fileOf(format, locale, name, text('export.vatSheet', locale), headers, rows);
}

const RECEIVABLE_AMOUNTS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

export function receivablesFile(report: TReceivables, format: 'csv' | 'xlsx', locale: Locale) {
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
    ...RECEIVABLE_AMOUNTS.map((key) => euros(c[key], format, locale)),
    euros(c.totalCents, format, locale),
    c.openInvoices,
    c.oldestDueDate,
    c.averageDaysToPay,
  ]);
  const name = text('export.receivablesFile', locale, { date: report.asOf });
  return fileOf(format, locale, name, text('export.receivablesSheet', locale), headers, rows);
}

/** The register's documents, one row per VAT row of each document (as the register is kept on paper). */
export function salesRegisterFile(
  range: { from: string; to: string },
  entries: TSalesRegisterEntry[],
  format: 'csv' | 'xlsx',
  locale: Locale,
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
      euros(line.taxableCents, format, locale),
      euros(line.vatCents, format, locale),
      line.vatCollectability,
      euros(entry.totalCents, format, locale),
    ]),
  );
  const name = text('export.registerFile', locale, range);
  return fileOf(format, locale, name, text('export.registerSheet', locale), headers, rows);
}
