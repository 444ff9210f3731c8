import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  daysInMonth,
  detectDateFormat,
  isIsoDate,
  isLeapYear,
  parseDate,
  toIsoDate,
  todayIsoDate,
  zIsoDate,
} from './dates.ts';

describe('parseDate', () => {
  it('reads each format', () => {
    expect(parseDate('31/12/2026', 'dd/mm/yyyy')).toBe('2026-12-31');
    expect(parseDate('2026-12-31', 'yyyy-mm-dd')).toBe('2026-12-31');
    expect(parseDate('12/31/2026', 'mm/dd/yyyy')).toBe('2026-12-31');
    expect(parseDate('31.12.2026', 'dd.mm.yyyy')).toBe('2026-12-31');
    expect(parseDate('31-12-2026', 'dd-mm-yyyy')).toBe('2026-12-31');
  });
  it('accepts one-digit days and months, surrounding spaces and a trailing time', () => {
    expect(parseDate('1/2/2026', 'dd/mm/yyyy')).toBe('2026-02-01');
    expect(parseDate(' 05/03/2026 ', 'dd/mm/yyyy')).toBe('2026-03-05');
    expect(parseDate('31/12/2026 10:22', 'dd/mm/yyyy')).toBe('2026-12-31');
    expect(parseDate('31/12/2026 10:22:05', 'dd/mm/yyyy')).toBe('2026-12-31');
    expect(parseDate('2026-12-31T23:59:59Z', 'yyyy-mm-dd')).toBe('2026-12-31');
    expect(parseDate('2026-12-31T23:59:59.123+01:00', 'yyyy-mm-dd')).toBe('2026-12-31');
  });
  it('checks the real calendar', () => {
    expect(parseDate('31/02/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('30/02/2024', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('29/02/2024', 'dd/mm/yyyy')).toBe('2024-02-29');
    expect(parseDate('29/02/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('29/02/2000', 'dd/mm/yyyy')).toBe('2000-02-29');
    expect(parseDate('29/02/2100', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('31/04/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('00/01/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('01/13/2026', 'dd/mm/yyyy')).toBeNull();
  });
  it('refuses another format, two-digit years and out-of-range years', () => {
    expect(parseDate('2026-12-31', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('31/12/2026', 'dd.mm.yyyy')).toBeNull();
    expect(parseDate('31/12/26', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('13/31/2026', 'mm/dd/yyyy')).toBeNull();
    expect(parseDate('31/12/1899', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('31/12/2200', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('31/12/2026 oggi', 'dd/mm/yyyy')).toBeNull();
  });
});

describe('calendar helpers', () => {
  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2024, 2025, 2100].map(isLeapYear)).toEqual([false, true, true, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });
  it('toIsoDate pads and validates', () => {
    expect(toIsoDate(2026, 1, 5)).toBe('2026-01-05');
    expect(toIsoDate(2026, 2, 29)).toBeNull();
    expect(toIsoDate(2026, 1.5, 5)).toBeNull();
  });
  it('isIsoDate wants exactly YYYY-MM-DD and a real day', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-29')).toBe(false);
    expect(isIsoDate('2024-02-29T00:00:00Z')).toBe(false);
  });
});

describe('detectDateFormat', () => {
  it('finds the format that reads every sample, Italian first', () => {
    expect(detectDateFormat(['31/12/2026', '01/02/2026'])).toBe('dd/mm/yyyy');
    expect(detectDateFormat(['12/31/2026', '01/02/2026'])).toBe('mm/dd/yyyy');
    expect(detectDateFormat(['2026-12-31', ''])).toBe('yyyy-mm-dd');
    expect(detectDateFormat(['31.12.2026'])).toBe('dd.mm.yyyy');
    expect(detectDateFormat(['31-12-2026'])).toBe('dd-mm-yyyy');
    expect(detectDateFormat(['03/04/2026'])).toBe('dd/mm/yyyy');
  });
  it('gives null when nothing fits or there is nothing to read', () => {
    expect(detectDateFormat(['31/12/2026', '2026-12-31'])).toBeNull();
    expect(detectDateFormat(['', ' '])).toBeNull();
    expect(DATE_FORMATS).toHaveLength(5);
  });
});

describe('todayIsoDate and zIsoDate', () => {
  it('writes the local calendar day', () => {
    expect(todayIsoDate(new Date(2026, 0, 7, 23, 30))).toBe('2026-01-07');
    expect(isIsoDate(todayIsoDate())).toBe(true);
  });
  it('validates an ISO date field with a message key', () => {
    const schema = zIsoDate('x.date');
    expect(schema.parse(' 2024-02-29 ')).toBe('2024-02-29');
    expect(schema.safeParse('2023-02-29').error?.issues[0]?.message).toBe('x.date');
    expect(schema.safeParse(20240229).error?.issues[0]?.message).toBe('x.date');
  });
});
