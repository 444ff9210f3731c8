/**
 * SDI file names: IT{transmitter's Partita IVA or codice fiscale}_{progressive}.xml, the progressive being 1–5
 * letters or digits that make the name unique for that transmitter. We derive it from a per-seller sequence
 * number in base 36, zero padded to 5 ("00001", …, "0000Z", "00010"): 36⁵ − 1 ≈ 60 million files.
 */
export const PROGRESSIVE_MAX_SEQUENCE = 36 ** 5 - 1;

const PROGRESSIVE = /^[A-Z0-9]{1,5}$/;

/** "IT 01234567890" → "01234567890"; a 16-character codice fiscale is kept as it is. */
function transmitterCode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  const code = /^IT\d{11}$/.test(compact) ? compact.slice(2) : compact;
  if (!/^(?:\d{11}|[A-Z0-9]{16})$/.test(code)) {
    throw new RangeError(`Not a Partita IVA or codice fiscale: "${value}"`);
  }
  return code;
}

/** The progressive of the sequence number n (1 … 36⁵ − 1): 1 → "00001", 35 → "0000Z", 36 → "00010". */
export function progressiveFromSequence(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > PROGRESSIVE_MAX_SEQUENCE) {
    throw new RangeError(`Sequence number out of range 1…${PROGRESSIVE_MAX_SEQUENCE}: ${n}`);
  }
  return n.toString(36).toUpperCase().padStart(5, '0');
}

export function isValidProgressive(progressive: string): boolean {
  return PROGRESSIVE.test(progressive);
}

/** "IT01234567890_00001.xml". */
export function fatturaPaFileName(sellerVatNumber: string, progressive: string): string {
  if (!isValidProgressive(progressive)) {
    throw new RangeError(`The progressive must be 1–5 letters or digits: "${progressive}"`);
  }
  return `IT${transmitterCode(sellerVatNumber)}_${progressive}.xml`;
}
