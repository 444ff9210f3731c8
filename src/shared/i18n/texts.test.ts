import { describe, expect, it } from 'vitest';
import { catalogueText } from './texts.ts';

describe('catalogueText', () => {
  it('reads the same file the web loads, in each language, and fills its placeholders as given', () => {
    expect(catalogueText('mail', 'greeting', 'en', { name: 'Ada' })).toBe('Hello Ada,');
    expect(catalogueText('mail', 'greeting', 'it', { name: 'Ada' })).toBe('Ciao Ada,');
    // Values go in as they are: a `$&` or braces in a name are not read as patterns.
    expect(catalogueText('mail', 'greeting', 'en', { name: '$& {{x}}' })).toBe('Hello $& {{x}},');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(catalogueText('mail', 'greeting', 'en')).toBe('Hello {{name}},');
  });

  it('picks the plural form of a text for its count, by the plural rules of the language', () => {
    const guests = (count: number, locale: 'en' | 'it') =>
      catalogueText('mail', 'calendarAnswer.guests', locale, { count });
    expect(guests(1, 'it')).toBe('Ospiti: 1 persona');
    expect(guests(3, 'it')).toBe('Ospiti: 3 persone');
    expect(guests(1_000_000, 'it')).toBe('Ospiti: 1000000 persone');
    expect(guests(1, 'en')).toBe('Guests: 1 person');
    expect(guests(0, 'en')).toBe('Guests: 0 people');
  });
});
