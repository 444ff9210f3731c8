import { describe, expect, it } from 'vitest';
import { hostLanguageOfCountry } from './delivery.ts';

describe('the host’s language', () => {
  it('is Italian for a business in Italy or without a profile, English for one elsewhere', () => {
    expect(hostLanguageOfCountry('IT')).toBe('it');
    expect(hostLanguageOfCountry(null)).toBe('it');
    expect(hostLanguageOfCountry(undefined)).toBe('it');
    for (const country of ['US', 'DE', 'FR', 'ES', 'OTHER'])
      expect(hostLanguageOfCountry(country)).toBe('en');
  });
});
