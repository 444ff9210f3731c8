import { describe, expect, it } from 'vitest';
import type { TEvent } from '@shared/calendar/contracts.ts';
import {
  eventInputOf,
  eventValuesOf,
  formFieldOf,
  newEventValues,
  parseEventValues,
  weekdayOf,
} from './event-form-values.ts';

describe('event form values', () => {
  it('starts a new event at 09:00–10:00 on the chosen day', () => {
    const values = newEventValues('2026-03-29');
    expect(values).toMatchObject({ startDate: '2026-03-29', startTime: '09:00', endTime: '10:00' });
    expect(newEventValues('2026-03-29', { startTime: '14:00', endTime: '15:00' }).startTime).toBe('14:00');
  });

  it('sends no times for an all-day event and no repetition when it does not repeat', () => {
    const input = eventInputOf({ ...newEventValues('2026-03-29'), title: 'Fair', allDay: true });
    expect(input).toMatchObject({ startTime: null, endTime: null, allDay: true, recurrence: null });
  });

  it('builds a weekly repetition ending after a number of times', () => {
    const input = eventInputOf({
      ...newEventValues('2026-03-30'),
      title: 'Stand-up',
      repeat: 'weekly',
      interval: '2',
      byWeekday: ['MO', 'TH'],
      endKind: 'count',
      count: '6',
    });
    expect(input.recurrence).toEqual({
      frequency: 'weekly',
      interval: 2,
      byWeekday: ['MO', 'TH'],
      until: null,
      count: 6,
    });
  });

  it('checks with the server contract and puts the issues on the dialog fields', () => {
    const result = parseEventValues({
      ...newEventValues('2026-03-30'),
      title: ' ',
      startTime: '11:00',
      endTime: '10:00',
      repeat: 'daily',
      endKind: 'until',
      until: '2026-03-01',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const byField = Object.fromEntries(result.issues.map((i) => [i.field, i.message]));
    expect(byField.title).toBe('calendar.errors.titleRequired');
    expect(byField.endTime).toBe('calendar.errors.endBeforeStart');
    expect(byField.until).toBe('calendar.errors.recurrenceUntilBeforeStart');
  });

  it('refuses an interval that is not a number', () => {
    const result = parseEventValues({
      ...newEventValues('2026-03-30'),
      title: 'Gym',
      repeat: 'daily',
      interval: '',
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues.map((i) => i.field)).toContain('interval');
  });

  it('accepts a valid event and trims it', () => {
    const result = parseEventValues({ ...newEventValues('2026-03-30'), title: '  Visit  ', location: ' ' });
    expect(result).toMatchObject({ success: true, data: { title: 'Visit', location: null } });
  });

  it('maps contract paths to fields', () => {
    expect(formFieldOf('clientId')).toBe('client');
    expect(formFieldOf('recurrence.until')).toBe('until');
    expect(formFieldOf('recurrence')).toBe('repeat');
    expect(formFieldOf('recurrence.frequency')).toBe('repeat');
    expect(formFieldOf('endTime')).toBe('endTime');
    expect(formFieldOf('whatever')).toBe('root');
  });

  it('reads a stored event back into the fields', () => {
    const values = eventValuesOf({
      title: 'Course',
      startDate: '2026-04-06',
      startTime: '18:00',
      endTime: '20:00',
      allDay: false,
      location: null,
      description: 'Room 2',
      client: { id: 'c1', name: 'Rossi', email: null },
      recurrence: { frequency: 'weekly', interval: 1, byWeekday: ['MO'], until: '2026-06-29', count: null },
    } as unknown as TEvent);
    expect(values).toMatchObject({
      repeat: 'weekly',
      endKind: 'until',
      until: '2026-06-29',
      client: { id: 'c1', name: 'Rossi' },
      location: '',
    });
  });

  it('names the start date’s week day', () => {
    expect(weekdayOf('2026-03-29')).toBe('SU');
    expect(weekdayOf('')).toBeNull();
  });
});
