import { addDays, zonedToUtc } from '../dates/dates.ts';

/** The instants and clock times of calendar events; the zone maths are in ../dates/dates.ts. */

function parseTime(time: string): [number, number] {
  const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!m) throw new RangeError(`not a time: ${time}`);
  return [Number(m[1]), Number(m[2])];
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
