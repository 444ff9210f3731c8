import { and, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Granularity } from '@shared/reports/analytics.ts';
import type { DateRange } from '@shared/reports/periods.ts';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { inventoryItems, stockMovements } from '../../db/schema/inventory.ts';
import { invoiceSalesLines, invoices, quotes } from '../../db/schema/invoicing.ts';
import { outstandingSql as outstanding } from '../invoicing/index.ts';
import { lastPaymentsFrom } from './repository.ts';

/**
 * The figures of /analytics (issue 14), each one aggregate query over the rows the lists show: issued documents
 * (phase 'issued', amounts from the snapshot frozen at issue, credit notes TD04 negative), quotes, payments on
 * invoices and stock movements. Every query is scoped by the organization.
 */

const isCreditNote = sql`${invoices.documentType} = 'TD04'`;
const sign = sql<number>`case when ${isCreditNote} then -1 else 1 end`;
/**
 * The taxable amount frozen at issue: the sum of the snapshot's VAT summary, kept in a column (0 for a snapshot
 * without one) that the figures index holds, so the sums below never read the documents' JSON.
 */
const taxable = sql<number>`${invoices.vatTaxableCents}`;
const issuedIn = (orgId: string, range: DateRange) =>
  and(
    eq(invoices.organizationId, orgId),
    eq(invoices.phase, 'issued'),
    gte(invoices.issueDate, range.from),
    lte(invoices.issueDate, range.to),
  )!;

/** The trend bucket of a document's issue date, as `bucketIndexOf` (src/shared/reports/analytics.ts) counts it. */
function bucketIndexSql(range: DateRange, granularity: Granularity): SQL<number> {
  const from = sql`${range.from}::date`;
  if (granularity === 'day') return sql<number>`(${invoices.issueDate} - ${from})`;
  if (granularity === 'week') return sql<number>`((${invoices.issueDate} - ${from}) / 7)`;
  const month = (day: SQL) => sql`(extract(year from ${day})::int * 12 + extract(month from ${day})::int)`;
  return sql<number>`(${month(sql`${invoices.issueDate}`)} - ${month(from)})`;
}

/** Sales of a range by trend bucket: taxable (credit notes negative), invoices and credit notes counted. */
export async function salesByBucket(db: DbOrTx, orgId: string, range: DateRange, granularity: Granularity) {
  const bucket = bucketIndexSql(range, granularity);
  return (
    db
      .select({
        bucket: sql<number>`${bucket}`.mapWith(Number),
        taxableCents: sql<number>`coalesce(sum(${sign} * ${taxable}), 0)`.mapWith(Number),
        invoiceTaxableCents:
          sql<number>`coalesce(sum(${taxable}) filter (where not ${isCreditNote}), 0)`.mapWith(Number),
        invoices: sql<number>`count(*) filter (where not ${isCreditNote})`.mapWith(Number),
        creditNotes: sql<number>`count(*) filter (where ${isCreditNote})`.mapWith(Number),
      })
      .from(invoices)
      .where(issuedIn(orgId, range))
      // By position: the range's start is a parameter, and two parameters never match as the same expression.
      .groupBy(sql`1`)
  );
}

/** Whether the organization has issued any document at all. */
export async function hasIssuedInvoices(db: DbOrTx, orgId: string): Promise<boolean> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.phase, 'issued')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Clients with an issued invoice (TD01) in the range, split by whether their first issued invoice ever falls in
 * it (new) or before it (returning).
 */
export async function newAndReturningClients(db: DbOrTx, orgId: string, range: DateRange) {
  const firsts = db
    .select({
      clientId: invoices.clientId,
      first: sql<string>`min(${invoices.issueDate})`.as('first'),
      inRange:
        sql<boolean>`bool_or(${invoices.issueDate} between ${range.from}::date and ${range.to}::date)`.as(
          'in_range',
        ),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        lte(invoices.issueDate, range.to),
      ),
    )
    .groupBy(invoices.clientId)
    .as('firsts');
  const [row] = await db
    .select({
      invoiced: sql<number>`count(*)`.mapWith(Number),
      new: sql<number>`count(*) filter (where ${firsts.first} >= ${range.from}::date)`.mapWith(Number),
    })
    .from(firsts)
    .where(sql`${firsts.inRange}`);
  const invoiced = row?.invoiced ?? 0;
  const fresh = row?.new ?? 0;
  return { invoiced, new: fresh, returning: invoiced - fresh };
}

/**
 * Quotes sent in the range (their sending day in the organization's time zone) by outcome, and the calendar
 * days from sending to acceptance of the accepted ones (median and average). A sent quote past its validity on
 * `today` is expired even before the nightly job stores it so.
 */
