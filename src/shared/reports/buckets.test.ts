import { describe, expect, it } from 'vitest';
import { forecastWeekOf, forecastWeeks, monthsOf, runningBalances } from './buckets.ts';

describe('report months', () => {
  it('gives whole calendar months for a quarter', () => {
    expect(monthsOf({ from: '2026-01-01', to: '2026-03-31' })).toEqual([
      { month: '2026-01', from: '2026-01-01', to: '2026-01-31' },
      { month: '2026-02', from: '2026-02-01', to: '2026-02-28' },
      { month: '2026-03', from: '2026-03-01', to: '2026-03-31' },
    ]);
  });

  it('cuts the first and last month of a custom range, across a year end', () => {
    expect(monthsOf({ from: '2025-12-15', to: '2026-01-10' })).toEqual([
      { month: '2025-12', from: '2025-12-15', to: '2025-12-31' },
      { month: '2026-01', from: '2026-01-01', to: '2026-01-10' },
    ]);
    expect(monthsOf({ from: '2026-05-07', to: '2026-05-07' })).toEqual([
      { month: '2026-05', from: '2026-05-07', to: '2026-05-07' },
    ]);
  });
});

describe('forecast weeks', () => {
  it('splits 90 days from today into 13 weeks, the last one of 6 days', () => {
    const weeks = forecastWeeks('2026-03-30');
    expect(weeks).toHaveLength(13);
    expect(weeks[0]).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    expect(weeks[1]).toEqual({ from: '2026-04-06', to: '2026-04-12' });
    expect(weeks.at(-1)).toEqual({ from: '2026-06-22', to: '2026-06-27' });
  });

  it('puts each day in its week, and nothing before today or past the horizon', () => {
    const today = '2026-12-28';
    expect(forecastWeekOf(today, today)).toBe(0);
    expect(forecastWeekOf('2027-01-03', today)).toBe(0);
    expect(forecastWeekOf('2027-01-04', today)).toBe(1);
    expect(forecastWeekOf('2026-12-27', today)).toBeNull();
    expect(forecastWeekOf('2027-03-27', today)).toBe(12);
    expect(forecastWeekOf('2027-03-28', today)).toBeNull();
    // Every day of the horizon falls in the week that contains it.
    const weeks = forecastWeeks(today);
    for (let i = 0; i < 90; i++) {
      const day = new Date(Date.UTC(2026, 11, 28 + i)).toISOString().slice(0, 10);
      const week = weeks[forecastWeekOf(day, today)!]!;
      expect(day >= week.from && day <= week.to).toBe(true);
    }
  });
});

describe('running balances', () => {
  it('adds each net to the balance before it', () => {
    expect(runningBalances(1_000, [500, -2_000, 0, 300])).toEqual([1_500, -500, -500, -200]);
    expect(runningBalances(0, [])).toEqual([]);
  });
});
