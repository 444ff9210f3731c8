import type {
  TReceivables,
  TReceivablesQuery,
  TSalesRegister,
  TSalesRegisterEntry,
  TSalesRegisterQuery,
  TVatSettlement,
  TVatSettlementQuery,
  VatPeriodicityValue,
} from '@shared/reports/contracts.ts';
import { AGING_BUCKETS } from '@shared/reports/contracts.ts';
import { previousAsOf } from '@shared/reports/aging.ts';
import { previousRange } from '@shared/reports/periods.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import { FORFETTARIO_REGIME } from '@shared/invoicing/compute.ts';
import {
  forfettarioStanding,
  historicalAdvance,
  NO_FIGURES,
  periodsIn,
  settleVat,
  type VatPeriodFigures,
} from '@shared/reports/vat-settlement.ts';
import type { Db } from '../../platform/db.ts';
import { getInvoicingSettings } from '../invoicing/index.ts';
import { isoDateIn } from '@shared/dates/dates.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import {
  averageDaysToPay,
  receivablesByClient,
  receivablesTotals,
  salesByMonth,
  salesRegisterPage,
  salesRegisterSummary,
  taxRegimeOf,
  type MonthSales,
} from './repository.ts';
import { payables } from './purchases.ts';
import { purchasesByMonth } from './purchases-repository.ts';

export type ReportDeps = { db: Db };

const NO_SALES: Omit<MonthSales, 'month'> = {
  taxableCents: 0,
  vatCents: 0,
  splitPaymentVatCents: 0,
  reverseChargeTaxableCents: 0,
  documents: 0,
};

function addSales(a: Omit<MonthSales, 'month'>, b: Omit<MonthSales, 'month'>) {
  return {
    taxableCents: a.taxableCents + b.taxableCents,
    vatCents: a.vatCents + b.vatCents,
    splitPaymentVatCents: a.splitPaymentVatCents + b.splitPaymentVatCents,
    reverseChargeTaxableCents: a.reverseChargeTaxableCents + b.reverseChargeTaxableCents,
    documents: a.documents + b.documents,
  };
}

/**
 * The periodic VAT settlement of a year: sales from the issued documents by the date of issue, purchases from
 * the invoices received from suppliers by the day they were received (registered), grouped by month or quarter,
 * then the rules of settleVat.
 */
export async function vatSettlement(
  deps: ReportDeps,
  input: { orgId: string; query: TVatSettlementQuery },
): Promise<TVatSettlement> {
  const { year } = input.query;
  const zone = await organizationTimeZone(deps.db, input.orgId);
  const yearOf = (y: number) => ({ from: `${y}-01-01`, to: `${y}-12-31` });
  const [months, previousYearMonths, purchaseMonths, previousPurchaseMonths, regime, settings] =
    await Promise.all([
      salesByMonth(deps.db, input.orgId, yearOf(year)),
      salesByMonth(deps.db, input.orgId, yearOf(year - 1)),
      purchasesByMonth(deps.db, input.orgId, yearOf(year), zone),
      purchasesByMonth(deps.db, input.orgId, yearOf(year - 1), zone),
      taxRegimeOf(deps.db, input.orgId),
      getInvoicingSettings(deps, { orgId: input.orgId }),
    ]);
  const periodicity = input.query.periodicity ?? settings.vatPeriodicity;
  const sales = salesByPeriod(months, periodicity);
  const purchases = purchasesByPeriod(purchaseMonths, periodicity);
  // The December advance by the historical method: 88% of the last period of the year before, as settled
  // without its own advance (and, for quarterly filers, without the 1% interest). The year before is read with
  // this year's periodicity: a business that changed it adjusts the figure with its accountant.
  const salesBefore = salesByPeriod(previousYearMonths, periodicity);
  const yearBefore = settleVat({
    year: year - 1,
    periodicity,
    figures: figuresOf(salesBefore, purchasesByPeriod(previousPurchaseMonths, periodicity)),
  });
  const lastBefore = yearBefore.at(-1)!;
  const advance = historicalAdvance(year, periodicity, lastBefore.vp14Due - lastBefore.vp12);
  const periods = settleVat({
    year,
    periodicity,
    figures: figuresOf(sales, purchases),
    advanceCents: advance.amountCents,
  }).map((period, i) => ({
    ...period,
    splitPaymentVatCents: sales[i]!.splitPaymentVatCents,
    reverseChargeTaxableCents: sales[i]!.reverseChargeTaxableCents,
    documents: sales[i]!.documents,
    purchaseDocuments: purchases[i]!.documents,
    purchaseReverseChargeTaxableCents: purchases[i]!.reverseChargeTaxableCents,
  }));
  const revenueCents = sales.reduce((sum, s) => sum + s.taxableCents, 0);
  const forfettario = regime === FORFETTARIO_REGIME;
  return {
    year,
    periodicity,
    forfettario,
    periods,
    totals: {
      vp4: periods.reduce((sum, p) => sum + p.vp4, 0),
      vp5: periods.reduce((sum, p) => sum + p.vp5, 0),
      paymentCents: periods.reduce((sum, p) => sum + p.paymentCents, 0),
      revenueCents,
    },
    advance: forfettario
      ? null
      : { ...advance, basisCents: Math.max(0, lastBefore.vp14Due - lastBefore.vp12) },
    forfettarioStanding: forfettario ? forfettarioStanding(revenueCents) : null,
    previous: {
      year: year - 1,
      vp4: yearBefore.reduce((sum, p) => sum + p.vp4, 0),
      revenueCents: salesBefore.reduce((sum, s) => sum + s.taxableCents, 0),
    },
  };
}

