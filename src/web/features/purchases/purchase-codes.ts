import type { TPurchaseInvoice, TSupplier } from '@shared/purchases/contracts.ts';
import { formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { DOCUMENT_TYPES, VAT_NATURES } from '@shared/invoicing/document.ts';
import { natureKey } from '@web/features/invoicing/labels.ts';

/**
 * The FatturaPA codes a received invoice carries (schema v1.2.2), as the screens name them: the key of each code's
 * text, or null for a code the schema does not have (the screen then shows the code itself), and the amounts,
 * rates and addresses as they read.
 */

/** TipoDocumento: TD01 invoice, TD04 credit note (named as the invoices name them), and the others. */
export const PURCHASE_DOCUMENT_TYPES = [
  'TD01',
  'TD02',
  'TD03',
  'TD04',
  'TD05',
  'TD06',
  ...Array.from({ length: 13 }, (_, i) => `TD${i + 16}`),
] as readonly string[];

/** ModalitaPagamento MP01 … MP23. */
export const PAYMENT_METHOD_CODES = Array.from(
  { length: 23 },
  (_, i) => `MP${String(i + 1).padStart(2, '0')}`,
) as readonly string[];

/** EsigibilitaIVA: I immediate, D deferred, S split payment (scissione dei pagamenti). */
export const CHARGEABILITY_CODES = ['I', 'D', 'S'] as const;

const has = (list: readonly string[], code: string) => list.includes(code);

export function documentTypeKey(code: string): string | null {
  if (has(DOCUMENT_TYPES, code)) return `invoices:types.${code}`;
  return has(PURCHASE_DOCUMENT_TYPES, code) ? `purchases:documentTypes.${code}` : null;
}

export function paymentMethodKey(code: string): string | null {
  return has(PAYMENT_METHOD_CODES, code) ? `purchases:paymentMethods.${code}` : null;
}

export function chargeabilityKey(code: string | null): string | null {
  return code && has(CHARGEABILITY_CODES, code) ? `purchases:chargeability.${code}` : null;
}

/** The Natura's label of the invoices (N2.2 → invoices:natures.N2_2), or null for a code they do not know. */
export function purchaseNatureKey(nature: string | null): string | null {
  return nature && has(VAT_NATURES, nature) ? natureKey(nature) : null;
}

/** "22.00" → "22%", "5.50" → "5,5%" in Italian; at 0 % with a Natura, "0% · N2.2". */
export function vatRateText(rate: string, nature: string | null, locale: string): string {
  const value = Number(rate);
  const percent = `${Number.isFinite(value) ? formatNumber(value, locale, { maximumFractionDigits: 2 }) : rate}%`;
  return nature ? `${percent} · ${nature}` : percent;
}

/** An amount in cents of the document's currency: euro through the app's helper, any other by its ISO code. */
export function moneyText(cents: number, currency: string, locale: string): string {
  if (currency === 'EUR') return formatEuroCents(cents, locale);
  try {
    return formatNumber(cents / 100, locale, { style: 'currency', currency });
  } catch {
    return `${formatNumber(cents / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}

/** A unit price as written in the file (up to 8 decimals), in the document's currency, at least 2 decimals. */
export function unitPriceText(price: string, currency: string, locale: string): string {
  const value = Number(price);
  if (!Number.isFinite(value)) return price;
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 8 };
  try {
    return formatNumber(value, locale, { style: 'currency', currency, ...digits });
  } catch {
    return `${formatNumber(value, locale, digits)} ${currency}`;
  }
}

/** "5.00" → "5", "2.50" → "2,5"; no quantity (a flat amount) → null. */
export function quantityText(quantity: string | null, locale: string): string | null {
  if (quantity === null) return null;
  const value = Number(quantity);
  return Number.isFinite(value) ? formatNumber(value, locale, { maximumFractionDigits: 8 }) : quantity;
}

/** The supplier's seat as an envelope has it: street, then "07100 SASSARI (SS)", then the country when not Italy. */
export function supplierAddressLines(supplier: TSupplier): string[] {
  const town = [supplier.postalCode, supplier.city].filter(Boolean).join(' ');
  const place = supplier.province ? `${town} (${supplier.province})`.trim() : town;
  return [
    supplier.address,
    place || null,
    supplier.country && supplier.country !== 'IT' ? supplier.country : null,
  ].filter((line): line is string => !!line);
}

/** An IBAN in groups of four, as it is printed: IT60 X054 2811 1010 0000 0123 456. */
export function ibanText(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** VAT under split payment (chargeability S): the buyer pays it to the State, not to the supplier. */
export function splitPaymentVatCents(invoice: Pick<TPurchaseInvoice, 'vatSummary'>): number {
  return invoice.vatSummary.reduce((sum, row) => sum + (row.chargeability === 'S' ? row.vatCents : 0), 0);
}

/** What is owed to the supplier: the document total less the withholding tax and any VAT under split payment. */
export function payableCents(
  invoice: Pick<TPurchaseInvoice, 'totalCents' | 'withholdingCents' | 'vatSummary'>,
): number {
  return invoice.totalCents - invoice.withholdingCents - splitPaymentVatCents(invoice);
}
