import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { inventoryItems } from '../../db/schema/inventory.ts';
import { invoicePayments, invoices, quotes } from '../../db/schema/invoicing.ts';
import { outstandingSql as outstanding } from '../invoicing/index.ts';
import { transactions } from '../../db/schema/transactions.ts';

/** The dashboard's figures, each one aggregate query over the rows the lists show (issue 14). */

const signedTotal = sql<number>`case when ${invoices.documentType} = 'TD04' then -${invoices.totalCents} else ${invoices.totalCents} end`;
const month = (
  column: typeof invoices.issueDate | typeof invoicePayments.paidOn | typeof transactions.occurredOn,
) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/** Issued invoices of a range by total, credit notes subtracted. */
export async function invoicedBetween(db: DbOrTx, orgId: string, from: string, to: string) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${signedTotal}), 0)`.mapWith(Number) })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        gte(invoices.issueDate, from),
        lte(invoices.issueDate, to),
      ),
    );
  return row?.cents ?? 0;
}

/** Payments recorded on invoices in a range. */
export async function collectedBetween(db: DbOrTx, orgId: string, from: string, to: string) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)`.mapWith(Number) })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.organizationId, orgId),
        gte(invoicePayments.paidOn, from),
        lte(invoicePayments.paidOn, to),
      ),
    );
  return row?.cents ?? 0;
}

/** What is left to collect on issued invoices, and the part past its due date. */
export async function openReceivables(db: DbOrTx, orgId: string, today: string) {
  const [row] = await db
    .select({
      outstandingCents: sql<number>`coalesce(sum(${outstanding}), 0)`.mapWith(Number),
      overdueCents:
        sql<number>`coalesce(sum(${outstanding}) filter (where ${invoices.dueDate} < ${today}), 0)`.mapWith(
          Number,
        ),
      overdueCount: sql<number>`count(*) filter (where ${invoices.dueDate} < ${today})`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        gt(outstanding, 0),
      ),
    );
  return row ?? { outstandingCents: 0, overdueCents: 0, overdueCount: 0 };
}

const signedAmount = sql<number>`case when ${transactions.direction} = 'income' then ${transactions.amountCents} else -${transactions.amountCents} end`;

/** Income minus expenses of the ledger up to a day. */
export async function cashBalance(db: DbOrTx, orgId: string, today: string) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${signedAmount}), 0)`.mapWith(Number) })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), lte(transactions.occurredOn, today)));
  return row?.cents ?? 0;
}

/** Quotes sent and still valid: waiting for the client's answer. */
export async function quotesAwaiting(db: DbOrTx, orgId: string, today: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(${quotes.totalCents}), 0)`.mapWith(Number),
    })
    .from(quotes)
    .where(and(eq(quotes.organizationId, orgId), eq(quotes.status, 'sent'), gte(quotes.validUntil, today)));
  return row ?? { count: 0, totalCents: 0 };
}

/** Per calendar month of a range ('YYYY-MM'): invoiced, collected on invoices, ledger income and expenses. */
export async function monthlyFigures(db: DbOrTx, orgId: string, from: string, to: string) {
  const [invoiced, collected, ledger] = await Promise.all([
    db
      .select({ month: month(invoices.issueDate), cents: sql<number>`sum(${signedTotal})`.mapWith(Number) })
      .from(invoices)
      .where(
        and(
          eq(invoices.organizationId, orgId),
          eq(invoices.phase, 'issued'),
          gte(invoices.issueDate, from),
          lte(invoices.issueDate, to),
        ),
      )
      .groupBy(month(invoices.issueDate)),
    db
      .select({
        month: month(invoicePayments.paidOn),
        cents: sql<number>`sum(${invoicePayments.amountCents})`.mapWith(Number),
      })
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.organizationId, orgId),
          gte(invoicePayments.paidOn, from),
          lte(invoicePayments.paidOn, to),
        ),
      )
      .groupBy(month(invoicePayments.paidOn)),
    db
      .select({
        month: month(transactions.occurredOn),
        income:
          sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.direction} = 'income'), 0)`.mapWith(
            Number,
          ),
        expense:
          sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.direction} = 'expense'), 0)`.mapWith(
            Number,
          ),
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.organizationId, orgId),
          gte(transactions.occurredOn, from),
          lte(transactions.occurredOn, to),
        ),
      )
      .groupBy(month(transactions.occurredOn)),
  ]);
  return { invoiced, collected, ledger };
}

/** The invoices to chase: past due with something outstanding, the longest late first. */
export async function overdueInvoices(db: DbOrTx, orgId: string, today: string, limit: number) {
  return db
    .select({
      id: invoices.id,
      number: sql<string>`coalesce(${invoices.number}, '')`,
      clientName: sql<string>`coalesce(${clients.companyName}, ${clients.fullName}, '')`,
      dueDate: invoices.dueDate,
      outstandingCents: sql<number>`${outstanding}`.mapWith(Number),
      daysLate: sql<number>`(${today}::date - ${invoices.dueDate})`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        gt(outstanding, 0),
        lt(invoices.dueDate, today),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(limit);
}

/** Active goods at or under their low-stock threshold, the emptiest first. */
export async function lowStockItems(db: DbOrTx, orgId: string, limit: number) {
  const rows = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      sku: inventoryItems.sku,
      unit: inventoryItems.unit,
      stockQuantity: inventoryItems.stockQuantity,
      lowStockThreshold: inventoryItems.lowStockThreshold,
    })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.organizationId, orgId),
        eq(inventoryItems.active, true),
        eq(inventoryItems.kind, 'goods'),
        isNotNull(inventoryItems.lowStockThreshold),
        sql`${inventoryItems.stockQuantity} <= ${inventoryItems.lowStockThreshold}`,
      ),
    )
    .orderBy(
      desc(sql`${inventoryItems.lowStockThreshold} - ${inventoryItems.stockQuantity}`),
      asc(inventoryItems.name),
    )
    .limit(limit);
  return rows.map((row) => ({ ...row, lowStockThreshold: row.lowStockThreshold ?? '0' }));
}
