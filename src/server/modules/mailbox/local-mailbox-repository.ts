import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { invoices, quotes } from '../../db/schema/invoicing.ts';

/** The organization's clients with their addresses: what the client match and the lookalike check read. */
export async function clientContacts(db: DbOrTx, orgId: string) {
  return db
    .select({
      id: clients.id,
      email: clients.email,
      pec: clients.pec,
      companyName: clients.companyName,
      fullName: clients.fullName,
    })
    .from(clients)
    .where(eq(clients.organizationId, orgId));
}

/** The organization's invoices and quotes with one of these numbers, upper-case (related documents of a subject). */
export async function documentsByNumbers(db: DbOrTx, orgId: string, numbers: string[]) {
  if (numbers.length === 0) return [];
  const [invoiceRows, quoteRows] = await Promise.all([
    db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(
        and(
          eq(invoices.organizationId, orgId),
          isNotNull(invoices.number),
          inArray(sql`upper(${invoices.number})`, numbers),
        ),
      ),
    db
      .select({ id: quotes.id, number: quotes.number })
      .from(quotes)
      .where(and(eq(quotes.organizationId, orgId), inArray(sql`upper(${quotes.number})`, numbers))),
  ]);
  return [
    ...invoiceRows.map((r) => ({ type: 'invoice' as const, id: r.id, number: r.number! })),
    ...quoteRows.map((r) => ({ type: 'quote' as const, id: r.id, number: r.number })),
  ];
}
