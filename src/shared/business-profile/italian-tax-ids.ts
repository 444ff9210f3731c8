/**
 * Italian tax identifiers, validated by their check characters (issue 3, "Onboarding and business profile").
 * - Partita IVA: 11 digits; the last is a Luhn check digit over the first ten, as the Agenzia delle Entrate
 *   defines it. The optional "IT" prefix of the EU VAT form and spaces are accepted and removed.
 * - Codice fiscale: 16 characters for a person (D.M. 23/12/1976), with omocodia letters LMNPQRSTUV allowed in
 *   the seven digit positions; or 11 digits for companies and other bodies, checked like a Partita IVA.
 */

/** Spaces removed, uppercased, a leading "IT" removed: "IT 007 431 101 57" → "00743110157". */
export function normalizePartitaIva(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.startsWith('IT') ? compact.slice(2) : compact;
}

/** Spaces removed and uppercased: "rss mra 85t10 a562s" → "RSSMRA85T10A562S". */
export function normalizeCodiceFiscale(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The check digit of a Partita IVA from its first ten digits (Luhn: double the 2nd, 4th… digit). */
export function partitaIvaCheckDigit(firstTen: string): string {
  if (!/^\d{10}$/.test(firstTen)) throw new Error('partitaIvaCheckDigit needs exactly 10 digits');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(firstTen[i]);
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return String((10 - (sum % 10)) % 10);
}

/** 11 digits, a company number other than 0000000 and the right check digit. */
export function isValidPartitaIva(value: string): boolean {
  const piva = normalizePartitaIva(value);
  if (!/^\d{11}$/.test(piva) || piva.startsWith('0000000')) return false;
  return partitaIvaCheckDigit(piva.slice(0, 10)) === piva[10];
}

const OMOCODIA = 'LMNPQRSTUV'; // stand for 0–9 when two people would get the same code
const MONTHS = 'ABCDEHLMPRST'; // January … December
const PERSONAL_CF = /^[A-Z]{6}[\dLMNPQRSTUV]{2}[ABCDEHLMPRST][\dLMNPQRSTUV]{2}[A-Z][\dLMNPQRSTUV]{3}[A-Z]$/;

/** Values of A–Z (and 0–9) in the odd positions (1st, 3rd, … 15th) of the official table. */
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

function charIndex(ch: string): number {
  return ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 65;
}

/** The check letter of a personal codice fiscale from its first fifteen characters (uppercase). */
export function codiceFiscaleCheckChar(firstFifteen: string): string {
  if (!/^[A-Z0-9]{15}$/.test(firstFifteen))
    throw new Error('codiceFiscaleCheckChar needs 15 characters A-Z/0-9');
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = charIndex(firstFifteen[i] as string);
    sum += i % 2 === 0 ? (ODD_VALUES[index] as number) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

function decodeDigits(chars: string): number {
  const digits = [...chars].map((ch) => (OMOCODIA.includes(ch) ? String(OMOCODIA.indexOf(ch)) : ch));
  return Number(digits.join(''));
}

/**
 * A 16-character personal code (format, month letter, day 1–31 or 41–71 for women, check letter) or an
 * 11-digit numeric code of a company (checked like a Partita IVA).
 */
export function isValidCodiceFiscale(value: string): boolean {
  const cf = normalizeCodiceFiscale(value);
  if (/^\d{11}$/.test(cf)) return isValidPartitaIva(cf);
  if (!PERSONAL_CF.test(cf) || !MONTHS.includes(cf[8] as string)) return false;
  const day = decodeDigits(cf.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckChar(cf.slice(0, 15)) === cf[15];
}
