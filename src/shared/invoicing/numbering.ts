/**
 * Document numbers of quotes, invoices and credit notes (issue 5), from a pattern set per organization.
 * Tokens: {n} the progressive number, {n:4} the same zero-padded to 4 digits (1–9), {yyyy} and {yy} the year
 * of the issue date. Outside tokens only letters, digits and / - _ . are allowed. A pattern has exactly one
 * progressive token, at most 40 characters, and must give a FatturaPA Numero (String20Type: at most 20
 * characters, with at least one digit) for any year and a progressive of up to MAX_PROGRESSIVE_DIGITS digits.
 */
export const DEFAULT_INVOICE_NUMBER_PATTERN = '{n}/{yyyy}';
export const DEFAULT_CREDIT_NOTE_NUMBER_PATTERN = 'NC{n}/{yyyy}';
export const DEFAULT_QUOTE_NUMBER_PATTERN = 'P{n}/{yyyy}';

export const NUMBER_PATTERN_MAX = 40;
export const FATTURAPA_NUMBER_MAX = 20;
/** The largest progressive a valid pattern must accommodate: 999,999 documents a year. */
export const MAX_PROGRESSIVE_DIGITS = 6;

const TOKEN = /\{([^{}]*)\}/g;
const LITERAL = /^[A-Za-z0-9/_.-]*$/;

type Part = { literal: string } | { token: 'n'; pad: number } | { token: 'yyyy' | 'yy' };

/** The pattern split into literals and tokens, or null when it has an unknown token or forbidden character. */
function parsePattern(pattern: string): Part[] | null {
  const parts: Part[] = [];
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    parts.push({ literal: pattern.slice(last, match.index) });
    const name = match[1] ?? '';
    const padded = /^n:([1-9])$/.exec(name);
    if (name === 'n') parts.push({ token: 'n', pad: 0 });
    else if (padded) parts.push({ token: 'n', pad: Number(padded[1]) });
    else if (name === 'yyyy' || name === 'yy') parts.push({ token: name });
    else return null;
    last = match.index + match[0].length;
  }
  parts.push({ literal: pattern.slice(last) });
  const literalsOk = parts.every((part) => !('literal' in part) || LITERAL.test(part.literal));
  return literalsOk ? parts : null;
}

function render(parts: Part[], year: number, n: number): string {
  return parts
    .map((part) => {
      if ('literal' in part) return part.literal;
      if (part.token === 'n') return String(n).padStart(part.pad, '0');
      return part.token === 'yyyy' ? String(year).padStart(4, '0') : String(year % 100).padStart(2, '0');
    })
    .join('');
}

/** Whether a number fits FatturaPA's Numero: 1–20 basic Latin characters, at least one of them a digit. */
export function isValidFatturaPaNumber(number: string): boolean {
  return (
    number.length >= 1 &&
    number.length <= FATTURAPA_NUMBER_MAX &&
    /^[\x20-\x7e]+$/.test(number) &&
    /\d/.test(number)
  );
}

/** Whether an organization may use the pattern (see the module comment for the rules). */
export function isValidNumberPattern(pattern: string): boolean {
  if (pattern.length === 0 || pattern.length > NUMBER_PATTERN_MAX) return false;
  const parts = parsePattern(pattern);
  if (!parts || parts.filter((part) => 'token' in part && part.token === 'n').length !== 1) return false;
  const longest = render(parts, 9999, 10 ** MAX_PROGRESSIVE_DIGITS - 1);
  return isValidFatturaPaNumber(longest);
}

/** The number of a document: formatDocumentNumber('P{n:3}/{yy}', 2026, 7) → "P007/26". */
export function formatDocumentNumber(pattern: string, year: number, n: number): string {
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError(`Invalid year: ${year}`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Invalid progressive number: ${n}`);
  const parts = parsePattern(pattern);
  if (!parts || !isValidNumberPattern(pattern)) throw new RangeError(`Invalid number pattern: ${pattern}`);
  return render(parts, year, n);
}

/** Whether the progressive restarts every year: true when the pattern shows the year. */
export function numberPatternHasYear(pattern: string): boolean {
  return /\{(yyyy|yy)\}/.test(pattern);
}
