import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { inventoryItems } from '../../db/schema/inventory.ts';
import { invoiceSalesLines, invoices } from '../../db/schema/invoicing.ts';
import { transactionCategories, transactions } from '../../db/schema/transactions.ts';

/**
 * The profit and loss report's sums (and the cash flow's ledger months), each one aggregate query over the rows
 * the lists show: issued documents with their frozen snapshot, ledger entries with their category.
 */

type Range = { from: string; to: string };

const issuedIn = (orgId: string, range: Range) =>
  and(
    eq(invoices.organizationId, orgId),
    eq(invoices.phase, 'issued'),
    gte(invoices.issueDate, range.from),
    lte(invoices.issueDate, range.to),
  );
const sign = sql`case when ${invoices.documentType} = 'TD04' then -1 else 1 end`;

/**
 * Revenue by month of issue and inventory category: the taxable amount of each frozen line (after its discount,
 * as printed), a credit note's lines negative, summed from `invoice_sales_lines` (the snapshot's lines, kept by
 * a trigger) by month and item from its index alone, then by category. The category is the line's
 * item's (read now; the snapshot keeps the item's id only), null for a line without an item, an item of another
 * organization or one without category.
 */
export async function revenueByMonthAndCategory(db: DbOrTx, orgId: string, range: Range) {
  const monthStart = sql`date_trunc('month', ${invoiceSalesLines.issueDate})`;
  const byMonthAndItem = db
    .select({
      monthStart: sql<string>`${monthStart}`.as('month_start'),
      itemId: invoiceSalesLines.itemId,
      cents: sql<number>`sum(${invoiceSalesLines.cents})`.as('cents'),
    })
    .from(invoiceSalesLines)
    .where(
      and(
        eq(invoiceSalesLines.organizationId, orgId),
        gte(invoiceSalesLines.issueDate, range.from),
        lte(invoiceSalesLines.issueDate, range.to),
      ),
    )
    .groupBy(monthStart, invoiceSalesLines.itemId)
    .as('by_month_and_item');
  const month = sql<string>`to_char(${byMonthAndItem.monthStart}, 'YYYY-MM')`;
  const category = sql<string | null>`nullif(btrim(${inventoryItems.category}), '')`;
  return db
    .select({ month, category, cents: sql<number>`sum(${byMonthAndItem.cents})`.mapWith(Number) })
    .from(byMonthAndItem)
    .leftJoin(
      inventoryItems,
      and(
        eq(inventoryItems.organizationId, orgId),
        sql`${inventoryItems.id}::text = ${byMonthAndItem.itemId}`,
      ),
    )
    .groupBy(month, category);
}

/**
 * Per month of issue: the documents dated in it, and the pension-fund contribution (cassa previdenziale), taxable
 * revenue that is on no line. Lines plus contribution make the taxable amount of the VAT summary. From the
 * figures index alone, by day first (in the index's order), then by month.
 */
export async function documentsByMonth(db: DbOrTx, orgId: string, range: Range) {
  const byDay = db
    .select({
      day: invoices.issueDate,
      documents: sql<number>`count(*)`.as('documents'),
      pensionFundCents: sql<number>`sum(${sign} * ${invoices.pensionFundCents})`.as('pension_fund_cents'),
    })
    .from(invoices)
    .where(issuedIn(orgId, range))
    .groupBy(invoices.issueDate)
    .as('by_day');
  const month = sql<string>`to_char(${byDay.day}, 'YYYY-MM')`;
  return db
    .select({
      month,
      documents: sql<number>`sum(${byDay.documents})`.mapWith(Number),
      pensionFundCents: sql<number>`coalesce(sum(${byDay.pensionFundCents}), 0)`.mapWith(Number),
    })
    .from(byDay)
    .groupBy(month);
}

/**
 * The ledger by month, direction and category (left join: entries without a category count too): summed by day
 * first, in the order of the ledger's figures index (no sort of every entry), then by month.
 */
export async function ledgerByMonthAndCategory(db: DbOrTx, orgId: string, range: Range) {
  const byDay = db
    .select({
      day: transactions.occurredOn,
      direction: transactions.direction,
      categoryId: transactions.categoryId,
      cents: sql<number>`sum(${transactions.amountCents})`.as('cents'),
      entries: sql<number>`count(*)`.as('entries'),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, orgId),
        gte(transactions.occurredOn, range.from),
        lte(transactions.occurredOn, range.to),
      ),
    )
    .groupBy(transactions.occurredOn, transactions.direction, transactions.categoryId)
    .as('by_day');
  const month = sql<string>`to_char(${byDay.day}, 'YYYY-MM')`;
  return db
    .select({
      month,
      direction: byDay.direction,
      categoryId: byDay.categoryId,
      name: transactionCategories.name,
      isDefault: transactionCategories.isDefault,
      cents: sql<number>`sum(${byDay.cents})`.mapWith(Number),
      entries: sql<number>`sum(${byDay.entries})`.mapWith(Number),
    })
    .from(byDay)
    .leftJoin(
      transactionCategories,
      and(eq(transactionCategories.id, byDay.categoryId), eq(transactionCategories.organizationId, orgId)),
    )
    .groupBy(
      month,
      byDay.direction,
      byDay.categoryId,
      transactionCategories.name,
      transactionCategories.isDefault,
    );
}
