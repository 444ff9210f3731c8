import type { DateRange } from './periods.ts';
import {
  historicalAdvance,
  settleVat,
  type VatPeriodFigures,
  type VatPeriodicity,
} from './vat-settlement.ts';

/** One F24 VAT payment the cash-flow forecast expects. */
export type VatPayment = {
  dueDate: string;
  taxCode: string;
  cents: number;
  /** A period's settlement (with the annual return for the fourth quarter or a small December) or the advance. */
  kind: 'settlement' | 'advance';
  year: number;
  /** The month or quarter settled; null for the advance. */
  period: number | null;
};

/** The years whose settlements can fall due in a window: the year before it (January to March) up to its last. */
export function vatYearsFor(window: DateRange): number[] {
  const first = Number(window.from.slice(0, 4)) - 1;
  const last = Number(window.to.slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * The VAT payments due in a window, from each year's sales figures by period (`figuresByYear`, for every year of
 * `vatYearsFor` and the one before the first, whose last period gives the first year's advance), through the same settlement rules as the VAT settlement report (settleVat):
 * - each period's payment at its deadline; a period paid with the annual return (fourth quarter, a December debt
 *   under €100) is paid at the annual balance's deadline, so it counts there;
 * - the December advance (historical method, 88% of the previous year's last period before its advance, without
 *   the quarterly interest) when its 27 December deadline is in the window. That year's last period is settled
 *   net of it (VP13) in any case, as the VAT settlement report settles it: an advance already behind us was paid
 *   then, and is not paid again in January (or with the annual return).
 * A running period counts with the documents issued so far. Nothing with a zero amount.
 */
export function vatPaymentsBetween(
  window: DateRange,
  periodicity: VatPeriodicity,
  figuresByYear: ReadonlyMap<number, VatPeriodFigures[]>,
): VatPayment[] {
  const inWindow = (day: string) => day >= window.from && day <= window.to;
  const payments: VatPayment[] = [];
  for (const year of vatYearsFor(window)) {
    const figures = figuresByYear.get(year) ?? [];
    const before = figuresByYear.get(year - 1);
    let advanceCents = 0;
    if (before) {
      const last = settleVat({ year: year - 1, periodicity, figures: before }).at(-1)!;
      const advance = historicalAdvance(year, periodicity, last.vp14Due + last.vp13 - last.vp12);
      // The last period is settled net of the advance whether it falls due in the window or was paid before.
      advanceCents = advance.amountCents;
      if (inWindow(advance.dueDate) && advance.amountCents > 0) {
        payments.push({
          dueDate: advance.dueDate,
          taxCode: advance.taxCode,
          cents: advance.amountCents,
          kind: 'advance',
          year,
          period: null,
        });
      }
    }
    for (const p of settleVat({ year, periodicity, figures, advanceCents })) {
      const cents = p.paymentCents + (p.withAnnualReturn ? p.carriedDebtCents : 0);
      if (cents > 0 && inWindow(p.dueDate)) {
        payments.push({
          dueDate: p.dueDate,
          taxCode: p.taxCode,
          cents,
          kind: 'settlement',
          year,
          period: p.period,
        });
      }
    }
  }
  return payments.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}
