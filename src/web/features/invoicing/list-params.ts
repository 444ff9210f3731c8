import { isUuid } from '@shared/ids/uuid.ts';
import { INVOICE_STATUSES, QUOTE_STATUSES } from '@shared/invoicing/contracts.ts';
import { isIsoDate } from '@shared/imports/dates.ts';
import type { InvoiceListParams } from './invoices/invoices-api.ts';
import type { QuoteListParams } from './quotes/quotes-api.ts';

/**
 * The quote and invoice lists keep their filters in the URL (`?q=&status=&from=&to=&page=`, plus `type` and
 * `clientId`, the cash-flow forecast's `dueFrom`, `dueTo` and `open`, and the receivables report's `openOn` for invoices), so a reload or a shared link shows the same page. Values that are not valid are
 * dropped: a hand-edited URL still opens.
 */
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const date = (value: string | null) => (value && isIsoDate(value) ? value : undefined);

function common(search: URLSearchParams) {
  const page = Number(search.get('page'));
  return {
    q: search.get('q')?.trim().slice(0, 100) || undefined,
    from: date(search.get('from')),
    to: date(search.get('to')),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

export function readQuoteParams(search: URLSearchParams): QuoteListParams {
  return { ...common(search), status: oneOf(QUOTE_STATUSES, search.get('status')) };
}

export function readInvoiceParams(search: URLSearchParams): InvoiceListParams {
  const clientId = search.get('clientId') ?? '';
  return {
    ...common(search),
    status: oneOf(INVOICE_STATUSES, search.get('status')),
    documentType: oneOf(['TD01', 'TD04'] as const, search.get('type')),
    clientId: isUuid(clientId) ? clientId : undefined,
    dueFrom: date(search.get('dueFrom')),
    dueTo: date(search.get('dueTo')),
    open: search.get('open') === 'true' ? true : undefined,
    openOn: date(search.get('openOn')),
    phase: search.get('phase') === 'issued' ? ('issued' as const) : undefined,
  };
}

/** The URL after a filter change: empty values are removed, and any change but the page goes back to page 1. */
export function nextSearch(
  prev: URLSearchParams,
  changes: Record<string, string | number | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** A range whose start is after its end cannot be asked for. */
export const rangeIsValid = (from?: string, to?: string) => !from || !to || from <= to;
