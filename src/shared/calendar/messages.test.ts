import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../errors/field-messages.ts';

describe('calendar messages', () => {
  it('is registered for the server’s localised answers', () => {
    expect(fieldMessage('calendar.errors.responseRequired', 'it')).toBe('Seleziona una risposta');
    expect(fieldMessage('calendar.sms.noProvider', 'en')).toMatch(/no SMS provider/);
  });
});
