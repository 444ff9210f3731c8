import { addDays, daysBetween } from '../dates/dates.ts';
import { monthRange, type DateRange } from './periods.ts';

/**
 * The columns of the profit and loss and cash-flow reports: the calendar months a range touches (cut to the
 * range at both ends) and the weeks of the cash-flow forecast.
 */

export type ReportMonth = DateRange & { month: string };

/** Each calendar month a range touches, as 'YYYY-MM' with its days inside the range, oldest first. */
export function monthsOf(range: DateRange): ReportMonth[] {
  const months: ReportMonth[] = [];
  let day = range.from;
  while (day <= range.to) {
    const whole = monthRange(day);
    months.push({ month: day.slice(0, 7), from: day, to: whole.to < range.to ? whole.to : range.to });
    day = addDays(whole.to, 1);
  }
  return months;
}

/** The forecast's horizon: 90 days counting today. */
export const FORECAST_DAYS = 90;
export const WEEK_DAYS = 7;

/**
 * The forecast's weeks: seven days each from today (not calendar weeks, so the first week is a whole one), the
 * last cut at the horizon's end. 90 days make 13 weeks, the last of 6 days.
 */
export function forecastWeeks(today: string, days = FORECAST_DAYS): DateRange[] {
  const end = addDays(today, days - 1);
  const weeks: DateRange[] = [];
  for (let from = today; from <= end; from = addDays(from, WEEK_DAYS)) {
    const to = addDays(from, WEEK_DAYS - 1);
    weeks.push({ from, to: to < end ? to : end });
  }
  return weeks;
}

/** The forecast week (0-based) a day falls in, or null before today or past the horizon. */
export function forecastWeekOf(day: string, today: string, days = FORECAST_DAYS): number | null {
  const offset = daysBetween(today, day);
  if (offset < 0 || offset >= days) return null;
  return Math.floor(offset / WEEK_DAYS);
}

/** The balance after each step: the opening balance plus the nets so far. */
export function runningBalances(openingCents: number, nets: readonly number[]): number[] {
  let balance = openingCents;
  return nets.map((net) => (balance += net));
}
