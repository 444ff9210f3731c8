import { describe, expect, it } from 'vitest';
import type { TEventOccurrence } from '@shared/calendar/contracts.ts';
import { zonedToUtc } from '@shared/dates/dates.ts';
import {
  addMonths,
  datesBetween,
  endTimeAfter,
  formatClock,
  groupByDate,
  layoutDay,
  monthGrid,
  placeOccurrence,
  readCalendarParams,
  shiftDate,
  startOfWeek,
  viewRange,
  viewTitle,
  weekdayNames,
} from './calendar-dates.ts';

const ROME = 'Europe/Rome';

function occurrence(date: string, start: string, end: string, extra: Partial<TEventOccurrence> = {}) {
  const allDay = extra.allDay ?? false;
  return {
    eventId: `${date}-${start}`,
    date,
    title: extra.title ?? `Event ${start}`,
    startTime: start,
    endTime: end,
    allDay,
    startsAt: zonedToUtc(date, allDay ? '00:00' : start, ROME).toISOString(),
    endsAt: zonedToUtc(date, allDay ? '23:59' : end, ROME).toISOString(),
    location: null,
    client: null,
    recurring: false,
    ...extra,
  } satisfies TEventOccurrence;
}

describe('day math', () => {
  it('keeps every day across the daylight-saving changes', () => {
    expect(datesBetween('2026-03-27', '2026-03-31')).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
    expect(datesBetween('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('adds months, cutting the day at the end of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -13)).toBe('2025-02-28');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-03-29')).toBe('2026-03-23'); // a Sunday
    expect(startOfWeek('2026-03-23')).toBe('2026-03-23');
    expect(startOfWeek('2026-01-01')).toBe('2025-12-29');
  });
});

describe('month grid', () => {
  it('covers the month in whole Monday–Sunday weeks', () => {
    const march = monthGrid('2026-03-15');
    expect(march).toHaveLength(6);
    expect(march[0]![0]).toBe('2026-02-23');
    expect(march[5]![6]).toBe('2026-04-05');
    expect(march.every((w) => w.length === 7)).toBe(true);
    expect(march.flat()).toContain('2026-03-29');
  });

  it('uses four rows when the month fits exactly', () => {
    // February 2027 starts on a Monday and has 28 days.
    const feb = monthGrid('2027-02-10');
    expect(feb).toHaveLength(4);
    expect(feb[0]![0]).toBe('2027-02-01');
    expect(feb[3]![6]).toBe('2027-02-28');
  });
});

