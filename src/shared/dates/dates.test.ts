import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isValidTimeZone,
  isoDateIn,
  offsetChanges,
  offsetMinutesAt,
  utcToZoned,
  weekdayIndex,
  zonedToUtc,
} from './dates.ts';

const ROME = 'Europe/Rome';

describe('calendar dates', () => {
  it('adds calendar days across months, leap days and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-10', 30)).toBe('2026-04-09');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('counts days between dates, a timestamp counting as its date', () => {
    expect(daysBetween('2026-01-01', '2026-01-08')).toBe(7);
    expect(daysBetween('2026-01-08', '2026-01-01')).toBe(-7);
    expect(daysBetween('2026-03-28T23:59:00.000Z', '2026-03-29')).toBe(1);
  });
  it('refuses impossible dates', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('30/01/2026', 1)).toThrow(RangeError);
  });
});

describe('week days and zones', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('numbers week days from Monday', () => {
    expect(weekdayIndex('2026-03-30')).toBe(0); // a Monday
    expect(weekdayIndex('2026-03-29')).toBe(6); // a Sunday
  });

  it('recognises IANA zones', () => {
    expect(isValidTimeZone('Europe/Rome')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('Europe/Rome offsets', () => {
  it('is +01:00 in winter and +02:00 in summer', () => {
    expect(offsetMinutesAt(new Date('2026-01-15T12:00:00Z'), ROME)).toBe(60);
    expect(offsetMinutesAt(new Date('2026-07-15T12:00:00Z'), ROME)).toBe(120);
  });

  it('changes at 01:00 UTC on the last Sunday of March and of October', () => {
    // 2026: 29 March and 25 October.
    expect(offsetMinutesAt(new Date('2026-03-29T00:59:59Z'), ROME)).toBe(60);
    expect(offsetMinutesAt(new Date('2026-03-29T01:00:00Z'), ROME)).toBe(120);
    expect(offsetMinutesAt(new Date('2026-10-25T00:59:59Z'), ROME)).toBe(120);
    expect(offsetMinutesAt(new Date('2026-10-25T01:00:00Z'), ROME)).toBe(60);
  });
});

describe('zonedToUtc', () => {
  it('converts winter and summer wall times', () => {
    expect(zonedToUtc('2026-01-15', '09:00', ROME).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedToUtc('2026-07-15', '09:00', ROME).toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('keeps 09:00 at 09:00 on both sides of the spring change', () => {
    expect(zonedToUtc('2026-03-28', '09:00', ROME).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(zonedToUtc('2026-03-29', '09:00', ROME).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zonedToUtc('2026-10-24', '09:00', ROME).toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(zonedToUtc('2026-10-25', '09:00', ROME).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('moves a time inside the spring-forward gap forward by the gap', () => {
    // 02:30 does not exist on 29 March 2026 in Rome: it is read as 03:30 CEST.
    const instant = zonedToUtc('2026-03-29', '02:30', ROME);
    expect(instant.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToZoned(instant, ROME)).toEqual({ date: '2026-03-29', time: '03:30' });
  });

  it('takes the first of a time that happens twice in the autumn', () => {
    expect(zonedToUtc('2026-10-25', '02:30', ROME).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedToUtc('2026-10-25', '03:30', ROME).toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });

  it('works in other zones (New York, Tokyo)', () => {
    expect(zonedToUtc('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(zonedToUtc('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    expect(zonedToUtc('2026-07-01', '09:00', 'Asia/Tokyo').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});

describe('utcToZoned', () => {
  it('round-trips every hour across the March and October changes', () => {
    for (const day of ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25']) {
      for (let h = 0; h < 24; h++) {
        const time = `${String(h).padStart(2, '0')}:15`;
        if (day === '2026-03-29' && h === 2) continue; // the gap
        expect(utcToZoned(zonedToUtc(day, time, ROME), ROME), `${day} ${time}`).toEqual({ date: day, time });
      }
    }
  });

  it('reads the date in the zone, not in UTC', () => {
    expect(utcToZoned(new Date('2026-06-30T23:30:00Z'), ROME)).toEqual({ date: '2026-07-01', time: '01:30' });
  });
});

describe('today in a zone', () => {
  it("follows the zone's calendar, not UTC's, across the spring change", () => {
    expect(isoDateIn(ROME, new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(isoDateIn(ROME, new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    // From the change on, Rome's midnight is 22:00 UTC.
    expect(isoDateIn(ROME, new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(isoDateIn(ROME, new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(isoDateIn('UTC', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-29');
    // 23:30 UTC on 31 March is already 1 April in Rome (summer time, UTC+2).
    expect(isoDateIn(ROME, new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
  });
});

describe('offset changes', () => {
  it("finds Rome's two changes of 2026 with the offsets either side", () => {
    const changes = offsetChanges(ROME, new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
    expect(changes.map((c) => [c.at.toISOString(), c.from, c.to])).toEqual([
      ['2026-03-29T01:00:00.000Z', 60, 120],
      ['2026-10-25T01:00:00.000Z', 120, 60],
    ]);
  });

  it('finds none in a zone without daylight saving time', () => {
    expect(
      offsetChanges('Asia/Tokyo', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')),
    ).toEqual([]);
  });
});
