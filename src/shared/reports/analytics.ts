import { addDays, daysBetween } from '../dates/dates.ts';
import { monthRange, type DateRange } from './periods.ts';

/**
 * The pure side of /analytics (issue 14): how a range is cut into the sales trend's buckets, and the ratios
 * the page shows. The server groups the documents by the same bucket index in SQL (`bucketIndexSql` in
 * analytics-repository.ts mirrors `bucketIndexOf`).
 */

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Days in a range, both ends included. */
export const rangeDays = (range: DateRange) => daysBetween(range.from, range.to) + 1;

/** By day up to 31 days, by week up to 92 (a quarter), else by month. */
export function granularityOf(range: DateRange): Granularity {
  const days = rangeDays(range);
  if (days <= 31) return 'day';
  if (days <= 92) return 'week';
  return 'month';
}

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/**
 * The bucket a day falls in, counted from the range's start: days; weeks of seven days from the first day (so
 * a period and the one before it line up bucket by bucket); calendar months.
 */
export function bucketIndexOf(range: DateRange, granularity: Granularity, day: string): number {
  if (granularity === 'month') return monthIndex(day) - monthIndex(range.from);
  const days = daysBetween(range.from, day);
  return granularity === 'day' ? days : Math.floor(days / 7);
}

/** The buckets of a range in order, each cut to the range (a custom range may start mid-month). */
export function bucketsOf(range: DateRange, granularity: Granularity): DateRange[] {
  const buckets: DateRange[] = [];
  let from = range.from;
  while (from <= range.to) {
    const end =
      granularity === 'day' ? from : granularity === 'week' ? addDays(from, 6) : monthRange(from).to;
    const to = end < range.to ? end : range.to;
    buckets.push({ from, to });
    from = addDays(to, 1);
  }
  return buckets;
}

/** accepted ÷ (accepted + rejected + expired): the quotes with an outcome; null when none has one yet. */
export function conversionRate(quotes: {
  accepted: number;
  rejected: number;
  expired: number;
}): number | null {
  const decided = quotes.accepted + quotes.rejected + quotes.expired;
  return decided === 0 ? null : quotes.accepted / decided;
}

/**
 * Inventory turnover: cost of the goods that went out ÷ the average of the stock's value at the start and at the
 * end of the range. Null when there was no stock to average (the ratio means nothing then).
 */
export function inventoryTurnover(stock: {
  cogsCents: number;
  openingStockCents: number;
  closingStockCents: number;
}): number | null {
  const average = (stock.openingStockCents + stock.closingStockCents) / 2;
  if (average <= 0) return null;
  return Math.round((stock.cogsCents / average) * 100) / 100;
}

/** A day count average rounded to one decimal, as the page shows it; null stays null. */
export const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
