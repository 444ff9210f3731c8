import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  languageDir,
  LANGUAGES,
  localeOf,
  pickLanguage,
  sanitizeLanguage,
} from './language.ts';

describe('sanitizeLanguage', () => {
  it.each([
    ['it', 'it'],
    ['en', 'en'],
    ['it-IT', 'it'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['en_US', 'en'],
    [' it ', 'it'],
    ['zh-Hant', null],
  ])('%s → %s', (code, expected) => {
    expect(sanitizeLanguage(code)).toBe(expected);
  });

  it.each([
    '<script>alert(1)</script>',
    'en"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    'it onload=alert(1)',
    'en-US-x-evil',
    "en'",
    'EN',
    '__proto__',
    '',
    'a'.repeat(40),
  ])('discards %s', (code) => {
    expect(sanitizeLanguage(code)).toBeNull();
  });

  it('discards unknown and disabled languages', () => {
    expect(sanitizeLanguage('de')).toBeNull();
    expect(sanitizeLanguage('ar')).toBeNull();
    expect(sanitizeLanguage(undefined)).toBeNull();
    expect(sanitizeLanguage(42)).toBeNull();
  });
});

describe('pickLanguage', () => {
  it('takes the first usable candidate (stored choice, then browser)', () => {
    expect(pickLanguage(['en', 'it-IT'])).toBe('en');
    expect(pickLanguage(['<b>x</b>', 'de-DE', 'it-IT'])).toBe('it');
    expect(pickLanguage([null, 'en-US'])).toBe('en');
  });

  it('falls back to Italian', () => {
    expect(DEFAULT_LANGUAGE).toBe('it');
    expect(pickLanguage(['fr', 'de'])).toBe('it');
    expect(pickLanguage([])).toBe('it');
  });
});

describe('language facts', () => {
  it('lists Italian, English and Arabic (disabled, right to left)', () => {
    expect(LANGUAGES.map((l) => [l.code, l.enabled])).toEqual([
      ['it', true],
      ['en', true],
      ['ar', false],
    ]);
    expect(languageDir('ar')).toBe('rtl');
    expect(languageDir('it')).toBe('ltr');
    expect(languageDir('xx')).toBe('ltr');
  });

  it('maps languages to Intl locales', () => {
    expect(localeOf('it')).toBe('it-IT');
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('en-GB')).toBe('en-US');
  });
});
