import { describe, expect, it } from 'vitest';
import { easterSunday, isWorkingDay, nationalHolidays, nextWorkingDay } from './tax-calendar.ts';

describe('easterSunday', () => {
  it('matches the published dates', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });
});

describe('working days', () => {
  it('knows the national holidays, Easter Monday and, from 2026, 4 October', () => {
    const h2026 = nationalHolidays(2026);
    expect(h2026.has('2026-04-06')).toBe(true); // Easter Monday
    expect(h2026.has('2026-06-02')).toBe(true);
    expect(h2026.has('2026-10-04')).toBe(true);
    expect(nationalHolidays(2025).has('2025-10-04')).toBe(false);
  });

  it('moves a deadline on a weekend or holiday to the next working day', () => {
    expect(nextWorkingDay('2026-05-16')).toBe('2026-05-18'); // Saturday
    expect(nextWorkingDay('2026-08-16')).toBe('2026-08-17'); // Sunday
    expect(nextWorkingDay('2026-12-26')).toBe('2026-12-28'); // Santo Stefano, a Saturday
    expect(nextWorkingDay('2025-12-27')).toBe('2025-12-29'); // Saturday
    expect(nextWorkingDay('2026-03-16')).toBe('2026-03-16'); // a Monday
    expect(isWorkingDay('2026-01-06')).toBe(false);
  });
});
