import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, isClientMessageKey, clientMessage } from './messages.ts';

describe('CLIENT_MESSAGES', () => {
  it('has the same keys in both languages, all non-empty and translated', () => {
    expect(Object.keys(CLIENT_MESSAGES.it).sort()).toEqual(Object.keys(CLIENT_MESSAGES.en).sort());
    for (const key of Object.keys(CLIENT_MESSAGES.en)) {
      if (!isClientMessageKey(key)) throw new Error(key);
      expect(key.startsWith('clients.')).toBe(true);
      expect(CLIENT_MESSAGES.en[key].trim()).not.toBe('');
      expect(CLIENT_MESSAGES.it[key].trim()).not.toBe('');
      expect(CLIENT_MESSAGES.it[key]).not.toBe(CLIENT_MESSAGES.en[key]);
    }
  });
});

describe('clientMessage', () => {
  it('gives the text of a key in the chosen language', () => {
    expect(clientMessage('clients.errors.vatInvalid', 'en')).toBe('Invalid Partita IVA: check the 11 digits');
    expect(clientMessage('clients.errors.vatInvalid', 'it')).toBe(
      'Partita IVA non valida: controlla le 11 cifre',
    );
  });
  it('returns any other text unchanged', () => {
    expect(clientMessage('Something else', 'it')).toBe('Something else');
    expect(clientMessage('toString', 'en')).toBe('toString');
  });
});
