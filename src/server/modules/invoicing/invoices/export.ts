import type { TInvoiceListQuery } from '@shared/invoicing/contracts.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { XLSX_TYPE, writeXlsx } from '../../imports/spreadsheets.ts';
import { todayIn } from '../dates-and-money.ts';
import * as repo from './repository.ts';
import { toListItem, type InvoiceDeps } from './service.ts';

export const INVOICE_EXPORT_MAX_ROWS = 50_000;

const EXPORT_HEADERS = {
  it: [
    'Tipo',
    'Numero',
    'Stato',
    'Cliente',
    'Data',
    'Scadenza',
    'Totale',
    'Da pagare',
    'Incassato',
    'Residuo',
  ],
  en: [
    'Type',
    'Number',
    'Status',
    'Client',
    'Date',
    'Due date',
    'Total',
    'Amount due',
    'Collected',
    'Outstanding',
  ],
} as const;

/** The filtered list as CSV (";" and comma decimals for Italian readers) or XLSX (numbers as numbers). */
export async function exportInvoices(
  deps: InvoiceDeps,
  input: { orgId: string; query: TInvoiceListQuery; format: 'csv' | 'xlsx'; locale: 'it' | 'en' },
) {
  const today = await todayIn(deps, { orgId: input.orgId });
  const { items } = await repo.listInvoices(
    deps.db,
    input.orgId,
    input.query,
    { limit: INVOICE_EXPORT_MAX_ROWS, offset: 0 },
    today,
  );
  const euros = (cents: number) =>
    input.format === 'xlsx'
      ? cents / 100
      : input.locale === 'it'
        ? (cents / 100).toFixed(2).replace('.', ',')
        : (cents / 100).toFixed(2);
  const rows = items.map((r) => {
    const item = toListItem(r, today);
    return [
      item.documentType,
      item.number ?? '',
      item.status,
      item.client.name,
      item.issueDate,
      item.dueDate,
      euros(item.totalCents),
      euros(item.amountDueCents),
      euros(item.paidCents),
      euros(item.outstandingCents),
    ];
  });
  const headers = [...EXPORT_HEADERS[input.locale]];
  const base = `${input.locale === 'it' ? 'fatture' : 'invoices'}-${today}`;
  if (input.format === 'xlsx') {
    const sheet = input.locale === 'it' ? 'Fatture' : 'Invoices';
    return { fileName: `${base}.xlsx`, contentType: XLSX_TYPE, body: await writeXlsx(sheet, headers, rows) };
  }
  const csv = toCsv(headers, rows, { delimiter: input.locale === 'it' ? ';' : ',' });
  return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: csv };
}
