/**
 * Wall-clock dates and times of an event in its IANA time zone (Europe/Rome by default) to UTC instants and
 * back, with Intl only (no time-zone data of our own). DST-safe:
 * - a time that does not exist (the spring-forward gap, 02:30 on the last Sunday of March in Rome) moves
 *   forward by the gap (03:30 CEST), as calendar apps do;
 * - a time that exists twice (the fall-back hour, 02:30 on the last Sunday of October) is the first one
 *   (CEST, the earlier instant).
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallPartsAt(instant: Date, timeZone: string): WallParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in minutes (Rome: 60 in winter, 120 in summer). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const w = wallPartsAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

function parseDate(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function parseTime(time: string): [number, number] {
  const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!m) throw new RangeError(`not a time: ${time}`);
  return [Number(m[1]), Number(m[2])];
}

/** The UTC instant of a wall-clock date and time in a zone (gap → forward, overlap → the earlier). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = parseDate(date);
  const [h, mi] = parseTime(time);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offsets in force a day either side bracket every transition; try the earlier instant first.
  const candidates = [
    offsetMinutesAt(new Date(wall - DAY_MS), timeZone),
    offsetMinutesAt(new Date(wall + DAY_MS), timeZone),
  ]
    .map((offset) => wall - offset * 60_000)
    .sort((a, b) => a - b);
  for (const instant of candidates) {
    if (instant + offsetMinutesAt(new Date(instant), timeZone) * 60_000 === wall) return new Date(instant);
  }
  // In the gap: the wall time read with the offset before the change, i.e. moved forward by the gap.
  const before = offsetMinutesAt(new Date(wall - DAY_MS), timeZone);
  return new Date(wall - before * 60_000);
}

/** The wall-clock date and time of an instant in a zone. */
export function utcToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const w = wallPartsAt(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday (the order of RRULE's BYDAY and of an Italian week). */
export function weekdayIndex(date: string): number {
  const [y, m, d] = parseDate(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export type EventTimes = { startDate: string; startTime: string; endTime: string; allDay: boolean };

/**
 * The instants of one occurrence on `date`: a timed event from its start to its end time; an all-day event
 * from local midnight to the next local midnight (23 or 25 hours on the days the clocks change).
 */
export function occurrenceInstants(
  event: Omit<EventTimes, 'startDate'>,
  date: string,
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  if (event.allDay) {
    return {
      startsAt: zonedToUtc(date, '00:00', timeZone),
      endsAt: zonedToUtc(addDays(date, 1), '00:00', timeZone),
    };
  }
  return {
    startsAt: zonedToUtc(date, event.startTime, timeZone),
    endsAt: zonedToUtc(date, event.endTime, timeZone),
  };
}

export function eventInstants(event: EventTimes, timeZone: string) {
  return occurrenceInstants(event, event.startDate, timeZone);
}

/** Minutes from 00:00 of "HH:MM". */
export function minutesOf(time: string): number {
  const [h, m] = parseTime(time);
  return h * 60 + m;
}

export function timeOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
