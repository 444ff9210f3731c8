import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { addDays } from '@shared/dates/dates.ts';
import { splitAtWholeMonths } from '@shared/reports/periods.ts';
import type { RevenueGrouping, RevenueRowKind } from '@shared/reports/revenue-contracts.ts';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { inventoryItems } from '../../db/schema/inventory.ts';
import { invoiceSalesLines, invoiceSalesMonths, invoices } from '../../db/schema/invoicing.ts';

/**
 * Revenue of a range, grouped by client, item or category, beside the range just before it. One scan of the
 * issued documents of both ranges (`previous.from` … `to`, contiguous: `previousRange` ends the day before `from`);
 * `issue_date >= from` tells the current range from the previous one. Figures come from the snapshot frozen at
 * issue: the document's taxable amount, or each line's amount (`totals.lines[].totalCents`); credit notes (TD04)
 * count negative. Paged and summed in SQL.
 */

export type RevenueRange = { from: string; to: string; previousFrom: string };
export type RevenueRowData = {
  kind: RevenueRowKind;
  key: string | null;
  name: string;
  sku: string | null;
  unit: string | null;
  documents: number;
  quantity: string | null;
  revenueCents: number;
  previousRevenueCents: number;
};

const sign = sql`(case when ${invoices.documentType} = 'TD04' then -1 else 1 end)`;

function issuedIn(orgId: string, range: RevenueRange) {
  return and(
    eq(invoices.organizationId, orgId),
    eq(invoices.phase, 'issued'),
    gte(invoices.issueDate, range.previousFrom),
    lte(invoices.issueDate, range.to),
  );
}

const money = (value: SQL) => sql<number>`coalesce(${value}, 0)`.mapWith(Number);

