import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { purchaseInvoices, purchasePayments, suppliers } from '../../db/schema/purchases.ts';

/**
 * The reports' sums of the invoices received from suppliers (purchases): the purchases VAT register and the VAT
 * settlement by the day each invoice was received (registered), in the organization's time zone; the profit and
 * loss's costs by the document's date; the open payables. A credit note (TD04) counts negative.
 */

type Range = { from: string; to: string };
const p = purchaseInvoices;

const sign = sql`case when ${p.documentType} = 'TD04' then -1 else 1 end`;

/** The day an invoice was received, in the organization's zone: its registration day. */
export const receivedOnSql = (timeZone: string) =>
  sql<string>`(${p.receivedAt} at time zone ${timeZone})::date`;

/** Received from the start of `from` to the end of `to` in the zone (index-friendly bounds). */
const receivedIn = (orgId: string, range: Range, timeZone: string) =>
  and(
    eq(p.organizationId, orgId),
    sql`${p.receivedAt} >= (${range.from}::date::timestamp at time zone ${timeZone})`,
    sql`${p.receivedAt} < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})`,
  );

/** Each VAT summary row of the invoices received in the range, signed, with the day received. */
function vatRows(db: DbOrTx, orgId: string, range: Range, timeZone: string) {
  return db
    .select({
      receivedOn: sql<string>`${receivedOnSql(timeZone)}`.as('received_on'),
      vatRate: sql<number>`(r->>'vatRate')::numeric`.as('vat_rate'),
      nature: sql<string | null>`nullif(r->>'nature', '')`.as('nature'),
      taxable: sql<number>`${sign} * (r->>'taxableCents')::bigint`.as('taxable'),
      // VAT is charged on rows without a Natura; a row with one (N1–N7) carries none to deduct.
      vat: sql<number>`case when nullif(r->>'nature', '') is null then ${sign} * (r->>'vatCents')::bigint else 0 end`.as(
        'vat',
      ),
      // Reverse charge (Natura N6.x): the business owes the VAT itself (integration), not computed here.
      reverse: sql<boolean>`coalesce(r->>'nature', '') like 'N6%'`.as('reverse'),
    })
    .from(sql`${p} cross join lateral jsonb_array_elements(${p.vatSummary}) as r`)
    .where(receivedIn(orgId, range, timeZone))
    .as('purchase_vat_rows');
}

const total = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);

/**
 * Purchases of a range by month of receipt (1–12; the range lies within one year): taxable amount (VP3),
 * deductible VAT (VP5), the taxable of reverse-charge rows, and the invoices counted.
 */
export async function purchasesByMonth(db: DbOrTx, orgId: string, range: Range, timeZone: string) {
  const rows = vatRows(db, orgId, range, timeZone);
  const month = sql<number>`extract(month from ${rows.receivedOn})::int`;
  const [figures, documents] = await Promise.all([
    db
      .select({
        month,
        taxableCents: total(sql`${rows.taxable}`),
        vatCents: total(sql`${rows.vat}`),
        reverseChargeTaxableCents:
          sql<number>`coalesce(sum(${rows.taxable}) filter (where ${rows.reverse}), 0)`.mapWith(Number),
      })
      .from(rows)
      .groupBy(month),
    db
      .select({
        month: sql<number>`extract(month from ${receivedOnSql(timeZone)})::int`,
        documents: sql<number>`count(*)`.mapWith(Number),
      })
      .from(p)
      .where(receivedIn(orgId, range, timeZone))
      .groupBy(sql`1`),
  ]);
  return figures.map((f) => ({
    ...f,
    documents: documents.find((d) => d.month === f.month)?.documents ?? 0,
  }));
}

