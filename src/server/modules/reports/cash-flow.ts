import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { FORFETTARIO_REGIME } from '@shared/invoicing/compute.ts';
import {
  FORECAST_DAYS,
  forecastWeekOf,
  forecastWeeks,
  monthsOf,
  runningBalances,
} from '@shared/reports/buckets.ts';
import type { TCashFlow, TCashFlowQuery } from '@shared/reports/cash-flow-contracts.ts';
import { previousRange, type DateRange } from '@shared/reports/periods.ts';
import { vatPaymentsBetween, vatYearsFor } from '@shared/reports/vat-deadlines.ts';
import {
  NO_FIGURES,
  periodsIn,
  type VatPeriodFigures,
  type VatPeriodicity,
} from '@shared/reports/vat-settlement.ts';
import { getInvoicingSettings } from '../invoicing/index.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { ledgerFigures, overdueReceivables, receiptsByWeek } from './cash-flow-repository.ts';
import { salesByMonth, taxRegimeOf } from './repository.ts';
import { openPayables } from './purchases.ts';
import { purchasesByMonth } from './purchases-repository.ts';
import type { ReportDeps } from './service.ts';

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/**
 * The ledger's income and expenses by month of a range ('YYYY-MM' → cents), the income and expenses of the range
 * before it, and the balances (income minus expenses) of every entry dated before each of two days.
 */
async function ledger(deps: ReportDeps, orgId: string, input: Parameters<typeof ledgerFigures>[2]) {
  const rows = await ledgerFigures(deps.db, orgId, input);
  const months = new Map<string, { income: number; expense: number; entries: number }>();
  const previous = { income: 0, expense: 0 };
  const balances: [number, number] = [0, 0];
  for (const row of rows) {
    const income = row.direction === 'income';
    const sign = income ? 1 : -1;
    balances[0] += sign * row.beforeFirst;
    balances[1] += sign * row.beforeSecond;
    if (income) previous.income += row.previousCents;
    else previous.expense += row.previousCents;
    if (row.entries === 0) continue;
    const month = months.get(row.month) ?? { income: 0, expense: 0, entries: 0 };
    if (income) month.income += row.cents;
    else month.expense += row.cents;
    month.entries += row.entries;
    months.set(row.month, month);
  }
  return { months, previous, balances };
}

type MonthFigures = readonly { month: number; taxableCents: number; vatCents: number }[];

/**
 * A year's figures by VAT period, as the VAT settlement report sums them: sales from the issued documents,
 * purchases (deductible VAT) from the invoices received in the period.
 */
function vatFiguresOf(
  sales: MonthFigures,
  purchases: MonthFigures,
  periodicity: VatPeriodicity,
): VatPeriodFigures[] {
  const monthsPerPeriod = periodicity === 'monthly' ? 1 : 3;
  const figures = Array.from({ length: periodsIn(periodicity) }, () => ({ ...NO_FIGURES }));
  const periodOf = (month: number) => figures[Math.floor((month - 1) / monthsPerPeriod)]!;
  for (const month of sales) {
    periodOf(month.month).salesTaxableCents += month.taxableCents;
    periodOf(month.month).salesVatCents += month.vatCents;
  }
  for (const month of purchases) {
    periodOf(month.month).purchasesTaxableCents += month.taxableCents;
    periodOf(month.month).deductibleVatCents += month.vatCents;
  }
  return figures;
}

/**
 * The sales by month of the years whose VAT falls due in the forecast's window, and of the year before the first:
 * its last period gives the advance the first year's December is net of.
 */
async function figuresOfVatYears(deps: ReportDeps, orgId: string, window: DateRange, timeZone: string) {
  const due = vatYearsFor(window);
  const years = [due[0]! - 1, ...due];
  const yearOf = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });
  const [sales, purchases] = await Promise.all([
    Promise.all(years.map((year) => salesByMonth(deps.db, orgId, yearOf(year)))),
    Promise.all(years.map((year) => purchasesByMonth(deps.db, orgId, yearOf(year), timeZone))),
  ]);
  return years.map((year, i) => ({ year, sales: sales[i]!, purchases: purchases[i]! }));
}

/**
 * Cash flow: the ledger's actual months of a range with the running balance, against the previous range, and a
 * 90-day forecast by week from today in the organization's time zone.
 *
 * Overdue invoices are shown apart ("overdue, date unknown") and left out of the weeks and of the projected
 * balance: nothing says when, or whether, a late client will pay, and putting them all in the first week would
 * show money the business cannot count on. Payments to suppliers are the open instalments of the purchase
 * invoices (what is left after the payments recorded) by due date; those already past due are shown apart in the
 * same way.
 */
