import { isValidPartitaIva } from '../business-profile/italian-tax-ids.ts';

/**
 * EU VAT numbers by the formats VIES publishes for the 27 member states and Northern Ireland (XI), with the
 * check digit where its algorithm is simple and public. Each rule below was checked against several hundred
 * numbers found in the wild (python-stdnum's test list), so a real number is not refused by mistake.
 * - Check digit verified: AT BE DE DK EE EL FI FR (numeric key) HR HU IT LU MT NL PL PT RO SE SI SK.
 * - Format only (their algorithms depend on the kind of holder or are not published plainly):
 *   BG CY CZ ES IE LT LV XI, and FR numbers whose two-character key contains a letter.
 * Greece uses the prefix EL in VAT numbers but GR as its ISO country code: both are accepted.
 * Only format and check digit are verified here: whether the number is registered is VIES's answer.
 */
// prettier-ignore
export const EU_VAT_PREFIXES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
] as const;
export type EuVatPrefix = (typeof EU_VAT_PREFIXES)[number];

/** The VAT prefix of a country code: "GR" → "EL", "de" → "DE", "XI" → "XI"; null outside the EU. */
export function euVatPrefix(countryCode: string): EuVatPrefix | null {
  const code = countryCode.trim().toUpperCase();
  const prefix = code === 'GR' ? 'EL' : code;
  return (EU_VAT_PREFIXES as readonly string[]).includes(prefix) ? (prefix as EuVatPrefix) : null;
}

export function isEuVatCountry(countryCode: string): boolean {
  return euVatPrefix(countryCode) !== null;
}

/** The national part after the prefix, as VIES writes it (letters uppercase, no separators). */
const FORMATS: Record<EuVatPrefix, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^[1-9]\d{8}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^(?:[A-Z]\d{7}[A-Z\d]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^[1-9]\d{7}$/,
  NL: /^\d{9}B(?!00)\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^[1-9]\d{7}$/,
  SK: /^[1-9]\d[2-47-9]\d{7}$/,
  XI: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
};

const digitsOf = (s: string): number[] => [...s].map(Number);

const weightedSum = (s: string, weights: readonly number[]): number =>
  weights.reduce((sum, w, i) => sum + w * Number(s[i]), 0);

/** Remainder of a long digit string (no precision loss). */
function modOf(digits: string, m: number): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % m;
  return r;
}

/** ISO 7064 MOD 11,10 over the whole number, check digit included. */
function mod11_10(s: string): boolean {
  let c = 5;
  for (const d of digitsOf(s)) c = ((((c || 10) * 2) % 11) + d) % 10;
  return c === 1;
}

/** Luhn over the whole number, check digit included. */
function luhn(s: string): boolean {
  let sum = 0;
  digitsOf(s)
    .reverse()
    .forEach((d, i) => (sum += i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2));
  return sum % 10 === 0;
}

/** ISO 7064 MOD 97-10 over letters and digits (A = 10 … Z = 35). */
function mod97_10(s: string): boolean {
  const digits = [...s].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  return modOf(digits, 97) === 1;
}

