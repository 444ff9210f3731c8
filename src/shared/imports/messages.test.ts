import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, isImportMessageKey, importMessage } from './messages.ts';

describe('IMPORT_MESSAGES', () => {
  // Same keys and no empty text: the catalogue's parity test (src/web/app/locales.test.ts).
  it('translates every message into Italian', () => {
    for (const key of Object.keys(IMPORT_MESSAGES.en)) {
      if (!isImportMessageKey(key)) throw new Error(key);
      expect(IMPORT_MESSAGES.it[key]).not.toBe(IMPORT_MESSAGES.en[key]);
    }
  });
});

describe('importMessage', () => {
  it('gives the text of a key in the chosen language', () => {
    expect(importMessage('imports.errors.dateInvalid', 'en')).toBe(
      'Invalid date: check the date format chosen for this file',
    );
    expect(importMessage('imports.errors.dateInvalid', 'it')).toBe(
      'Data non valida: controlla il formato data scelto per questo file',
    );
  });
  it('returns any other text unchanged', () => {
    expect(importMessage('Something else', 'it')).toBe('Something else');
    expect(importMessage('toString', 'en')).toBe('toString');
  });
});
