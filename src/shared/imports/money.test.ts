import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_CENTS,
  detectNumberFormat,
  euroNumberToCents,
  formatCentsPlain,
  parseEuroAmount,
  zEuroCents,
} from './money.ts';

describe('parseEuroAmount, Italian format', () => {
  const it_ = (text: string) => parseEuroAmount(text, 'it');
  it('reads Italian bank and invoice amounts', () => {
    expect(it_('1.234,56')).toBe(123456);
    expect(it_('1234,56')).toBe(123456);
    expect(it_('-1.234,56')).toBe(-123456);
    expect(it_('€ 1.234,56')).toBe(123456);
    expect(it_('1.234,56 €')).toBe(123456);
    expect(it_('EUR 12,50')).toBe(1250);
    expect(it_('1.234.567,89')).toBe(123456789);
    expect(it_('1234')).toBe(123400);
    expect(it_('1.234')).toBe(123400);
    expect(it_('0,5')).toBe(50);
    expect(it_(',99')).toBe(99);
  });
  it('reads the minus after the number, parentheses and the Unicode minus as negative', () => {
    expect(it_('1.234,56-')).toBe(-123456);
    expect(it_('(12,00)')).toBe(-1200);
    expect(it_('(€ 12,00)')).toBe(-1200);
    expect(it_('−45,90')).toBe(-4590);
    expect(it_('- € 45,90')).toBe(-4590);
    expect(it_('+45,90')).toBe(4590);
  });
  it('accepts what Intl writes for it-IT (non-breaking spaces)', () => {
    const formatted = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(-1234.56);
    expect(parseEuroAmount(formatted, 'it')).toBe(-123456);
    expect(it_('1\u00a0234,56')).toBe(123456);
  });
  it('keeps more than two decimals only when they are zeros', () => {
    expect(it_('12,500')).toBe(1250);
    expect(it_('12,505')).toBeNull();
  });
  it('refuses the English style and broken grouping', () => {
    expect(it_('1234.56')).toBeNull();
    expect(it_('1,234.56')).toBeNull();
    expect(it_('1.23,45')).toBeNull();
    expect(it_('12.34.56')).toBeNull();
    expect(it_('1,2,3')).toBeNull();
  });
});

describe('parseEuroAmount, English format', () => {
  it('reads English amounts', () => {
    expect(parseEuroAmount('1,234.56', 'en')).toBe(123456);
    expect(parseEuroAmount('€1,234.56', 'en')).toBe(123456);
    expect(parseEuroAmount('-€1,234.56', 'en')).toBe(-123456);
    expect(parseEuroAmount('1234.5', 'en')).toBe(123450);
    expect(parseEuroAmount('1,234', 'en')).toBe(123400);
  });
  it('refuses the Italian style', () => {
    expect(parseEuroAmount('1.234,56', 'en')).toBeNull();
    expect(parseEuroAmount('12,50', 'en')).toBeNull();
  });
});

describe('parseEuroAmount, auto', () => {
  it('takes the last mark as decimal when both appear', () => {
    expect(parseEuroAmount('1.234,56')).toBe(123456);
    expect(parseEuroAmount('1,234.56')).toBe(123456);
  });
  it('reads a single mark followed by 1–2 digits as decimal', () => {
    expect(parseEuroAmount('12,5')).toBe(1250);
    expect(parseEuroAmount('12.50')).toBe(1250);
    expect(parseEuroAmount('1234,56')).toBe(123456);
  });
  it('reads a repeated mark as thousands', () => {
    expect(parseEuroAmount('1.234.567')).toBe(123456700);
    expect(parseEuroAmount('1,234,567')).toBe(123456700);
  });
  it('refuses a single mark followed by exactly 3 digits: thousands or a 3-decimal price?', () => {
    expect(parseEuroAmount('1.234')).toBeNull();
    expect(parseEuroAmount('1,859')).toBeNull();
    expect(parseEuroAmount('0,125')).toBeNull();
    expect(parseEuroAmount('1.234', 'it')).toBe(123400);
    expect(parseEuroAmount('1,234', 'en')).toBe(123400);
  });
  it('accepts spaces and apostrophes grouping thousands', () => {
    expect(parseEuroAmount('1 234,56')).toBe(123456);
    expect(parseEuroAmount("1'234.56")).toBe(123456);
    expect(parseEuroAmount('12 34')).toBeNull();
  });
  it('gives 0 for zero, never -0', () => {
    expect(parseEuroAmount('0')).toBe(0);
    expect(Object.is(parseEuroAmount('-0,00'), 0)).toBe(true);
  });
  it('refuses what is not an amount', () => {
    for (const text of [
      '',
      ' ',
      '€',
      'abc',
      '12a',
      '1e5',
      '12,',
      '12.',
      '.',
      '--12',
      '12 €  34',
      '$12',
      'NaN',
    ]) {
      expect(parseEuroAmount(text), text).toBeNull();
    }
  });
  it('refuses amounts beyond MAX_CENTS', () => {
    expect(parseEuroAmount('999.999.999.999,99')).toBe(MAX_CENTS);
    expect(parseEuroAmount('1.000.000.000.000,00')).toBeNull();
    expect(parseEuroAmount('99999999999999999999')).toBeNull();
  });
});

