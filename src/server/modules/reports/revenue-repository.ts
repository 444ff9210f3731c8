import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { RevenueGrouping, RevenueRowKind } from '@shared/reports/revenue-contracts.ts';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { inventoryItems } from '../../db/schema/inventory.ts';
import { invoiceSalesLines, invoices } from '../../db/schema/invoicing.ts';

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

/**
 * The lines of the documents of a range (`invoice_sales_lines`: the snapshots' lines kept by a trigger, amounts
 * and quantities of credit notes already negative) summed by item, and one more row for the pension fund
 * contribution: it is taxable but on no line, and without it the items would not add up to the documents'
 * taxable amount. Summed before joining the items, so the join sees one row per item, not one per line.
 */
function lineSums(orgId: string, range: RevenueRange) {
  const line = invoiceSalesLines;
  const current = sql`${line.issueDate} >= ${range.from}`;
  const pensionFund = sql`${sign} * ${invoices.pensionFundCents}`;
  const pensionCurrent = sql`${invoices.issueDate} >= ${range.from}`;
  return sql`(
    select ${line.itemId} as item_id, false as pension_fund,
      sum(${line.cents}) filter (where ${current}) as revenue,
      sum(${line.cents}) filter (where not ${current}) as previous,
      sum(${line.quantity}) filter (where ${current}) as quantity
    from ${line}
    where ${and(eq(line.organizationId, orgId), gte(line.issueDate, range.previousFrom), lte(line.issueDate, range.to))}
    group by ${line.itemId}
    union all
    select null, true, sum(${pensionFund}) filter (where ${pensionCurrent}),
      sum(${pensionFund}) filter (where not ${pensionCurrent}), 0
    from ${invoices}
    where ${and(issuedIn(orgId, range), sql`${invoices.pensionFundCents} <> 0`)}
    having count(*) > 0
  ) as l`;
}

/** The document of each line of the range (and each document with a pension fund), to count documents. */
function lineDocuments(orgId: string, range: RevenueRange) {
  const line = invoiceSalesLines;
  return sql`(
    select ${line.itemId} as item_id, false as pension_fund, ${line.invoiceId} as document_id
    from ${line}
    where ${and(eq(line.organizationId, orgId), gte(line.issueDate, range.from), lte(line.issueDate, range.to))}
    union all
    select null, true, ${invoices.id}
    from ${invoices}
    where ${and(issuedIn(orgId, currentRange(range)), sql`${invoices.pensionFundCents} <> 0`)}
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
 * One row per item (or per category), with the sums of both ranges and the documents of the range: the sums and
 * the document counts are grouped apart (counting distinct documents needs every document, the sums do not) and
 * joined by kind and key.
 */
function byItemOrCategory(db: DbOrTx, orgId: string, range: RevenueRange, by: 'item' | 'category') {
  const kind = by === 'item' ? lineKind : categoryKind;
  const key = by === 'item' ? sql<string | null>`${item('id')}::text` : category;
  const sums = db
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
    })
    .from(withItems(lineSums(orgId, range), orgId))
    .groupBy(kind, key)
    .as('sums');
  const documents = db
    .select({
      kind: sql<RevenueRowKind>`${kind}`.as('document_kind'),
      key: sql<string | null>`${key}`.as('document_key'),
      documents: sql<number>`count(distinct l.document_id)`.as('documents'),
    })
    .from(withItems(lineDocuments(orgId, range), orgId))
    .groupBy(kind, key)
    .as('documents');
  return db
    .select({
      kind: sql<RevenueRowKind>`${sums.kind}`.as('kind'),
      key: sql<string | null>`${sums.key}`.as('key'),
      name: sql<string>`${sums.name}`.as('name'),
      sku: sql<string | null>`${sums.sku}`.as('sku'),
      unit: sql<string | null>`${sums.unit}`.as('unit'),
      documents: sql<number>`coalesce(${documents.documents}, 0)`.as('documents'),
      quantity: sql<string | null>`${sums.quantity}`.as('quantity'),
      revenue: sql<number>`${sums.revenue}`.as('revenue'),
      previous: sql<number>`${sums.previous}`.as('previous'),
    })
    .from(sums)
    .leftJoin(
      documents,
      sql`${documents.kind} = ${sums.kind} and ${documents.key} is not distinct from ${sums.key}`,
    )
    .as('grouped');
}

/** One page of rows (largest revenue first) and the totals over every row. */
export async function revenuePage(
  db: DbOrTx,
  orgId: string,
  input: { range: RevenueRange; by: RevenueGrouping; limit: number; offset: number },
) {
  const { range, by } = input;
  const grouped = by === 'client' ? byClient(db, orgId, range) : byItemOrCategory(db, orgId, range, by);
  const [rows, [totals], [documents]] = await Promise.all([
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
      })
      .from(grouped)
      .orderBy(desc(grouped.revenue), asc(grouped.kind), asc(grouped.name), asc(grouped.key))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({
        rows: sql<number>`count(*)`.mapWith(Number),
        revenueCents: money(sql`sum(${grouped.revenue})`),
        previousRevenueCents: money(sql`sum(${grouped.previous})`),
      })
      .from(grouped),
    db
      .select({
        documents: sql<number>`count(*) filter (where ${invoices.issueDate} >= ${range.from})`.mapWith(
          Number,
        ),
      })
      .from(invoices)
      .where(issuedIn(orgId, range)),
  ]);
  return {
    rows: rows as RevenueRowData[],
    total: totals?.rows ?? 0,
    revenueCents: totals?.revenueCents ?? 0,
    previousRevenueCents: totals?.previousRevenueCents ?? 0,
    documents: documents?.documents ?? 0,
  };
}
