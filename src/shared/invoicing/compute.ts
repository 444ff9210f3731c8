import {
  STAMP_DUTY_CENTS,
  STAMP_DUTY_THRESHOLD_CENTS,
  VAT_NATURES,
  VAT_RATES,
  type ComputedLine,
  type DocumentTotals,
  type LegalNoteKey,
  type LineInput,
  type TaxSettings,
  type VatNature,
  type VatRate,
  type VatSummaryRow,
} from './document.ts';
import { divideHalfUp, parseDecimal, pow10, toSafeNumber } from './decimal.ts';
import { natureLegalReference } from './legal-notes.ts';
import type { InvoicingMessageKey } from './messages.ts';

/**
 * Totals of a quote, invoice or credit note under Italian rules (issue 5). Exact integer arithmetic: a line's
 * exact amount is a BigInt in units of 10^-8 cent (quantity has 4 decimals, discount 2 decimals of a percent),
 * and rounding (half-up) happens only where the rules below say so.
 */

/** Quantity decimals, discount decimals and the scale of exact amounts (10^-8 cent). */
const QUANTITY_SCALE = 4;
const DISCOUNT_SCALE = 2;
const PERCENT_SCALE = 2;
const EXACT = pow10(QUANTITY_SCALE + DISCOUNT_SCALE + 2);
const HUNDRED_PERCENT = 100n * pow10(DISCOUNT_SCALE);

export const FORFETTARIO_REGIME = 'RF19';
const MAX_PRICE_CENTS = 99_999_999_999;
const MAX_QUANTITY = 999_999_999n * pow10(QUANTITY_SCALE);

/** Natures of amounts not subject to VAT that count towards the stamp-duty threshold (DPR 642/72). */
export const STAMP_DUTY_NATURES: readonly VatNature[] = ['N1', 'N2.1', 'N2.2', 'N3.5', 'N3.6', 'N4'];

export type LineIssue = {
  /** "lines" for the whole list, otherwise "lines.<index>.<field>" like the zod issue path joined by ".". */
  path: string;
  message: InvoicingMessageKey;
};

/**
 * The problems of the lines, in order (empty when computeDocument can run):
 * - at least one line;
 * - quantity: decimal ≥ 0 with at most 4 decimals; unit price: integer cents ≥ 0;
 * - discount: 0–100 with at most 2 decimals;
 * - VAT rate one of VAT_RATES; at 0 % a known Natura code is required, above 0 % no Natura is allowed.
 */
export function validateLines(lines: readonly LineInput[]): LineIssue[] {
  const issues: LineIssue[] = [];
  if (lines.length === 0) issues.push({ path: 'lines', message: 'invoicing.errors.linesRequired' });
  lines.forEach((line, index) => {
    const at = (field: string, message: InvoicingMessageKey) =>
      issues.push({ path: `lines.${index}.${field}`, message });
    const quantity = parseDecimal(String(line.quantity), QUANTITY_SCALE);
    if (quantity === null || quantity < 0n || quantity > MAX_QUANTITY) {
      at('quantity', 'invoicing.errors.quantityInvalid');
    }
    const price = line.unitPriceCents;
    if (!Number.isSafeInteger(price) || price < 0) at('unitPriceCents', 'invoicing.errors.priceInvalid');
    else if (price > MAX_PRICE_CENTS) at('unitPriceCents', 'invoicing.errors.priceTooLarge');
    const discount = parseDecimal(String(line.discountPercent), DISCOUNT_SCALE);
    if (discount === null || discount < 0n || discount > HUNDRED_PERCENT) {
      at('discountPercent', 'invoicing.errors.discountInvalid');
    }
    if (!(VAT_RATES as readonly number[]).includes(line.vatRate)) {
      at('vatRate', 'invoicing.errors.vatRateInvalid');
    } else if (line.vatRate === 0) {
      if (!line.nature) at('nature', 'invoicing.errors.natureRequired');
      else if (!VAT_NATURES.includes(line.nature)) at('nature', 'invoicing.errors.natureInvalid');
    } else if (line.nature) {
      at('nature', 'invoicing.errors.natureOnlyAtZero');
    }
  });
  return issues;
}

/** Thrown by computeDocument for lines validateLines refuses (callers validate first). */
export class InvalidLinesError extends Error {
  constructor(readonly issues: LineIssue[]) {
    super(`Invalid document lines: ${issues.map((i) => `${i.path} ${i.message}`).join(', ')}`);
    this.name = 'InvalidLinesError';
  }
}

/**
 * Rule: the exact line amount is quantity × unit price × (1 − discount/100), computed exactly; here in units
 * of 10^-8 cent: q·10^4 × price × (10000 − d·100) / 10^8.
 */
