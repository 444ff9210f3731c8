import { z } from 'zod';
import { ZRangeQuery, ZReportFormat } from './contracts.ts';

/**
 * Profit and loss by month (issue 14), on two bases side by side:
 * - accrual: revenue from issued invoices (taxable amount of each line, credit notes negative) by the inventory
 *   category of the line's item; costs from the purchase invoices (taxable amount, by the document's date), by
 *   supplier;
 * - cash: the ledger's income and expenses by transaction category.
 * Every array of month figures follows `months`; totals are the sums of the rows.
 */

const cents = z.number().int();
const perMonth = z.array(cents);

export const ZProfitAndLossQuery = ZRangeQuery;
export type TProfitAndLossQuery = z.infer<typeof ZProfitAndLossQuery>;
export const ZProfitAndLossExportQuery = ZProfitAndLossQuery.and(
  z.object({ format: ZReportFormat.default('xlsx') }),
);

export const ZReportMonth = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  /** The month's days inside the range (a custom range cuts its first and last month). */
  from: z.string(),
  to: z.string(),
});

export const REVENUE_ROW_KINDS = ['category', 'uncategorised', 'pensionFund'] as const;

export const ZRevenueRow = z.object({
  /**
   * category: lines whose inventory item has this category; uncategorised: lines without an item or whose item
   * has no category; pensionFund: the cassa previdenziale contribution, taxable revenue that is on no line.
   */
  kind: z.enum(REVENUE_ROW_KINDS),
  category: z.string().nullable(),
  months: perMonth,
  totalCents: cents,
});
export type TRevenueRow = z.infer<typeof ZRevenueRow>;

export const ZLedgerRow = z.object({
  /** Null: entries without a category. */
  categoryId: z.uuid().nullable(),
  name: z.string().nullable(),
  /** A default category: its name has an English version (categoryLabel). */
  isDefault: z.boolean(),
  months: perMonth,
  totalCents: cents,
  entries: z.number().int(),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

/**
 * supplier: the invoices of one of the largest suppliers of the range; otherSuppliers: every other supplier's
 * together (`suppliers` of them).
 */
export const COST_ROW_KINDS = ['supplier', 'otherSuppliers'] as const;
export const ZCostRow = z.object({
  kind: z.enum(COST_ROW_KINDS),
  supplierId: z.uuid().nullable(),
  name: z.string().nullable(),
  suppliers: z.number().int(),
  months: perMonth,
  totalCents: cents,
});
export type TCostRow = z.infer<typeof ZCostRow>;

export const ZProfitAndLoss = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(ZReportMonth),
  accrual: z.object({
    revenue: z.array(ZRevenueRow),
    revenueMonths: perMonth,
    revenueCents: cents,
    /** Issued invoices and credit notes dated in the range. */
    documents: z.number().int(),
    /** Purchases (Acquisti): the taxable amount of the purchase invoices dated in the range, credit notes negative. */
    costs: z.array(ZCostRow),
    costMonths: perMonth,
    costCents: cents,
    /** Purchase invoices and credit notes dated in the range. */
    purchaseDocuments: z.number().int(),
    /** Revenue minus purchase costs. */
    resultMonths: perMonth,
    resultCents: cents,
  }),
  cash: z.object({
    income: z.array(ZLedgerRow),
    expenses: z.array(ZLedgerRow),
    incomeMonths: perMonth,
    expenseMonths: perMonth,
    netMonths: perMonth,
    incomeCents: cents,
    expenseCents: cents,
    netCents: cents,
    entries: z.number().int(),
  }),
  /** The same totals over the range just before (`previousRange`). */
  previous: z.object({
    from: z.string(),
    to: z.string(),
    revenueCents: cents,
    costCents: cents,
    resultCents: cents,
    incomeCents: cents,
    expenseCents: cents,
    netCents: cents,
  }),
});
export type TProfitAndLoss = z.infer<typeof ZProfitAndLoss>;
