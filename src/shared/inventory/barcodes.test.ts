import { describe, expect, it } from 'vitest';
import {
  barcodeKind,
  barcodeLookupKeys,
  gs1CheckDigit,
  isValidBarcode,
  normalizeBarcode,
} from './barcodes.ts';

/** Barcodes printed on real products and in the GS1/ISBN references. */
const REAL = {
  ean13: [
    '4006381333931', // STABILO pen, the classic EAN-13 example
    '8076800195057', // Barilla Spaghetti n.5, 500 g
    '5449000000996', // Coca-Cola, 330 ml can
    '3017620422003', // Nutella, 400 g
    '8001505005707',
    '9780306406157', // ISBN-13 as printed on a book
  ],
  ean8: ['96385074', '73513537'],
  upca: ['036000291452', '042100005264', '012345678905'],
} as const;

describe('gs1CheckDigit', () => {
  it('computes the mod-10 check digit with weights 3, 1 from the right', () => {
    expect(gs1CheckDigit('400638133393')).toBe('1');
    expect(gs1CheckDigit('9638507')).toBe('4');
    expect(gs1CheckDigit('03600029145')).toBe('2');
    expect(gs1CheckDigit('000000000000')).toBe('0');
  });
  it('refuses non-digits', () => {
    expect(() => gs1CheckDigit('12a')).toThrow();
    expect(() => gs1CheckDigit('')).toThrow();
  });
});

describe('barcodeKind', () => {
  it('names the kind by the number of digits', () => {
    for (const [kind, codes] of Object.entries(REAL)) {
      for (const code of codes) expect(barcodeKind(code), code).toBe(kind);
    }
  });
  it('looks only at the shape, not at the check digit', () => {
    expect(barcodeKind('4006381333932')).toBe('ean13');
  });
  it('gives null for other lengths and non-digits', () => {
    for (const code of [
      '',
      '1234567',
      '123456789',
      '12345678901',
      '12345678901234',
      '40063813339A1',
      'ABCDEFGH',
    ]) {
      expect(barcodeKind(code), code).toBeNull();
    }
  });
});

describe('isValidBarcode', () => {
  it('accepts real EAN-13, EAN-8 and UPC-A codes', () => {
    for (const code of Object.values(REAL).flat()) expect(isValidBarcode(code), code).toBe(true);
  });
  it('accepts spaces and dashes as printed under the bars', () => {
    expect(isValidBarcode('4 006381 333931')).toBe(true);
    expect(isValidBarcode('0-36000-29145-2')).toBe(true);
  });
  it('refuses a wrong check digit', () => {
    for (const code of [
      '4006381333932',
      '8076800195058',
      '5449000000997',
      '96385075',
      '036000291453',
      '4006381333913',
    ]) {
      expect(isValidBarcode(code), code).toBe(false);
    }
  });
  it('refuses other lengths and characters', () => {
    for (const code of ['', '0', '40063813339', '40063813339310', '4006381333931X', 'ean4006381333']) {
      expect(isValidBarcode(code), code).toBe(false);
    }
  });
});

describe('normalizeBarcode and barcodeLookupKeys', () => {
  it('removes spaces and dashes only', () => {
    expect(normalizeBarcode(' 400638-133393 1 ')).toBe('4006381333931');
    expect(normalizeBarcode('12.34')).toBe('12.34');
  });
  it('pairs a UPC-A with its EAN-13 form and back', () => {
    expect(barcodeLookupKeys('036000291452')).toEqual(['036000291452', '0036000291452']);
    expect(barcodeLookupKeys('0036000291452')).toEqual(['0036000291452', '036000291452']);
    expect(barcodeLookupKeys('8076800195057')).toEqual(['8076800195057']);
    expect(barcodeLookupKeys('96385074')).toEqual(['96385074']);
  });
});