export function exactLineAmount(
  line: Pick<LineInput, 'quantity' | 'unitPriceCents' | 'discountPercent'>,
): bigint {
  const quantity = parseDecimal(String(line.quantity), QUANTITY_SCALE);
  const discount = parseDecimal(String(line.discountPercent), DISCOUNT_SCALE);
  if (quantity === null || discount === null || !Number.isSafeInteger(line.unitPriceCents)) {
    throw new RangeError('exactLineAmount: invalid line');
  }
  return quantity * BigInt(line.unitPriceCents) * (HUNDRED_PERCENT - discount);
}

/** An exact amount (10^-8 cent) rounded half-up to the cent. */
function toCents(exact: bigint): bigint {
  return divideHalfUp(exact, EXACT);
}

/** Integer cents × a percentage string (≤ 2 decimals) / 100, rounded half-up. */
function percentOf(cents: bigint, percent: string): bigint {
  const rate = parseDecimal(percent, PERCENT_SCALE);
  if (rate === null || rate < 0n) throw new RangeError(`Invalid percentage: ${percent}`);
  return divideHalfUp(cents * rate, 100n * pow10(PERCENT_SCALE));
}

type Group = { vatRate: VatRate; nature: VatNature | null; cents: bigint };

const groupKey = (rate: VatRate, nature: VatNature | null) => `${rate}|${nature ?? ''}`;

/** Rule: VAT summary rows by rate descending, then Natura in schema order. */
function compareRows(a: { vatRate: number; nature: VatNature | null }, b: typeof a): number {
  if (a.vatRate !== b.vatRate) return b.vatRate - a.vatRate;
  return (a.nature ? VAT_NATURES.indexOf(a.nature) : -1) - (b.nature ? VAT_NATURES.indexOf(b.nature) : -1);
}

/** Rule: Natura N6.x is reverse charge (inversione contabile): the client accounts for the VAT. */
export const isReverseCharge = (nature: string | null) => nature?.startsWith('N6') ?? false;

/**
 * Rule: a line at 0 % with Natura N1 is an expense excluded from the taxable amount (art. 15 DPR 633/72, e.g.
 * fees paid in the client's name): it is outside the pension-fund base and the withholding base, and keeps N1
 * under the forfettario regime too.
 */
export const isExcludedExpense = (line: Pick<LineInput, 'vatRate' | 'nature'>) =>
  line.vatRate === 0 && line.nature === 'N1';

