import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CREDIT_NOTE_NUMBER_PATTERN,
  DEFAULT_INVOICE_NUMBER_PATTERN,
  DEFAULT_QUOTE_NUMBER_PATTERN,
  formatDocumentNumber,
  isValidFatturaPaNumber,
  isValidNumberPattern,
  numberPatternHasYear,
} from './numbering.ts';

describe('formatDocumentNumber', () => {
  it('renders the default patterns', () => {
    expect(formatDocumentNumber(DEFAULT_INVOICE_NUMBER_PATTERN, 2026, 1)).toBe('1/2026');
    expect(formatDocumentNumber(DEFAULT_QUOTE_NUMBER_PATTERN, 2026, 42)).toBe('P42/2026');
    expect(formatDocumentNumber(DEFAULT_CREDIT_NOTE_NUMBER_PATTERN, 2026, 3)).toBe('NC3/2026');
  });
  it('pads {n:k}, writes {yy}, and never truncates a long progressive', () => {
    expect(formatDocumentNumber('FT-{yyyy}-{n:4}', 2026, 7)).toBe('FT-2026-0007');
    expect(formatDocumentNumber('P{n:3}/{yy}', 2026, 7)).toBe('P007/26');
    expect(formatDocumentNumber('{n:2}.{yy}', 2005, 12345)).toBe('12345.05');
    expect(formatDocumentNumber('{n}', 2026, 1)).toBe('1');
  });
  it('refuses invalid patterns, years and progressives', () => {
    expect(() => formatDocumentNumber('INV', 2026, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber('{n}', 2026, 0)).toThrow(RangeError);
    expect(() => formatDocumentNumber('{n}', 2026, 1.5)).toThrow(RangeError);
    expect(() => formatDocumentNumber('{n}', 10000, 1)).toThrow(RangeError);
  });
});

describe('isValidNumberPattern', () => {
  it('accepts patterns with one progressive and allowed characters', () => {
    for (const pattern of [
      '{n}',
      '{n}/{yyyy}',
      'P{n}/{yyyy}',
      'NC{n}/{yyyy}',
      'FT-{yyyy}-{n:6}',
      '{yy}_{n:9}',
      'A.{n}',
    ]) {
      expect(isValidNumberPattern(pattern), pattern).toBe(true);
    }
  });
  it('refuses a missing or repeated progressive, unknown tokens and characters', () => {
    for (const pattern of [
      '',
      'INV/{yyyy}',
      '{n}-{n}',
      '{n}/{yyyy}/{mm}',
      '{n:0}',
      '{n:10}',
      '{N}',
      '{n} {yyyy}',
      'Fattura#{n}',
      'F{n}/{yyyy}à',
      '{n',
      '{n}}',
      '{{n}}',
    ]) {
      expect(isValidNumberPattern(pattern), pattern).toBe(false);
    }
  });
  it('refuses patterns over 40 characters or giving numbers over 20 characters', () => {
    expect(isValidNumberPattern(`${'A'.repeat(37)}{n}`)).toBe(false); // 40 chars, but 43 when rendered
    expect(isValidNumberPattern(`${'A'.repeat(38)}{n}`)).toBe(false); // 41 chars
    // "FATT-9999-ABC-" (14) + 999999 (6 digits) = 20: fits; one more character does not
    expect(isValidNumberPattern('FATT-{yyyy}-ABC-{n}')).toBe(true);
    expect(isValidNumberPattern('FATT-{yyyy}-ABCD-{n}')).toBe(false);
    expect(isValidNumberPattern('{yyyy}{n:16}')).toBe(false);
  });
  it('checks FatturaPA numbers: 1–20 basic Latin characters with a digit', () => {
    expect(isValidFatturaPaNumber('1/2026')).toBe(true);
    expect(isValidFatturaPaNumber('A'.repeat(19) + '1')).toBe(true);
    expect(isValidFatturaPaNumber('A'.repeat(20) + '1')).toBe(false);
    expect(isValidFatturaPaNumber('ABC')).toBe(false);
    expect(isValidFatturaPaNumber('')).toBe(false);
    expect(isValidFatturaPaNumber('N°1')).toBe(false);
  });
  it('tells whether the progressive restarts with the year', () => {
    expect(numberPatternHasYear('{n}/{yyyy}')).toBe(true);
    expect(numberPatternHasYear('{yy}-{n}')).toBe(true);
    expect(numberPatternHasYear('FT{n}')).toBe(false);
  });
});