/** The purchases register's summary: per VAT rate and Natura over the range, credit notes negative. */
export async function purchaseRegisterSummary(db: DbOrTx, orgId: string, range: Range, timeZone: string) {
  const rows = vatRows(db, orgId, range, timeZone);
  return db
    .select({
      vatRate: sql<number>`${rows.vatRate}`.mapWith(Number),
      nature: rows.nature,
      taxableCents: total(sql`${rows.taxable}`),
      vatCents: total(sql`${rows.vat}`),
      reverseChargeTaxableCents:
        sql<number>`coalesce(sum(${rows.taxable}) filter (where ${rows.reverse}), 0)`.mapWith(Number),
    })
    .from(rows)
    .groupBy(rows.vatRate, rows.nature)
    .orderBy(desc(rows.vatRate), asc(rows.nature));
}

/** One page of the register's invoices in the order they were received (registered). */
export async function purchaseRegisterPage(
  db: DbOrTx,
  orgId: string,
  range: Range,
  timeZone: string,
  page: { limit: number; offset: number },
) {
  const where = receivedIn(orgId, range, timeZone);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: p.id,
        receivedOn: receivedOnSql(timeZone),
        issueDate: p.issueDate,
        number: p.number,
        documentType: p.documentType,
        supplierName: suppliers.name,
        supplierVatNumber: suppliers.vatNumber,
        supplierTaxCode: suppliers.taxCode,
        totalCents: p.totalCents,
        vatSummary: p.vatSummary,
      })
      .from(p)
      .innerJoin(suppliers, eq(suppliers.id, p.supplierId))
      .where(where)
      .orderBy(asc(p.receivedAt), asc(p.issueDate), asc(p.number), asc(p.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(p)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * Costs on the accrual basis: the taxable amount of the invoices dated in the range (the document's date, the
 * period the cost belongs to), by month ('YYYY-MM') and supplier, credit notes negative.
 */
export async function purchaseCostsByMonth(db: DbOrTx, orgId: string, range: Range) {
  const month = sql<string>`to_char(${p.issueDate}, 'YYYY-MM')`;
  return db
    .select({
      month,
      supplierId: p.supplierId,
      name: sql<string>`max(${suppliers.name})`,
      cents: sql<number>`sum(${sign} * ${p.taxableCents})`.mapWith(Number),
      documents: sql<number>`count(*)`.mapWith(Number),
    })
    .from(p)
    .innerJoin(suppliers, eq(suppliers.id, p.supplierId))
    .where(
      and(eq(p.organizationId, orgId), sql`${p.issueDate} between ${range.from}::date and ${range.to}::date`),
    )
    .groupBy(month, p.supplierId);
}

/**
 * The purchase invoices with something left to pay at the end of `day` (credit notes aside): dated up to it, with
 * what was paid by then (the payments dated later added back). The few columns the payables and the cash-flow
 * forecast work from (`openInstallments`).
 */
export async function openPurchaseInvoices(db: DbOrTx, orgId: string, day: string) {
  const paidAfter = sql<number>`(select coalesce(sum(${purchasePayments.amountCents}), 0) from ${purchasePayments}
    where ${purchasePayments.organizationId} = ${orgId} and ${purchasePayments.purchaseInvoiceId} = ${p.id}
    and ${purchasePayments.paidOn} > ${day}::date)`;
  const paid = sql<number>`(${p.paidCents} - ${paidAfter})`;
  return db
    .select({
      id: p.id,
      supplierId: p.supplierId,
      supplierName: suppliers.name,
      number: p.number,
      documentType: p.documentType,
      issueDate: p.issueDate,
      totalCents: p.totalCents,
      withholdingCents: p.withholdingCents,
      installments: p.installments,
      paidCents: paid.mapWith(Number),
    })
    .from(p)
    .innerJoin(suppliers, eq(suppliers.id, p.supplierId))
    .where(
      and(
        eq(p.organizationId, orgId),
        ne(p.documentType, 'TD04'),
        sql`${p.issueDate} <= ${day}::date`,
        sql`${paid} < greatest(${p.totalCents} - ${p.withholdingCents}, (select coalesce(sum((i->>'amountCents')::bigint), 0) from jsonb_array_elements(${p.installments}) as i))`,
      ),
    )
    .orderBy(asc(p.issueDate), asc(p.id));
}
