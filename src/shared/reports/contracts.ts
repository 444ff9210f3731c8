import { z } from 'zod';
import { daysBetween } from '../dates/dates.ts';
import { isIsoDate, zIsoDate } from '../imports/dates.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import type { FieldKey } from '../i18n/catalogue.ts';

/**
 * Reports API contracts (issue 14). Every figure is integer cents computed in SQL from the rows the lists show.
 * The purchase side comes from the invoices received from suppliers (purchase invoices, issue 17).
 */

const err = (key: FieldKey) => ({ error: key });

export const ZVatPeriodicity = z.enum(['monthly', 'quarterly'], err('reports.errors.invalidPeriodicity'));

export const ZVatSettlementQuery = z.object({
  year: z.coerce
    .number(err('reports.errors.invalidYear'))
    .int(err('reports.errors.invalidYear'))
    .min(2000, err('reports.errors.invalidYear'))
    .max(2100, err('reports.errors.invalidYear')),
  /** Absent: the business's own setting (invoicing settings). */
  periodicity: ZVatPeriodicity.optional(),
});
export type TVatSettlementQuery = z.infer<typeof ZVatSettlementQuery>;

const cents = z.number().int();

export const ZVatSettlementPeriod = z.object({
  period: z.number().int(),
  from: z.string(),
  to: z.string(),
  vp2: cents,
  vp3: cents,
  vp4: cents,
  vp5: cents,
  vp6Due: cents,
  vp6Credit: cents,
  vp7: cents,
  vp8: cents,
  vp9: cents,
  vp12: cents,
  vp13: cents,
  vp14Due: cents,
  vp14Credit: cents,
  paymentCents: cents,
  carriedDebtCents: cents,
  carriedCreditCents: cents,
  dueDate: z.string(),
  taxCode: z.string(),
  withAnnualReturn: z.boolean(),
  /** VAT on the period's split-payment sales, paid by the client to the Treasury (not in VP4). */
  splitPaymentVatCents: cents,
  /** Taxable amount of reverse-charge sales (Natura N6.x), in VP2 with no VAT. */
  reverseChargeTaxableCents: cents,
  /** Issued invoices and credit notes dated in the period. */
  documents: z.number().int(),
  /** Purchase invoices and credit notes received (registered) in the period: VP3 and VP5 come from them. */
  purchaseDocuments: z.number().int(),
  /**
   * Taxable amount of reverse-charge purchases (Natura N6.x) received in the period, in VP3 with no VAT: the VAT
   * the business must integrate (and deduct) is not computed here.
   */
  purchaseReverseChargeTaxableCents: cents,
});
export type TVatSettlementPeriod = z.infer<typeof ZVatSettlementPeriod>;

export const ZVatSettlement = z.object({
  year: z.number().int(),
  periodicity: ZVatPeriodicity,
  /** True for the forfettario regime (RF19): no VAT is due, revenue is watched against the limits. */
  forfettario: z.boolean(),
  periods: z.array(ZVatSettlementPeriod),
  totals: z.object({ vp4: cents, vp5: cents, paymentCents: cents, revenueCents: cents }),
  /** The year before, to compare with: its VAT on sales (VP4) and taxable revenue, exact from its documents. */
  previous: z.object({ year: z.number().int(), vp4: cents, revenueCents: cents }),
  /**
   * The December advance (acconto IVA) by the historical method, in VP13 of the last period: 88% of
   * `basisCents`, the last period's VAT of the year before; 0 under €103.29. Null for the forfettario.
   */
  advance: z
    .object({ amountCents: cents, basisCents: cents, dueDate: z.string(), taxCode: z.string() })
    .nullable(),
  forfettarioStanding: z
    .object({
      revenueCents: cents,
      limitCents: cents,
      remainingCents: cents,
      overLimit: z.boolean(),
      immediateExit: z.boolean(),
    })
    .nullable(),
});
export type TVatSettlement = z.infer<typeof ZVatSettlement>;

export type VatPeriodicityValue = z.infer<typeof ZVatPeriodicity>;

/** Ageing buckets of open receivables by days past due (scadenzario). */
export const AGING_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

const ZBuckets = z.object({
  notDue: cents,
  days1to30: cents,
  days31to60: cents,
  days61to90: cents,
  over90: cents,
});

