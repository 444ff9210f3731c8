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
  const signed = (column: AnyPgColumn, name: string) =>
    sql<number>`sum(case when ${invoices.documentType} = 'TD04' then -${column} else ${column} end)`.as(name);
  // By day first, in the order of the figures index (no hashing of every document), then by month.
  const byDay = db
    .select({
      day: invoices.issueDate,
      taxableCents: signed(invoices.vatTaxableCents, 'taxable_cents'),
      vatCents: signed(invoices.vatDueCents, 'vat_cents'),
      splitPaymentVatCents: signed(invoices.vatSplitCents, 'split_payment_vat_cents'),
      reverseChargeTaxableCents: signed(invoices.vatReverseTaxableCents, 'reverse_charge_taxable_cents'),
      documents: sql<number>`count(*)`.as('documents'),
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
    .groupBy(invoices.issueDate)
    .as('by_day');
  const total = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const month = sql<number>`extract(month from ${byDay.day})::int`;
  return db
    .select({
      month,
      taxableCents: total(sql`${byDay.taxableCents}`),
      vatCents: total(sql`${byDay.vatCents}`),
      splitPaymentVatCents: total(sql`${byDay.splitPaymentVatCents}`),
      reverseChargeTaxableCents: total(sql`${byDay.reverseChargeTaxableCents}`),
      documents: total(sql`${byDay.documents}`),
    })
    .from(byDay)
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

/** The ageing bucket of an invoice due on `dueDate`, by its days past due at the end of `day`: 0 to 4. */
const AGING_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
function agingBucketSql(day: string) {
  const late = sql`(${day}::date - ${invoices.dueDate})`;
  return sql<number>`case when ${late} <= 0 then 0 when ${late} <= 30 then 1 when ${late} <= 60 then 2
    when ${late} <= 90 then 3 else 4 end`;
}

/**
 * The invoices open at the end of `day` summed by ageing bucket (and by client when `byClient`): issued invoices
 * (not credit notes) dated up to it with something still to collect then (today's outstanding with the payments
 * and credit notes dated later added back), as (client_id, bucket, cents, invoices, oldest due date). Each invoice
 * adds to one sum and one count here, and the buckets become columns over these few rows.
 */
function openByBucket(db: DbOrTx, orgId: string, day: string, byClient: boolean) {
  const cents = sql<number>`(${outstandingSql} + coalesce(later.cents, 0))`;
  const bucket = agingBucketSql(day);
  return db
    .select({
      clientId: sql<string | null>`${byClient ? invoices.clientId : sql`null::uuid`}`.as('open_client_id'),
      bucket: sql<number>`${bucket}`.as('bucket'),
      cents: sql<number>`sum(${cents})`.as('open_cents'),
      invoices: sql<number>`count(*)`.as('open_invoices'),
      oldestDueDate: sql<string>`min(${invoices.dueDate})`.as('oldest_due_date'),
    })
    .from(invoices)
    .leftJoin(sql`${settledAfterTable(orgId, day)} as later`, sql`later.invoice_id = ${invoices.id}`)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        sql`${invoices.issueDate} <= ${day}::date`,
        gt(cents, 0),
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .as('open_by_bucket');
}

/** The ageing buckets' sums (days past due on the day), the total and the count of open invoices. */
function agingColumns(open: ReturnType<typeof openByBucket>) {
  const sumOf = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);
  const buckets = Object.fromEntries(
    AGING_BUCKETS.map((key, i) => [
      key,
      sql<number>`coalesce(sum(${open.cents}) filter (where ${open.bucket} = ${sql.raw(String(i))}), 0)`.mapWith(
        Number,
      ),
    ]),
  ) as Record<(typeof AGING_BUCKETS)[number], SQL<number>>;
  return {
    ...buckets,
    totalCents: sumOf(sql`${open.cents}`),
    openInvoices: sumOf(sql`${open.invoices}`),
  };
}

/** Open receivables by client at the end of `asOf`, in ageing buckets of days past due then. Largest first. */
export async function receivablesByClient(db: DbOrTx, orgId: string, asOf: string) {
  const open = openByBucket(db, orgId, asOf, true);
  const columns = agingColumns(open);
  return db
    .select({
      clientId: sql<string>`${open.clientId}`,
      name: sql<string>`max(coalesce(${clients.companyName}, ${clients.fullName}, ''))`,
      ...columns,
      oldestDueDate: sql<string>`min(${open.oldestDueDate})::text`,
    })
    .from(open)
    .innerJoin(clients, sql`${clients.id} = ${open.clientId}`)
    .groupBy(open.clientId)
    .orderBy(desc(columns.totalCents), asc(open.clientId));
}

/** The same figures of every client together, at the end of `day` (the comparison's earlier day). */
export async function receivablesTotals(db: DbOrTx, orgId: string, day: string) {
  const open = openByBucket(db, orgId, day, false);
  const [totals] = await db.select(agingColumns(open)).from(open);
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
