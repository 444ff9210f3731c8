import { isoDateIn } from '@shared/dates/dates.ts';
import type { TAnalytics, TAnalyticsPeriod, TAnalyticsQuery } from '@shared/reports/analytics-contracts.ts';
import {
  bucketsOf,
  conversionRate,
  granularityOf,
  inventoryTurnover,
  oneDecimal,
  type Granularity,
} from '@shared/reports/analytics.ts';
import { previousRange, type DateRange } from '@shared/reports/periods.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import {
  hasIssuedInvoices,
  newAndReturningClients,
  paymentDelays,
  quoteOutcomes,
  salesByBucket,
  stockFigures,
  topClients,
  topItems,
} from './analytics-repository.ts';
import type { ReportDeps } from './service.ts';

type Range = { orgId: string; range: DateRange; granularity: Granularity; timeZone: string; today: string };

/** The queries of one range's own figures: sales by trend bucket, quotes, payment delays. */
async function periodQueries(deps: ReportDeps, input: Range) {
  const { orgId, range } = input;
  const [sales, quotes, payments] = await Promise.all([
    salesByBucket(deps.db, orgId, range, input.granularity),
    quoteOutcomes(deps.db, orgId, range, input.timeZone, input.today),
    paymentDelays(deps.db, orgId, range),
  ]);
  return { sales, quotes, payments };
}

/**
 * The figures of one range: sales and their trend, clients, quotes, payment delays, stock turnover (the clients and
 * the stock read for both ranges at once).
 */
function periodFigures(
  { range, granularity }: Pick<Range, 'range' | 'granularity'>,
  { sales, quotes, payments }: Awaited<ReturnType<typeof periodQueries>>,
  clientSplit: Awaited<ReturnType<typeof newAndReturningClients>>[number],
  stock: Awaited<ReturnType<typeof stockFigures>>[number],
): TAnalyticsPeriod {
  const byBucket = new Map(sales.map((row) => [row.bucket, row]));
  const sum = (key: 'taxableCents' | 'invoiceTaxableCents' | 'invoices' | 'creditNotes') =>
    sales.reduce((total, row) => total + row[key], 0);
  const invoices = sum('invoices');
  const decided = { accepted: quotes.accepted, rejected: quotes.rejected, expired: quotes.expired };
  return {
    from: range.from,
    to: range.to,
    sales: {
      taxableCents: sum('taxableCents'),
      invoices,
      creditNotes: sum('creditNotes'),
      averageInvoiceCents: invoices === 0 ? null : Math.round(sum('invoiceTaxableCents') / invoices),
    },
    trend: bucketsOf(range, granularity).map((bucket, index) => ({
      ...bucket,
      taxableCents: byBucket.get(index)?.taxableCents ?? 0,
    })),
    clients: clientSplit,
    quotes: {
      sent: quotes.sent,
      ...decided,
      pending: quotes.sent - quotes.accepted - quotes.rejected - quotes.expired,
      conversionRate: conversionRate(decided),
      medianDaysToAccept: oneDecimal(quotes.medianDays),
      averageDaysToAccept: oneDecimal(quotes.averageDays),
    },
    payments: {
      invoices: payments.invoices,
      averageDaysLate: oneDecimal(payments.averageDaysLate),
      averageDaysToPay: oneDecimal(payments.averageDaysToPay),
      paidLate: payments.paidLate,
    },
    inventory: { ...stock, turnover: inventoryTurnover(stock) },
  };
}

/** Top rows and what the rest adds up to, so the list always sums to the range's total. */
function topOf<T extends { taxableCents: number; allCents: number }>(rows: T[]) {
  const totalCents = rows[0]?.allCents ?? 0;
  const shown = rows.reduce((sum, row) => sum + row.taxableCents, 0);
  return {
    rows: rows.map(({ allCents: _all, ...row }) => row),
    othersCents: totalCents - shown,
    totalCents,
  };
}

/**
 * /analytics of a range (at most a year) against the range before it (`previousRange`): both periods use the
 * granularity of the asked range, so their trends line up bucket by bucket. "Today" (for quotes expired but not
 * yet stored so) is the organization's.
 */
export async function analytics(
  deps: ReportDeps,
  input: { orgId: string; query: TAnalyticsQuery },
): Promise<TAnalytics> {
  const { orgId } = input;
  const range = { from: input.query.from, to: input.query.to };
  const granularity = granularityOf(range);
  const timeZone = await organizationTimeZone(deps.db, orgId);
  const today = isoDateIn(timeZone);
  const context = { orgId, granularity, timeZone, today };
  const before = previousRange(range);
  const [currentQueries, previousQueries, clientSplits, stocks, anyIssued, clients, items] =
    await Promise.all([
      periodQueries(deps, { ...context, range }),
      periodQueries(deps, { ...context, range: before }),
      newAndReturningClients(deps.db, orgId, [range, before]),
      stockFigures(deps.db, orgId, [range, before]),
      hasIssuedInvoices(deps.db, orgId),
      topClients(deps.db, orgId, range),
      topItems(deps.db, orgId, range),
    ]);
  const current = periodFigures({ range, granularity }, currentQueries, clientSplits[0]!, stocks[0]!);
  const previous = periodFigures(
    { range: before, granularity },
    previousQueries,
    clientSplits[1]!,
    stocks[1]!,
  );
  const top = topOf(items);
  return {
    granularity,
    hasIssuedInvoices: anyIssued,
    current,
    previous,
    topClients: topOf(clients),
    topItems: {
      ...top,
      rows: top.rows.map((row) => ({ itemId: row.itemId, name: row.name, taxableCents: row.taxableCents })),
    },
  };
}
