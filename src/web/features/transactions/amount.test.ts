import { describe, expect, it } from 'vitest';
import { centsToInput, normalizeAmountText, parseAmountInput } from './amount.ts';

describe('amounts typed in the form', () => {
  it('reads Italian style first in Italian, then any unambiguous style', () => {
    expect(parseAmountInput('45,90', 'it')).toBe(4590);
    expect(parseAmountInput('1.234', 'it')).toBe(123400);
    expect(parseAmountInput('1.234,5', 'it')).toBe(123450);
    expect(parseAmountInput('12.50', 'it')).toBe(1250);
    expect(parseAmountInput('1,234.56', 'en')).toBe(123456);
    expect(parseAmountInput('45,90', 'en')).toBe(4590);
    expect(parseAmountInput('', 'it')).toBeNull();
    expect(parseAmountInput('tanti', 'it')).toBeNull();
  });

  it('rewrites an amount in the language style and leaves anything else alone', () => {
    expect(normalizeAmountText('1234,5', 'it')).toBe('1.234,50');
    expect(normalizeAmountText('45.9', 'it')).toBe('45,90');
    expect(normalizeAmountText('1234.5', 'en')).toBe('1,234.50');
    expect(normalizeAmountText('abc', 'it')).toBe('abc');
    expect(centsToInput(122000, 'it')).toBe('1.220,00');
    expect(centsToInput(null, 'it')).toBe('');
  });
});
