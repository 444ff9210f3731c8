import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mailMessages } from '../../db/schema/mailbox.ts';
import { purchaseInvoices, suppliers } from '../../db/schema/purchases.ts';

export type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PurchaseInvoiceValues = typeof purchaseInvoices.$inferInsert;

/**
 * The supplier with this Partita IVA (or, without one, codice fiscale), created when new; its registry data is
 * kept as first received (the business may correct it later).
 */
export async function ensureSupplier(db: DbOrTx, values: SupplierValues): Promise<string> {
  const key = values.vatNumber
    ? eq(suppliers.vatNumber, values.vatNumber)
    : and(sql`${suppliers.vatNumber} is null`, eq(suppliers.taxCode, values.taxCode ?? ''));
  const [found] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.organizationId, values.organizationId), key));
  if (found) return found.id;
  const [row] = await db
    .insert(suppliers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: suppliers.id });
  if (row) return row.id;
  // Created meanwhile by another sync: read it again.
  const [again] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.organizationId, values.organizationId), key));
  return again!.id;
}

/** Records an invoice once: false when the supplier's document (type, number, date) is already recorded. */
export async function insertPurchaseInvoice(
  db: DbOrTx,
  values: PurchaseInvoiceValues,
): Promise<string | null> {
  const [row] = await db
    .insert(purchaseInvoices)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: purchaseInvoices.id });
  return row?.id ?? null;
}

const p = purchaseInvoices;

/** A page of the received invoices, newest document first; `q` matches the supplier's name or the number. */
export async function listPurchaseInvoices(
  db: DbOrTx,
  orgId: string,
  query: { q?: string; limit: number; offset: number },
) {
  const filter = and(
    eq(p.organizationId, orgId),
    query.q ? or(ilike(suppliers.name, `%${query.q}%`), ilike(p.number, `%${query.q}%`)) : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select({
        id: p.id,
        supplierName: suppliers.name,
        documentType: p.documentType,
        number: p.number,
        issueDate: p.issueDate,
        currency: p.currency,
        totalCents: p.totalCents,
        installments: p.installments,
        source: p.source,
        receivedAt: p.receivedAt,
      })
      .from(p)
      .innerJoin(suppliers, eq(suppliers.id, p.supplierId))
      .where(filter)
      .orderBy(desc(p.issueDate), desc(p.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(p)
      .innerJoin(suppliers, eq(suppliers.id, p.supplierId))
      .where(filter),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function findPurchaseInvoice(db: DbOrTx, orgId: string, id: string, userId?: string) {
  const [row] = await db
    .select({
      invoice: p,
      supplier: suppliers,
      // The message it came in, when it is in this user's own mailbox.
      ownMessageId: userId
        ? sql<
            string | null
          >`(select ${mailMessages.id} from ${mailMessages} where ${mailMessages.id} = ${p.mailMessageId} and ${mailMessages.userId} = ${userId})`
        : sql<string | null>`null`,
    })
    .from(p)
    .innerJoin(suppliers, eq(suppliers.id, p.supplierId))
    .where(and(eq(p.organizationId, orgId), eq(p.id, id)));
  return row;
}
