import { describe, expect, it } from 'vitest';
import {
  buildRRule,
  isOccurrence,
  lastOccurrenceDate,
  occurrenceDates,
  parseRRule,
  recurrenceProblem,
  toIcsRRule,
} from './recurrence.ts';
import { occurrenceInstants } from './time.ts';

const weekly = {
  frequency: 'weekly',
  interval: 1,
  byWeekday: null,
  until: '2026-04-30',
  count: null,
} as const;

describe('canonical rules', () => {
  it('builds and parses daily, weekly and monthly rules with an end', () => {
    expect(
      buildRRule({ frequency: 'daily', interval: 2, byWeekday: null, until: null, count: 5 }, '2026-03-01'),
    ).toBe('FREQ=DAILY;INTERVAL=2;COUNT=5');
    expect(buildRRule(weekly, '2026-03-23')).toBe('FREQ=WEEKLY;INTERVAL=1;UNTIL=20260430');
    expect(buildRRule({ ...weekly, byWeekday: ['WE'] }, '2026-03-23')).toBe(
      // The start date's day (Monday) is always included.
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;UNTIL=20260430',
    );
    const monthly = { frequency: 'monthly', interval: 1, byWeekday: null, until: null, count: 12 } as const;
    expect(parseRRule(buildRRule(monthly, '2026-01-31'))).toEqual(monthly);
    expect(parseRRule('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;UNTIL=20260430')).toEqual({
      ...weekly,
      byWeekday: ['MO', 'WE'],
    });
  });

  it('refuses rules it did not write', () => {
    expect(() => parseRRule('FREQ=HOURLY;COUNT=3')).toThrow(RangeError);
    expect(() => parseRRule('FREQ=WEEKLY;BYDAY=XX;COUNT=3')).toThrow(RangeError);
    expect(() => parseRRule('FREQ=DAILY;UNTIL=20260101T000000Z')).toThrow(RangeError);
  });

  it('requires an end within 5 years or 730 times', () => {
    const base = { frequency: 'daily', interval: 1, byWeekday: null } as const;
    expect(recurrenceProblem({ ...base, until: null, count: null }, '2026-01-01')).toBe(
      'calendar.errors.recurrenceEndRequired',
    );
    expect(recurrenceProblem({ ...base, until: '2025-12-31', count: null }, '2026-01-01')).toBe(
      'calendar.errors.recurrenceUntilBeforeStart',
    );
    expect(recurrenceProblem({ ...base, until: '2031-01-01', count: null }, '2026-01-01')).toBeNull();
    expect(recurrenceProblem({ ...base, until: '2031-01-02', count: null }, '2026-01-01')).toBe(
      'calendar.errors.recurrenceTooLong',
    );
    expect(recurrenceProblem({ ...base, until: null, count: 731 }, '2026-01-01')).toBe(
      'calendar.errors.recurrenceTooLong',
    );
  });
});

describe('expansion', () => {
  it('lists the occurrences in a range, both ends included', () => {
    const rule = buildRRule(
      { frequency: 'daily', interval: 1, byWeekday: null, until: null, count: 5 },
      '2026-03-27',
    );
    expect(occurrenceDates('2026-03-27', rule, '2026-03-28', '2026-04-30')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
    expect(lastOccurrenceDate('2026-03-27', rule)).toBe('2026-03-31');
  });

  it('includes the UNTIL date', () => {
    const rule = buildRRule(weekly, '2026-04-02');
    expect(occurrenceDates('2026-04-02', rule, '2026-01-01', '2026-12-31')).toEqual([
      '2026-04-02',
      '2026-04-09',
      '2026-04-16',
      '2026-04-23',
      '2026-04-30',
    ]);
  });

  it('repeats on chosen week days every other week', () => {
    const rule = buildRRule(
      { frequency: 'weekly', interval: 2, byWeekday: ['MO', 'FR'], until: null, count: 4 },
      '2026-03-02',
    );
    expect(occurrenceDates('2026-03-02', rule, '2026-03-01', '2026-12-31')).toEqual([
      '2026-03-02',
      '2026-03-06',
      '2026-03-16',
      '2026-03-20',
    ]);
  });

  it('skips months without the day, as RFC 5545 does', () => {
    const rule = buildRRule(
      { frequency: 'monthly', interval: 1, byWeekday: null, until: '2026-06-30', count: null },
      '2026-01-31',
    );
    expect(occurrenceDates('2026-01-31', rule, '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
    ]);
  });

  it('keeps the wall-clock time of a weekly 09:00 across the March change in Rome', () => {
    const rule = buildRRule(
      { frequency: 'weekly', interval: 1, byWeekday: null, until: null, count: 3 },
      '2026-03-22',
    );
    const starts = occurrenceDates('2026-03-22', rule, '2026-03-01', '2026-04-30').map((d) =>
      occurrenceInstants(
        { startTime: '09:00', endTime: '10:00', allDay: false },
        d,
        'Europe/Rome',
      ).startsAt.toISOString(),
    );
    expect(starts).toEqual([
      '2026-03-22T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-04-05T07:00:00.000Z',
    ]);
  });

  it('treats a single event as one occurrence', () => {
    expect(occurrenceDates('2026-05-01', null, '2026-05-01', '2026-05-01')).toEqual(['2026-05-01']);
    expect(occurrenceDates('2026-05-01', null, '2026-05-02', '2026-05-31')).toEqual([]);
    expect(isOccurrence('2026-05-01', null, '2026-05-01')).toBe(true);
  });
});

describe('iCalendar form', () => {
  it('gives UNTIL as a UTC instant for a timed event and as a date for an all-day one', () => {
    const rule = 'FREQ=WEEKLY;INTERVAL=1;UNTIL=20260430';
    expect(toIcsRRule(rule, { allDay: false, startTime: '09:00', timeZone: 'Europe/Rome' })).toBe(
      'FREQ=WEEKLY;INTERVAL=1;UNTIL=20260430T070000Z',
    );
    expect(toIcsRRule(rule, { allDay: true, startTime: '09:00', timeZone: 'Europe/Rome' })).toBe(rule);
    expect(
      toIcsRRule('FREQ=DAILY;INTERVAL=1;COUNT=3', {
        allDay: false,
        startTime: '09:00',
        timeZone: 'Europe/Rome',
      }),
    ).toBe('FREQ=DAILY;INTERVAL=1;COUNT=3');
  });
});
