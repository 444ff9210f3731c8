import { describe, expect, it } from 'vitest';
import {
  MAX_QUANTITY,
  addQuantities,
  crossesLowStockThreshold,
  isLowStock,
  parseQuantity,
  quantityFromDb,
  quantityToDb,
  signedDelta,
  stockValueCents,
  wouldGoNegative,
} from './stock.ts';

describe('parseQuantity', () => {
  it('reads numbers and text with a comma or a point, up to 3 decimals', () => {
    expect(parseQuantity(12)).toBe(12);
    expect(parseQuantity(12.5)).toBe(12.5);
    expect(parseQuantity('12,5')).toBe(12.5);
    expect(parseQuantity('0.125')).toBe(0.125);
    expect(parseQuantity(' -3,250 ')).toBe(-3.25);
    expect(parseQuantity('−2')).toBe(-2);
    expect(parseQuantity(',5')).toBe(0.5);
    expect(parseQuantity(0.1 + 0.2)).toBe(0.3);
  });
  it('refuses more decimals, thousands separators and non-numbers', () => {
    for (const v of [
      '1,2345',
      0.0001,
      '1.234,5',
      '1,234.5',
      '',
      'abc',
      '1e3',
      '12 kg',
      Number.NaN,
      Infinity,
    ]) {
      expect(parseQuantity(v), String(v)).toBeNull();
    }
  });
  it('refuses quantities that do not fit numeric(14,3)', () => {
    expect(parseQuantity(MAX_QUANTITY)).toBe(MAX_QUANTITY);
    expect(parseQuantity('100000000000')).toBeNull();
  });
  it('never gives -0', () => {
    expect(Object.is(parseQuantity('-0'), 0)).toBe(true);
  });
});

describe('movement arithmetic', () => {
  it('adds exactly to the thousandth', () => {
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(addQuantities(10, -2.125, 0.005)).toBe(7.88);
    expect(addQuantities()).toBe(0);
  });
  it('signs the movement by its kind', () => {
    expect(signedDelta('in', 5)).toBe(5);
    expect(signedDelta('in', -5)).toBe(5);
    expect(signedDelta('out', 5)).toBe(-5);
    expect(signedDelta('out', -5)).toBe(-5);
    expect(signedDelta('adjustment', -1.5)).toBe(-1.5);
    expect(signedDelta('adjustment', 2)).toBe(2);
  });
  it('tells when stock would go below zero', () => {
    expect(wouldGoNegative(3, -3)).toBe(false);
    expect(wouldGoNegative(3, -3.001)).toBe(true);
    expect(wouldGoNegative(0.3, -(0.1 + 0.2))).toBe(false);
  });
});

describe('low stock', () => {
  const goods = { kind: 'goods' as const, stockQuantity: 10, lowStockThreshold: 5 };
  it('flags goods at or below their threshold', () => {
    expect(isLowStock(goods)).toBe(false);
    expect(isLowStock({ ...goods, stockQuantity: 5 })).toBe(true);
    expect(isLowStock({ ...goods, stockQuantity: 4.999 })).toBe(true);
    expect(isLowStock({ ...goods, stockQuantity: 0, lowStockThreshold: 0 })).toBe(true);
  });
  it('ignores services and items without a threshold', () => {
    expect(isLowStock({ ...goods, kind: 'service', stockQuantity: 0 })).toBe(false);
    expect(isLowStock({ ...goods, lowStockThreshold: null, stockQuantity: -4 })).toBe(false);
  });
  it('notices the movement that crosses the threshold, once', () => {
    expect(crossesLowStockThreshold(goods, -5)).toBe(true);
    expect(crossesLowStockThreshold(goods, -4)).toBe(false);
    expect(crossesLowStockThreshold({ ...goods, stockQuantity: 5 }, -1)).toBe(false);
    expect(crossesLowStockThreshold({ ...goods, stockQuantity: 4 }, 10)).toBe(false);
  });
});

describe('stockValueCents', () => {
  it('sums quantity × cost of goods, rounded per item', () => {
    expect(
      stockValueCents([
        { kind: 'goods', stockQuantity: 12, costCents: 250 },
        { kind: 'goods', stockQuantity: 1.5, costCents: 333 },
        { kind: 'service', stockQuantity: 100, costCents: 5000 },
        { kind: 'goods', stockQuantity: -3, costCents: 1000 },
      ]),
    ).toBe(3000 + 500);
    expect(stockValueCents([])).toBe(0);
  });
});

describe('database form', () => {
  it('writes three decimals and reads them back', () => {
    expect(quantityToDb(12.5)).toBe('12.500');
    expect(quantityToDb(-0.1 - 0.2)).toBe('-0.300');
    expect(quantityFromDb('12.500')).toBe(12.5);
    expect(quantityFromDb('-0.000')).toBe(0);
    expect(quantityFromDb(null)).toBeNull();
  });
});
