import { isoDateIn } from '@shared/dates/dates.ts';
import type { TDashboard, TDashboardQuery } from '@shared/reports/contracts.ts';
import { lastTwelveMonths, monthRange, periodsOf } from '@shared/reports/periods.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { periodRange, settleVat, NO_FIGURES } from '@shared/reports/vat-settlement.ts';
import { getInvoicingSettings } from '../invoicing/index.ts';
import { salesByMonth } from './repository.ts';
import { purchasesByMonth } from './purchases-repository.ts';
import type { ReportDeps } from './service.ts';
import {
  cashBalance,
  collectedBetween,
  invoicedBetween,
  lowStockItems,
  monthlyFigures,
  openReceivables,
  overdueInvoices,
  quotesAwaiting,
} from './dashboard-repository.ts';

const LIST_LIMIT = 5;

/**
 * The VAT of the settlement period running today (the business's periodicity), with its deadline: on sales, less
 * the deductible VAT of the purchase invoices received in it; only that period's documents are read.
 */
async function vatSoFar(deps: ReportDeps, orgId: string, today: string) {
  const { vatPeriodicity: periodicity } = await getInvoicingSettings(deps, { orgId });
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const period = periodicity === 'monthly' ? month : Math.ceil(month / 3);
  const range = periodRange(year, periodicity, period);
  const [sales, purchases] = await Promise.all([
    salesByMonth(deps.db, orgId, range),
    purchasesByMonth(deps.db, orgId, range, await organizationTimeZone(deps.db, orgId)),
  ]);
  // VAT on sales less the VAT deductible on the purchase invoices received so far in the period.
  const cents =
    sales.reduce((sum, m) => sum + m.vatCents, 0) - purchases.reduce((sum, m) => sum + m.vatCents, 0);
  const figures = Array.from({ length: period }, () => NO_FIGURES);
  const { dueDate } = settleVat({ year, periodicity, figures }).at(period - 1)!;
  return { periodicity, from: range.from, to: range.to, cents, dueDate };
}

/**
 * The dashboard of an organization for a period (this month by default) against the previous one: invoiced,
 * collected, open and overdue receivables, the ledger's cash, this month's VAT so far, quotes awaiting an
 * answer, twelve months of figures, the invoices to chase and the goods running out.
 */
export async function dashboard(
  deps: ReportDeps,
  input: { orgId: string; query: TDashboardQuery },
): Promise<TDashboard> {
  const { orgId } = input;
  const today = isoDateIn(await organizationTimeZone(deps.db, orgId));
  const { current, previous } = periodsOf(today, input.query.period);
  const months = lastTwelveMonths(today);
  const series = { from: `${months[0]}-01`, to: monthRange(today).to };
  const [
    invoicedNow,
    invoicedBefore,
    collectedNow,
    collectedBefore,
    receivables,
    cash,
    awaiting,
    monthly,
    overdue,
    lowStock,
    vat,
  ] = await Promise.all([
    invoicedBetween(deps.db, orgId, current.from, current.to),
    invoicedBetween(deps.db, orgId, previous.from, previous.to),
    collectedBetween(deps.db, orgId, current.from, current.to),
    collectedBetween(deps.db, orgId, previous.from, previous.to),
    openReceivables(deps.db, orgId, today),
    cashBalance(deps.db, orgId, today),
    quotesAwaiting(deps.db, orgId, today),
    monthlyFigures(deps.db, orgId, series.from, series.to),
    overdueInvoices(deps.db, orgId, today, LIST_LIMIT),
    lowStockItems(deps.db, orgId, LIST_LIMIT),
    vatSoFar(deps, orgId, today),
  ]);
  const byMonth = <T extends { month: string }>(rows: T[]) => new Map(rows.map((row) => [row.month, row]));
  const invoiced = byMonth(monthly.invoiced);
  const collected = byMonth(monthly.collected);
  const ledger = byMonth(monthly.ledger);

  return {
    today,
    period: current,
    previous,
    invoiced: { current: invoicedNow, previous: invoicedBefore },
    collected: { current: collectedNow, previous: collectedBefore },
    outstandingCents: receivables.outstandingCents,
    overdue: { cents: receivables.overdueCents, count: receivables.overdueCount },
    cashBalanceCents: cash,
    vatEstimate: vat,
    quotesAwaiting: awaiting,
    months: months.map((month) => ({
      month,
      invoicedCents: invoiced.get(month)?.cents ?? 0,
      collectedCents: collected.get(month)?.cents ?? 0,
      incomeCents: ledger.get(month)?.income ?? 0,
      expenseCents: ledger.get(month)?.expense ?? 0,
    })),
    overdueInvoices: overdue,
    lowStock,
  };
}