/** The totals of a document; throws InvalidLinesError for invalid lines (no lines give zero totals). */
export function computeDocument(lines: readonly LineInput[], tax: TaxSettings): DocumentTotals {
  const issues = validateLines(lines).filter((issue) => issue.path !== 'lines');
  if (issues.length > 0) throw new InvalidLinesError(issues);

  // Rule: regime RF19 (forfettario) treats every line as 0 % with Natura N2.2 whatever was entered, and has
  // neither withholding nor split payment. Every other RegimeFiscale is computed like RF01 (ordinary).
  const forfettario = tax.regime === FORFETTARIO_REGIME;
  const withholding = forfettario ? null : tax.withholding;
  const splitPayment = tax.splitPayment && !forfettario;

  const computedLines: ComputedLine[] = lines.map((line, index) => {
    const excluded = isExcludedExpense(line);
    return {
      ...line,
      ...(forfettario && !excluded
        ? { vatRate: 0 as const, nature: 'N2.2' as const }
        : { nature: line.nature ?? null }),
      // The effective flag: true when the document has withholding and the line is neither excluded from it
      // by the user nor an art. 15 expense.
      withholding: withholding !== null && line.withholding !== false && !excluded,
      lineNumber: index + 1,
      // Rule: a line's total is its exact amount rounded half-up to the cent (shown and written as PrezzoTotale).
      totalCents: toSafeNumber(toCents(exactLineAmount(line))),
    };
  });

  // Rule: lines are grouped by VAT rate and Natura; a group's taxable is the sum of its lines' totals as printed
  // (each rounded half-up to the cent), so the summary always reconciles with the lines to the cent and no
  // Arrotondamento is needed (SDI check 00422: ImponibileImporto = Σ PrezzoTotale + contributo cassa).
  const groups = new Map<string, Group>();
  for (const line of computedLines) {
    const nature = line.vatRate === 0 ? (line.nature ?? null) : null;
    const key = groupKey(line.vatRate, nature);
    const group = groups.get(key) ?? { vatRate: line.vatRate, nature, cents: 0n };
    group.cents += BigInt(line.totalCents);
    groups.set(key, group);
  }

  // Rule: the pension fund (cassa previdenziale) is charged on the lines' totals, art. 15 expenses (N1) excluded
  // (ImponibileCassa): contribution = half-up(base × rate / 100). It is taxed at the VAT rate of the highest-rate
  // line, or when every line is at 0 %, at 0 % with the Natura of the first line that is not an art. 15 expense
  // (N2.2 for forfettario), and is added to that group's taxable.
  let pensionFundBase = 0n;
  let pensionFundCents = 0n;
  let pensionFundVat: { vatRate: VatRate; nature: VatNature | null } | null = null;
  const feeLines = computedLines.filter((line) => !isExcludedExpense(line));
  const firstLine = feeLines[0] ?? computedLines[0];
  if (tax.pensionFund && firstLine) {
    for (const line of feeLines) pensionFundBase += BigInt(line.totalCents);
    pensionFundCents = percentOf(pensionFundBase, tax.pensionFund.ratePercent);
    const topRate = Math.max(...computedLines.map((line) => line.vatRate)) as VatRate;
    pensionFundVat =
      topRate > 0 ? { vatRate: topRate, nature: null } : { vatRate: 0, nature: firstLine.nature ?? null };
    const group = groups.get(groupKey(pensionFundVat.vatRate, pensionFundVat.nature));
    if (group) group.cents += pensionFundCents;
  }

  // Rule: VAT of a row = half-up(taxable × rate / 100). Split payment (not forfettario) makes the rows with a
  // rate above 0 % collectable 'S'; rows with a Natura stay 'I'. Each Natura row cites its legal reference.
  const vatSummary: VatSummaryRow[] = [...groups.values()].sort(compareRows).map((group) => {
    const taxable = group.cents;
    return {
      vatRate: group.vatRate,
      nature: group.nature,
      taxableCents: toSafeNumber(taxable),
      vatCents: toSafeNumber(divideHalfUp(taxable * BigInt(group.vatRate), 100n)),
      vatCollectability: splitPayment && group.vatRate > 0 ? 'S' : 'I',
      legalReference: group.nature ? natureLegalReference(group.nature, tax.regime) : null,
    };
  });
  const taxableCents = vatSummary.reduce((sum, row) => sum + row.taxableCents, 0);
  const vatCents = vatSummary.reduce((sum, row) => sum + row.vatCents, 0);
  const splitPaymentVatCents = vatSummary
    .filter((row) => row.vatCollectability === 'S')
    .reduce((sum, row) => sum + row.vatCents, 0);

  // Rule: stamp duty (€2.00) is due when the rows not subject to VAT (N1, N2.1, N2.2, N3.5, N3.6, N4; a pension
  // fund taxed at such a Natura included) total more than €77.47; at exactly €77.47 none. It is added to the total
  // only when charged to the client (the XML renders it as a line at N1, not as a VAT summary row).
  const notSubjectCents = vatSummary
    .filter((row) => row.nature !== null && STAMP_DUTY_NATURES.includes(row.nature))
    .reduce((sum, row) => sum + row.taxableCents, 0);
  const stampDutyCents = notSubjectCents > STAMP_DUTY_THRESHOLD_CENTS ? STAMP_DUTY_CENTS : 0;
  const stampDutyChargedCents = tax.stampDutyChargedToClient ? stampDutyCents : 0;

  // Rule: withholding (not forfettario) = half-up(base × rate / 100), the base being the sum of the totals of the
  // lines subject to it (art. 15 expenses never are), plus the pension fund when that is subject to withholding.
  let withholdingCents = 0;
  if (withholding) {
    let base = 0n;
    for (const line of computedLines) if (line.withholding) base += BigInt(line.totalCents);
    if (tax.pensionFund?.subjectToWithholding) base += pensionFundCents;
    withholdingCents = toSafeNumber(percentOf(base, withholding.ratePercent));
  }

  // Rule: total = taxable (pension fund included) + VAT + stamp duty charged; due = total − withholding − the VAT
  // the client pays to the Treasury under split payment.
  const totalCents = taxableCents + vatCents + stampDutyChargedCents;
  const amountDueCents = totalCents - withholdingCents - splitPaymentVatCents;

  // Rule: notes, in display order: forfettario; exemptNature for any Natura other than N6.x (not for forfettario,
  // whose own note states why no VAT is charged); reverseCharge for N6.x; splitPayment; withholding; stampDuty.
  const natures = vatSummary.map((row) => row.nature).filter((n): n is VatNature => n !== null);
  const legalNotes: LegalNoteKey[] = [];
  if (forfettario) legalNotes.push('forfettario');
  if (!forfettario && natures.some((n) => !isReverseCharge(n))) legalNotes.push('exemptNature');
  if (natures.some(isReverseCharge)) legalNotes.push('reverseCharge');
  if (vatSummary.some((row) => row.vatCollectability === 'S')) legalNotes.push('splitPayment');
  if (withholdingCents > 0) legalNotes.push('withholding');
  if (stampDutyCents > 0) legalNotes.push('stampDuty');

  return {
    lines: computedLines,
    vatSummary,
    taxableCents,
    vatCents,
    pensionFundCents: toSafeNumber(pensionFundCents),
    pensionFundBaseCents: toSafeNumber(pensionFundBase),
    pensionFundVatRate: pensionFundVat?.vatRate ?? null,
    pensionFundNature: pensionFundVat?.nature ?? null,
    withholdingCents,
    stampDutyCents,
    stampDutyChargedCents,
    totalCents,
    splitPaymentVatCents,
    amountDueCents,
    legalNotes,
  };
}
