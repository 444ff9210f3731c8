import { z } from 'zod';

/**
 * Calendar dates of bank statements and import files, read into ISO "YYYY-MM-DD" with real calendar checks
 * (31/02 and 29/02 of a non-leap year are refused). Day and month may have one or two digits; the year has
 * four, from 1900 to 2199 (two-digit years are refused rather than guessed). A time after the date
 * ("31/12/2026 10:22", "2026-12-31T10:22:00Z") is ignored: the day is the one written, in no time zone.
 */
export const DATE_FORMATS = ['dd/mm/yyyy', 'yyyy-mm-dd', 'mm/dd/yyyy', 'dd.mm.yyyy', 'dd-mm-yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const D = String.raw`(\d{1,2})`;
const Y = String.raw`(\d{4})`;

/** Each format's pattern and the order of its captured parts (d, m, y). */
const READERS: Record<DateFormat, { pattern: RegExp; order: readonly ('d' | 'm' | 'y')[] }> = {
  'dd/mm/yyyy': { pattern: new RegExp(`^${D}/${D}/${Y}${TIME}$`), order: ['d', 'm', 'y'] },
  'yyyy-mm-dd': { pattern: new RegExp(`^${Y}-${D}-${D}${TIME}$`), order: ['y', 'm', 'd'] },
  'mm/dd/yyyy': { pattern: new RegExp(`^${D}/${D}/${Y}${TIME}$`), order: ['m', 'd', 'y'] },
  'dd.mm.yyyy': { pattern: new RegExp(`^${D}\\.${D}\\.${Y}${TIME}$`), order: ['d', 'm', 'y'] },
  'dd-mm-yyyy': { pattern: new RegExp(`^${D}-${D}-${Y}${TIME}$`), order: ['d', 'm', 'y'] },
};

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "YYYY-MM-DD" for a real day, or null. */
export function toIsoDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Text in the given format → ISO date, or null when it does not fit the format or the calendar. */
export function parseDate(text: string, format: DateFormat): string | null {
  const { pattern, order } = READERS[format];
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const parts = { d: 0, m: 0, y: 0 };
  order.forEach((part, i) => (parts[part] = Number(match[i + 1])));
  return toIsoDate(parts.y, parts.m, parts.d);
}

/** A real calendar day written exactly "YYYY-MM-DD". */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parseDate(text, 'yyyy-mm-dd') === text;
}

/**
 * The first format (Italian first, in DATE_FORMATS order) that reads every non-empty sample; null when none
 * does. "03/04/2026" alone fits both day-first and month-first: day-first wins.
 */
export function detectDateFormat(samples: readonly string[]): DateFormat | null {
  const filled = samples.map((s) => s.trim()).filter(Boolean);
  if (filled.length === 0) return null;
  return DATE_FORMATS.find((format) => filled.every((s) => parseDate(s, format) !== null)) ?? null;
}

/** Today on this machine's calendar (the browser's, or the server's time zone) as "YYYY-MM-DD". */
export function todayIsoDate(now: Date = new Date()): string {
  return toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate()) as string;
}

/** A required ISO date field ("YYYY-MM-DD", real calendar day) with the given message key. */
export function zIsoDate(messageKey: string) {
  return z.string({ error: messageKey }).trim().refine(isIsoDate, { error: messageKey });
}
