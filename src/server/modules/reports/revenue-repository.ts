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

/**
 * Every line of the documents of both ranges (`invoice_sales_lines`, the snapshots' lines kept by a trigger,
 * amounts and quantities of credit notes already negative), with the item it came from (if it still exists) and, as one more line per
 * document, the pension fund contribution: it is taxable but on no line, and without it the items would not add
 * up to the documents' taxable amount.
 */
function linesOf(db: DbOrTx, orgId: string, range: RevenueRange) {
  const line = invoiceSalesLines;
  const all = sql`(
    select ${line.invoiceId} as document_id, ${line.issueDate} as issue_date, ${line.itemId} as item_id,
      ${line.cents} as amount, ${line.quantity} as quantity, false as pension_fund
    from ${line}
    where ${and(
      eq(line.organizationId, orgId),
      gte(line.issueDate, range.previousFrom),
      lte(line.issueDate, range.to),
    )}
    union all
    select ${invoices.id}, ${invoices.issueDate}, null, ${sign} * ${invoices.pensionFundCents}, 0, true
    from ${invoices}
    where ${and(issuedIn(orgId, range), sql`${invoices.pensionFundCents} <> 0`)}
  ) as l`;
  // Columns are named in full: drizzle writes a subquery's columns without their table.
  const item = (column: string) => sql.raw(`it."${column}"`);
  return db
    .select({
      lineKind: sql<string>`case when l.pension_fund then 'pensionFund'
        when ${item('id')} is null then 'free' else 'item' end`.as('line_kind'),
      itemId: sql<string | null>`${item('id')}::text`.as('item_id'),
      name: sql<string | null>`${item('name')}`.as('item_name'),
      sku: sql<string | null>`${item('sku')}`.as('item_sku'),
      unit: sql<string | null>`${item('unit')}`.as('item_unit'),
      category: sql<string | null>`nullif(btrim(${item('category')}), '')`.as('category'),
      documentId: sql<string>`l.document_id`.as('document_id'),
      current: sql<boolean>`l.issue_date >= ${range.from}`.as('current'),
      amount: sql<number>`l.amount`.as('amount'),
      quantity: sql<string>`l.quantity`.as('quantity'),
    })
    .from(
      sql`${all} left join ${inventoryItems} as it on ${item('organization_id')} = ${orgId}
        and ${item('id')}::text = l.item_id`,
    )
    .as('lines');
}

function byItemOrCategory(db: DbOrTx, orgId: string, range: RevenueRange, by: 'item' | 'category') {
  const l = linesOf(db, orgId, range);
  const documents = sql<number>`count(distinct ${l.documentId}) filter (where ${l.current})`.as('documents');
  const revenue = sql<number>`coalesce(sum(${l.amount}) filter (where ${l.current}), 0)`.as('revenue');
  const previous = sql<number>`coalesce(sum(${l.amount}) filter (where not ${l.current}), 0)`.as('previous');
  if (by === 'item') {
    const isItem = sql`${l.lineKind} = 'item'`;
    return db
      .select({
        kind: sql<RevenueRowKind>`${l.lineKind}`.as('kind'),
        key: sql<string | null>`${l.itemId}`.as('key'),
        name: sql<string>`coalesce(max(${l.name}), '')`.as('name'),
        sku: sql<string | null>`max(${l.sku})`.as('sku'),
        unit: sql<string | null>`max(${l.unit})`.as('unit'),
        documents,
        quantity: sql<string | null>`case when bool_and(${isItem})
          then coalesce(sum(${l.quantity}) filter (where ${l.current}), 0) end`.as('quantity'),
        revenue,
        previous,
      })
      .from(l)
      .groupBy(l.lineKind, l.itemId)
      .as('grouped');
  }
  const kind = sql<RevenueRowKind>`case when ${l.lineKind} <> 'item' then ${l.lineKind}
    when ${l.category} is null then 'uncategorised' else 'category' end`;
  return db
    .select({
      kind: sql<RevenueRowKind>`${kind}`.as('kind'),
      key: sql<string | null>`max(${l.category})`.as('key'),
      name: sql<string>`coalesce(max(${l.category}), '')`.as('name'),
      sku: sql<string | null>`null::text`.as('sku'),
      unit: sql<string | null>`null::text`.as('unit'),
      documents,
      quantity: sql<string | null>`null::numeric`.as('quantity'),
      revenue,
      previous,
    })
    .from(l)
    .groupBy(kind, l.category)
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
