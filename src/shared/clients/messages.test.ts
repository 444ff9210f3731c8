import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, isClientMessageKey, clientMessage } from './messages.ts';

describe('CLIENT_MESSAGES', () => {
  // Same keys and no empty text: the catalogue's parity test (src/web/app/locales.test.ts).
  it('translates every message into Italian', () => {
    for (const key of Object.keys(CLIENT_MESSAGES.en)) {
      if (!isClientMessageKey(key)) throw new Error(key);
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
