import type { DateRange } from './periods.ts';
import type { TRevenueRow } from './revenue-contracts.ts';

/** A row's part of the total revenue (0.25 = 25%); null when the total is zero and a share means nothing. */
export function revenueShare(revenueCents: number, totalCents: number): number | null {
  return totalCents === 0 ? null : revenueCents / totalCents;
}

/**
 * Where a row's figure leads: a client's issued documents of the range in the invoice list (`phase=issued`:
 * drafts dated in the range are not revenue), an item's page with its movements, a category's items. Rows of
 * no client or item (free lines, the pension fund, items without a category) lead nowhere.
 */
export function revenueRowHref(row: Pick<TRevenueRow, 'kind' | 'key'>, range: DateRange): string | null {
  if (row.key === null) return null;
  if (row.kind === 'client') {
    const query = new URLSearchParams({ clientId: row.key, from: range.from, to: range.to, phase: 'issued' });
    return `/invoices?${query.toString()}`;
  }
  if (row.kind === 'item') return `/inventory/${row.key}`;
  if (row.kind === 'category') return `/inventory?${new URLSearchParams({ category: row.key }).toString()}`;
  return null;
}

/** Thousandths, so that sums of decimal quantities stay exact. */
const milli = (quantity: number) => Math.round(quantity * 1000);

/** The stock identity of a row: start + in − out ± adjustments = end (exact to the thousandth). */
export function stockBalances(row: {
  startQuantity: number;
  inQuantity: number;
  outQuantity: number;
  adjustedQuantity: number;
  endQuantity: number;
}): boolean {
  return (
    milli(row.startQuantity) +
      milli(row.inQuantity) -
      milli(row.outQuantity) +
      milli(row.adjustedQuantity) ===
    milli(row.endQuantity)
  );
}
