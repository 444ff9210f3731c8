import { describe, expect, it } from 'vitest';
import { nextRunDate, reportedPeriod, ZScheduleInput } from './schedules.ts';

const valid = {
  report: { kind: 'sales-register' },
  format: 'pdf',
  frequency: 'weekly',
  day: 1,
  recipients: ['user-1'],
  language: 'it',
};

describe('scheduled reports', () => {
  it('runs weekly on the chosen weekday, today only when it still counts', () => {
    // 2025-03-12 is a Wednesday.
    expect(nextRunDate('weekly', 1, '2025-03-12', true)).toBe('2025-03-17');
    expect(nextRunDate('weekly', 3, '2025-03-12', true)).toBe('2025-03-12');
    expect(nextRunDate('weekly', 3, '2025-03-12', false)).toBe('2025-03-19');
    expect(nextRunDate('weekly', 7, '2025-03-12', false)).toBe('2025-03-16');
  });

  it('runs monthly on the chosen day, across the year end', () => {
    expect(nextRunDate('monthly', 15, '2025-03-12', false)).toBe('2025-03-15');
    expect(nextRunDate('monthly', 12, '2025-03-12', true)).toBe('2025-03-12');
    expect(nextRunDate('monthly', 12, '2025-03-12', false)).toBe('2025-04-12');
    expect(nextRunDate('monthly', 1, '2025-12-20', false)).toBe('2026-01-01');
  });

  it('reports on the week or month just ended', () => {
    expect(reportedPeriod('weekly', '2025-03-12')).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(reportedPeriod('weekly', '2025-03-10')).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(reportedPeriod('monthly', '2025-03-01')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(reportedPeriod('monthly', '2025-01-15')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
  });

  it('accepts a valid schedule and refuses a weekday past Sunday, a day past 28 and no recipient', () => {
    expect(ZScheduleInput.safeParse(valid).success).toBe(true);
    const issue = (body: object) => ZScheduleInput.safeParse({ ...valid, ...body }).error?.issues[0]?.message;
    expect(issue({ day: 8 })).toBe('reports.errors.invalidWeekday');
    expect(issue({ frequency: 'monthly', day: 29 })).toBe('reports.errors.invalidDay');
    expect(issue({ recipients: [] })).toBe('reports.errors.recipientsRequired');
    expect(issue({ report: { kind: 'vat-settlement', params: { year: 2020 } } })).toBeDefined();
    expect(issue({ report: { kind: 'balance-sheet' } })).toBe('reports.errors.invalidKind');
  });
});
