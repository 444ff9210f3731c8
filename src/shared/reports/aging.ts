import { addDays, addMonths } from '../dates/dates.ts';
import type { AgingBucket } from './contracts.ts';

/** Each bucket's days past due, fewest and most (null: no end), as the receivables report counts them. */
const BUCKET_DAYS: Record<AgingBucket, [number | null, number | null]> = {
  notDue: [null, 0],
  days1to30: [1, 30],
  days31to60: [31, 60],
  days61to90: [61, 90],
  over90: [91, null],
};

/**
 * The due dates of a receivables bucket on `asOf` (days past due = asOf − due date, as the report counts them),
 * as the invoice list's `dueFrom` and `dueTo` filters: with `open=true` and the client, the list shows exactly
 * the invoices behind the bucket's figure. An open end is left out.
 */
export function agingDueRange(bucket: AgingBucket, asOf: string): { dueFrom?: string; dueTo?: string } {
  const [fewest, most] = BUCKET_DAYS[bucket];
  return {
    ...(most === null ? {} : { dueFrom: addDays(asOf, -most) }),
    ...(fewest === null ? {} : { dueTo: addDays(asOf, -fewest) }),
  };
}

/** The day the receivables on `asOf` are compared with: the same day a month earlier (or that month's last). */
export const previousAsOf = (asOf: string) => addMonths(asOf, -1);

/**
 * The invoice list of a client's invoices open at the end of `asOf`, or of those in one ageing bucket then
 * (`openOn`: payments and credit notes dated later are not counted, as in the report).
 */
export function receivablesHref(clientId: string, asOf: string, bucket?: AgingBucket): string {
  const query = new URLSearchParams({ clientId, openOn: asOf });
  if (bucket) {
    const { dueFrom, dueTo } = agingDueRange(bucket, asOf);
    if (dueFrom) query.set('dueFrom', dueFrom);
    if (dueTo) query.set('dueTo', dueTo);
  }
  return `/invoices?${query.toString()}`;
}
