import { monthsOf } from '@shared/reports/buckets.ts';
import { previousRange, type DateRange } from '@shared/reports/periods.ts';
import type {
  TCostRow,
  TLedgerRow,
  TProfitAndLoss,
  TProfitAndLossQuery,
  TRevenueRow,
} from '@shared/reports/profit-and-loss-contracts.ts';
import {
  documentsByMonth,
  ledgerByMonthAndCategory,
  revenueByMonthAndCategory,
} from './profit-and-loss-repository.ts';
import { purchaseCostsByMonth } from './purchases-repository.ts';
import type { ReportDeps } from './service.ts';

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** Month by month sums of rows (each row's `months` follows the same columns). */
function columnSums(rows: readonly { months: number[] }[], columns: number) {
  return Array.from({ length: columns }, (_, i) => sum(rows.map((row) => row.months[i]!)));
}

/** Rows keyed by `key`, each with one figure per month column, the largest total first, `last` rows at the end. */
function pivot<T extends { month: string; cents: number }, R>(
  rows: readonly T[],
  columns: readonly string[],
  key: (row: T) => string,
  make: (row: T) => R,
  isLast: (row: R) => boolean,
) {
  const byKey = new Map<string, R & { months: number[]; totalCents: number }>();
  for (const row of rows) {
    const index = columns.indexOf(row.month);
    if (index < 0) continue;
    let entry = byKey.get(key(row));
    if (!entry) {
      entry = { ...make(row), months: columns.map(() => 0), totalCents: 0 };
      byKey.set(key(row), entry);
    }
    entry.months[index]! += row.cents;
    entry.totalCents += row.cents;
  }
  return [...byKey.values()].sort(
    (a, b) => Number(isLast(a)) - Number(isLast(b)) || b.totalCents - a.totalCents,
  );
}

/** The largest suppliers of a range have a cost row each; the others share one. */
export const COST_SUPPLIER_ROWS = 8;

/**
 * Costs by supplier, the largest first: the first `COST_SUPPLIER_ROWS` suppliers each on a row, the others together
 * on a last row (only when there are some).
 */
function costRows(
  rows: Awaited<ReturnType<typeof purchaseCostsByMonth>>,
  columns: readonly string[],
): TCostRow[] {
  const bySupplier = pivot(
    rows,
    columns,
    (row) => row.supplierId,
    (row) => ({ supplierId: row.supplierId, name: row.name }),
    () => false,
  );
  const shown = bySupplier
    .slice(0, COST_SUPPLIER_ROWS)
    .map((row): TCostRow => ({ kind: 'supplier', suppliers: 1, ...row }));
  const others = bySupplier.slice(COST_SUPPLIER_ROWS);
  if (others.length === 0) return shown;
  return [
    ...shown,
    {
      kind: 'otherSuppliers',
      supplierId: null,
      name: null,
      suppliers: others.length,
      months: columnSums(others, columns.length),
      totalCents: sum(others.map((row) => row.totalCents)),
    },
  ];
}

async function figuresOf(deps: ReportDeps, orgId: string, range: DateRange) {
  const columns = monthsOf(range).map((m) => m.month);
  const [lines, documents, ledger, purchases] = await Promise.all([
    revenueByMonthAndCategory(deps.db, orgId, range),
    documentsByMonth(deps.db, orgId, range),
    ledgerByMonthAndCategory(deps.db, orgId, range),
    purchaseCostsByMonth(deps.db, orgId, range),
  ]);
  const revenue: TRevenueRow[] = pivot(
    [
      ...lines,
      ...documents
        .filter((d) => d.pensionFundCents !== 0)
        .map((d) => ({ month: d.month, category: null, cents: d.pensionFundCents, pensionFund: true })),
    ],
    columns,
    (row) => ('pensionFund' in row ? '\u0000pension' : (row.category ?? '\u0000none')),
    (row) => ({
      kind: 'pensionFund' in row ? 'pensionFund' : row.category === null ? 'uncategorised' : 'category',
      category: row.category,
    }),
    (row) => row.kind !== 'category',
  );
  const ledgerRows = (direction: 'income' | 'expense'): TLedgerRow[] =>
    pivot(
      ledger.filter((row) => row.direction === direction),
      columns,
      (row) => row.categoryId ?? '',
      (row) => ({
        categoryId: row.categoryId,
        name: row.name,
        isDefault: row.isDefault ?? false,
        entries: 0,
      }),
      (row) => row.categoryId === null,
    ).map((row) => ({
      ...row,
      entries: sum(
        ledger
          .filter((l) => l.direction === direction && l.categoryId === row.categoryId)
          .map((l) => l.entries),
      ),
    }));
  return {
    revenue,
    costs: costRows(purchases, columns),
    purchaseDocuments: sum(purchases.map((row) => row.documents)),
    documents: sum(documents.map((d) => d.documents)),
    income: ledgerRows('income'),
    expenses: ledgerRows('expense'),
    entries: sum(ledger.map((l) => l.entries)),
    columns: columns.length,
  };
}

/**
 * Profit and loss of a range (at most a year) by month, on accrual and cash basis, with the previous range's
 * totals. On the accrual basis the costs are the purchase invoices' taxable amounts by the document's date.
 */
export async function profitAndLoss(
  deps: ReportDeps,
  input: { orgId: string; query: TProfitAndLossQuery },
): Promise<TProfitAndLoss> {
  const { from, to } = input.query;
  const before = previousRange({ from, to });
  const [now, then] = await Promise.all([
    figuresOf(deps, input.orgId, { from, to }),
    figuresOf(deps, input.orgId, before),
  ]);
  const revenueMonths = columnSums(now.revenue, now.columns);
  const costMonths = columnSums(now.costs, now.columns);
  const incomeMonths = columnSums(now.income, now.columns);
  const expenseMonths = columnSums(now.expenses, now.columns);
  const totalOf = (rows: readonly { totalCents: number }[]) => sum(rows.map((row) => row.totalCents));
  const revenueCents = totalOf(now.revenue);
  const costCents = totalOf(now.costs);
  const incomeCents = totalOf(now.income);
  const expenseCents = totalOf(now.expenses);
  return {
    from,
    to,
    months: monthsOf({ from, to }),
    accrual: {
      revenue: now.revenue,
      revenueMonths,
      revenueCents,
      documents: now.documents,
      costs: now.costs,
      costMonths,
      costCents,
      purchaseDocuments: now.purchaseDocuments,
      resultMonths: revenueMonths.map((revenue, i) => revenue - costMonths[i]!),
      resultCents: revenueCents - costCents,
    },
    cash: {
      income: now.income,
      expenses: now.expenses,
      incomeMonths,
      expenseMonths,
      netMonths: incomeMonths.map((income, i) => income - expenseMonths[i]!),
      incomeCents,
      expenseCents,
      netCents: incomeCents - expenseCents,
      entries: now.entries,
    },
    previous: {
      ...before,
      revenueCents: totalOf(then.revenue),
      costCents: totalOf(then.costs),
      resultCents: totalOf(then.revenue) - totalOf(then.costs),
      incomeCents: totalOf(then.income),
      expenseCents: totalOf(then.expenses),
      netCents: totalOf(then.income) - totalOf(then.expenses),
    },
  };
}