/** A year's monthly sales added up by settlement period (12 months or 4 quarters). */
function salesByPeriod(months: MonthSales[], periodicity: VatPeriodicityValue) {
  const monthsPerPeriod = periodicity === 'monthly' ? 1 : 3;
  const sales = Array.from({ length: periodsIn(periodicity) }, () => NO_SALES);
  for (const month of months) {
    const index = Math.floor((month.month - 1) / monthsPerPeriod);
    sales[index] = addSales(sales[index]!, month);
  }
  return sales;
}

/** Each period's sales and purchases as the settlement's figures (VP2–VP5). */
const figuresOf = (
  sales: ReturnType<typeof salesByPeriod>,
  purchases: ReturnType<typeof purchasesByPeriod>,
): VatPeriodFigures[] =>
  sales.map((s, i) => ({
    ...NO_FIGURES,
    salesTaxableCents: s.taxableCents,
    salesVatCents: s.vatCents,
    purchasesTaxableCents: purchases[i]?.taxableCents ?? 0,
    deductibleVatCents: purchases[i]?.vatCents ?? 0,
  }));

/** A year's monthly purchases added up by settlement period. */
export function purchasesByPeriod(months: PurchaseMonth[], periodicity: VatPeriodicityValue) {
  const monthsPerPeriod = periodicity === 'monthly' ? 1 : 3;
  const periods = Array.from({ length: periodsIn(periodicity) }, () => ({
    taxableCents: 0,
    vatCents: 0,
    reverseChargeTaxableCents: 0,
    documents: 0,
  }));
  for (const month of months) {
    const period = periods[Math.floor((month.month - 1) / monthsPerPeriod)]!;
    period.taxableCents += month.taxableCents;
    period.vatCents += month.vatCents;
    period.reverseChargeTaxableCents += month.reverseChargeTaxableCents;
    period.documents += month.documents;
  }
  return periods;
}
type PurchaseMonth = Awaited<ReturnType<typeof purchasesByMonth>>[number];

/** The ageing buckets' keys and the totals' other figures, summed over the clients. */
const RECEIVABLES_FIGURES = [...AGING_BUCKETS, 'totalCents', 'openInvoices'] as const;

function receivablesSum(rows: TReceivables['totals'][]): TReceivables['totals'] {
  const totals = Object.fromEntries(RECEIVABLES_FIGURES.map((key) => [key, 0])) as TReceivables['totals'];
  for (const row of rows) for (const key of RECEIVABLES_FIGURES) totals[key] += row[key];
  return totals;
}

