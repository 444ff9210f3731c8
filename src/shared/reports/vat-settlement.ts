import { addDays } from '../dates/dates.ts';
import { isoDate, nextWorkingDay } from './tax-calendar.ts';

/**
 * The periodic VAT settlement (liquidazione periodica IVA, DPR 100/1998) and the figures of the quarterly
 * return of periodic settlements (LIPE, lines VP2–VP14), from the sums of each period. Integer cents throughout.
 *
 * Rules applied, in order, for each period of the year:
 * - VP6: VAT due on sales (VP4) minus deductible VAT on purchases (VP5), as a debt or a credit.
 * - VP7: a debt of the previous period not over €100 is not paid then but carried here (art. 1 c. 4 DPR
 *   100/1998, threshold raised to €100 by DL 73/2022). VP8: the previous period's credit, within the year.
 *   VP9: the previous year's annual credit, when the business uses it against the periods (first come first).
 * - VP12: quarterly filers by option add 1% interest to what they pay (art. 7 DPR 542/1999), net of the
 *   advance; nothing on an amount carried forward, which bears its interest in the period that pays it.
 * - VP13: the advance paid by 27 December, deducted in the last period (December or the fourth quarter).
 * - VP14: what is due (col. 1) or the credit (col. 2).
 * - Deadlines: monthly, the 16th of the following month; quarterly, 16 May, 20 August, 16 November, and the
 *   fourth quarter with the annual return's balance (16 March); a December debt not over €100 also goes to the
 *   annual balance. A deadline on a holiday moves to the next working day. F24 codes 6001–6012 (months),
 *   6031–6033 (quarters), 6099 (annual balance), 6013/6035 (advance).
 */

export type VatPeriodicity = 'monthly' | 'quarterly';

export type VatPeriodFigures = {
  /** Taxable amount of the period's sales, credit notes subtracted (VP2). */
  salesTaxableCents: number;
  /** VAT on sales owed by the seller: split payment VAT excluded, credit notes subtracted (VP4). */
  salesVatCents: number;
  /** Taxable amount of the period's purchases (VP3). */
  purchasesTaxableCents: number;
  /** VAT on purchases deducted in the period (VP5). */
  deductibleVatCents: number;
};

export const NO_FIGURES: VatPeriodFigures = {
  salesTaxableCents: 0,
  salesVatCents: 0,
  purchasesTaxableCents: 0,
  deductibleVatCents: 0,
};

export type VatSettlementInput = {
  year: number;
  periodicity: VatPeriodicity;
  /** One entry per period of the year (index 0 = January or Q1); a missing period counts as no operations. */
  figures: VatPeriodFigures[];
  /** The previous year's annual credit the business uses against this year's periods (VP9). */
  previousYearCreditCents?: number;
  /** The advance paid by 27 December, deducted in the last period (VP13). */
  advanceCents?: number;
};

export type VatSettlementPeriod = {
  period: number;
  from: string;
  to: string;
  vp2: number;
  vp3: number;
  vp4: number;
  vp5: number;
  /** VP6 col. 1 (VAT due) and col. 2 (VAT credit). */
  vp6Due: number;
  vp6Credit: number;
  vp7: number;
  vp8: number;
  vp9: number;
  vp12: number;
  vp13: number;
  /** VP14 col. 1 (to pay) and col. 2 (credit). */
  vp14Due: number;
  vp14Credit: number;
  /** Paid by F24 for this period at `dueDate`; 0 when nothing is due or the debt is carried. */
  paymentCents: number;
  /** A debt not over €100 carried to the next period (or, in December, to the annual balance). */
  carriedDebtCents: number;
  /** A credit carried to the next period (or, after the last period, to the annual return). */
  carriedCreditCents: number;
  /** The deadline of this period's payment (also when nothing is due, for the calendar). */
  dueDate: string;
  taxCode: string;
  /** True when this period's balance is paid with the annual return (fourth quarter, small December debt). */
  withAnnualReturn: boolean;
};

export const CARRY_THRESHOLD_CENTS = 10_000;
export const QUARTERLY_INTEREST_PERCENT = 1;
/** The advance is not paid when it would be under €103.29. */
export const ADVANCE_MINIMUM_CENTS = 10_329;
/** Historical method: 88% of the last period's VAT of the previous year, before its own advance. */
export const ADVANCE_PERCENT = 88;

export function periodsIn(periodicity: VatPeriodicity): number {
  return periodicity === 'monthly' ? 12 : 4;
}

/** The first and last day of a period (1-based month or quarter). */
export function periodRange(year: number, periodicity: VatPeriodicity, period: number) {
  const firstMonth = periodicity === 'monthly' ? period : period * 3 - 2;
  const lastMonth = periodicity === 'monthly' ? period : period * 3;
  const nextMonthStart = lastMonth === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, lastMonth + 1, 1);
  return { from: isoDate(year, firstMonth, 1), to: addDays(nextMonthStart, -1) };
}

