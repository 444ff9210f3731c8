import { z } from 'zod';

/**
 * Euro amounts typed by people or exported by banks, read into integer cents (DESIGN.md §4).
 * - 'it': "." groups thousands, "," is the decimal mark ("1.234,56"); 'en': the other way ("1,234.56").
 * - 'auto' (forms, unknown files): with both marks the last one is the decimal mark; one mark used more than
 *   once groups thousands ("1.234.567"); one mark used once is the decimal mark ("12,5", "12.50") unless three
 *   digits follow it: "1.234" or "1,859" could be thousands or a price of fuel, so it is refused (null) rather
 *   than misread a thousand times too large or small.
 * - Accepted around the number: "€" or "EUR", a sign before it ("-", "+", "−") or a trailing "-" (some Italian
 *   bank exports), and accounting parentheses "(12,00)", read as negative. Spaces, non-breaking spaces and
 *   apostrophes may group thousands ("1 234,56", "1'234.56").
 * - Thousands groups must have three digits ("1.23,45" is refused) and at most two decimals are kept: more
 *   decimals are accepted only when they are zeros ("12,500" in 'it' is 12,50 €). Anything else gives null,
 *   never a guess.
 */
export const NUMBER_FORMATS = ['it', 'en', 'auto'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** The largest amount accepted: 999.999.999.999,99 € (well inside the safe integer range). */
export const MAX_CENTS = 99_999_999_999_999;

/** Which mark is the decimal one and which groups thousands (null: not used); null when ambiguous. */
function marksOf(s: string, format: NumberFormat): { decimal: string | null; group: string | null } | null {
  if (format === 'it') return { decimal: ',', group: '.' };
  if (format === 'en') return { decimal: '.', group: ',' };
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  if (dots && commas)
    return s.lastIndexOf('.') > s.lastIndexOf(',')
      ? { decimal: '.', group: ',' }
      : { decimal: ',', group: '.' };
  if (!dots && !commas) return { decimal: null, group: null };
  const mark = dots ? '.' : ',';
  if (dots + commas > 1) return { decimal: null, group: mark };
  return s.split(mark)[1]?.length === 3 ? null : { decimal: mark, group: null };
}

/** Euro text → integer cents, or null when it is not an amount (see the module comment). */
export function parseEuroAmount(text: string, format: NumberFormat = 'auto'): number | null {
  let s = text.replace(/[\u00a0\u202f\u2007]/g, ' ').trim();
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/€|EUR/gi, '').trim();
  if (/^[-+\u2212]/.test(s)) {
    if (s[0] !== '+') negative = !negative;
    s = s.slice(1).trim();
  } else if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1).trim();
  }
  if (/^\d{1,3}(?:[ '’]\d{3})+(?:[.,]\d+)?$/.test(s)) s = s.replace(/[ '’]/g, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;

  const marks = marksOf(s, format);
  if (!marks) return null;
  const { decimal, group } = marks;
  const parts = decimal ? s.split(decimal) : [s];
  if (parts.length > 2) return null;
  let [int = '', frac = ''] = parts;
  if (group && int.includes(group)) {
    if (!new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+$`).test(int)) return null;
    int = int.split(group).join('');
  }
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac)) return null;
  if (s.endsWith('.') || s.endsWith(',') || (int === '' && frac === '')) return null;
  if (frac.length > 2) {
    if (!/^0+$/.test(frac.slice(2))) return null;
    frac = frac.slice(0, 2);
  }
  const cents = Number(int || '0') * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** A euro amount given as a JS number (12.5 → 1250); null when not finite, too large or finer than a cent. */
export function euroNumberToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  if (Math.abs(value * 100 - cents) > 1e-6 || Math.abs(cents) > MAX_CENTS) return null;
  return cents === 0 ? 0 : cents;
}

/** Cents as a plain number for files: no grouping, no symbol, two decimals ('en' "-1234.56", 'it' "-1234,56"). */
export function formatCentsPlain(cents: number, format: 'it' | 'en' = 'en'): string {
  if (!Number.isSafeInteger(cents)) throw new Error('formatCentsPlain needs integer cents');
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}${format === 'it' ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/**
 * The decimal style of a column of amounts: 'it' when some value ends in ",d" or ",dd", 'en' for ".d"/".dd",
 * otherwise 'auto'. Mixed evidence also gives 'auto'.
 */
export function detectNumberFormat(samples: readonly string[]): NumberFormat {
  let it = false;
  let en = false;
  for (const sample of samples) {
    const s = sample.replace(/[\s€)]|EUR/gi, '').replace(/-$/, '');
    if (/,\d{1,2}$/.test(s)) it = true;
    else if (/\.\d{1,2}$/.test(s)) en = true;
  }
  return it === en ? 'auto' : it ? 'it' : 'en';
}

/**
 * A money field of a form or API body: euro text ("1.234,56", "12.5") or a number (12.5) → integer cents.
 * Empty text, null and undefined give undefined (the caller decides whether that is allowed); anything else that
 * is not an amount fails with the given message key. Sign rules are the caller's (refine the output).
 */
export function zEuroCents(invalidKey: string) {
  return z
    .union([z.string(), z.number()], { error: invalidKey })
    .nullish()
    .transform((value, ctx): number | undefined => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
        return undefined;
      }
      const cents = typeof value === 'number' ? euroNumberToCents(value) : parseEuroAmount(value, 'auto');
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: invalidKey });
        return z.NEVER;
      }
      return cents;
    });
}