/** One row per client, with the documents of the range and the taxable amounts of both ranges. */
function byClient(db: DbOrTx, orgId: string, range: RevenueRange) {
  const current = sql`${invoices.issueDate} >= ${range.from}`;
  const taxable = sql`${sign} * ${invoices.vatTaxableCents}`;
  return db
    .select({
      kind: sql<RevenueRowKind>`'client'`.as('kind'),
      key: sql<string>`${invoices.clientId}::text`.as('key'),
      name: sql<string>`max(coalesce(${clients.companyName}, ${clients.fullName}, ''))`.as('name'),
      sku: sql<string | null>`null::text`.as('sku'),
      unit: sql<string | null>`null::text`.as('unit'),
      documents: sql<number>`count(*) filter (where ${current})`.as('documents'),
      quantity: sql<string | null>`null::numeric`.as('quantity'),
      revenue: sql<number>`coalesce(sum(${taxable}) filter (where ${current}), 0)`.as('revenue'),
      previous: sql<number>`coalesce(sum(${taxable}) filter (where not ${current}), 0)`.as('previous'),
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(issuedIn(orgId, range))
    .groupBy(invoices.clientId)
    .as('grouped');
}

const currentRange = (range: RevenueRange) => ({ ...range, previousFrom: range.from });

type Period = { from: string; to: string };
const NO_ROWS = sql`select null::text, 0::bigint, 0::bigint, 0::numeric, 0::bigint, 0::bigint where false`;

/**
 * Sales by item of one period as (item_id, revenue, previous, quantity, documents, category_documents), its amounts
 * in the column of `which`: the whole months from `invoice_sales_months` (kept by triggers, a row per month and
 * item), the days around them from `invoice_sales_lines`. A document is counted by its first line of each item
 * (`first_of_item`), and for its category by its first line of the category (`first_of_category`).
 */
function periodSales(orgId: string, period: Period, which: 'current' | 'previous') {
  const isCurrent = which === 'current';
  const pick = (value: SQL) => (isCurrent ? sql`${value}, 0` : sql`0, ${value}`);
  const onlyCurrent = (value: SQL, zero: SQL) => (isCurrent ? value : zero);
  const { months, days } = splitAtWholeMonths(period);
  const m = invoiceSalesMonths;
  const line = invoiceSalesLines;
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select nullif(${m.itemKey}, ''), ${pick(sql`${m.cents}`)},
      ${onlyCurrent(sql`${m.quantity}`, sql`0`)}, ${onlyCurrent(sql`${m.documents}`, sql`0`)},
      ${onlyCurrent(sql`${m.categoryDocuments}`, sql`0`)}
      from ${m}
      where ${and(eq(m.organizationId, orgId), gte(m.month, months.from), lte(m.month, months.to))}
        and ${m.documents} > 0`);
  }
  for (const range of days) {
    parts.push(sql`select ${line.itemId}, ${pick(sql`${line.cents}`)},
      ${onlyCurrent(sql`${line.quantity}`, sql`0`)},
      ${onlyCurrent(sql`${line.firstOfItem}::int`, sql`0`)},
      ${onlyCurrent(sql`${line.firstOfCategory}::int`, sql`0`)}
      from ${line}
      where ${and(eq(line.organizationId, orgId), gte(line.issueDate, range.from), lte(line.issueDate, range.to))}`);
  }
  return parts;
}

/**
 * Sales by item of the range and of the one before it, and one more row for the pension fund contribution: it is
 * taxable but on no line, and without it the items would not add up to the documents' taxable amount. Summed
 * before joining the items, so the join sees one row per item, not one per line.
 */
function lineSums(orgId: string, range: RevenueRange) {
  const previous = { from: range.previousFrom, to: addDays(range.from, -1) };
  const parts = [
    ...periodSales(orgId, { from: range.from, to: range.to }, 'current'),
    ...(range.previousFrom < range.from ? periodSales(orgId, previous, 'previous') : []),
  ];
  const pensionFund = sql`${sign} * ${invoices.pensionFundCents}`;
  const pensionCurrent = sql`${invoices.issueDate} >= ${range.from}`;
  return sql`(
    select item_id, false as pension_fund, sum(revenue) as revenue, sum(previous) as previous,
      sum(quantity) as quantity, sum(documents) as documents, sum(category_documents) as category_documents
    from (${sql.join(parts.length ? parts : [NO_ROWS], sql` union all `)})
      as sales(item_id, revenue, previous, quantity, documents, category_documents)
    group by item_id
    union all
    select null, true, sum(${pensionFund}) filter (where ${pensionCurrent}),
      sum(${pensionFund}) filter (where not ${pensionCurrent}), 0, count(*) filter (where ${pensionCurrent}), 0
    from ${invoices}
    where ${and(issuedIn(orgId, range), sql`${invoices.pensionFundCents} <> 0`)}
    having count(*) > 0
  ) as l`;
}

// Columns are named in full: drizzle writes these subqueries' columns without their table.
const item = (column: string) => sql.raw(`it."${column}"`);
const withItems = (rows: SQL, orgId: string) =>
  sql`${rows} left join ${inventoryItems} as it on ${item('organization_id')} = ${orgId}
    and ${item('id')}::text = l.item_id`;
const lineKind = sql<string>`case when l.pension_fund then 'pensionFund' when ${item('id')} is null then 'free' else 'item' end`;
const category = sql<string | null>`nullif(btrim(${item('category')}), '')`;
const categoryKind = sql<RevenueRowKind>`case when ${lineKind} <> 'item' then ${lineKind}
  when ${category} is null then 'uncategorised' else 'category' end`;

/**
 * One row per item (or per category), with the sums of both ranges and the documents of the range, all from the
 * sums by item (`lineSums`).
 */
function byItemOrCategory(db: DbOrTx, orgId: string, range: RevenueRange, by: 'item' | 'category') {
  const kind = by === 'item' ? lineKind : categoryKind;
  const key = by === 'item' ? sql<string | null>`${item('id')}::text` : category;
  return db
    .select({
      kind: sql<RevenueRowKind>`${kind}`.as('kind'),
      key: sql<string | null>`${key}`.as('key'),
      name:
        by === 'item'
          ? sql<string>`coalesce(max(${item('name')}), '')`.as('name')
          : sql<string>`coalesce(${category}, '')`.as('name'),
      sku:
        by === 'item' ? sql<string | null>`max(${item('sku')})`.as('sku') : sql<null>`null::text`.as('sku'),
      unit:
        by === 'item'
          ? sql<string | null>`max(${item('unit')})`.as('unit')
          : sql<null>`null::text`.as('unit'),
      quantity:
        by === 'item'
          ? sql<string | null>`case when bool_and(${lineKind} = 'item')
              then coalesce(sum(l.quantity), 0) end`.as('quantity')
          : sql<string | null>`null::numeric`.as('quantity'),
      revenue: sql<number>`coalesce(sum(l.revenue), 0)`.as('revenue'),
      previous: sql<number>`coalesce(sum(l.previous), 0)`.as('previous'),
      // A category's documents: its documents' first lines of the category (a document may sell several items of
      // it). A line typed by hand and the pension fund are rows of their own, counted as an item's are.
      documents: (by === 'item'
        ? sql<number>`coalesce(sum(l.documents), 0)`
        : sql<number>`case when ${kind} in ('category', 'uncategorised')
            then coalesce(sum(l.category_documents), 0) else coalesce(sum(l.documents), 0) end`
      ).as('documents'),
    })
    .from(withItems(lineSums(orgId, range), orgId))
    .groupBy(kind, key)
    .as('grouped');
}

/**
 * One page of rows (largest revenue first) and the totals over every row, in one pass: the totals are window sums
 * over all rows, computed before the page is cut. A page past the last row has no row to carry them, so only then
 * are they asked for apart.
 */
export async function revenuePage(
  db: DbOrTx,
  orgId: string,
  input: { range: RevenueRange; by: RevenueGrouping; limit: number; offset: number },
) {
  const { range, by } = input;
  const grouped = by === 'client' ? byClient(db, orgId, range) : byItemOrCategory(db, orgId, range, by);
  const totalsOver = {
    rows: sql<number>`count(*) over ()`.mapWith(Number),
    revenueCents: money(sql`sum(${grouped.revenue}) over ()`),
    previousRevenueCents: money(sql`sum(${grouped.previous}) over ()`),
  };
  const [page, [documents]] = await Promise.all([
    db
      .select({
        kind: grouped.kind,
        key: grouped.key,
        name: grouped.name,
        sku: grouped.sku,
        unit: grouped.unit,
        documents: sql<number>`${grouped.documents}`.mapWith(Number),
        quantity: sql<string | null>`${grouped.quantity}::text`,
        revenueCents: sql<number>`${grouped.revenue}`.mapWith(Number),
        previousRevenueCents: sql<number>`${grouped.previous}`.mapWith(Number),
        totals: totalsOver,
      })
      .from(grouped)
      .orderBy(desc(grouped.revenue), asc(grouped.kind), asc(grouped.name), asc(grouped.key))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ documents: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(issuedIn(orgId, currentRange(range))),
  ]);
  const totals =
    page[0]?.totals ??
    (
      await db
        .select({
          rows: sql<number>`count(*)`.mapWith(Number),
          revenueCents: money(sql`sum(${grouped.revenue})`),
          previousRevenueCents: money(sql`sum(${grouped.previous})`),
        })
        .from(grouped)
    )[0];
  return {
    rows: page.map(({ totals: _, ...row }) => row) as RevenueRowData[],
    total: totals?.rows ?? 0,
    revenueCents: totals?.revenueCents ?? 0,
    previousRevenueCents: totals?.previousRevenueCents ?? 0,
    documents: documents?.documents ?? 0,
  };
}
