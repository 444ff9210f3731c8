/**
 * One set of Intl formatters for every screen (DESIGN §6): numbers, euro amounts and dates in the
 * active locale. Grouping is forced so Italian reads `1.234,56 €` (CLDR leaves 4-digit numbers ungrouped).
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(locale, { useGrouping: 'always', ...options });
    cache.set(key, f);
  }
  return f;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

export function formatPercent(ratio: number, locale: string, fractionDigits = 0): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(ratio);
}

/** A euro amount given in euros: it-IT `1.234,56 €`, en-US `€1,234.56`. */
export function formatEuro(amount: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
}

/** A euro amount stored as integer cents (DESIGN §4). */
export function formatEuroCents(cents: number, locale: string): string {
  return formatEuro(cents / 100, locale);
}

/** A compact euro amount for chart axes: it-IT `13,5 k €`, en-US `€13.5K`. */
export function formatCompactEuro(amount: number, locale: string): string {
  return numberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
    style: 'currency',
    currency: 'EUR',
  }).format(amount);
}

/** A calendar month "YYYY-MM": short `nov 26` / `Nov 26`, long `novembre 2026` / `November 2026`. */
export function formatMonth(month: string, locale: string, style: 'short' | 'long'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return dateFormat(locale, {
    month: style,
    year: style === 'short' ? '2-digit' : 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 15)));
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  // A plain calendar date (YYYY-MM-DD) is a day, not an instant: read it at noon UTC so no time zone moves it.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  return new Date(value);
}

export type DateStyle = 'short' | 'medium' | 'long' | 'full';

/** A calendar date: it-IT `5 mar 2025`, en-US `Mar 5, 2025` (medium). */
export function formatDate(
  value: DateInput,
  locale: string,
  style: DateStyle = 'medium',
  timeZone?: string,
): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const plainDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateFormat(locale, { dateStyle: style, timeZone: plainDay ? 'UTC' : timeZone }).format(d);
}

/** A date with time: it-IT `5 mar 2025, 11:00`, en-US `Mar 5, 2025, 11:00 AM`. */
export function formatDateTime(
  value: DateInput,
  locale: string,
  style: DateStyle = 'medium',
  timeZone?: string,
): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(locale, { dateStyle: style, timeStyle: 'short', timeZone }).format(d);
}

export function formatTime(value: DateInput, locale: string, timeZone?: string): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(locale, { timeStyle: 'short', timeZone }).format(d);
}