/** Check-digit rules; a country missing here is checked by format only. */
const CHECKS: Partial<Record<EuVatPrefix, (n: string) => boolean>> = {
  AT: (n) => {
    const d = digitsOf(n.slice(1));
    let sum = 0;
    for (let i = 0; i < 7; i++) sum += i % 2 === 0 ? d[i]! : d[i]! * 2 > 9 ? d[i]! * 2 - 9 : d[i]! * 2;
    return (10 - ((sum + 4) % 10)) % 10 === d[7];
  },
  BE: (n) => (Number(n.slice(0, 8)) + Number(n.slice(8))) % 97 === 0,
  DE: mod11_10,
  DK: (n) => weightedSum(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  EE: (n) => weightedSum(n, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0,
  EL: (n) => (weightedSum(n, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(n[8]),
  FI: (n) => weightedSum(n, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0,
  // Numeric key = (SIREN·100 + 12) mod 97; keys with letters are format only.
  FR: (n) => !/^\d\d/.test(n) || Number(n.slice(0, 2)) === modOf(`${n.slice(2)}12`, 97),
  HR: mod11_10,
  HU: (n) => weightedSum(n, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0,
  IT: isValidPartitaIva,
  LU: (n) => Number(n.slice(0, 6)) % 89 === Number(n.slice(6)),
  MT: (n) => weightedSum(n, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0,
  // Numbers issued before 2020 pass the RSIN/BSN eleven-test, the newer btw-id MOD 97-10 over "NL…".
  NL: (n) => weightedSum(n, [9, 8, 7, 6, 5, 4, 3, 2, -1]) % 11 === 0 || mod97_10(`NL${n}`),
  PL: (n) => weightedSum(n, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(n[9]),
  PT: (n) => ((11 - (weightedSum(n, [9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 11) % 10 === Number(n[8]),
  RO: (n) => {
    const padded = n.padStart(10, '0');
    return ((weightedSum(padded, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === Number(padded[9]);
  },
  SE: (n) => luhn(n.slice(0, 10)),
  SI: (n) => {
    const check = 11 - (weightedSum(n, [8, 7, 6, 5, 4, 3, 2]) % 11);
    return check !== 11 && (check === 10 ? 0 : check) === Number(n[7]);
  },
  SK: (n) => modOf(n, 11) === 0,
};

/** Old short forms padded as the tax offices do: 9-digit BE, 8-digit EL, NL with fewer than 9 digits. */
function padOldForms(prefix: EuVatPrefix, n: string): string {
  if (prefix === 'BE' && /^\d{9}$/.test(n)) return `0${n}`;
  if (prefix === 'EL' && /^\d{8}$/.test(n)) return `0${n}`;
  const nl = prefix === 'NL' ? /^(\d{1,8})(B\d\d)$/.exec(n) : null;
  if (nl) return nl[1]!.padStart(9, '0') + nl[2]!;
  return n;
}

/** Uppercase, only letters and digits kept ("+" and "*" too: old Irish numbers use them). */
function compact(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9+*]/g, '');
}

/**
 * The national part of a VAT number: separators removed, uppercased, the country prefix removed when present
 * ("DE 136.695.976" → "136695976", "GR 094259216" → "094259216", "ATU13585627" → "U13585627").
 * A value starting with the prefix is always read as prefixed (so a French key "FR" needs the prefix typed).
 * Outside the EU the value is only compacted.
 */
export function normalizeEuVat(countryCode: string, value: string): string {
  const prefix = euVatPrefix(countryCode);
  const compacted = compact(value);
  if (!prefix) return compacted;
  for (const p of prefix === 'EL' ? ['EL', 'GR'] : [prefix]) {
    if (compacted.startsWith(p)) return padOldForms(prefix, compacted.slice(p.length));
  }
  return padOldForms(prefix, compacted);
}

export type EuVatResult =
  | {
      valid: true;
      prefix: EuVatPrefix;
      /** The national part, as stored (see normalizeEuVat). */
      number: string;
      /** True when a check digit was verified, false when only the format could be. */
      checkDigitVerified: boolean;
    }
  | { valid: false; reason: 'country' | 'format' | 'checkDigit' };

/**
 * Validates a VAT number for a country (ISO code, or the VAT prefix EL/XI), with or without the prefix,
 * spaces, dots, dashes or slashes.
 */
export function validateEuVat(countryCode: string, value: string): EuVatResult {
  const prefix = euVatPrefix(countryCode);
  if (!prefix) return { valid: false, reason: 'country' };
  const number = normalizeEuVat(prefix, value);
  if (!FORMATS[prefix].test(number)) return { valid: false, reason: 'format' };
  const check = CHECKS[prefix];
  if (check && !check(number)) return { valid: false, reason: 'checkDigit' };
  const letterKey = prefix === 'FR' && !/^\d\d/.test(number);
  return { valid: true, prefix, number, checkDigitVerified: check !== undefined && !letterKey };
}

export function isValidEuVat(countryCode: string, value: string): boolean {
  return validateEuVat(countryCode, value).valid;
}

/** The full VIES form, prefix included: ("GR", "094259216") → "EL094259216"; null when not valid. */
export function formatEuVat(countryCode: string, value: string): string | null {
  const result = validateEuVat(countryCode, value);
  return result.valid ? `${result.prefix}${result.number}` : null;
}
