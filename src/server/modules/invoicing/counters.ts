import { sql } from 'drizzle-orm';
import { documentCounters } from '../../db/schema/invoicing.ts';
import type { Db } from '../../platform/db.ts';

export type DocumentSeries = 'quote' | 'invoice' | 'credit_note';

/**
 * The next progressive number of a series in a year. Call it inside the transaction that stores the number:
 * the upsert locks the counter row until that transaction ends, so two users issuing at the same moment get
 * consecutive numbers, and a transaction that fails gives its number back (no gaps, no duplicates).
 */
export async function nextDocumentNumber(
  tx: Db,
  orgId: string,
  series: DocumentSeries,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ organizationId: orgId, series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.organizationId, documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return row!.lastNumber;
}
