import { addDays } from '../dates/dates.ts';
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
