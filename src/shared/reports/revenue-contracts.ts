import { z } from 'zod';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import type { FieldKey } from '../i18n/catalogue.ts';
import { rangeFields, withRangeRules, ZReportFormat } from './contracts.ts';

/**
 * Revenue by client, item or category, and inventory valuation and movements (issue 14). Revenue is the taxable
 * amount of the issued documents frozen at issue (credit notes negative); stock comes from `stock_movements`.
 * Every figure is computed in SQL; rows are paged on the server and the totals cover every row.
 */

const err = (key: FieldKey) => ({ error: key });
const cents = z.number().int();

export const REVENUE_GROUPINGS = ['client', 'item', 'category'] as const;
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];

export const ZRevenueQuery = withRangeRules(
  zPageQuery(20, 100).extend({
    ...rangeFields,
    by: z.enum(REVENUE_GROUPINGS, err('reports.errors.invalidGrouping')).default('client'),
  }),
);
export type TRevenueQuery = z.infer<typeof ZRevenueQuery>;
export const ZRevenueExportQuery = ZRevenueQuery.and(z.object({ format: ZReportFormat.default('xlsx') }));

/**
 * What a row stands for: a client, an inventory item, an item category; `free` the lines typed without an
 * item, `uncategorised` the items without a category, `pensionFund` the cassa previdenziale contribution (part
 * of the taxable amount, on no line), so that every grouping adds up to the same revenue.
 */
export const REVENUE_ROW_KINDS = [
  'client',
  'item',
  'category',
  'free',
  'uncategorised',
  'pensionFund',
] as const;
export type RevenueRowKind = (typeof REVENUE_ROW_KINDS)[number];

export const ZRevenueRow = z.object({
  kind: z.enum(REVENUE_ROW_KINDS),
  /** The client's or item's id, the category's name; null for the rows of the other kinds. */
  key: z.string().nullable(),
  name: z.string(),
  /** Items: SKU and unit of measure; null otherwise. */
  sku: z.string().nullable(),
  unit: z.string().nullable(),
  /** Issued invoices and credit notes of the range with this client or a line of this row. */
  documents: z.number().int(),
  /** Items only: quantity sold in the range (credit notes subtract); null for the other kinds. */
  quantity: z.number().nullable(),
  revenueCents: cents,
  /** Revenue of the same row in the range before (`previousRange`). */
  previousRevenueCents: cents,
});
export type TRevenueRow = z.infer<typeof ZRevenueRow>;

export const ZRevenue = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REVENUE_GROUPINGS),
  /** Rows with a document in the range or in the previous one, by revenue (largest first). */
  rows: zPage(ZRevenueRow),
  /** Over every row of every page: revenue, the previous range's, and the documents of the range (each once). */
  totals: z.object({ revenueCents: cents, previousRevenueCents: cents, documents: z.number().int() }),
  previous: z.object({ from: z.string(), to: z.string() }),
});
export type TRevenue = z.infer<typeof ZRevenue>;

/** Inventory valuation and movements of a range, goods paged. */
export const ZInventoryReportQuery = withRangeRules(zPageQuery(50, 200).extend(rangeFields));
export type TInventoryReportQuery = z.infer<typeof ZInventoryReportQuery>;
export const ZInventoryReportExportQuery = ZInventoryReportQuery.and(
  z.object({ format: ZReportFormat.default('xlsx') }),
);

export const ZInventoryReportRow = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  category: z.string().nullable(),
  /** Quantity at the start of the first day of the range and at the end of its last day. */
  startQuantity: z.number(),
  endQuantity: z.number(),
  /** In the range: loads (positive), unloads (positive: what left), adjustments (signed). */
  inQuantity: z.number(),
  outQuantity: z.number(),
  adjustedQuantity: z.number(),
  movements: z.number().int(),
  costCents: cents,
  salePriceCents: cents,
  /** Quantity × today's cost or sale price, to the cent; stock below zero counts as nothing. */
  startValueCents: cents,
  endValueCents: cents,
  endSaleValueCents: cents,
});
export type TInventoryReportRow = z.infer<typeof ZInventoryReportRow>;

export const ZInventoryReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Goods items of the organization (0: the inventory has no goods yet). */
  goodsItems: z.number().int(),
  rows: zPage(ZInventoryReportRow),
  totals: z.object({
    items: z.number().int(),
    movements: z.number().int(),
    startValueCents: cents,
    endValueCents: cents,
    endSaleValueCents: cents,
  }),
  /** The range before (previousRange), to compare with: its movements (its closing value is startValueCents). */
  previous: z.object({ from: z.string(), to: z.string(), movements: z.number().int() }),
});
export type TInventoryReport = z.infer<typeof ZInventoryReport>;