export const ZReceivablesClient = ZBuckets.extend({
  clientId: z.uuid(),
  name: z.string(),
  totalCents: cents,
  openInvoices: z.number().int(),
  oldestDueDate: z.string(),
  /** Average days from issue to the last payment of the invoices paid in full in the last 365 days; null: none. */
  averageDaysToPay: z.number().nullable(),
});
export type TReceivablesClient = z.infer<typeof ZReceivablesClient>;

const ZReceivablesTotals = ZBuckets.extend({ totalCents: cents, openInvoices: z.number().int() });

/** What the business owes its suppliers, by supplier, in the same ageing buckets (days past due). */
export const ZPayablesSupplier = ZBuckets.extend({
  supplierId: z.uuid(),
  name: z.string(),
  totalCents: cents,
  openInvoices: z.number().int(),
  oldestDueDate: z.string(),
});
export type TPayablesSupplier = z.infer<typeof ZPayablesSupplier>;

/** One instalment still to pay of a purchase invoice (scadenzario passivo). */
export const ZPayableInstallment = z.object({
  invoiceId: z.uuid(),
  number: z.string(),
  supplierName: z.string(),
  dueDate: z.string(),
  openCents: cents,
  /** Days past due at the end of `asOf`; 0 or less: not due yet. */
  daysLate: z.number().int(),
});
export type TPayableInstallment = z.infer<typeof ZPayableInstallment>;

/**
 * Payables (da pagare) at the end of `asOf`: the purchase invoices dated up to it with something left to pay
 * then, each instalment in the bucket of its due date. Payments dated later are added back.
 */
export const ZPayables = z.object({
  totals: ZBuckets.extend({ totalCents: cents, openInvoices: z.number().int() }),
  /** Past due on `asOf`: the sum and the instalments. */
  overdue: z.object({ cents, installments: z.number().int() }),
  suppliers: z.array(ZPayablesSupplier),
  /** The open instalments by due date, the oldest first (at most 200). */
  installments: z.array(ZPayableInstallment),
});
export type TPayables = z.infer<typeof ZPayables>;

/** Receivables at the end of a day (today by default): payments and credit notes dated later are not counted. */
export const ZReceivablesQuery = z.object({ asOf: zIsoDate('reports.errors.invalidDate').optional() });
export type TReceivablesQuery = z.infer<typeof ZReceivablesQuery>;

export const ZReceivables = z.object({
  asOf: z.string(),
  totals: ZReceivablesTotals,
  /** The same figures a month earlier (`previousAsOf`), for the comparison. */
  previous: z.object({ asOf: z.string(), totals: ZReceivablesTotals }),
  clients: z.array(ZReceivablesClient),
  payables: ZPayables,
});
export type TReceivables = z.infer<typeof ZReceivables>;

/** The dashboard's period: this month (default), quarter or year, against the one before it. */
export const DASHBOARD_PERIODS = ['month', 'quarter', 'year'] as const;
export const ZDashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, err('reports.errors.invalidPeriod')).default('month'),
});
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

const ZRange = z.object({ from: z.string(), to: z.string() });
const ZCompared = z.object({ current: cents, previous: cents });

export const ZDashboard = z.object({
  today: z.string(),
  period: ZRange,
  previous: ZRange,
  /** Issued invoices of the period by total, credit notes subtracted. */
  invoiced: ZCompared,
  /** Payments recorded on invoices in the period. */
  collected: ZCompared,
  outstandingCents: cents,
  overdue: z.object({ cents, count: z.number().int() }),
  /** Income minus expenses of the ledger up to today. */
  cashBalanceCents: cents,
  /** The VAT of the settlement period running today (the business's periodicity): on sales, less the deductible VAT of the purchase invoices received in it (negative: a credit). */
  vatEstimate: z.object({
    periodicity: ZVatPeriodicity,
    from: z.string(),
    to: z.string(),
    cents,
    dueDate: z.string(),
  }),
  quotesAwaiting: z.object({ count: z.number().int(), totalCents: cents }),
  /** The last twelve months, oldest first: invoiced, collected on invoices, ledger income and expenses. */
  months: z.array(
    z.object({
      month: z.string(),
      invoicedCents: cents,
      collectedCents: cents,
      incomeCents: cents,
      expenseCents: cents,
    }),
  ),
  overdueInvoices: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      clientName: z.string(),
      dueDate: z.string(),
      outstandingCents: cents,
      daysLate: z.number().int(),
    }),
  ),
  lowStock: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      sku: z.string(),
      unit: z.string(),
      stockQuantity: z.string(),
      lowStockThreshold: z.string(),
    }),
  ),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const ZReportFormat = z.enum(REPORT_FORMATS, err('reports.errors.invalidFormat'));