describe('view ranges and paging', () => {
  it('asks for the dates each view shows', () => {
    expect(viewRange('month', '2026-03-15')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    expect(viewRange('week', '2026-03-29')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(viewRange('day', '2026-03-29')).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(viewRange('agenda', '2026-03-29')).toEqual({ from: '2026-03-29', to: '2026-04-27' });
  });

  it('pages by month, week, day and agenda length', () => {
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftDate('week', '2026-03-26', 1)).toBe('2026-04-02');
    expect(shiftDate('day', '2026-03-29', -1)).toBe('2026-03-28');
    expect(shiftDate('agenda', '2026-03-29', 1)).toBe('2026-04-28');
  });

  it('reads the view and date from the URL, ignoring junk', () => {
    const fallback = { view: 'month' as const, date: '2026-05-01' };
    expect(readCalendarParams(new URLSearchParams('view=week&date=2026-03-29'), fallback)).toEqual({
      view: 'week',
      date: '2026-03-29',
    });
    expect(readCalendarParams(new URLSearchParams('view=year&date=2026-02-30'), fallback)).toEqual(fallback);
    expect(readCalendarParams(new URLSearchParams(''), fallback)).toEqual(fallback);
  });
});

describe('placing occurrences', () => {
  it('shows 09:00 in Rome as 09:00 on both sides of the clock changes', () => {
    for (const date of ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25']) {
      const placed = placeOccurrence(occurrence(date, '09:00', '10:30'), ROME);
      expect(placed).toMatchObject({ date, startMinutes: 540, endMinutes: 630, startTime: '09:00' });
    }
  });

  it('shows the organization’s wall clock for an event kept in another zone', () => {
    const london = {
      ...occurrence('2026-07-01', '09:00', '10:00'),
      startsAt: zonedToUtc('2026-07-01', '09:00', 'Europe/London').toISOString(),
      endsAt: zonedToUtc('2026-07-01', '10:00', 'Europe/London').toISOString(),
    };
    expect(placeOccurrence(london, ROME)).toMatchObject({ startTime: '10:00', endTime: '11:00' });
  });

  it('cuts an end past midnight at the end of the day', () => {
    const late = {
      ...occurrence('2026-07-01', '22:00', '23:00'),
      endsAt: zonedToUtc('2026-07-02', '01:00', ROME).toISOString(),
    };
    expect(placeOccurrence(late, ROME)).toMatchObject({
      date: '2026-07-01',
      startMinutes: 1320,
      endMinutes: 1440,
    });
  });

  it('groups by day with all-day events first', () => {
    const byDate = groupByDate(
      [
        occurrence('2026-03-29', '15:00', '16:00'),
        occurrence('2026-03-29', '', '', { allDay: true, title: 'Fair' }),
        occurrence('2026-03-29', '08:00', '09:00'),
        occurrence('2026-03-30', '08:00', '09:00'),
      ],
      ROME,
    );
    expect(byDate.get('2026-03-29')!.map((p) => p.occurrence.title)).toEqual([
      'Fair',
      'Event 08:00',
      'Event 15:00',
    ]);
    expect(byDate.get('2026-03-30')).toHaveLength(1);
  });
});

describe('day layout', () => {
  const place = (start: string, end: string) => placeOccurrence(occurrence('2026-06-01', start, end), ROME);

  it('puts overlapping events side by side and the rest full width', () => {
    const layout = layoutDay([
      place('09:00', '10:00'),
      place('09:30', '11:00'),
      place('10:00', '10:30'),
      place('12:00', '13:00'),
    ]);
    const byStart = Object.fromEntries(layout.map((l) => [l.placed.startTime, [l.column, l.columns]]));
    expect(byStart['09:00']).toEqual([0, 2]);
    expect(byStart['09:30']).toEqual([1, 2]);
    // 10:00 starts when 09:00 ends: it reuses the first column.
    expect(byStart['10:00']).toEqual([0, 2]);
    expect(byStart['12:00']).toEqual([0, 1]);
  });

  it('leaves all-day events out of the time grid', () => {
    const allDay = placeOccurrence(occurrence('2026-06-01', '', '', { allDay: true }), ROME);
    expect(layoutDay([allDay, place('09:00', '10:00')])).toHaveLength(1);
  });

  it('gives a very short event room enough to click', () => {
    const layout = layoutDay([place('09:00', '09:05'), place('09:10', '09:30')]);
    expect(layout.map((l) => l.columns)).toEqual([2, 2]);
  });
});

describe('labels', () => {
  it('writes times the way each language does', () => {
    expect(formatClock('09:30', 'it-IT')).toBe('09:30');
    expect(formatClock('09:30', 'en-US').replace(/\s/g, ' ')).toBe('9:30 AM');
    expect(formatClock('21:05', 'en-US').replace(/\s/g, ' ')).toBe('9:05 PM');
  });

  it('titles each view', () => {
    expect(viewTitle('month', '2026-03-15', 'it-IT')).toBe('marzo 2026');
    expect(viewTitle('month', '2026-03-15', 'en-US')).toBe('March 2026');
    expect(viewTitle('day', '2026-03-29', 'en-US')).toBe('Sunday, March 29, 2026');
    expect(viewTitle('week', '2026-03-29', 'en-US').replace(/\s/g, ' ')).toBe('Mar 23 – 29, 2026');
  });

  it('lists week days from Monday', () => {
    expect(weekdayNames('en-US')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('ends a new event an hour later, never past midnight', () => {
    expect(endTimeAfter('09:00')).toBe('10:00');
    expect(endTimeAfter('23:30')).toBe('23:59');
  });
});
