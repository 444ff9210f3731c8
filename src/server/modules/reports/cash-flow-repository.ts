import { and, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { invoices } from '../../db/schema/invoicing.ts';
import { outstandingSql as outstanding } from '../invoicing/index.ts';
import { transactions } from '../../db/schema/transactions.ts';

/** The cash-flow report's sums: the ledger's balance and the receipts expected from open invoices. */

const signedAmount = sql<number>`case when ${transactions.direction} = 'income' then ${transactions.amountCents} else -${transactions.amountCents} end`;

/**
 * Income minus expenses of every ledger entry dated before each of two days (the range's opening balance and
 * today's): one pass over the ledger's figures index up to the later day.
 */
export async function ledgerBalancesBefore(db: DbOrTx, orgId: string, days: [string, string]) {
  const last = days[0] > days[1] ? days[0] : days[1];
  const before = (day: string) =>
    sql<number>`coalesce(sum(${signedAmount}) filter (where ${transactions.occurredOn} < ${day}::date), 0)`.mapWith(
      Number,
    );
  const [row] = await db
    .select({ first: before(days[0]), second: before(days[1]) })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), lt(transactions.occurredOn, last)));
  return [row?.first ?? 0, row?.second ?? 0] as const;
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
