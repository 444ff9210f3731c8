import { describe, expect, it } from 'vitest';
import {
  bucketIndexOf,
  bucketsOf,
  conversionRate,
  granularityOf,
  inventoryTurnover,
  oneDecimal,
} from './analytics.ts';

describe('analytics helpers', () => {
  it('goes by day up to 31 days, by week up to 92, by month beyond', () => {
    expect(granularityOf({ from: '2026-03-01', to: '2026-03-31' })).toBe('day');
    expect(granularityOf({ from: '2026-03-01', to: '2026-04-01' })).toBe('week');
    expect(granularityOf({ from: '2026-10-01', to: '2026-12-31' })).toBe('week');
    expect(granularityOf({ from: '2026-10-01', to: '2027-01-01' })).toBe('month');
    expect(granularityOf({ from: '2026-01-01', to: '2026-12-31' })).toBe('month');
  });

  it('cuts a range into days, weeks of seven days from its start and calendar months', () => {
    expect(bucketsOf({ from: '2028-02-27', to: '2028-03-01' }, 'day').map((b) => b.from)).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(bucketsOf({ from: '2026-01-01', to: '2026-01-20' }, 'week')).toEqual([
      { from: '2026-01-01', to: '2026-01-07' },
      { from: '2026-01-08', to: '2026-01-14' },
      { from: '2026-01-15', to: '2026-01-20' },
    ]);
    expect(bucketsOf({ from: '2026-11-15', to: '2027-01-10' }, 'month')).toEqual([
      { from: '2026-11-15', to: '2026-11-30' },
      { from: '2026-12-01', to: '2026-12-31' },
      { from: '2027-01-01', to: '2027-01-10' },
    ]);
    expect(bucketsOf({ from: '2026-01-01', to: '2026-12-31' }, 'month')).toHaveLength(12);
    expect(bucketsOf({ from: '2026-01-01', to: '2026-03-31' }, 'week')).toHaveLength(13);
  });

  it('puts every day of a range in the bucket that contains it', () => {
    for (const [range, granularity] of [
      [{ from: '2026-01-01', to: '2026-03-31' }, 'week'],
      [{ from: '2025-11-15', to: '2026-11-14' }, 'month'],
      [{ from: '2026-02-01', to: '2026-02-28' }, 'day'],
    ] as const) {
      bucketsOf(range, granularity).forEach((bucket, index) => {
        expect(bucketIndexOf(range, granularity, bucket.from)).toBe(index);
        expect(bucketIndexOf(range, granularity, bucket.to)).toBe(index);
      });
    }
  });

  it('converts over the quotes with an outcome only', () => {
    expect(conversionRate({ accepted: 3, rejected: 1, expired: 1 })).toBe(0.6);
    expect(conversionRate({ accepted: 0, rejected: 0, expired: 0 })).toBeNull();
    expect(conversionRate({ accepted: 0, rejected: 2, expired: 0 })).toBe(0);
  });

  it('turns stock over on its average value, and not at all without stock', () => {
    expect(
      inventoryTurnover({ cogsCents: 16_000, openingStockCents: 44_000, closingStockCents: 48_000 }),
    ).toBe(0.35);
    expect(inventoryTurnover({ cogsCents: 5_000, openingStockCents: 0, closingStockCents: 0 })).toBeNull();
    expect(oneDecimal(-8 / 3)).toBe(-2.7);
    expect(oneDecimal(null)).toBeNull();
  });
});
