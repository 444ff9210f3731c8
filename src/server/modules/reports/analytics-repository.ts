import { and, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Granularity } from '@shared/reports/analytics.ts';
import { splitAtWholeMonths, type DateRange } from '@shared/reports/periods.ts';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { inventoryItems, stockMovements } from '../../db/schema/inventory.ts';
import { invoiceSalesLines, invoiceSalesMonths, invoices, quotes } from '../../db/schema/invoicing.ts';
import { outstandingSql as outstanding } from '../invoicing/index.ts';

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

/** The trend bucket of a day, as `bucketIndexOf` (src/shared/reports/analytics.ts) counts it. */
function bucketIndexSql(day: SQL, range: DateRange, granularity: Granularity): SQL<number> {
  const from = sql`${range.from}::date`;
  if (granularity === 'day') return sql<number>`(${day} - ${from})`;
  if (granularity === 'week') return sql<number>`((${day} - ${from}) / 7)`;
  const month = (d: SQL) => sql`(extract(year from ${d})::int * 12 + extract(month from ${d})::int)`;
  return sql<number>`(${month(day)} - ${month(from)})`;
}

/**
 * Sales of a range by trend bucket: taxable (credit notes negative), invoices and credit notes counted. Summed by
 * day first, in the order of the figures index (no hashing of every document), then by bucket.
 */
