import { describe, expect, it } from 'vitest';
import {
  codiceFiscaleCheckChar,
  isValidCodiceFiscale,
  isValidPartitaIva,
  normalizeCodiceFiscale,
  normalizePartitaIva,
  partitaIvaCheckDigit,
} from './italian-tax-ids.ts';

describe('normalizePartitaIva', () => {
  it('removes spaces and a leading IT, in any case', () => {
    expect(normalizePartitaIva('IT 00743110157')).toBe('00743110157');
    expect(normalizePartitaIva(' it007 431 10157 ')).toBe('00743110157');
    expect(normalizePartitaIva('00743110157')).toBe('00743110157');
  });
  it('keeps other characters so that validation can reject them', () => {
    expect(normalizePartitaIva('0074311015A')).toBe('0074311015A');
  });
});

describe('partitaIvaCheckDigit', () => {
  it('computes the Luhn digit of the first ten digits', () => {
    expect(partitaIvaCheckDigit('0074311015')).toBe('7');
    expect(partitaIvaCheckDigit('1234567890')).toBe('3');
    expect(partitaIvaCheckDigit('0636339100')).toBe('1');
  });
  it('gives 0 when the sum is a multiple of ten', () => {
    expect(partitaIvaCheckDigit('1000000009')).toBe('0'); // 1 + (9×2−9) = 10
    expect(partitaIvaCheckDigit('0000000005')).toBe('9'); // 5×2−9 = 1
  });
  it('refuses anything but ten digits', () => {
    expect(() => partitaIvaCheckDigit('123')).toThrow();
    expect(() => partitaIvaCheckDigit('12345678AB')).toThrow();
  });
});

describe('isValidPartitaIva', () => {
  it('accepts numbers known to be valid from independent sources', () => {
    // python-stdnum's documented example, and the Agenzia delle Entrate's own number.
    expect(isValidPartitaIva('00743110157')).toBe(true);
    expect(isValidPartitaIva('06363391001')).toBe(true);
  });
  it('accepts numbers built with the algorithm', () => {
    for (const firstTen of ['0123456789', '1234567890', '0987654321', '0255048015', '9999999999']) {
      expect(isValidPartitaIva(firstTen + partitaIvaCheckDigit(firstTen))).toBe(true);
    }
  });
  it('accepts the IT prefix and spaces', () => {
    expect(isValidPartitaIva('IT00743110157')).toBe(true);
    expect(isValidPartitaIva('it 007 4311 0157')).toBe(true);
  });
  it('rejects a wrong check digit', () => {
    expect(isValidPartitaIva('00743110158')).toBe(false);
    expect(isValidPartitaIva('06363391002')).toBe(false);
    // The FatturaPA sample files use placeholders that are not real numbers.
    expect(isValidPartitaIva('01234567890')).toBe(false);
  });
  it('rejects a wrong length', () => {
    expect(isValidPartitaIva('0074311015')).toBe(false);
    expect(isValidPartitaIva('007431101570')).toBe(false);
    expect(isValidPartitaIva('')).toBe(false);
    expect(isValidPartitaIva('IT')).toBe(false);
  });
  it('rejects letters and punctuation', () => {
    expect(isValidPartitaIva('0074311015A')).toBe(false);
    expect(isValidPartitaIva('00743-110157')).toBe(false);
    expect(isValidPartitaIva('RSSMRA85T10A562S')).toBe(false);
  });
  it('rejects a number without a company part, although its check digit fits', () => {
    expect(isValidPartitaIva('00000000000')).toBe(false);
  });
});

describe('normalizeCodiceFiscale', () => {
  it('uppercases and removes spaces', () => {
    expect(normalizeCodiceFiscale(' rss mra 85t10 a562s ')).toBe('RSSMRA85T10A562S');
  });
});

describe('codiceFiscaleCheckChar', () => {
  it('matches the check letters of published codes', () => {
    expect(codiceFiscaleCheckChar('RSSMRA85T10A562')).toBe('S');
    expect(codiceFiscaleCheckChar('MRTNTN23M02D969')).toBe('P');
    expect(codiceFiscaleCheckChar('BNCSFN85T58G702')).toBe('W');
  });
  it('refuses input of the wrong shape', () => {
    expect(() => codiceFiscaleCheckChar('RSSMRA85T10A56')).toThrow();
    expect(() => codiceFiscaleCheckChar('rssmra85t10a562')).toThrow();
  });
});

describe('isValidCodiceFiscale', () => {
  it('accepts the standard example and codes published by python-stdnum', () => {
    for (const cf of [
      'RSSMRA85T10A562S',
      'MRTNTN23M02D969P',
      'RCCMNL83S18D969H',
      'MRSMSR81D60Z611H', // woman: day + 40, born abroad (Z…)
      'CNTCHR83T41D969D',
      'FOXDRA26C24H872Y',
      'BNCSFN85T58G702W',
    ]) {
      expect(isValidCodiceFiscale(cf)).toBe(true);
    }
  });
  it('accepts omocodia letters in the digit positions', () => {
    for (const cf of [
      'RSSMRA45C12F205C',
      'RSSMRA45C12F20RX',
      'RSSMRA45C12F2L5N',
      'RSSMRA45C12F2LRI',
      'RSSMRAQRCMNFNLRG',
    ]) {
      expect(isValidCodiceFiscale(cf)).toBe(true);
    }
  });
  it('accepts a code built with the algorithm, in any case and with spaces', () => {
    const body = 'VRDGPP80A41H501';
    const cf = body + codiceFiscaleCheckChar(body);
    expect(isValidCodiceFiscale(cf)).toBe(true);
    expect(isValidCodiceFiscale(` ${cf.toLowerCase().slice(0, 6)} ${cf.slice(6)} `)).toBe(true);
  });
  it('accepts the 11-digit code of a company, checked like a Partita IVA', () => {
    expect(isValidCodiceFiscale('00743110157')).toBe(true);
    expect(isValidCodiceFiscale('00743110158')).toBe(false);
  });
  it('rejects a wrong check letter', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562T')).toBe(false);
    expect(isValidCodiceFiscale('FOXDRA26C24H872A')).toBe(false);
  });
  it('rejects a month letter that is not one of ABCDEHLMPRST', () => {
    // "I" in the month position, with a check letter computed to fit: only the month is wrong.
    const body = 'CSTNGL22I10D086';
    expect(isValidCodiceFiscale(body + codiceFiscaleCheckChar(body))).toBe(false);
    const body2 = 'RSSMRA85F10A562';
    expect(isValidCodiceFiscale(body2 + codiceFiscaleCheckChar(body2))).toBe(false);
  });
  it('rejects a day outside 1–31 and 41–71', () => {
    for (const day of ['00', '32', '40', '72']) {
      const body = `RSSMRA85T${day}A562`;
      expect(isValidCodiceFiscale(body + codiceFiscaleCheckChar(body))).toBe(false);
    }
  });
  it('rejects wrong lengths and misplaced characters', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85T10A562SS')).toBe(false);
    expect(isValidCodiceFiscale('')).toBe(false);
    expect(isValidCodiceFiscale('R5SMRA85T10A562S')).toBe(false); // digit among the name letters
    expect(isValidCodiceFiscale('RSSMRA8AT10A562S')).toBe(false); // A is not an omocodia letter
    expect(isValidCodiceFiscale('RSSMRA85T10A56-S')).toBe(false);
  });
});
