import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  easterSunday,
  finalNoticeDeadline,
  isBusinessDay,
  isItalianHoliday,
  nextAutomaticReminder,
  type AutomaticReminderFacts,
} from './reminders.ts';

describe('easterSunday', () => {
  it('matches the known dates', () => {
    const known: Record<number, string> = {
      1818: '1818-03-22', // earliest possible
      1943: '1943-04-25', // latest possible
      2000: '2000-04-23',
      2011: '2011-04-24',
      2019: '2019-04-21',
      2024: '2024-03-31',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2038: '2038-04-25',
    };
    for (const [year, date] of Object.entries(known)) expect(easterSunday(Number(year)), year).toBe(date);
  });
  it('always falls on a Sunday between 22 March and 25 April', () => {
    for (let year = 1900; year <= 2200; year++) {
      const easter = easterSunday(year);
      expect(new Date(`${easter}T00:00:00Z`).getUTCDay(), easter).toBe(0);
      expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25', easter).toBe(true);
    }
  });
});

describe('Italian holidays and business days', () => {
  it('knows the national holidays, Easter Monday included', () => {
    for (const date of [
      '2026-01-01',
      '2026-01-06',
      '2026-04-06', // Easter Monday
      '2025-04-21', // Easter Monday
      '2026-04-25',
      '2026-05-01',
      '2026-06-02',
      '2026-08-15',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
      '2026-12-26',
      '2027-10-04', // St Francis, national holiday from 2026
    ]) {
      expect(isItalianHoliday(date), date).toBe(true);
    }
    for (const date of ['2026-04-07', '2026-04-05', '2025-10-04', '2026-03-19', '2026-06-29', '2026-12-24']) {
      expect(isItalianHoliday(date), date).toBe(false);
    }
  });
  it('counts Monday to Friday except holidays', () => {
    expect(isBusinessDay('2026-03-02')).toBe(true); // Monday
    expect(isBusinessDay('2026-03-07')).toBe(false); // Saturday
    expect(isBusinessDay('2026-03-08')).toBe(false); // Sunday
    expect(isBusinessDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isBusinessDay('2027-10-04')).toBe(false); // St Francis on a Monday
  });
  it('adds business days skipping weekends and holidays', () => {
    expect(addBusinessDays('2026-05-15', 0)).toBe('2026-05-15');
    expect(addBusinessDays('2026-05-15', 1)).toBe('2026-05-18'); // Friday → Monday
    expect(addBusinessDays('2026-05-15', 5)).toBe('2026-05-22');
    expect(addBusinessDays('2026-04-03', 1)).toBe('2026-04-07'); // over Easter Monday
    expect(addBusinessDays('2026-06-01', 1)).toBe('2026-06-03'); // over Republic Day
    expect(addBusinessDays('2027-10-01', 1)).toBe('2027-10-05'); // over St Francis
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-09'); // from a Saturday
    expect(() => addBusinessDays('2026-03-02', -1)).toThrow(RangeError);
  });
  it('gives a final notice 7 business days', () => {
    expect(finalNoticeDeadline('2026-03-02')).toBe('2026-03-11');
    // 23, 24, (25, 26 holidays, weekend) 28, 29, 30, 31, (1 Jan holiday, weekend) 4 Jan
    expect(finalNoticeDeadline('2026-12-22')).toBe('2027-01-04');
  });
});

describe('nextAutomaticReminder', () => {
  const base: AutomaticReminderFacts = {
    dueDate: '2026-03-31',
    lastReminderAt: null,
    today: '2026-03-31',
    status: 'sent',
  };
  const next = (facts: Partial<AutomaticReminderFacts>) => nextAutomaticReminder({ ...base, ...facts });

  it('never reminds drafts, paid or cancelled invoices', () => {
    for (const status of ['draft', 'paid', 'cancelled'] as const) {
      expect(next({ status, today: '2026-05-01' }), status).toBeNull();
    }
    for (const status of ['issued', 'sent', 'partially_paid', 'overdue'] as const) {
      expect(next({ status, today: '2026-05-01' }), status).toBe('overdue');
    }
  });
  it('sends the first, gentle reminder from 3 days before the due date', () => {
    expect(next({ today: '2026-03-27' })).toBeNull();
    expect(next({ today: '2026-03-28' })).toBe('gentle');
    expect(next({ today: '2026-03-31' })).toBe('gentle');
    expect(next({ today: '2026-04-01' })).toBe('overdue');
  });
  it('waits everyDays (default 7) after the last reminder of any kind', () => {
    expect(next({ lastReminderAt: '2026-03-28', today: '2026-04-03' })).toBeNull();
    expect(next({ lastReminderAt: '2026-03-28', today: '2026-04-04' })).toBe('overdue');
    expect(next({ lastReminderAt: '2026-03-28T18:00:00.000Z', today: '2026-04-04' })).toBe('overdue');
    expect(next({ lastReminderAt: '2026-04-01', today: '2026-04-04', everyDays: 3 })).toBe('overdue');
    expect(next({ lastReminderAt: '2026-04-01', today: '2026-04-03', everyDays: 3 })).toBeNull();
    // a manual gentle reminder long before the due date: the next automatic one is still gentle before it
    expect(next({ lastReminderAt: '2026-03-01', today: '2026-03-20' })).toBe('gentle');
  });
  it('never sends two reminders the same day, even with everyDays 0', () => {
    expect(next({ lastReminderAt: '2026-04-05', today: '2026-04-05', everyDays: 0 })).toBeNull();
    expect(next({ lastReminderAt: '2026-04-05', today: '2026-04-06', everyDays: 0 })).toBe('overdue');
  });
  it('turns to the final notice after 3 overdue reminders, then stops', () => {
    const after = (sentTypes: AutomaticReminderFacts['sentTypes']) =>
      next({ today: '2026-05-01', lastReminderAt: '2026-04-20', sentTypes });
    expect(after(['gentle', 'overdue', 'overdue'])).toBe('overdue');
    expect(after(['gentle', 'overdue', 'overdue', 'overdue'])).toBe('final');
    expect(after(['overdue', 'overdue', 'overdue', 'final'])).toBeNull();
    expect(after(['final'])).toBeNull();
  });
});
