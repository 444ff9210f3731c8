import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { inventoryItems } from '../../db/schema/inventory.ts';
import { invoices } from '../../db/schema/invoicing.ts';
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
const issueMonth = sql<string>`to_char(${invoices.issueDate}, 'YYYY-MM')`;

/**
 * Revenue by month of issue and inventory category: the taxable amount of each frozen line (after its discount,
 * as printed), a credit note's lines negative. The category is the line's item's (read now; the snapshot keeps
 * the item's id only), null for a line without an item, an item of another organization or one without category.
 */
export async function revenueByMonthAndCategory(db: DbOrTx, orgId: string, range: Range) {
  const category = sql<string | null>`nullif(btrim(${inventoryItems.category}), '')`;
  return db
    .select({
      month: issueMonth,
      category,
      cents: sql<number>`sum(${sign} * (line->>'totalCents')::bigint)`.mapWith(Number),
    })
    .from(
      sql`${invoices}
        cross join lateral jsonb_array_elements(${invoices.snapshot}->'totals'->'lines') as line
        left join ${inventoryItems}
          on ${inventoryItems.organizationId} = ${invoices.organizationId}
          and ${inventoryItems.id}::text = line->>'itemId'`,
    )
    .where(issuedIn(orgId, range))
    .groupBy(issueMonth, category);
}

/**
 * Per month of issue: the documents dated in it, and the pension-fund contribution (cassa previdenziale), taxable
 * revenue that is on no line. Lines plus contribution make the taxable amount of the VAT summary.
 */
export async function documentsByMonth(db: DbOrTx, orgId: string, range: Range) {
  return db
    .select({
      month: issueMonth,
      documents: sql<number>`count(*)`.mapWith(Number),
      pensionFundCents:
        sql<number>`coalesce(sum(${sign} * coalesce((${invoices.snapshot}->'totals'->>'pensionFundCents')::bigint, 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(issuedIn(orgId, range))
    .groupBy(issueMonth);
}

/** The ledger by month, direction and category (left join: entries without a category count too). */
export async function ledgerByMonthAndCategory(db: DbOrTx, orgId: string, range: Range) {
  const month = sql<string>`to_char(${transactions.occurredOn}, 'YYYY-MM')`;
  return db
    .select({
      month,
      direction: transactions.direction,
      categoryId: transactions.categoryId,
      name: transactionCategories.name,
      isDefault: transactionCategories.isDefault,
      cents: sql<number>`sum(${transactions.amountCents})`.mapWith(Number),
      entries: sql<number>`count(*)`.mapWith(Number),
    })
    .from(transactions)
    .leftJoin(
      transactionCategories,
      and(
        eq(transactionCategories.id, transactions.categoryId),
        eq(transactionCategories.organizationId, transactions.organizationId),
      ),
    )
    .where(
      and(
        eq(transactions.organizationId, orgId),
        gte(transactions.occurredOn, range.from),
        lte(transactions.occurredOn, range.to),
      ),
    )
    .groupBy(
      month,
      transactions.direction,
      transactions.categoryId,
      transactionCategories.name,
      transactionCategories.isDefault,
    );
}
