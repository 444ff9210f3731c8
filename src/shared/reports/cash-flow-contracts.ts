import { z } from 'zod';
import { ZRangeQuery, ZReportFormat, ZVatPeriodicity } from './contracts.ts';
import { ZReportMonth } from './profit-and-loss-contracts.ts';

/**
 * Cash flow (issue 14): the ledger's actual income and expenses by month of a range with the running balance,
 * and a 90-day forecast from today (organization time zone) by week: receipts expected from the open issued
 * invoices by due date, VAT payments at their deadlines, payments to suppliers (the purchase invoices' open
 * instalments by due date), and the balance projected from today's ledger balance.
 */

const cents = z.number().int();

export const ZCashFlowQuery = ZRangeQuery;
export type TCashFlowQuery = z.infer<typeof ZCashFlowQuery>;
export const ZCashFlowExportQuery = ZCashFlowQuery.and(z.object({ format: ZReportFormat.default('xlsx') }));

export const ZCashFlowMonth = ZReportMonth.extend({
  incomeCents: cents,
  expenseCents: cents,
  netCents: cents,
  /** The balance at the end of the month: the opening balance plus every net so far. */
  balanceCents: cents,
});

export const ZVatPayment = z.object({
  dueDate: z.string(),
  taxCode: z.string(),
  cents,
  kind: z.enum(['settlement', 'advance']),
  year: z.number().int(),
  period: z.number().int().nullable(),
});
export type TVatPayment = z.infer<typeof ZVatPayment>;

export const ZForecastWeek = z.object({
  from: z.string(),
  to: z.string(),
  /** What is still to collect on the issued invoices due this week. */
  receiptsCents: cents,
  invoices: z.number().int(),
  vatCents: cents,
  /** What is left to pay on the purchase instalments due this week. */
  payablesCents: cents,
  payables: z.number().int(),
  /** Receipts minus payments (VAT and suppliers). */
  netCents: cents,
  /** Projected balance at the end of the week. */
  balanceCents: cents,
});
export type TForecastWeek = z.infer<typeof ZForecastWeek>;

export const ZCashFlow = z.object({
  from: z.string(),
  to: z.string(),
  actual: z.object({
    /** Every ledger entry dated before the range. */
    openingBalanceCents: cents,
    months: z.array(ZCashFlowMonth),
    incomeCents: cents,
    expenseCents: cents,
    netCents: cents,
    closingBalanceCents: cents,
    entries: z.number().int(),
  }),
  previous: z.object({
    from: z.string(),
    to: z.string(),
    incomeCents: cents,
    expenseCents: cents,
    netCents: cents,
  }),
  forecast: z.object({
    /** Today in the organization's time zone, the first day of the forecast. */
    today: z.string(),
    to: z.string(),
    /** The ledger's balance at the end of today. */
    startingBalanceCents: cents,
    weeks: z.array(ZForecastWeek),
    receiptsCents: cents,
    vatCents: cents,
    payablesCents: cents,
    netCents: cents,
    endingBalanceCents: cents,
    /** Open invoices already past due: when they will be paid is unknown, so they are not in the weeks. */
    overdue: z.object({ cents, invoices: z.number().int() }),
    /** Purchase instalments already past due and unpaid: shown apart, as overdue receivables are. */
    overduePayables: z.object({ cents, installments: z.number().int() }),
    vatPayments: z.array(ZVatPayment),
    /** The business's VAT settlement periodicity (the periods of `vatPayments`). */
    vatPeriodicity: ZVatPeriodicity,
    /** Forfettario: no VAT is settled. */
    forfettario: z.boolean(),
  }),
});
export type TCashFlow = z.infer<typeof ZCashFlow>;
