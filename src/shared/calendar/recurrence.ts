import * as rruleModule from 'rrule';
import {
  MAX_RECURRENCE_COUNT,
  MAX_RECURRENCE_YEARS,
  RECURRENCE_FREQUENCIES,
  WEEKDAYS,
  type RecurrenceFrequency,
  type TRecurrence,
  type Weekday,
} from './contracts.ts';
import { weekdayIndex, zonedToUtc } from '../dates/dates.ts';

/**
 * Repeating events as RRULE (RFC 5545), expanded with the rrule library. Occurrences are computed on dates
 * only ("floating" UTC midnights), since every occurrence keeps the event's wall-clock times: the instants
 * come from time.ts, so a weekly 09:00 stays 09:00 across the daylight-saving change.
 *
 * The stored rule is our canonical form: FREQ=DAILY|WEEKLY|MONTHLY;INTERVAL=n[;BYDAY=MO,WE][;UNTIL=YYYYMMDD
 * |;COUNT=n], with UNTIL a local date (inclusive). toIcsRRule turns it into what iCalendar requires.
 */

// rrule ships CommonJS to Node (named exports under `default`) and ES modules to bundlers.
type RRuleLib = typeof rruleModule;
const lib: RRuleLib =
  'RRule' in rruleModule && rruleModule.RRule
    ? rruleModule
    : (rruleModule as unknown as { default: RRuleLib }).default;

const FREQ: Record<RecurrenceFrequency, rruleModule.Frequency> = {
  daily: lib.Frequency.DAILY,
  weekly: lib.Frequency.WEEKLY,
  monthly: lib.Frequency.MONTHLY,
};
/** A safety cap on one expansion (730 counted repetitions, or 5 years of days). */
const MAX_OCCURRENCES = 2000;

function compact(date: string): string {
  return date.replaceAll('-', '');
}
function dashed(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}
function floating(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}
function dateOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * The canonical rule of a repetition starting on `startDate`. A weekly rule always includes the start
 * date's week day (otherwise RFC 5545 leaves the first occurrence undefined).
 */
export function buildRRule(rec: TRecurrence, startDate: string): string {
  const parts = [`FREQ=${rec.frequency.toUpperCase()}`, `INTERVAL=${rec.interval}`];
  if (rec.frequency === 'weekly' && rec.byWeekday?.length) {
    const days = new Set<Weekday>([...rec.byWeekday, WEEKDAYS[weekdayIndex(startDate)]!]);
    parts.push(`BYDAY=${WEEKDAYS.filter((d) => days.has(d)).join(',')}`);
  }
  if (rec.until) parts.push(`UNTIL=${compact(rec.until)}`);
  else if (rec.count) parts.push(`COUNT=${rec.count}`);
  return parts.join(';');
}

/** The repetition of a canonical rule; throws on anything else (rules are only ever written by buildRRule). */
export function parseRRule(rule: string): TRecurrence {
  const fields = new Map(
    rule.split(';').map((part) => {
      const [key, value = ''] = part.split('=');
      return [key!.toUpperCase(), value] as const;
    }),
  );
  const frequency = fields.get('FREQ')?.toLowerCase() as RecurrenceFrequency | undefined;
  if (!frequency || !RECURRENCE_FREQUENCIES.includes(frequency)) {
    throw new RangeError(`unsupported rule: ${rule}`);
  }
  const interval = Number(fields.get('INTERVAL') ?? '1');
  const byday = fields.get('BYDAY');
  const until = fields.get('UNTIL');
  const count = fields.get('COUNT');
  const byWeekday = byday ? (byday.split(',') as Weekday[]) : null;
  if (!Number.isInteger(interval) || interval < 1 || byWeekday?.some((d) => !WEEKDAYS.includes(d))) {
    throw new RangeError(`unsupported rule: ${rule}`);
  }
  if (until !== undefined && !/^\d{8}$/.test(until)) throw new RangeError(`unsupported rule: ${rule}`);
  return {
    frequency,
    interval,
    byWeekday,
    until: until ? dashed(until) : null,
    count: count ? Number(count) : null,
  };
}

/** Why a repetition cannot be stored, as a message key, or null: it must end within 5 years or 730 times. */
export function recurrenceProblem(rec: TRecurrence, startDate: string) {
  if ((rec.until === null) === (rec.count === null)) return 'calendar.errors.recurrenceEndRequired' as const;
  if (rec.until !== null && rec.until < startDate)
    return 'calendar.errors.recurrenceUntilBeforeStart' as const;
  const limit = `${Number(startDate.slice(0, 4)) + MAX_RECURRENCE_YEARS}${startDate.slice(4)}`;
  if (rec.until !== null && rec.until > limit) return 'calendar.errors.recurrenceTooLong' as const;
  if (rec.count !== null && rec.count > MAX_RECURRENCE_COUNT)
    return 'calendar.errors.recurrenceTooLong' as const;
  return null;
}

function ruleFor(startDate: string, rule: string): rruleModule.RRule {
  const rec = parseRRule(rule);
  return new lib.RRule({
    freq: FREQ[rec.frequency],
    interval: rec.interval,
    dtstart: floating(startDate),
    byweekday: rec.byWeekday ? rec.byWeekday.map((d) => WEEKDAYS.indexOf(d)) : null,
    until: rec.until ? floating(rec.until) : null,
    count: rec.count,
    wkst: 0,
  });
}

/** The dates (YYYY-MM-DD) of the occurrences between `from` and `to`, both inclusive, in order. */
export function occurrenceDates(startDate: string, rule: string | null, from: string, to: string): string[] {
  if (!rule) return startDate >= from && startDate <= to ? [startDate] : [];
  if (to < startDate) return [];
  return ruleFor(startDate, rule)
    .between(floating(from), floating(to), true, (_d, n) => n < MAX_OCCURRENCES)
    .map(dateOf);
}

/** The date of the last occurrence (the start date for a single event). */
export function lastOccurrenceDate(startDate: string, rule: string | null): string {
  if (!rule) return startDate;
  const all = ruleFor(startDate, rule).all((_d, n) => n < MAX_OCCURRENCES);
  return all.length ? dateOf(all[all.length - 1]!) : startDate;
}

/** Whether `date` is one of the occurrences. */
export function isOccurrence(startDate: string, rule: string | null, date: string): boolean {
  return occurrenceDates(startDate, rule, date, date).length === 1;
}

/**
 * The RRULE value for an iCalendar file: UNTIL becomes a DATE for an all-day event and otherwise the UTC
 * instant of the last possible start (RFC 5545 requires UTC when DTSTART has a TZID).
 */
export function toIcsRRule(
  rule: string,
  event: { allDay: boolean; startTime: string; timeZone: string },
): string {
  return rule
    .split(';')
    .map((part) => {
      const m = /^UNTIL=(\d{8})$/.exec(part);
      if (!m || event.allDay) return part;
      const instant = zonedToUtc(dashed(m[1]!), event.startTime, event.timeZone);
      return `UNTIL=${instant
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`;
    })
    .join(';');
}
