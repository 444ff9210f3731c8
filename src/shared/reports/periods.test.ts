import { describe, expect, it } from 'vitest';
import {
  lastTwelveMonths,
  monthRange,
  periodsOf,
  previousRange,
  rangeKindOf,
  rangeOfKind,
  shiftRange,
  splitAtWholeMonths,
} from './periods.ts';

describe('report periods', () => {
  it('gives months across year ends and leap Februaries', () => {
    expect(monthRange('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-01-31', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthRange('2026-12-05', 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
  });

  it('compares a month, a quarter and a year with the one before', () => {
    expect(periodsOf('2026-03-15', 'month')).toEqual({
      current: { from: '2026-03-01', to: '2026-03-31' },
      previous: { from: '2026-02-01', to: '2026-02-28' },
    });
    expect(periodsOf('2026-02-15', 'quarter')).toEqual({
      current: { from: '2026-01-01', to: '2026-03-31' },
      previous: { from: '2025-10-01', to: '2025-12-31' },
    });
    expect(periodsOf('2026-11-26', 'year')).toEqual({
      current: { from: '2026-01-01', to: '2026-12-31' },
      previous: { from: '2025-01-01', to: '2025-12-31' },
    });
  });

  it('lists the twelve months up to today, oldest first', () => {
    expect(lastTwelveMonths('2026-11-26')).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
  });
});

describe('report ranges', () => {
  it('names months, quarters and years, anything else custom', () => {
    expect(rangeKindOf({ from: '2026-02-01', to: '2026-02-28' })).toBe('month');
    expect(rangeKindOf({ from: '2026-04-01', to: '2026-06-30' })).toBe('quarter');
    expect(rangeKindOf({ from: '2026-02-01', to: '2026-04-30' })).toBe('custom');
    expect(rangeKindOf({ from: '2026-01-01', to: '2026-12-31' })).toBe('year');
    expect(rangeKindOf({ from: '2026-01-05', to: '2026-01-31' })).toBe('custom');
  });

  it('gives the period before: whole months by months, others by days', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousRange({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(previousRange({ from: '2025-01-01', to: '2025-12-31' })).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    // 10 days → the 10 days before.
    expect(previousRange({ from: '2026-03-11', to: '2026-03-20' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
    });
  });

  it('steps a range forward and back by its own kind', () => {
    expect(shiftRange({ from: '2026-11-01', to: '2026-11-30' }, 2)).toEqual({
      from: '2027-01-01',
      to: '2027-01-31',
    });
    expect(shiftRange({ from: '2026-10-01', to: '2026-12-31' }, -1)).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
    });
    expect(shiftRange({ from: '2026-03-11', to: '2026-03-20' }, 1)).toEqual({
      from: '2026-03-21',
      to: '2026-03-30',
    });
    expect(rangeOfKind('quarter', '2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('cuts a range into its whole months and the days around them', () => {
    expect(splitAtWholeMonths({ from: '2025-01-01', to: '2025-12-31' })).toEqual({
      months: { from: '2025-01-01', to: '2025-12-31' },
      days: [],
    });
    expect(splitAtWholeMonths({ from: '2025-01-15', to: '2025-04-10' })).toEqual({
      months: { from: '2025-02-01', to: '2025-03-31' },
      days: [
        { from: '2025-01-15', to: '2025-01-31' },
        { from: '2025-04-01', to: '2025-04-10' },
      ],
    });
    expect(splitAtWholeMonths({ from: '2024-02-01', to: '2024-02-29' }).days).toEqual([]);
    // Within one month, or across two without a whole one: days only.
    expect(splitAtWholeMonths({ from: '2025-03-02', to: '2025-03-31' })).toEqual({
      months: null,
      days: [{ from: '2025-03-02', to: '2025-03-31' }],
    });
    expect(splitAtWholeMonths({ from: '2025-03-20', to: '2025-04-10' }).months).toBeNull();
  });
});
