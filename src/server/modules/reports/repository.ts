import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.ts';
import { businessProfiles } from '../../db/schema/business-profiles.ts';
import { clients } from '../../db/schema/clients.ts';
import { invoices } from '../../db/schema/invoicing.ts';
import { outstandingSql, settledAfterTable } from '../invoicing/index.ts';

/** Sales figures of one calendar month, from the VAT summary frozen in each issued document. */
export type MonthSales = {
  month: number;
  taxableCents: number;
  /** VAT the seller owes: split payment excluded. */
  vatCents: number;
  splitPaymentVatCents: number;
  reverseChargeTaxableCents: number;
  documents: number;
};

/**
 * Sales of a range (within one year) by month of issue, from the VAT summary frozen in each issued document (its
 * sums kept in generated columns: `vatTaxableCents` …), so the report adds up exactly what the documents print.
 * Credit notes (TD04) count negative in the month they are dated.
 */
export async function salesByMonth(
  db: DbOrTx,
  orgId: string,
  range: { from: string; to: string },
): Promise<MonthSales[]> {
  const signed = (column: AnyPgColumn) =>
    sql<number>`coalesce(sum(case when ${invoices.documentType} = 'TD04' then -${column} else ${column} end), 0)`.mapWith(
      Number,
    );
  const month = sql<number>`extract(month from ${invoices.issueDate})::int`;
  return db
    .select({
      month,
      taxableCents: signed(invoices.vatTaxableCents),
      vatCents: signed(invoices.vatDueCents),
      splitPaymentVatCents: signed(invoices.vatSplitCents),
      reverseChargeTaxableCents: signed(invoices.vatReverseTaxableCents),
      documents: sql<number>`count(*)`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        gte(invoices.issueDate, range.from),
        lte(invoices.issueDate, range.to),
      ),
    )
    .groupBy(month)
    .orderBy(asc(month));
}

export async function taxRegimeOf(db: DbOrTx, orgId: string): Promise<string | null> {
  const [row] = await db
    .select({ regime: businessProfiles.taxRegime })
    .from(businessProfiles)
    .where(eq(businessProfiles.organizationId, orgId))
    .limit(1);
  return row?.regime ?? null;
}

/**
 * The invoices open at the end of `day`, for a FROM invoices … LEFT JOIN `later` ON `on` WHERE `where`: issued
 * invoices (not credit notes) dated up to it with something still to collect then, `cents` (today's outstanding
 * with the payments and credit notes dated later added back).
 */
function openOn(orgId: string, day: string) {
  const cents = sql<number>`(${outstandingSql} + coalesce(later.cents, 0))`;
  return {
    later: sql`${settledAfterTable(orgId, day)} as later`,
    on: sql`later.invoice_id = ${invoices.id}`,
    cents,
    where: and(
      eq(invoices.organizationId, orgId),
      eq(invoices.phase, 'issued'),
      eq(invoices.documentType, 'TD01'),
      sql`${invoices.issueDate} <= ${day}::date`,
      gt(cents, 0),
    ),
  };
}

/** The ageing buckets' sums (days past due on `day`), the total and the count of open invoices. */
function agingColumns(cents: SQL<number>, day: string) {
  const late = sql<number>`(${day}::date - ${invoices.dueDate})`;
  const bucket = (condition: SQL) =>
    sql<number>`coalesce(sum(${cents}) filter (where ${condition}), 0)`.mapWith(Number);
  return {
    notDue: bucket(sql`${late} <= 0`),
    days1to30: bucket(sql`${late} between 1 and 30`),
    days31to60: bucket(sql`${late} between 31 and 60`),
    days61to90: bucket(sql`${late} between 61 and 90`),
    over90: bucket(sql`${late} > 90`),
    totalCents: sql<number>`coalesce(sum(${cents}), 0)`.mapWith(Number),
    openInvoices: sql<number>`count(*)`.mapWith(Number),
  };
}

/** Open receivables by client at the end of `asOf`, in ageing buckets of days past due then. Largest first. */
export async function receivablesByClient(db: DbOrTx, orgId: string, asOf: string) {
  const open = openOn(orgId, asOf);
  const columns = agingColumns(open.cents, asOf);
  return db
    .select({
      clientId: invoices.clientId,
      name: sql<string>`max(coalesce(${clients.companyName}, ${clients.fullName}, ''))`,
      ...columns,
      oldestDueDate: sql<string>`min(${invoices.dueDate})::text`,
    })
    .from(invoices)
    .leftJoin(open.later, open.on)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(open.where)
    .groupBy(invoices.clientId)
    .orderBy(desc(columns.totalCents), asc(invoices.clientId));
}

