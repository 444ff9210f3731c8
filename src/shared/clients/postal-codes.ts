/**
 * Postal code formats by country (ISO 3166-1 alpha-2). Countries with a listed pattern are checked exactly;
 * any other country gets a lenient check: 2–10 letters or digits, spaces and dashes allowed between them.
 * Values are compared after normalizePostalCode (uppercase, single spaces, the usual separator put back).
 */
const PATTERNS: Record<string, RegExp> = {
  IT: /^\d{5}$/,
  SM: /^4789\d$/, // San Marino uses Italian CAPs 47890–47899
  VA: /^00120$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  ES: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, // the first two digits are the province, 01–52
  AT: /^[1-9]\d{3}$/,
  BE: /^[1-9]\d{3}$/,
  CH: /^[1-9]\d{3}$/,
  LU: /^\d{4}$/,
  DK: /^\d{4}$/,
  FI: /^\d{5}$/,
  NL: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/,
  PT: /^\d{4}-\d{3}$/,
  PL: /^\d{2}-\d{3}$/,
  SE: /^[1-9]\d{2} \d{2}$/,
  // Eircode: routing key (letter + 2 digits, or D6W) and a 4-character unique identifier.
  IE: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/,
  GB: /^(?:[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}|GIR 0AA)$/,
  US: /^\d{5}(?:-\d{4})?$/,
};

/** Old European forms with a country letter: "I-20121", "D-10115", "CH-8001". */
const LETTER_PREFIXES: Record<string, string> = {
  IT: 'I',
  DE: 'D',
  FR: 'F',
  AT: 'A',
  CH: 'CH',
  BE: 'B',
  LU: 'L',
  ES: 'E',
};

/** Examples for placeholders. */
export const POSTAL_CODE_EXAMPLES: Record<string, string> = {
  IT: '20121',
  DE: '10115',
  FR: '75001',
  ES: '28013',
  AT: '1010',
  BE: '1000',
  CH: '8001',
  NL: '1012 AB',
  PT: '1100-148',
  IE: 'D02 X285',
  GB: 'SW1A 1AA',
  US: '10001',
};

export function hasPostalCodePattern(country: string): boolean {
  return Object.hasOwn(PATTERNS, country.trim().toUpperCase());
}

/**
 * Trimmed, uppercased, spaces collapsed, the country letter removed ("I-20121" → "20121") and the usual
 * separator restored: "1012ab" → "1012 AB", "1100148" → "1100-148", "sw1a1aa" → "SW1A 1AA", "d02x285" →
 * "D02 X285", "00950" (PL) → "00-950", "11455" (SE) → "114 55".
 */
export function normalizePostalCode(country: string, value: string): string {
  const cc = country.trim().toUpperCase();
  let code = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const letter = LETTER_PREFIXES[cc];
  if (letter && code.startsWith(`${letter}-`)) code = code.slice(letter.length + 1).trim();
  const compact = code.replace(/[\s-]/g, '');
  switch (cc) {
    case 'NL':
      return /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : code;
    case 'PT':
      return /^\d{7}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : code;
    case 'PL':
      return /^\d{5}$/.test(compact) ? `${compact.slice(0, 2)}-${compact.slice(2)}` : code;
    case 'SE':
      return /^\d{5}$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : code;
    case 'IE': // routing key (3) + unique identifier (4)
      return /^[A-Z0-9]{7}$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : code;
    case 'GB': // outward code (2–4) + inward code (3)
      return /^[A-Z0-9]{5,7}$/.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : code;
    default:
      return code;
  }
}

/** True when the code fits the country's format (see the module comment for countries without one). */
export function isValidPostalCode(country: string, value: string): boolean {
  const cc = country.trim().toUpperCase();
  const code = normalizePostalCode(cc, value);
  const pattern = PATTERNS[cc];
  if (pattern) return pattern.test(code);
  const alnum = code.replace(/[\s-]/g, '');
  return /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/.test(code) && alnum.length >= 2 && alnum.length <= 10;
}
