import { and, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { invoices } from '../../db/schema/invoicing.ts';
import { outstandingSql as outstanding } from '../invoicing/index.ts';
import { transactions } from '../../db/schema/transactions.ts';

/** The cash-flow report's sums: the ledger's months and balances, and the receipts expected from open invoices. */

type Range = { from: string; to: string };

/**
 * The ledger's figures of the cash-flow report in one pass over its entries up to the latest day asked: by month
 * ('YYYY-MM') and direction, the sums and counts of the entries in `range`, the sums of those in `previous`, and the
 * sums of those dated before each of `balanceDays` (a balance is income minus expenses of every month's row).
 * Summed by day first, in the order of the ledger's figures index, then by month.
 */
export async function ledgerFigures(
  db: DbOrTx,
  orgId: string,
  input: { range: Range; previous: Range; balanceDays: [string, string] },
) {
  const { range, previous, balanceDays } = input;
  const latest = [range.to, previous.to, ...balanceDays].reduce((a, b) => (b > a ? b : a));
  const byDay = db
    .select({
      day: transactions.occurredOn,
      direction: transactions.direction,
      cents: sql<number>`sum(${transactions.amountCents})`.as('cents'),
      entries: sql<number>`count(*)`.as('entries'),
    })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), lte(transactions.occurredOn, latest)))
    .groupBy(transactions.occurredOn, transactions.direction)
    .as('by_day');
  const within = (r: Range) => sql`${byDay.day} between ${r.from}::date and ${r.to}::date`;
  const sumOf = (value: SQL, condition: SQL) =>
    sql<number>`coalesce(sum(${value}) filter (where ${condition}), 0)`.mapWith(Number);
  return db
    .select({
      month: sql<string>`to_char(${byDay.day}, 'YYYY-MM')`,
      direction: byDay.direction,
      cents: sumOf(sql`${byDay.cents}`, within(range)),
      entries: sumOf(sql`${byDay.entries}`, within(range)),
      previousCents: sumOf(sql`${byDay.cents}`, within(previous)),
      beforeFirst: sumOf(sql`${byDay.cents}`, sql`${byDay.day} < ${balanceDays[0]}::date`),
      beforeSecond: sumOf(sql`${byDay.cents}`, sql`${byDay.day} < ${balanceDays[1]}::date`),
    })
    .from(byDay)
    .groupBy(sql`1`, byDay.direction);
}

const open = (orgId: string) =>
  and(
    eq(invoices.organizationId, orgId),
    eq(invoices.phase, 'issued'),
    eq(invoices.documentType, 'TD01'),
    gt(outstanding, 0),
  );

/**
 * Open issued invoices due from `today` to `to`, by forecast week (seven days from today). An invoice in
 * instalments counts at its due date, the last instalment's, as the invoice list and the receivables do.
 */
export async function receiptsByWeek(db: DbOrTx, orgId: string, today: string, to: string) {
  const week = sql<number>`((${invoices.dueDate} - ${today}::date) / 7)`;
  return (
    db
      .select({
        week: week.mapWith(Number),
        cents: sql<number>`sum(${outstanding})`.mapWith(Number),
        invoices: sql<number>`count(*)`.mapWith(Number),
      })
      .from(invoices)
      .where(and(open(orgId), gte(invoices.dueDate, today), lte(invoices.dueDate, to)))
      // By position: the day is a parameter, so the expression cannot be repeated in the grouping.
      .groupBy(sql`1`)
  );
}

/** Open issued invoices already past due on `today`. */
export async function overdueReceivables(db: DbOrTx, orgId: string, today: string) {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${outstanding}), 0)`.mapWith(Number),
      invoices: sql<number>`count(*)`.mapWith(Number),
    })
    .from(invoices)
    .where(and(open(orgId), lt(invoices.dueDate, today)));
  return row ?? { cents: 0, invoices: 0 };
}