export async function salesByBucket(db: DbOrTx, orgId: string, range: DateRange, granularity: Granularity) {
  const byDay = db
    .select({
      day: invoices.issueDate,
      taxableCents: sql<number>`sum(${sign} * ${taxable})`.as('taxable_cents'),
      invoiceTaxableCents: sql<number>`sum(${taxable}) filter (where not ${isCreditNote})`.as(
        'invoice_taxable_cents',
      ),
      invoices: sql<number>`count(*) filter (where not ${isCreditNote})`.as('invoice_count'),
      creditNotes: sql<number>`count(*) filter (where ${isCreditNote})`.as('credit_note_count'),
    })
    .from(invoices)
    .where(issuedIn(orgId, range))
    .groupBy(invoices.issueDate)
    .as('by_day');
  const bucket = bucketIndexSql(sql`${byDay.day}`, range, granularity);
  return (
    db
      .select({
        bucket: sql<number>`${bucket}`.mapWith(Number),
        taxableCents: sql<number>`coalesce(sum(${byDay.taxableCents}), 0)`.mapWith(Number),
        invoiceTaxableCents: sql<number>`coalesce(sum(${byDay.invoiceTaxableCents}), 0)`.mapWith(Number),
        invoices: sql<number>`coalesce(sum(${byDay.invoices}), 0)`.mapWith(Number),
        creditNotes: sql<number>`coalesce(sum(${byDay.creditNotes}), 0)`.mapWith(Number),
      })
      .from(byDay)
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

const latestEnd = (ranges: readonly DateRange[]) => ranges.reduce((to, r) => (r.to > to ? r.to : to), '');

/**
 * For each range: the clients with an issued invoice (TD01) in it, split by whether their first issued invoice
 * ever falls in it (new) or before it (returning). One pass over the invoices up to the latest range's end.
 */
export async function newAndReturningClients(db: DbOrTx, orgId: string, ranges: readonly DateRange[]) {
  const within = (range: DateRange) =>
    sql`${invoices.issueDate} between ${range.from}::date and ${range.to}::date`;
  const firsts = db
    .select({
      clientId: invoices.clientId,
      first: sql<string>`min(${invoices.issueDate})`.as('first'),
      ...Object.fromEntries(
        ranges.map((range, i) => [`in${i}`, sql<boolean>`bool_or(${within(range)})`.as(`in_range_${i}`)]),
      ),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        lte(invoices.issueDate, latestEnd(ranges)),
      ),
    )
    .groupBy(invoices.clientId)
    .as('firsts');
  const inRange = (i: number) => sql.raw(`"in_range_${i}"`);
  const [row] = await db
    .select(
      Object.fromEntries(
        ranges.flatMap((range, i) => [
          [`invoiced${i}`, sql<number>`count(*) filter (where ${inRange(i)})`.mapWith(Number)],
          [
            `new${i}`,
            sql<number>`count(*) filter (where ${inRange(i)} and ${firsts.first} >= ${range.from}::date)`.mapWith(
              Number,
            ),
          ],
        ]),
      ),
    )
    .from(firsts);
  return ranges.map((_, i) => {
    const invoiced = Number(row?.[`invoiced${i}`] ?? 0);
    const fresh = Number(row?.[`new${i}`] ?? 0);
    return { invoiced, new: fresh, returning: invoiced - fresh };
  });
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
 * Invoices paid in full whose last payment (the one completing them, the invoice's `lastPaidOn`) fell in the
 * range: how many, the average days from the due date and from the issue date to that payment, and how many were
 * paid after the due date. From the index of paid invoices alone.
 */
export async function paymentDelays(db: DbOrTx, orgId: string, range: DateRange) {
  const lastPaidOn = invoices.lastPaidOn;
  const late = sql`(${lastPaidOn} - ${invoices.dueDate})`;
  const [row] = await db
    .select({
      invoices: sql<number>`count(*)`.mapWith(Number),
      averageDaysLate: sql<number | null>`avg(${late})`.mapWith((v: unknown) =>
        v === null ? null : Number(v),
      ),
      averageDaysToPay: sql<number | null>`avg(${lastPaidOn} - ${invoices.issueDate})`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
      paidLate: sql<number>`count(*) filter (where ${late} > 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        sql`${lastPaidOn} is not null`,
        lte(outstanding, 0),
        gt(invoices.paidCents, 0),
        gte(lastPaidOn, range.from),
        lte(lastPaidOn, range.to),
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
 * For each range, the stock side of turnover, valued at each item's cost: goods out in the range (movements "out",
 * stored negative), and the stock's value at the end of the day before the range and at the end of its last day.
 * One pass over the movements up to the latest range's end, summed by item before the costs multiply them.
 */
export async function stockFigures(db: DbOrTx, orgId: string, ranges: readonly DateRange[]) {
  const quantity = (condition: SQL | undefined, name: string) =>
    (condition
      ? sql<string>`sum(${stockMovements.quantity}) filter (where ${condition})`
      : sql<string>`sum(${stockMovements.quantity})`
    ).as(name);
  const on = stockMovements.occurredOn;
  const byItem = db
    .select({
      itemId: stockMovements.itemId,
      ...Object.fromEntries(
        ranges.flatMap((range, i) => [
          [
            `out${i}`,
            quantity(
              sql`${stockMovements.kind} = 'out' and ${on} between ${range.from}::date and ${range.to}::date`,
              `out_${i}`,
            ),
          ],
          [`opening${i}`, quantity(sql`${on} < ${range.from}::date`, `opening_${i}`)],
          [`closing${i}`, quantity(sql`${on} <= ${range.to}::date`, `closing_${i}`)],
        ]),
      ),
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.organizationId, orgId), lte(on, latestEnd(ranges))))
    .groupBy(stockMovements.itemId)
    .as('by_item');
  const valued = (column: string, negate = false) =>
    sql<number>`round(coalesce(sum(${sql.raw(negate ? '-' : '')}${sql.raw(`by_item."${column}"`)} * ${inventoryItems.costCents}), 0))::bigint`.mapWith(
      Number,
    );
  const [row] = await db
    .select(
      Object.fromEntries(
        ranges.flatMap((_, i) => [
          [`cogs${i}`, valued(`out_${i}`, true)],
          [`opening${i}`, valued(`opening_${i}`)],
          [`closing${i}`, valued(`closing_${i}`)],
        ]),
      ),
    )
    .from(byItem)
    .innerJoin(
      inventoryItems,
      and(eq(inventoryItems.id, byItem.itemId), eq(inventoryItems.organizationId, orgId)),
    );
  return ranges.map((_, i) => ({
    cogsCents: Number(row?.[`cogs${i}`] ?? 0),
    openingStockCents: Number(row?.[`opening${i}`] ?? 0),
    closingStockCents: Number(row?.[`closing${i}`] ?? 0),
  }));
}

const TOP = 5;

/** The clients with the most sales in the range (credit notes negative), and the range's total over all clients. */
export async function topClients(db: DbOrTx, orgId: string, range: DateRange) {
  const total = sql<number>`sum(${sign} * ${taxable})`;
  // The clients' names are joined to the five rows kept, not to every document.
  const top = db
    .select({
      clientId: invoices.clientId,
      taxableCents: total.as('taxable_cents'),
      documents: sql<number>`count(*)`.as('documents'),
      allCents: sql<number>`sum(${total}) over ()`.as('all_cents'),
    })
    .from(invoices)
    .where(issuedIn(orgId, range))
    .groupBy(invoices.clientId)
    .orderBy(desc(total), invoices.clientId)
    .limit(TOP)
    .as('top');
  return db
    .select({
      clientId: top.clientId,
      name: sql<string>`coalesce(${clients.companyName}, ${clients.fullName}, '')`,
      taxableCents: sql<number>`${top.taxableCents}`.mapWith(Number),
      documents: sql<number>`${top.documents}`.mapWith(Number),
      allCents: sql<number>`${top.allCents}`.mapWith(Number),
    })
    .from(top)
    .innerJoin(clients, eq(clients.id, top.clientId))
    .orderBy(desc(top.taxableCents), top.clientId);
}

/**
 * The items with the most sales in the range, from the lines frozen at issue (each line's amount after discount,
 * credit notes negative): lines from the inventory by item, their whole months from `invoice_sales_months` (kept by
 * triggers) and the days around them from `invoice_sales_lines`; lines typed by hand by description, from the
 * index of those lines alone. With the total of every line of the range.
 */
export async function topItems(db: DbOrTx, orgId: string, range: DateRange) {
  const line = invoiceSalesLines;
  const m = invoiceSalesMonths;
  const { months, days } = splitAtWholeMonths(range);
  const linesIn = (r: DateRange) =>
    and(eq(line.organizationId, orgId), gte(line.issueDate, r.from), lte(line.issueDate, r.to));
  const parts: SQL[] = [
    // Summed by exact description first, so only the distinct descriptions are lowercased.
    sql`select 'line:' || lower(free.description), null::text, free.description, free.cents
      from (select ${line.description} as description, sum(${line.cents}) as cents from ${line}
        where ${linesIn(range)} and ${line.itemId} is null group by ${line.description}) as free`,
  ];
  if (months) {
    parts.push(sql`select ${m.itemKey}, ${m.itemKey}, null::text, ${m.cents} from ${m}
      where ${and(eq(m.organizationId, orgId), gte(m.month, months.from), lte(m.month, months.to))}
        and ${m.itemKey} <> '' and ${m.documents} > 0`);
  }
  for (const part of days) {
    parts.push(sql`select ${line.itemId}, ${line.itemId}, ${line.description}, ${line.cents}
      from ${line} where ${linesIn(part)} and ${line.itemId} is not null`);
  }
  const byKey = sql`(select line_key, max(line_item_id) as line_item_id,
      max(line_description) as line_description, sum(line_cents) as line_cents
    from (${sql.join(parts, sql` union all `)}) as lines(line_key, line_item_id, line_description, line_cents)
    group by line_key) as by_key`;
  return db
    .select({
      itemId: sql<string | null>`${inventoryItems.id}::text`,
      name: sql<string>`coalesce(${inventoryItems.name}, by_key.line_description)`,
      taxableCents: sql<number>`by_key.line_cents`.mapWith(Number),
      allCents: sql<number>`sum(by_key.line_cents) over ()`.mapWith(Number),
    })
    .from(byKey)
    .leftJoin(
      inventoryItems,
      and(eq(inventoryItems.organizationId, orgId), sql`${inventoryItems.id}::text = by_key.line_item_id`),
    )
    .orderBy(sql`by_key.line_cents desc`, sql`by_key.line_key`)
    .limit(TOP);
}
