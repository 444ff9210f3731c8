import { describe, expect, it } from 'vitest';
import { revenueRowHref, revenueShare, stockBalances } from './revenue.ts';

const range = { from: '2025-03-01', to: '2025-03-31' };
const id = '0b6f8a52-3c1e-4f7a-9d0e-2b4c6d8e0f11';

describe('revenueShare', () => {
  it('is the part of the total, negative for a row of credit notes', () => {
    expect(revenueShare(25_000, 100_000)).toBe(0.25);
    expect(revenueShare(-10_000, 100_000)).toBe(-0.1);
  });
  it('means nothing against a zero total', () => {
    expect(revenueShare(0, 0)).toBeNull();
    expect(revenueShare(5_000, 0)).toBeNull();
  });
});

describe('revenueRowHref', () => {
  it('leads from a client to its issued documents of the range', () => {
    const href = revenueRowHref({ kind: 'client', key: id }, range);
    const url = new URL(href!, 'http://x');
    expect(url.pathname).toBe('/invoices');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientId: id,
      from: '2025-03-01',
      to: '2025-03-31',
      phase: 'issued',
    });
  });
  it('leads from an item to its page and from a category to its items', () => {
    expect(revenueRowHref({ kind: 'item', key: id }, range)).toBe(`/inventory/${id}`);
    expect(revenueRowHref({ kind: 'category', key: 'Filtri & ricambi' }, range)).toBe(
      '/inventory?category=Filtri+%26+ricambi',
    );
  });
  it('leads nowhere from free lines, the pension fund or items without a category', () => {
    for (const kind of ['free', 'pensionFund', 'uncategorised'] as const) {
      expect(revenueRowHref({ kind, key: null }, range)).toBeNull();
    }
  });
});

describe('stockBalances', () => {
  it('holds when start + in − out ± adjustments is the end, exactly in thousandths', () => {
    const row = {
      startQuantity: 0.1,
      inQuantity: 0.2,
      outQuantity: 0,
      adjustedQuantity: 0,
      endQuantity: 0.3,
    };
    expect(stockBalances(row)).toBe(true);
    expect(stockBalances({ ...row, outQuantity: 1, adjustedQuantity: -0.5, endQuantity: -1.2 })).toBe(true);
  });
  it('fails when a movement is missing', () => {
    expect(
      stockBalances({ startQuantity: 5, inQuantity: 2, outQuantity: 1, adjustedQuantity: 0, endQuantity: 7 }),
    ).toBe(false);
  });
});