export async function quoteOutcomes(
  db: DbOrTx,
  orgId: string,
  range: DateRange,
  timeZone: string,
  today: string,
) {
  const day = (column: typeof quotes.sentAt | typeof quotes.respondedAt) =>
    sql`(${column} at time zone ${timeZone})::date`;
  const accepted = sql`${quotes.status} in ('accepted', 'converted')`;
  const expired = sql`(${quotes.status} = 'expired' or (${quotes.status} = 'sent' and ${quotes.validUntil} < ${today}::date))`;
  const daysToAccept = sql`(${day(quotes.respondedAt)} - ${day(quotes.sentAt)})`;
  const acceptedWithAnswer = sql`${accepted} and ${quotes.respondedAt} is not null`;
  const [row] = await db
    .select({
      sent: sql<number>`count(*)`.mapWith(Number),
      accepted: sql<number>`count(*) filter (where ${accepted})`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${quotes.status} = 'rejected')`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${expired})`.mapWith(Number),
      medianDays: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${daysToAccept}) filter (where ${acceptedWithAnswer})`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
      averageDays: sql<number | null>`avg(${daysToAccept}) filter (where ${acceptedWithAnswer})`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
    })
    .from(quotes)
    .where(
      and(
        eq(quotes.organizationId, orgId),
        sql`${quotes.sentAt} is not null`,
        sql`${day(quotes.sentAt)} between ${range.from}::date and ${range.to}::date`,
      ),
    );
  return {
    sent: row?.sent ?? 0,
    accepted: row?.accepted ?? 0,
    rejected: row?.rejected ?? 0,
    expired: row?.expired ?? 0,
    medianDays: row?.medianDays ?? null,
    averageDays: row?.averageDays ?? null,
  };
}

/**
 * Invoices paid in full whose last payment (the one completing them) fell in the range: how many, the average
 * days from the due date and from the issue date to that payment, and how many were paid after the due date.
 */
export async function paymentDelays(db: DbOrTx, orgId: string, range: DateRange) {
  const lastPayments = lastPaymentsFrom(db, orgId, range.from);
  const late = sql`(${lastPayments.lastPaidOn} - ${invoices.dueDate})`;
  const [row] = await db
    .select({
      invoices: sql<number>`count(*)`.mapWith(Number),
      averageDaysLate: sql<number | null>`avg(${late})`.mapWith((v: unknown) =>
        v === null ? null : Number(v),
      ),
      averageDaysToPay: sql<number | null>`avg(${lastPayments.lastPaidOn} - ${invoices.issueDate})`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
      paidLate: sql<number>`count(*) filter (where ${late} > 0)`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(lastPayments, eq(lastPayments.invoiceId, invoices.id))
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        lte(outstanding, 0),
        gt(invoices.paidCents, 0),
        sql`${lastPayments.lastPaidOn} between ${range.from}::date and ${range.to}::date`,
      ),
    );
  return {
    invoices: row?.invoices ?? 0,
    averageDaysLate: row?.averageDaysLate ?? null,
    averageDaysToPay: row?.averageDaysToPay ?? null,
    paidLate: row?.paidLate ?? 0,
  };
}

/**
 * The stock side of turnover, valued at each item's cost: goods out in the range (movements "out", stored
 * negative), and the stock's value at the end of the day before the range and at the end of its last day.
 */
export async function stockFigures(db: DbOrTx, orgId: string, range: DateRange) {
  const value = sql`${stockMovements.quantity} * ${inventoryItems.costCents}`;
  const rounded = (expression: SQL) => sql<number>`round(coalesce(${expression}, 0))::bigint`.mapWith(Number);
  const [row] = await db
    .select({
      cogsCents: rounded(
        sql`sum(-${value}) filter (where ${stockMovements.kind} = 'out' and ${stockMovements.occurredOn} >= ${range.from}::date)`,
      ),
      openingStockCents: rounded(
        sql`sum(${value}) filter (where ${stockMovements.occurredOn} < ${range.from}::date)`,
      ),
      closingStockCents: rounded(sql`sum(${value})`),
    })
    .from(stockMovements)
    .innerJoin(
      inventoryItems,
      and(eq(inventoryItems.id, stockMovements.itemId), eq(inventoryItems.organizationId, orgId)),
    )
    .where(and(eq(stockMovements.organizationId, orgId), lte(stockMovements.occurredOn, range.to)));
  return row ?? { cogsCents: 0, openingStockCents: 0, closingStockCents: 0 };
}

const TOP = 5;

/** The clients with the most sales in the range (credit notes negative), and the range's total over all clients. */
export async function topClients(db: DbOrTx, orgId: string, range: DateRange) {
  const total = sql<number>`sum(${sign} * ${taxable})`;
  return db
    .select({
      clientId: invoices.clientId,
      name: sql<string>`max(coalesce(${clients.companyName}, ${clients.fullName}, ''))`,
      taxableCents: total.mapWith(Number),
      documents: sql<number>`count(*)`.mapWith(Number),
      allCents: sql<number>`sum(${total}) over ()`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(issuedIn(orgId, range))
    .groupBy(invoices.clientId)
    .orderBy(desc(total), invoices.clientId)
    .limit(TOP);
}

/**
 * The items with the most sales in the range, from the lines frozen at issue (`invoice_sales_lines`: each line's
 * amount after discount, credit notes negative): lines from the inventory by item, lines typed by hand by
 * description. With the total of every line of the range.
 */
export async function topItems(db: DbOrTx, orgId: string, range: DateRange) {
  const line = invoiceSalesLines;
  const key = sql`coalesce(${line.itemId}, 'line:' || lower(${line.description}))`;
  const total = sql<number>`sum(${line.cents})`;
  const byKey = db
    .select({
      key: sql<string>`${key}`.as('line_key'),
      itemId: sql<string | null>`max(${line.itemId})`.as('line_item_id'),
      description: sql<string>`max(${line.description})`.as('line_description'),
      cents: total.as('line_cents'),
    })
    .from(line)
    .where(
      and(eq(line.organizationId, orgId), gte(line.issueDate, range.from), lte(line.issueDate, range.to)),
    )
    .groupBy(key)
    .as('by_key');
  return db
    .select({
      itemId: sql<string | null>`${inventoryItems.id}::text`,
      name: sql<string>`coalesce(${inventoryItems.name}, ${byKey.description})`,
      taxableCents: sql<number>`${byKey.cents}`.mapWith(Number),
      allCents: sql<number>`sum(${byKey.cents}) over ()`.mapWith(Number),
    })
    .from(byKey)
    .leftJoin(
      inventoryItems,
      and(eq(inventoryItems.organizationId, orgId), sql`${inventoryItems.id}::text = ${byKey.itemId}`),
    )
    .orderBy(desc(byKey.cents), byKey.key)
    .limit(TOP);
}