/**
 * Open receivables by client in ageing buckets at the end of `asOf` (today in the organization's time zone by
 * default), with each client's DSO, against the same figures a month earlier; and the payables to suppliers.
 */
export async function receivables(
  deps: ReportDeps,
  input: { orgId: string } & TReceivablesQuery,
): Promise<TReceivables> {
  const asOf = input.asOf ?? isoDateIn(await organizationTimeZone(deps.db, input.orgId));
  const before = previousAsOf(asOf);
  const [rows, previous, days, owed] = await Promise.all([
    receivablesByClient(deps.db, input.orgId, asOf),
    receivablesTotals(deps.db, input.orgId, before),
    averageDaysToPay(deps.db, input.orgId, asOf),
    payables(deps, input.orgId, asOf),
  ]);
  const dso = new Map(days.map((d) => [d.clientId, Math.round(d.days)]));
  return {
    asOf,
    totals: receivablesSum(rows),
    previous: { asOf: before, totals: previous },
    clients: rows.map((row) => ({ ...row, averageDaysToPay: dso.get(row.clientId) ?? null })),
    payables: owed,
  };
}

/**
 * The sales VAT register of a range: the summary per rate and Natura over the whole range, and one page of
 * documents in date order with the VAT rows frozen at issue. Credit notes count negative.
 */
export async function salesRegister(
  deps: ReportDeps,
  input: { orgId: string; query: TSalesRegisterQuery },
): Promise<TSalesRegister> {
  const { from, to } = input.query;
  const before = previousRange({ from, to });
  const [summary, previousSummary, page] = await Promise.all([
    salesRegisterSummary(deps.db, input.orgId, from, to),
    salesRegisterSummary(deps.db, input.orgId, before.from, before.to),
    salesRegisterPage(deps.db, input.orgId, { from, to }, toLimitOffset(input.query)),
  ]);
  const items = page.rows.map(registerEntryOf);
  return {
    from,
    to,
    summary,
    totals: { ...summaryTotals(summary), documents: page.total },
    previous: { ...before, ...summaryTotals(previousSummary) },
    entries: { items, total: page.total, page: input.query.page, pageSize: input.query.pageSize },
  };
}

function summaryTotals(summary: TSalesRegister['summary']) {
  return {
    taxableCents: summary.reduce((sum, row) => sum + row.taxableCents, 0),
    vatCents: summary.reduce((sum, row) => sum + row.vatCents, 0),
    splitPaymentVatCents: summary.reduce((sum, row) => sum + row.splitPaymentVatCents, 0),
    reverseChargeTaxableCents: summary.reduce((sum, row) => sum + row.reverseChargeTaxableCents, 0),
  };
}

/** Every document of the register's range, for the export (at most a year, as the query allows). */
export async function salesRegisterEntries(
  deps: ReportDeps,
  input: { orgId: string; from: string; to: string },
): Promise<TSalesRegisterEntry[]> {
  const page = await salesRegisterPage(deps.db, input.orgId, input, { limit: 1_000_000, offset: 0 });
  return page.rows.map(registerEntryOf);
}

function registerEntryOf(
  row: Awaited<ReturnType<typeof salesRegisterPage>>['rows'][number],
): TSalesRegisterEntry {
  const sign = row.documentType === 'TD04' ? -1 : 1;
  return {
    id: row.id,
    number: row.number,
    issueDate: row.issueDate,
    documentType: row.documentType === 'TD04' ? ('TD04' as const) : ('TD01' as const),
    clientName: row.snapshot?.buyer.name ?? '',
    clientVatNumber: row.snapshot?.buyer.vatNumber ?? null,
    totalCents: sign * row.totalCents,
    lines: (row.snapshot?.totals.vatSummary ?? []).map((line) => ({
      vatRate: line.vatRate,
      nature: line.nature,
      taxableCents: sign * line.taxableCents,
      vatCents: sign * line.vatCents,
      vatCollectability: line.vatCollectability,
    })),
  };
}
