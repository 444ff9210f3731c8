import { describe, expect, it } from 'vitest';
import {
  POSTAL_CODE_EXAMPLES,
  hasPostalCodePattern,
  isValidPostalCode,
  normalizePostalCode,
} from './postal-codes.ts';

const valid = (country: string, codes: string[]) => {
  for (const code of codes) expect(isValidPostalCode(country, code), `${country} ${code}`).toBe(true);
};
const invalid = (country: string, codes: string[]) => {
  for (const code of codes) expect(isValidPostalCode(country, code), `${country} ${code}`).toBe(false);
};

describe('isValidPostalCode', () => {
  it('Italy: 5 digits (CAP)', () => {
    valid('IT', ['20121', '00184', '80132', '09124', ' 39100 ', 'I-20121']);
    invalid('IT', ['2012', '201210', '2O121', 'MI20121', '']);
  });
  it('San Marino and Vatican City', () => {
    valid('SM', ['47890', '47899']);
    invalid('SM', ['47900', '20121']);
    valid('VA', ['00120']);
    invalid('VA', ['00121']);
  });
  it('Germany, France, Finland: 5 digits', () => {
    valid('DE', ['10115', '80331', '01067', 'D-10115']);
    invalid('DE', ['1011', '101155', 'ABCDE']);
    valid('FR', ['75001', '13001', '97400', '20000']);
    invalid('FR', ['7500', '750011']);
    valid('FI', ['00100']);
  });
  it('Spain: 5 digits whose first two are a province 01–52', () => {
    valid('ES', ['28013', '08001', '01001', '52001', '35001']);
    invalid('ES', ['53001', '00123', '99999', '2801']);
  });
  it('Austria, Belgium, Switzerland: 4 digits', () => {
    valid('AT', ['1010', '5020', 'A-1010']);
    invalid('AT', ['0101', '10100', '101']);
    valid('BE', ['1000', '9000', 'B-1000']);
    invalid('BE', ['0999', '10000']);
    valid('CH', ['8001', '1200', '6900', 'CH-8001']);
    invalid('CH', ['80010', '0800']);
  });
  it('Netherlands: 4 digits and 2 letters', () => {
    valid('NL', ['1012 AB', '1012AB', '1012ab', '3011 ad', '9711  LM']);
    invalid('NL', ['0123 AB', '1012 SA', '1012 SS', '1012 SD', '1012', '1012 A1']);
  });
  it('Portugal: 1234-567', () => {
    valid('PT', ['1100-148', '4000-322', '1100148']);
    invalid('PT', ['1100', '1100-14', '11001488']);
  });
  it('Poland and Sweden', () => {
    valid('PL', ['00-950', '31-042', '00950']);
    invalid('PL', ['0-950', '009500']);
    valid('SE', ['114 55', '11455', '411 15']);
    invalid('SE', ['011 55', '1145']);
  });
  it('Ireland: Eircode', () => {
    valid('IE', ['D02 X285', 'A65 F4E2', 'T12 XE43', 'D6W 1234', 'd02x285']);
    invalid('IE', ['D02', 'B02 X285', 'D02 X28', 'DUBLIN 2', 'D02 B285']);
  });
  it('United Kingdom', () => {
    valid('GB', [
      'SW1A 1AA',
      'SW1A1AA',
      'EC1A 1BB',
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'BT1 5GS',
      'GIR 0AA',
    ]);
    invalid('GB', ['SW1A', '1AA', 'SW1A 1CA', 'W1 1AAA', '12345']);
  });
  it('United States: ZIP or ZIP+4', () => {
    valid('US', ['10001', '90210', '90210-1234']);
    invalid('US', ['9021', '90210-12', '90210 1234', 'ABCDE']);
  });
  it('other countries: 2–10 letters or digits', () => {
    valid('JP', ['100-0001']);
    valid('CA', ['K1A 0B1']);
    valid('BR', ['01310-100']);
    valid('NO', ['0150']);
    invalid('NO', ['1', '12345678901', '-123', '12_34', '']);
  });
  it('reads the country code in any case', () => {
    expect(isValidPostalCode('it', '20121')).toBe(true);
    expect(isValidPostalCode(' nl ', '1012ab')).toBe(true);
  });
});

describe('normalizePostalCode', () => {
  it('puts the usual separator back and uppercases', () => {
    expect(normalizePostalCode('NL', '1012ab')).toBe('1012 AB');
    expect(normalizePostalCode('PT', '1100148')).toBe('1100-148');
    expect(normalizePostalCode('PL', '00950')).toBe('00-950');
    expect(normalizePostalCode('SE', '11455')).toBe('114 55');
    expect(normalizePostalCode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizePostalCode('GB', 'm1  1ae')).toBe('M1 1AE');
    expect(normalizePostalCode('IE', 'd02x285')).toBe('D02 X285');
  });
  it('removes the old country letter', () => {
    expect(normalizePostalCode('IT', 'I-20121')).toBe('20121');
    expect(normalizePostalCode('CH', 'ch-8001')).toBe('8001');
  });
  it('leaves anything it cannot place as typed (trimmed, uppercase)', () => {
    expect(normalizePostalCode('IT', ' 2012 ')).toBe('2012');
    expect(normalizePostalCode('NL', '1012')).toBe('1012');
    expect(normalizePostalCode('CA', 'k1a 0b1')).toBe('K1A 0B1');
  });
});

describe('POSTAL_CODE_EXAMPLES', () => {
  it('are valid for their country and every example country has a pattern', () => {
    for (const [country, code] of Object.entries(POSTAL_CODE_EXAMPLES)) {
      expect(isValidPostalCode(country, code), country).toBe(true);
      expect(hasPostalCodePattern(country)).toBe(true);
    }
    expect(hasPostalCodePattern('JP')).toBe(false);
  });
});
