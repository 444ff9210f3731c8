import { addDays } from '../dates/dates.ts';
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

/** The invoice list of a client's open invoices, or of those in one ageing bucket on `asOf`. */
export function receivablesHref(clientId: string, bucket?: { bucket: AgingBucket; asOf: string }): string {
  const query = new URLSearchParams({ clientId, open: 'true' });
  if (bucket) {
    const { dueFrom, dueTo } = agingDueRange(bucket.bucket, bucket.asOf);
    if (dueFrom) query.set('dueFrom', dueFrom);
    if (dueTo) query.set('dueTo', dueTo);
  }
  return `/invoices?${query.toString()}`;
}
