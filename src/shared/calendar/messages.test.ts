import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../errors/field-messages.ts';
import { CALENDAR_MESSAGES } from './messages.ts';

describe('calendar messages', () => {
  it('has every key in both languages, with the same placeholders', () => {
    const en = Object.keys(CALENDAR_MESSAGES.en).sort();
    expect(Object.keys(CALENDAR_MESSAGES.it).sort()).toEqual(en);
    for (const key of en) {
      const k = key as keyof typeof CALENDAR_MESSAGES.en;
      const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(holes(CALENDAR_MESSAGES.it[k]), key).toEqual(holes(CALENDAR_MESSAGES.en[k]));
      expect(CALENDAR_MESSAGES.it[k], key).not.toBe('');
    }
  });

  it('is registered for the server’s localised answers', () => {
    expect(fieldMessage('calendar.errors.responseRequired', 'it')).toBe('Seleziona una risposta');
    expect(fieldMessage('calendar.sms.noProvider', 'en')).toMatch(/no SMS provider/);
  });
});
