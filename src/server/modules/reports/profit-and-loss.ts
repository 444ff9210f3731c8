import { monthsOf } from '@shared/reports/buckets.ts';
import { previousRange, type DateRange } from '@shared/reports/periods.ts';
import type {
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

async function figuresOf(deps: ReportDeps, orgId: string, range: DateRange) {
  const columns = monthsOf(range).map((m) => m.month);
  const [lines, documents, ledger] = await Promise.all([
    revenueByMonthAndCategory(deps.db, orgId, range),
    documentsByMonth(deps.db, orgId, range),
    ledgerByMonthAndCategory(deps.db, orgId, range),
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
    documents: sum(documents.map((d) => d.documents)),
    income: ledgerRows('income'),
    expenses: ledgerRows('expense'),
    entries: sum(ledger.map((l) => l.entries)),
    columns: columns.length,
  };
}

/**
 * Profit and loss of a range (at most a year) by month, on accrual and cash basis, with the previous range's
 * totals. Purchases are not recorded yet: the accrual result deducts no cost, and says so.
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
  const incomeMonths = columnSums(now.income, now.columns);
  const expenseMonths = columnSums(now.expenses, now.columns);
  const totalOf = (rows: readonly { totalCents: number }[]) => sum(rows.map((row) => row.totalCents));
  const revenueCents = totalOf(now.revenue);
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
      purchasesRecorded: false,
      resultMonths: revenueMonths,
      resultCents: revenueCents,
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
      resultCents: totalOf(then.revenue),
      incomeCents: totalOf(then.income),
      expenseCents: totalOf(then.expenses),
      netCents: totalOf(then.income) - totalOf(then.expenses),
    },
  };
}
