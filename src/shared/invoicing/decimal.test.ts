import { describe, expect, it } from 'vitest';
import {
  countDecimals,
  divideHalfUp,
  formatCents,
  formatScaled,
  normalizeDecimal,
  parseCents,
  parseDecimal,
  percentOfCents,
  pow10,
  rescaleHalfUp,
  toSafeNumber,
} from './decimal.ts';

describe('parseDecimal', () => {
  it('reads integers and decimals with "." or "," at the given scale', () => {
    expect(parseDecimal('1', 4)).toBe(10000n);
    expect(parseDecimal('0.3333', 4)).toBe(3333n);
    expect(parseDecimal('12,5', 2)).toBe(1250n);
    expect(parseDecimal(' 12.50 ', 2)).toBe(1250n);
    expect(parseDecimal('007', 0)).toBe(7n);
    expect(parseDecimal('-2,25', 2)).toBe(-225n);
    expect(parseDecimal('0', 4)).toBe(0n);
  });
  it('is exact for values no binary float can hold', () => {
    expect(parseDecimal('0.1', 8)).toBe(10000000n);
    expect(parseDecimal('123456789012345678.9', 1)).toBe(1234567890123456789n);
  });
  it('refuses more decimals than the scale instead of rounding', () => {
    expect(parseDecimal('0.33333', 4)).toBeNull();
    expect(parseDecimal('1.005', 2)).toBeNull();
    expect(parseDecimal('1.5', 0)).toBeNull();
  });
  it('refuses anything that is not a plain decimal', () => {
    for (const text of [
      '',
      ' ',
      '.5',
      '5.',
      '1e3',
      '1.000,50',
      '1,000.50',
      '+1',
      'abc',
      '1 000',
      '--1',
      '0x10',
    ]) {
      expect(parseDecimal(text, 4), text).toBeNull();
    }
  });
});

describe('countDecimals and normalizeDecimal', () => {
  it('counts the decimals written', () => {
    expect(countDecimals('12')).toBe(0);
    expect(countDecimals('12,50')).toBe(2);
    expect(countDecimals('0.3333')).toBe(4);
    expect(countDecimals('x')).toBeNull();
  });
  it('normalises to the canonical form', () => {
    expect(normalizeDecimal('012,50')).toBe('12.5');
    expect(normalizeDecimal('3,0000')).toBe('3');
    expect(normalizeDecimal('0.0500')).toBe('0.05');
    expect(normalizeDecimal('-0,10')).toBe('-0.1');
    expect(normalizeDecimal('1e2')).toBeNull();
  });
});

describe('divideHalfUp', () => {
  it('rounds halves away from zero and everything else to the nearest', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(25n, 10n)).toBe(3n);
    expect(divideHalfUp(-5n, 10n)).toBe(-1n);
    expect(divideHalfUp(-4n, 10n)).toBe(0n);
    expect(divideHalfUp(5n, -10n)).toBe(-1n);
    expect(divideHalfUp(-15n, -10n)).toBe(2n);
  });
  it('handles odd divisors (where no exact half exists)', () => {
    expect(divideHalfUp(1n, 3n)).toBe(0n);
    expect(divideHalfUp(2n, 3n)).toBe(1n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(divideHalfUp(5n, 3n)).toBe(2n);
    expect(divideHalfUp(-2n, 3n)).toBe(-1n);
    expect(divideHalfUp(7n, 7n)).toBe(1n);
    expect(divideHalfUp(0n, 7n)).toBe(0n);
  });
  it('agrees with floor(x + 1/2) on a sweep of numerators and divisors', () => {
    for (let d = 1n; d <= 12n; d++) {
      for (let n = 0n; n <= 60n; n++) {
        const expected = (2n * n + d) / (2n * d);
        expect(divideHalfUp(n, d), `${n}/${d}`).toBe(expected);
        expect(divideHalfUp(-n, d), `-${n}/${d}`).toBe(-expected);
      }
    }
  });
  it('refuses a zero divisor', () => {
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('rescaleHalfUp and pow10', () => {
  it('rounds down a scale half-up and widens exactly', () => {
    expect(rescaleHalfUp(12345n, 4, 2)).toBe(123n);
    expect(rescaleHalfUp(12350n, 4, 2)).toBe(124n);
    expect(rescaleHalfUp(-12350n, 4, 2)).toBe(-124n);
    expect(rescaleHalfUp(123n, 2, 4)).toBe(12300n);
    expect(rescaleHalfUp(123n, 2, 2)).toBe(123n);
  });
  it('computes powers of ten and refuses bad exponents', () => {
    expect(pow10(0)).toBe(1n);
    expect(pow10(8)).toBe(100000000n);
    expect(() => pow10(-1)).toThrow(RangeError);
    expect(() => pow10(1.5)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('formats cents as the XML writes amounts', () => {
    expect(formatCents(123456)).toBe('1234.56');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(100)).toBe('1.00');
    expect(formatCents(-200)).toBe('-2.00');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(12345678901234567n)).toBe('123456789012345.67');
  });
  it('refuses non-integer cents', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
  });
  it('formats scaled values with a minimum of decimals', () => {
    expect(formatScaled(25000n, 4)).toBe('2.5');
    expect(formatScaled(25000n, 4, 2)).toBe('2.50');
    expect(formatScaled(3333n, 4, 8)).toBe('0.33330000');
    expect(formatScaled(10000n, 4)).toBe('1');
    expect(formatScaled(7n, 0, 2)).toBe('7.00');
  });
});

describe('parseCents, percentOfCents, toSafeNumber', () => {
  it('reads euro amounts into cents', () => {
    expect(parseCents('12,5')).toBe(1250);
    expect(parseCents('1234.56')).toBe(123456);
    expect(parseCents('0.07')).toBe(7);
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents('€ 5')).toBeNull();
  });
  it('takes a percentage of cents, rounded half-up', () => {
    expect(percentOfCents(100000, '20')).toBe(20000);
    expect(percentOfCents(8522, '22')).toBe(1875); // 18.7484
    expect(percentOfCents(250, '1')).toBe(3); // 2.5 → 3
    expect(percentOfCents(1000, '0.5')).toBe(5);
    expect(percentOfCents(333, '33.3333')).toBe(111); // 110.99989
    expect(() => percentOfCents(100, 'x')).toThrow(RangeError);
  });
  it('refuses amounts beyond the safe-integer range', () => {
    expect(toSafeNumber(9007199254740991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toSafeNumber(9007199254740992n)).toThrow(RangeError);
    expect(() => toSafeNumber(-9007199254740992n)).toThrow(RangeError);
  });
});