export async function cashFlow(
  deps: ReportDeps,
  input: { orgId: string; query: TCashFlowQuery },
): Promise<TCashFlow> {
  const { orgId } = input;
  const { from, to } = input.query;
  const before = previousRange({ from, to });
  const zone = await organizationTimeZone(deps.db, orgId);
  const today = isoDateIn(zone);
  const window = { from: today, to: addDays(today, FORECAST_DAYS - 1) };
  const [
    { months, previous: previousLedger, balances },
    receipts,
    overdue,
    regime,
    settings,
    vatYears,
    owed,
  ] = await Promise.all([
    ledger(deps, orgId, { range: { from, to }, previous: before, balanceDays: [from, addDays(today, 1)] }),
    receiptsByWeek(deps.db, orgId, window.from, window.to),
    overdueReceivables(deps.db, orgId, today),
    taxRegimeOf(deps.db, orgId),
    getInvoicingSettings(deps, { orgId }),
    figuresOfVatYears(deps, orgId, window, zone),
    openPayables(deps, orgId, today),
  ]);
  const [opening, startingBalance] = balances;
  const forfettario = regime === FORFETTARIO_REGIME;
  // No VAT is due from a forfettario business.
  const payments = forfettario
    ? []
    : vatPaymentsBetween(
        window,
        settings.vatPeriodicity,
        new Map(
          vatYears.map(({ year, sales, purchases }) => [
            year,
            vatFiguresOf(sales, purchases, settings.vatPeriodicity),
          ]),
        ),
      );

  const actual = monthsOf({ from, to }).map((m) => {
    const figures = months.get(m.month) ?? { income: 0, expense: 0 };
    return { ...m, incomeCents: figures.income, expenseCents: figures.expense };
  });
  const actualNets = actual.map((m) => m.incomeCents - m.expenseCents);
  const actualBalances = runningBalances(opening, actualNets);
  const incomeCents = sum(actual.map((m) => m.incomeCents));
  const expenseCents = sum(actual.map((m) => m.expenseCents));
  const previousIncome = previousLedger.income;
  const previousExpense = previousLedger.expense;

  const weeks = forecastWeeks(today).map((week, i) => {
    const received = receipts.find((r) => r.week === i);
    const vatCents = sum(payments.filter((p) => forecastWeekOf(p.dueDate, today) === i).map((p) => p.cents));
    const receiptsCents = received?.cents ?? 0;
    const due = owed.filter((p) => forecastWeekOf(p.dueDate, today) === i);
    const payablesCents = sum(due.map((p) => p.openCents));
    return {
      ...week,
      receiptsCents,
      invoices: received?.invoices ?? 0,
      vatCents,
      payablesCents,
      payables: due.length,
      netCents: receiptsCents - vatCents - payablesCents,
    };
  });
  const overduePayables = owed.filter((p) => p.dueDate < today);
  const weekBalances = runningBalances(
    startingBalance,
    weeks.map((w) => w.netCents),
  );
  const forecastReceipts = sum(weeks.map((w) => w.receiptsCents));
  const forecastVat = sum(weeks.map((w) => w.vatCents));
  const forecastPayables = sum(weeks.map((w) => w.payablesCents));

  return {
    from,
    to,
    actual: {
      openingBalanceCents: opening,
      months: actual.map((m, i) => ({ ...m, netCents: actualNets[i]!, balanceCents: actualBalances[i]! })),
      incomeCents,
      expenseCents,
      netCents: incomeCents - expenseCents,
      closingBalanceCents: opening + incomeCents - expenseCents,
      entries: sum([...months.values()].map((m) => m.entries)),
    },
    previous: {
      ...before,
      incomeCents: previousIncome,
      expenseCents: previousExpense,
      netCents: previousIncome - previousExpense,
    },
    forecast: {
      today,
      to: window.to,
      startingBalanceCents: startingBalance,
      weeks: weeks.map((w, i) => ({ ...w, balanceCents: weekBalances[i]! })),
      receiptsCents: forecastReceipts,
      vatCents: forecastVat,
      payablesCents: forecastPayables,
      netCents: forecastReceipts - forecastVat - forecastPayables,
      endingBalanceCents: startingBalance + forecastReceipts - forecastVat - forecastPayables,
      overdue,
      overduePayables: {
        cents: sum(overduePayables.map((p) => p.openCents)),
        installments: overduePayables.length,
      },
      vatPayments: payments,
      vatPeriodicity: settings.vatPeriodicity,
      forfettario,
    },
  };
}
