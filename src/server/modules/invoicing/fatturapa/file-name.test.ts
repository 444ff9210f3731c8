import { describe, expect, it } from 'vitest';
import {
  PROGRESSIVE_MAX_SEQUENCE,
  fatturaPaFileName,
  isValidProgressive,
  progressiveFromSequence,
} from './file-name.ts';

describe('progressiveFromSequence', () => {
  it('writes the sequence number in base 36, uppercase, zero padded to 5', () => {
    expect(progressiveFromSequence(1)).toBe('00001');
    expect(progressiveFromSequence(10)).toBe('0000A');
    expect(progressiveFromSequence(35)).toBe('0000Z');
    expect(progressiveFromSequence(36)).toBe('00010');
    expect(progressiveFromSequence(1295)).toBe('000ZZ');
    expect(progressiveFromSequence(PROGRESSIVE_MAX_SEQUENCE)).toBe('ZZZZZ');
  });

  it('gives distinct, valid progressives', () => {
    const seen = new Set<string>();
    for (let n = 1; n <= 5000; n++) {
      const p = progressiveFromSequence(n);
      expect(isValidProgressive(p)).toBe(true);
      seen.add(p);
    }
    expect(seen.size).toBe(5000);
  });

  it('refuses numbers out of range', () => {
    for (const n of [0, -1, 1.5, PROGRESSIVE_MAX_SEQUENCE + 1, Number.NaN]) {
      expect(() => progressiveFromSequence(n)).toThrow(RangeError);
    }
  });
});

describe('fatturaPaFileName', () => {
  it('names the file IT{P.IVA}_{progressive}.xml', () => {
    expect(fatturaPaFileName('01234567897', '00001')).toBe('IT01234567897_00001.xml');
    expect(fatturaPaFileName('IT 01234567897', 'A1')).toBe('IT01234567897_A1.xml');
    expect(fatturaPaFileName('rssmra85t10a562s', progressiveFromSequence(36))).toBe(
      'ITRSSMRA85T10A562S_00010.xml',
    );
  });

  it('refuses bad progressives and identifiers', () => {
    expect(() => fatturaPaFileName('01234567897', '')).toThrow(RangeError);
    expect(() => fatturaPaFileName('01234567897', '123456')).toThrow(RangeError);
    expect(() => fatturaPaFileName('01234567897', '00_01')).toThrow(RangeError);
    expect(() => fatturaPaFileName('01234567897', 'abcde')).toThrow(RangeError);
    expect(() => fatturaPaFileName('1234', '00001')).toThrow(RangeError);
    expect(() => fatturaPaFileName('DE136695976', '00001')).toThrow(RangeError);
  });
});