describe('euroNumberToCents', () => {
  it('converts numbers with up to two decimals exactly', () => {
    expect(euroNumberToCents(12.5)).toBe(1250);
    expect(euroNumberToCents(0.29)).toBe(29);
    expect(euroNumberToCents(1.15)).toBe(115);
    expect(euroNumberToCents(-19.99)).toBe(-1999);
    expect(euroNumberToCents(0)).toBe(0);
    expect(Object.is(euroNumberToCents(-0), 0)).toBe(true);
  });
  it('refuses fractions of a cent and non-finite numbers', () => {
    expect(euroNumberToCents(1.005)).toBeNull();
    expect(euroNumberToCents(0.001)).toBeNull();
    expect(euroNumberToCents(Number.NaN)).toBeNull();
    expect(euroNumberToCents(Infinity)).toBeNull();
    expect(euroNumberToCents(1e15)).toBeNull();
  });
});

describe('formatCentsPlain', () => {
  it('writes cents without grouping or symbol', () => {
    expect(formatCentsPlain(123456)).toBe('1234.56');
    expect(formatCentsPlain(123456, 'it')).toBe('1234,56');
    expect(formatCentsPlain(-5)).toBe('-0.05');
    expect(formatCentsPlain(0)).toBe('0.00');
    expect(formatCentsPlain(100)).toBe('1.00');
  });
  it('round-trips through parseEuroAmount', () => {
    for (const cents of [0, 1, 99, 100, 123456, -123456, MAX_CENTS]) {
      expect(parseEuroAmount(formatCentsPlain(cents, 'it'), 'it')).toBe(cents);
      expect(parseEuroAmount(formatCentsPlain(cents, 'en'), 'en')).toBe(cents);
    }
  });
  it('refuses non-integers', () => {
    expect(() => formatCentsPlain(1.5)).toThrow();
  });
});

describe('detectNumberFormat', () => {
  it('recognises the decimal comma or point', () => {
    expect(detectNumberFormat(['-45,90', '1.234,56', '12'])).toBe('it');
    expect(detectNumberFormat(['€ 1.200,00', '(3,50)', '1.234,56-'])).toBe('it');
    expect(detectNumberFormat(['-45.90', '1,234.56'])).toBe('en');
  });
  it('says auto when there is no evidence or it is mixed', () => {
    expect(detectNumberFormat(['12', '1.234'])).toBe('auto');
    expect(detectNumberFormat([])).toBe('auto');
    expect(detectNumberFormat(['1,50', '1.50'])).toBe('auto');
  });
});

describe('zEuroCents', () => {
  const schema = z.object({ price: zEuroCents('x.invalid') });
  it('turns euro text and numbers into cents', () => {
    expect(schema.parse({ price: '1.234,56' }).price).toBe(123456);
    expect(schema.parse({ price: '12.50' }).price).toBe(1250);
    expect(schema.parse({ price: 12.5 }).price).toBe(1250);
  });
  it('gives undefined for empty values', () => {
    expect(schema.parse({ price: '' }).price).toBeUndefined();
    expect(schema.parse({ price: '  ' }).price).toBeUndefined();
    expect(schema.parse({ price: null }).price).toBeUndefined();
    expect(schema.parse({}).price).toBeUndefined();
  });
  it('fails with the given key', () => {
    for (const price of ['abc', 1.005, true, '12,345,6']) {
      const result = schema.safeParse({ price });
      expect(result.success, String(price)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('x.invalid');
    }
  });
});