/** The same figures of every client together, at the end of `day` (the comparison's earlier day). */
export async function receivablesTotals(db: DbOrTx, orgId: string, day: string) {
  const open = openOn(orgId, day);
  const [totals] = await db
    .select(agingColumns(open.cents, day))
    .from(invoices)
    .leftJoin(open.later, open.on)
    .where(open.where);
  return totals!;
}

/**
 * Average days from issue to the last payment, per client, over the invoices paid in full whose last payment
 * fell in the 365 days up to `asOf` (the DSO of each client), for every client (the report reads it beside the
 * receivables, not after them). The last payment's day is the invoice's `lastPaidOn` (kept by a trigger), read
 * with the invoice from the index of paid invoices.
 */
export async function averageDaysToPay(db: DbOrTx, orgId: string, asOf: string) {
  return db
    .select({
      clientId: invoices.clientId,
      days: sql<number>`avg(${invoices.lastPaidOn} - ${invoices.issueDate})`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        sql`${invoices.lastPaidOn} is not null`,
        lte(outstandingSql, 0),
        gt(invoices.paidCents, 0),
        sql`${invoices.lastPaidOn} > ${asOf}::date - 365`,
        sql`${invoices.lastPaidOn} <= ${asOf}::date`,
      ),
    )
    .groupBy(invoices.clientId);
}

const inRange = (orgId: string, from: string, to: string) =>
  and(
    eq(invoices.organizationId, orgId),
    eq(invoices.phase, 'issued'),
    gte(invoices.issueDate, from),
    lte(invoices.issueDate, to),
  );

/**
 * The sales register's summary: per VAT rate and Natura over the range, credit notes negative; split-payment VAT
 * and the taxable of reverse-charge rows (Natura N6.x) in columns of their own.
 */
export async function salesRegisterSummary(db: DbOrTx, orgId: string, from: string, to: string) {
  const sign = sql`case when ${invoices.documentType} = 'TD04' then -1 else 1 end`;
  const lines = db
    .select({
      vatRate: sql<number>`(r->>'vatRate')::numeric`.as('vat_rate'),
      nature: sql<string | null>`r->>'nature'`.as('nature'),
      taxable: sql<number>`${sign} * (r->>'taxableCents')::bigint`.as('taxable'),
      vat: sql<number>`${sign} * (r->>'vatCents')::bigint`.as('vat'),
      split: sql<boolean>`r->>'vatCollectability' = 'S'`.as('split'),
      // Reverse charge (Natura N6.x): the client accounts for the VAT, the seller charges none.
      reverse: sql<boolean>`coalesce(r->>'nature', '') like 'N6%'`.as('reverse'),
    })
    .from(
      sql`${invoices} cross join lateral jsonb_array_elements(${invoices.snapshot}->'totals'->'vatSummary') as r`,
    )
    .where(inRange(orgId, from, to))
    .as('lines');
  return db
    .select({
      vatRate: sql<number>`${lines.vatRate}`.mapWith(Number),
      nature: lines.nature,
      taxableCents: sql<number>`sum(${lines.taxable})`.mapWith(Number),
      vatCents: sql<number>`coalesce(sum(${lines.vat}) filter (where not ${lines.split}), 0)`.mapWith(Number),
      splitPaymentVatCents: sql<number>`coalesce(sum(${lines.vat}) filter (where ${lines.split}), 0)`.mapWith(
        Number,
      ),
      reverseChargeTaxableCents:
        sql<number>`coalesce(sum(${lines.taxable}) filter (where ${lines.reverse}), 0)`.mapWith(Number),
    })
    .from(lines)
    .groupBy(lines.vatRate, lines.nature)
    .orderBy(desc(lines.vatRate), asc(lines.nature));
}

/** One page of the register's documents in date and number order, with their frozen VAT summary. */
export async function salesRegisterPage(
  db: DbOrTx,
  orgId: string,
  range: { from: string; to: string },
  page: { limit: number; offset: number },
) {
  const where = inRange(orgId, range.from, range.to);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        number: sql<string>`coalesce(${invoices.number}, '')`,
        issueDate: invoices.issueDate,
        documentType: invoices.documentType,
        snapshot: invoices.snapshot,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .where(where)
      .orderBy(asc(invoices.issueDate), asc(invoices.documentType), asc(invoices.sequence), asc(invoices.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(invoices)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
