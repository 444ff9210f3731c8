import { z } from 'zod';
import { GRANULARITIES } from './analytics.ts';
import { ZRangeQuery, ZReportFormat } from './contracts.ts';

/**
 * GET /api/v1/analytics?from&to (issue 14): the figures of a range (at most a year) and of the range before it
 * (`previousRange`), every one computed in SQL from the rows the lists show, in integer cents. Sales are the
 * taxable amounts frozen in the issued documents, credit notes (TD04) negative.
 */
export const ZAnalyticsQuery = ZRangeQuery;
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;
/** GET /api/v1/analytics/export?from&to&format: the same figures as a CSV, XLSX or PDF file. */
export const ZAnalyticsExportQuery = ZAnalyticsQuery.and(z.object({ format: ZReportFormat.default('xlsx') }));

const cents = z.number().int();
const count = z.number().int();
/** Days, one decimal; null when no document qualifies. */
const days = z.number().nullable();

export const ZAnalyticsPeriod = z.object({
  from: z.string(),
  to: z.string(),
  sales: z.object({
    /** Taxable of the invoices minus that of the credit notes. */
    taxableCents: cents,
    invoices: count,
    creditNotes: count,
    /** Taxable of the invoices alone ÷ their number (credit notes left out); null without invoices. */
    averageInvoiceCents: cents.nullable(),
  }),
  /** The sales trend: one bucket per day, week (seven days from the start) or month; same granularity as `current`. */
  trend: z.array(z.object({ from: z.string(), to: z.string(), taxableCents: cents })),
  /** Clients with an issued invoice in the range: new when their first invoice ever is in it. */
  clients: z.object({ invoiced: count, new: count, returning: count }),
  /** Quotes sent in the range (by their sending day) and what became of them. */
  quotes: z.object({
    sent: count,
    /** Accepted, including those since converted into an invoice. */
    accepted: count,
    rejected: count,
    /** Validity passed without an answer. */
    expired: count,
    /** Still waiting for an answer. */
    pending: count,
    /** accepted ÷ (accepted + rejected + expired); null when no quote has an outcome. */
    conversionRate: z.number().nullable(),
    /** Calendar days (organization time zone) from sending to acceptance. */
    medianDaysToAccept: days,
    averageDaysToAccept: days,
  }),
  /** Invoices whose last payment (the one completing them) fell in the range. */
  payments: z.object({
    invoices: count,
    /** Days from the due date to the completing payment (negative: paid early). */
    averageDaysLate: days,
    /** Days from the issue date to the completing payment. */
    averageDaysToPay: days,
    paidLate: count,
  }),
  /** Stock movements valued at each item's cost. */
  inventory: z.object({
    /** Goods that went out (movements "out") × cost. */
    cogsCents: cents,
    /** Stock value at the end of the day before the range. */
    openingStockCents: cents,
    /** Stock value at the end of the range's last day. */
    closingStockCents: cents,
    /** cogs ÷ average of opening and closing; null when that average is zero. */
    turnover: z.number().nullable(),
  }),
});
export type TAnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;

export const ZAnalyticsTopClient = z.object({
  clientId: z.uuid(),
  name: z.string(),
  taxableCents: cents,
  documents: count,
});

export const ZAnalyticsTopItem = z.object({
  /** The inventory item the lines came from; null for lines typed by hand (grouped by description). */
  itemId: z.uuid().nullable(),
  name: z.string(),
  taxableCents: cents,
});

export const ZAnalytics = z.object({
  granularity: z.enum(GRANULARITIES),
  /** False while the organization has no issued invoice at all: the page says how to start. */
  hasIssuedInvoices: z.boolean(),
  current: ZAnalyticsPeriod,
  previous: ZAnalyticsPeriod,
  /** The five clients with the most sales in the range, and what the others add up to. */
  topClients: z.object({ rows: z.array(ZAnalyticsTopClient), othersCents: cents, totalCents: cents }),
  /** The five items (or hand-typed lines) with the most sales in the range: line amounts, signed. */
  topItems: z.object({ rows: z.array(ZAnalyticsTopItem), othersCents: cents, totalCents: cents }),
});
export type TAnalytics = z.infer<typeof ZAnalytics>;