export const ZVatSettlementExportQuery = ZVatSettlementQuery.extend({
  format: ZReportFormat.default('xlsx'),
});
export const ZReceivablesExportQuery = ZReceivablesQuery.extend({ format: ZReportFormat.default('xlsx') });

const bothDates = (q: { from: string; to: string }) => isIsoDate(q.from) && isIsoDate(q.to);

/** `from` and `to` of a report's range, for `withRangeRules`. */
export const rangeFields = {
  from: zIsoDate('reports.errors.invalidDate'),
  to: zIsoDate('reports.errors.invalidDate'),
};

/** A report's range rules: `to` not before `from`, at most a year (366 days). */
export function withRangeRules<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  // The range rules apply once both dates are valid (zod runs refinements after field issues too).
  return schema
    .refine((q) => !bothDates(q) || q.from <= q.to, { path: ['to'], ...err('reports.errors.rangeReversed') })
    .refine((q) => !bothDates(q) || daysBetween(q.from, q.to) <= 366, {
      path: ['to'],
      ...err('reports.errors.rangeTooLong'),
    });
}

/** A report over a range of at most a year (`?from&to`). */
export const ZRangeQuery = withRangeRules(z.object(rangeFields));
export type TRangeQuery = z.infer<typeof ZRangeQuery>;

/** The sales VAT register (registro IVA vendite) of a range of at most a year, documents paged. */
export const ZSalesRegisterQuery = withRangeRules(zPageQuery(50, 200).extend(rangeFields));
export type TSalesRegisterQuery = z.infer<typeof ZSalesRegisterQuery>;

const ZVatLine = z.object({
  vatRate: z.number(),
  nature: z.string().nullable(),
  taxableCents: cents,
  vatCents: cents,
  /** I immediate, S split payment (VAT paid by the client). */
  vatCollectability: z.enum(['I', 'S']),
});

export const ZSalesRegisterEntry = z.object({
  id: z.uuid(),
  number: z.string(),
  issueDate: z.string(),
  documentType: z.enum(['TD01', 'TD04']),
  clientName: z.string(),
  clientVatNumber: z.string().nullable(),
  /** Signed: a credit note's amounts are negative. */
  totalCents: cents,
  lines: z.array(ZVatLine),
});
export type TSalesRegisterEntry = z.infer<typeof ZSalesRegisterEntry>;

export const ZSalesRegister = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * Per rate and Natura over the whole range (every page), signed. `vatCents` is the VAT the seller owes; the VAT
   * of split-payment rows and the taxable of reverse-charge rows (Natura N6.x, no VAT charged) have columns of
   * their own (the taxable of reverse-charge rows is in `taxableCents` too).
   */
  summary: z.array(
    ZVatLine.omit({ vatCollectability: true }).extend({
      splitPaymentVatCents: cents,
      reverseChargeTaxableCents: cents,
    }),
  ),
  totals: z.object({
    taxableCents: cents,
    vatCents: cents,
    splitPaymentVatCents: cents,
    reverseChargeTaxableCents: cents,
    documents: z.number().int(),
  }),
  /** The same totals over the range just before (`previousRange`), to compare with. */
  previous: z.object({
    from: z.string(),
    to: z.string(),
    taxableCents: cents,
    vatCents: cents,
    splitPaymentVatCents: cents,
    reverseChargeTaxableCents: cents,
  }),
  entries: zPage(ZSalesRegisterEntry),
});
export type TSalesRegister = z.infer<typeof ZSalesRegister>;
export const ZSalesRegisterExportQuery = ZSalesRegisterQuery.and(
  z.object({ format: ZReportFormat.default('xlsx') }),
);
