/**
 * Retail barcodes (GS1): EAN-13, EAN-8 and UPC-A, each ending in a mod-10 check digit. Spaces and dashes
 * typed between the digits are ignored. A UPC-A is the same number as the EAN-13 with a leading 0 (scanners
 * report either): barcodeLookupKeys gives both forms so a search finds the item however it was stored.
 */
export const BARCODE_KINDS = ['ean13', 'ean8', 'upca'] as const;
export type BarcodeKind = (typeof BARCODE_KINDS)[number];

/** Digits only: "400638 133393-1" → "4006381333931". Other characters are kept so validation refuses them. */
export function normalizeBarcode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

/** The kind by shape (8, 12 or 13 digits), before any check digit test; null for anything else. */
export function barcodeKind(code: string): BarcodeKind | null {
  const digits = normalizeBarcode(code);
  if (!/^\d+$/.test(digits)) return null;
  return digits.length === 13 ? 'ean13' : digits.length === 8 ? 'ean8' : digits.length === 12 ? 'upca' : null;
}

/**
 * The GS1 check digit of the digits before it: from the right, weights 3, 1, 3, 1…; the digit brings the sum
 * to a multiple of ten.
 */
export function gs1CheckDigit(body: string): string {
  if (!/^\d+$/.test(body)) throw new Error('gs1CheckDigit needs digits');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** An EAN-13, EAN-8 or UPC-A with the right check digit. */
export function isValidBarcode(code: string): boolean {
  const digits = normalizeBarcode(code);
  if (!barcodeKind(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

/** The stored forms under which a scanned code may be found: a UPC-A and its EAN-13 with leading 0. */
export function barcodeLookupKeys(code: string): string[] {
  const digits = normalizeBarcode(code);
  const kind = barcodeKind(digits);
  if (kind === 'upca') return [digits, `0${digits}`];
  if (kind === 'ean13' && digits.startsWith('0')) return [digits, digits.slice(1)];
  return [digits];
}