const QUARTER_DEADLINES: Array<[number, number]> = [
  [5, 16],
  [8, 20],
  [11, 16],
];

function deadlineOf(year: number, periodicity: VatPeriodicity, period: number, annual: boolean) {
  if (annual) return { dueDate: nextWorkingDay(isoDate(year + 1, 3, 16)), taxCode: '6099' };
  if (periodicity === 'monthly') {
    const date = period === 12 ? isoDate(year + 1, 1, 16) : isoDate(year, period + 1, 16);
    return { dueDate: nextWorkingDay(date), taxCode: `60${String(period).padStart(2, '0')}` };
  }
  const [month, day] = QUARTER_DEADLINES[period - 1]!;
  return { dueDate: nextWorkingDay(isoDate(year, month, day)), taxCode: `603${period}` };
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

export function settleVat(input: VatSettlementInput): VatSettlementPeriod[] {
  const count = periodsIn(input.periodicity);
  const quarterly = input.periodicity === 'quarterly';
  let carriedDebt = 0;
  let carriedCredit = 0;
  let yearCreditLeft = Math.max(0, input.previousYearCreditCents ?? 0);
  const result: VatSettlementPeriod[] = [];

  for (let period = 1; period <= count; period++) {
    const figures = input.figures[period - 1] ?? NO_FIGURES;
    const last = period === count;
    const vp4 = figures.salesVatCents;
    const vp5 = figures.deductibleVatCents;
    const vp6 = vp4 - vp5;
    const vp7 = carriedDebt;
    const vp8 = carriedCredit;
    const beforeYearCredit = vp6 + vp7 - vp8;
    const vp9 = Math.min(yearCreditLeft, Math.max(0, beforeYearCredit));
    yearCreditLeft -= vp9;
    const base = beforeYearCredit - vp9;
    const vp13 = last ? Math.max(0, input.advanceCents ?? 0) : 0;
    // A debt not over €100 waits for the next period, unless this is the last one (the annual balance).
    const carry = base > 0 && base <= CARRY_THRESHOLD_CENTS && !last;
    // The interest is on what is paid late: the quarter's VAT net of the advance (annual return, line VL36).
    const vp12 =
      quarterly && !carry && base - vp13 > 0 ? percentOf(base - vp13, QUARTERLY_INTEREST_PERCENT) : 0;
    const vp14 = base - vp13 + vp12;
    const vp14Due = Math.max(0, vp14);
    const vp14Credit = Math.max(0, -vp14);
    const smallDecember = last && !quarterly && vp14Due > 0 && vp14Due <= CARRY_THRESHOLD_CENTS;
    const withAnnualReturn = (last && quarterly) || smallDecember;
    const { from, to } = periodRange(input.year, input.periodicity, period);
    result.push({
      period,
      from,
      to,
      vp2: figures.salesTaxableCents,
      vp3: figures.purchasesTaxableCents,
      vp4,
      vp5,
      vp6Due: Math.max(0, vp6),
      vp6Credit: Math.max(0, -vp6),
      vp7,
      vp8,
      vp9,
      vp12,
      vp13,
      vp14Due,
      vp14Credit,
      paymentCents: carry || smallDecember ? 0 : vp14Due,
      carriedDebtCents: carry || smallDecember ? vp14Due : 0,
      carriedCreditCents: vp14Credit,
      ...deadlineOf(input.year, input.periodicity, period, withAnnualReturn),
      withAnnualReturn,
    });
    carriedDebt = carry ? vp14Due : 0;
    carriedCredit = vp14Credit;
  }
  return result;
}

/**
 * The advance due by 27 December with the historical method: 88% of the last period's VAT of the previous
 * year before its own advance was deducted (for quarterly filers, without the 1% interest); nothing under €103.29.
 */
export function historicalAdvance(year: number, periodicity: VatPeriodicity, lastPeriodDueCents: number) {
  const amount = percentOf(Math.max(0, lastPeriodDueCents), ADVANCE_PERCENT);
  return {
    amountCents: amount >= ADVANCE_MINIMUM_CENTS ? amount : 0,
    dueDate: nextWorkingDay(isoDate(year, 12, 27)),
    taxCode: periodicity === 'monthly' ? '6013' : '6035',
  };
}

/** Forfettario (regime RF19): no VAT is due; revenue is watched against the €85,000 and €100,000 limits. */
export const FORFETTARIO_LIMIT_CENTS = 8_500_000;
export const FORFETTARIO_IMMEDIATE_EXIT_CENTS = 10_000_000;

export function forfettarioStanding(revenueCents: number) {
  return {
    revenueCents,
    limitCents: FORFETTARIO_LIMIT_CENTS,
    remainingCents: Math.max(0, FORFETTARIO_LIMIT_CENTS - revenueCents),
    overLimit: revenueCents > FORFETTARIO_LIMIT_CENTS,
    immediateExit: revenueCents > FORFETTARIO_IMMEDIATE_EXIT_CENTS,
  };
}
