import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryCodeFromText, countryName, isCountryCode } from './countries.ts';

describe('COUNTRY_CODES', () => {
  it('lists the 249 ISO codes and Kosovo, sorted and unique', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
  });
  it('knows real codes and refuses the rest', () => {
    for (const code of ['IT', 'SM', 'VA', 'DE', 'GR', 'GB', 'US', 'CH', 'XK'])
      expect(isCountryCode(code), code).toBe(true);
    for (const code of ['EL', 'UK', 'EU', 'ZZ', 'XI', 'it', 'ITA', ''])
      expect(isCountryCode(code), code).toBe(false);
  });
});

describe('countryName', () => {
  it('names the country in the language', () => {
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('IT', 'it')).toBe('Italia');
  });
});

describe('countryCodeFromText', () => {
  it('reads codes and Italian or English names', () => {
    expect(countryCodeFromText(' it ')).toBe('IT');
    expect(countryCodeFromText('Italia')).toBe('IT');
    expect(countryCodeFromText('ITALY')).toBe('IT');
    expect(countryCodeFromText('Germania')).toBe('DE');
    expect(countryCodeFromText('Stati Uniti')).toBe('US');
    expect(countryCodeFromText('Regno Unito')).toBe('GB');
    expect(countryCodeFromText('San Marino')).toBe('SM');
    expect(countryCodeFromText('Città del Vaticano')).toBe('VA');
    expect(countryCodeFromText('Svizzera')).toBe('CH');
  });
  it('reads common names Intl does not give', () => {
    expect(countryCodeFromText('UK')).toBe('GB');
    expect(countryCodeFromText('Olanda')).toBe('NL');
    expect(countryCodeFromText('USA')).toBe('US');
    expect(countryCodeFromText('Deutschland')).toBe('DE');
  });
  it('gives undefined when it does not know', () => {
    expect(countryCodeFromText('Atlantide')).toBeUndefined();
    expect(countryCodeFromText('')).toBeUndefined();
  });
});
