import { addDays, daysBetween } from '../dates/dates.ts';
import type { DashboardPeriod } from './contracts.ts';
import { isoDate } from './tax-calendar.ts';

/** The first and last day of the month `offset` months from the one of `day` (−1: the month before). */
export function monthRange(day: string, offset = 0) {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + offset;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const next = month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1);
  return { from: isoDate(year, month, 1), to: addDays(next, -1) };
}

/** The period containing `today` and the one before it, of the same kind. */
export function periodsOf(today: string, period: DashboardPeriod) {
  const months = period === 'month' ? 1 : period === 'quarter' ? 3 : 12;
  const month = Number(today.slice(5, 7));
  const startOffset = -((month - 1) % months);
  const current = {
    from: monthRange(today, startOffset).from,
    to: monthRange(today, startOffset + months - 1).to,
  };
  const previous = {
    from: monthRange(today, startOffset - months).from,
    to: monthRange(today, startOffset - 1).to,
  };
  return { current, previous };
}

/** The last twelve months up to today's, oldest first, as 'YYYY-MM'. */
export function lastTwelveMonths(today: string) {
  return Array.from({ length: 12 }, (_, i) => monthRange(today, i - 11).from.slice(0, 7));
}

/** The kinds of range a report's period picker offers. */
export const RANGE_KINDS = ['month', 'quarter', 'year', 'custom'] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];
export type DateRange = { from: string; to: string };

const isFirstOfMonth = (day: string) => day.endsWith('-01');
const isLastOfMonth = (day: string) => monthRange(day).to === day;
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** Whole months from the 1st of one to the last day of another: how many, else null. */
function wholeMonths(range: DateRange): number | null {
  if (!isFirstOfMonth(range.from) || !isLastOfMonth(range.to)) return null;
  return monthIndex(range.to) - monthIndex(range.from) + 1;
}

/** What the picker shows for a range: a calendar month, quarter or year, else custom. */
export function rangeKindOf(range: DateRange): RangeKind {
  const months = wholeMonths(range);
  const startMonth = Number(range.from.slice(5, 7));
  if (months === 1) return 'month';
  if (months === 3 && (startMonth - 1) % 3 === 0) return 'quarter';
  if (months === 12 && startMonth === 1) return 'year';
  return 'custom';
}

/** The month, quarter or year containing `day` (custom keeps the month). */
export function rangeOfKind(kind: RangeKind, day: string): DateRange {
  if (kind === 'month' || kind === 'custom') return monthRange(day);
  return periodsOf(day, kind).current;
}

/**
 * The range just before `range`, to compare with: whole months shift by their count (March → February, Q2 →
 * Q1, a year → the year before), any other range by its length in days, ending the day before it starts.
 */
export function previousRange(range: DateRange): DateRange {
  const months = wholeMonths(range);
  if (months !== null) {
    return { from: monthRange(range.from, -months).from, to: monthRange(range.from, -1).to };
  }
  const length = daysBetween(range.from, range.to);
  const to = addDays(range.from, -1);
  return { from: addDays(to, -length), to };
}

/** The same kind of range `steps` periods later (negative: earlier), for the picker's arrows. */
export function shiftRange(range: DateRange, steps: number): DateRange {
  let next = range;
  for (let i = 0; i < Math.abs(steps); i++) {
    if (steps < 0) next = previousRange(next);
    else {
      const months = wholeMonths(next);
      next =
        months !== null
          ? { from: monthRange(next.from, months).from, to: monthRange(next.to, months).to }
          : (() => {
              const from = addDays(next.to, 1);
              return { from, to: addDays(from, daysBetween(next.from, next.to)) };
            })();
    }
  }
  return next;
}

/**
 * A range cut at month boundaries: the whole months inside it (null when none) and the days before and after
 * them, so sums kept per month can answer the months and only the days are summed from their rows.
 */
export function splitAtWholeMonths(range: DateRange): { months: DateRange | null; days: DateRange[] } {
  const from = isFirstOfMonth(range.from) ? range.from : monthRange(range.from, 1).from;
  const to = isLastOfMonth(range.to) ? range.to : monthRange(range.to, -1).to;
  if (from > to) return { months: null, days: [range] };
  const days: DateRange[] = [];
  if (range.from < from) days.push({ from: range.from, to: addDays(from, -1) });
  if (to < range.to) days.push({ from: addDays(to, 1), to: range.to });
  return { months: { from, to }, days };
}
