import { TZDate, tz, tzOffset, tzScan } from '@date-fns/tz';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  differenceInCalendarDays,
  format,
  getISODay,
} from 'date-fns';

/**
 * The date and time-zone maths of both sides, over date-fns and @date-fns/tz. Calendar dates are ISO
 * "YYYY-MM-DD" strings counted on UTC days, so no zone (the server's or the browser's) ever shifts them; wall
 * times in an IANA zone (Europe/Rome by default) go to UTC instants and back DST-safe:
 * - a time that does not exist (the spring-forward gap, 02:30 on the last Sunday of March in Rome) moves
 *   forward by the gap (03:30 CEST), as calendar apps do;
 * - a time that exists twice (the fall-back hour, 02:30 on the last Sunday of October) is the first one
 *   (CEST, the earlier instant).
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Midnight UTC of an ISO date (a timestamp counts as its date); RangeError when there is no such day. */
function utcDay(isoDate: string): TZDate {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Invalid date: ${isoDate}`);
  const day = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 'UTC');
  if (Number.isNaN(day.getTime()) || isoDateOf(day) !== match[0]) {
    throw new RangeError(`Invalid date: ${isoDate}`);
  }
  return day;
}

const isoDateOf = (date: Date) => format(date, 'yyyy-MM-dd');

/** The ISO date `days` calendar days after (or before, when negative) the given one. */
export function addDays(isoDate: string, days: number): string {
  return isoDateOf(addDaysTo(utcDay(isoDate), days));
}

/** The same day `months` months later (earlier when negative), the month's last day where it has no such day. */
export function addMonths(isoDate: string, months: number): string {
  return isoDateOf(addMonthsTo(utcDay(isoDate), months));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). A timestamp counts as its date. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(utcDay(to), utcDay(from));
}

/** 0 = Monday … 6 = Sunday (the order of RRULE's BYDAY and of an Italian week). */
export function weekdayIndex(isoDate: string): number {
  return getISODay(utcDay(isoDate)) - 1;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (Rome: 60 in winter, 120 in summer). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  return tzOffset(timeZone, instant);
}

/** The instants in a span when the zone's offset changes, with the offsets either side (in minutes). */
export function offsetChanges(timeZone: string, start: Date, end: Date) {
  return tzScan(timeZone, { start, end }).map((change) => ({
    at: change.date,
    from: change.offset - change.change,
    to: change.offset,
  }));
}

/** Today's date (or an instant's) on the wall clock of a zone. */
export function isoDateIn(timeZone: string, now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd', { in: tz(timeZone) });
}

/** The wall-clock date and time of an instant in a zone. */
export function utcToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = new TZDate(instant, timeZone);
  return { date: isoDateOf(wall), time: format(wall, 'HH:mm') };
}

/** The UTC instant of a wall-clock date and time in a zone (gap → forward, overlap → the earlier). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const day = utcDay(date);
  const clock = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!clock) throw new RangeError(`Invalid time: ${time}`);
  const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
  // TZDate moves a time in the gap forward and reads a repeated time as the later of the two instants.
  const instant = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes, timeZone);
  const fallBack = tzOffset(timeZone, new Date(instant.getTime() - DAY_MS)) - tzOffset(timeZone, instant);
  if (fallBack > 0) {
    const earlier = new Date(instant.getTime() - fallBack * 60_000);
    const wall = utcToZoned(earlier, timeZone);
    if (wall.date === isoDateOf(day) && wall.time === format(instant, 'HH:mm')) return earlier;
  }
  return new Date(instant.getTime());
}
