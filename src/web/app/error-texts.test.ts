import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/errors/error-codes.ts';

describe('the web texts of the codes (public/locales/*/common.json)', () => {
  const apiErrors = (lang: 'it' | 'en') =>
    (
      JSON.parse(
        readFileSync(join(import.meta.dirname, '../../../public/locales', lang, 'common.json'), 'utf8'),
      ) as { apiErrors: Record<string, string> }
    ).apiErrors;
  const values = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();

  // The web finds a code's text there, and leaves a message with values to the server (error-message.ts).
  it.each(['it', 'en'] as const)(
    'every code has its text in %s, with the same values as the server',
    (lang) => {
      const texts = apiErrors(lang);
      for (const [code, entry] of Object.entries(ERROR_CODES)) {
        expect(typeof texts[code], code).toBe('string');
        expect(values(texts[code]!, /\{\{(\w+)\}\}/g), code).toEqual(values(entry[lang], /\{(\w+)\}/g));
      }
    },
  );
});
