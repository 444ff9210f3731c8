import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { mailMessages } from '../../db/schema/mailbox.ts';
import { purchaseInvoices, purchasePayments, suppliers } from '../../db/schema/purchases.ts';

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

/** The invoice already recorded under the same supplier, type, number and date (the unique key). */
export async function findRecordedInvoiceId(
  db: DbOrTx,
  key: {
    organizationId: string;
    supplierId: string;
    documentType: string;
    number: string;
    issueDate: string;
  },
): Promise<string | null> {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.organizationId, key.organizationId),
        eq(p.supplierId, key.supplierId),
        eq(p.documentType, key.documentType),
        eq(p.number, key.number),
        eq(p.issueDate, key.issueDate),
      ),
    );
  return row?.id ?? null;
}

/** An invoice received before the same file was uploaded gets the document's id, when it has none yet. */
export async function setDocumentWhereNone(db: DbOrTx, orgId: string, ids: string[], documentId: string) {
  for (const id of ids) {
    await db
      .update(p)
      .set({ documentId })
      .where(and(eq(p.organizationId, orgId), eq(p.id, id), isNull(p.documentId)));
  }
}

/**
 * A page of the received invoices, newest document first; `q` matches the supplier's name or the number,
 * `supplierId` keeps one supplier's.
 */
export async function listPurchaseInvoices(
  db: DbOrTx,
  orgId: string,
  query: { q?: string; supplierId?: string; limit: number; offset: number },
) {
  const filter = and(
    eq(p.organizationId, orgId),
    query.q ? or(ilike(suppliers.name, `%${query.q}%`), ilike(p.number, `%${query.q}%`)) : undefined,
    query.supplierId ? eq(p.supplierId, query.supplierId) : undefined,
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
        withholdingCents: p.withholdingCents,
        paidCents: p.paidCents,
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

/** The invoice's row locked for a payment (one payment at a time per invoice). */
export async function lockPurchaseInvoice(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select({
      id: p.id,
      documentType: p.documentType,
      number: p.number,
      supplierId: p.supplierId,
      supplierName: suppliers.name,
      totalCents: p.totalCents,
      withholdingCents: p.withholdingCents,
      installments: p.installments,
      paidCents: p.paidCents,
    })
    .from(p)
    .innerJoin(suppliers, eq(suppliers.id, p.supplierId))
    .where(and(eq(p.organizationId, orgId), eq(p.id, id)))
    .for('update', { of: p });
  return row;
}

export async function findPurchasePayment(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({ id: purchasePayments.id, purchaseInvoiceId: purchasePayments.purchaseInvoiceId })
    .from(purchasePayments)
    .where(and(eq(purchasePayments.organizationId, orgId), eq(purchasePayments.id, id)));
  return row;
}

export async function insertPurchasePayment(tx: Tx, values: typeof purchasePayments.$inferInsert) {
  await tx.insert(purchasePayments).values(values);
  await tx
    .update(p)
    .set({ paidCents: sql`${p.paidCents} + ${values.amountCents}` })
    .where(and(eq(p.organizationId, values.organizationId), eq(p.id, values.purchaseInvoiceId)));
}

export async function listPurchasePayments(db: DbOrTx, orgId: string, invoiceId: string) {
  return db
    .select({
      id: purchasePayments.id,
      paidOn: purchasePayments.paidOn,
      amountCents: purchasePayments.amountCents,
      method: purchasePayments.method,
      transactionId: purchasePayments.transactionId,
      createdAt: purchasePayments.createdAt,
    })
    .from(purchasePayments)
    .where(and(eq(purchasePayments.organizationId, orgId), eq(purchasePayments.purchaseInvoiceId, invoiceId)))
    .orderBy(asc(purchasePayments.paidOn), asc(purchasePayments.createdAt));
}
