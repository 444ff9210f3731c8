import { describe, expect, it } from 'vitest';
import { vatPaymentsBetween, vatYearsFor } from './vat-deadlines.ts';
import { NO_FIGURES, type VatPeriodFigures } from './vat-settlement.ts';

/** A year of figures with the given VAT on sales per period (1-based), nothing else. */
function year(periods: number, vat: Record<number, number>): VatPeriodFigures[] {
  return Array.from({ length: periods }, (_, i) => ({ ...NO_FIGURES, salesVatCents: vat[i + 1] ?? 0 }));
}

describe('VAT payments in a forecast window', () => {
  it('reads the years from the one before the window to its last', () => {
    expect(vatYearsFor({ from: '2026-03-30', to: '2026-06-27' })).toEqual([2025, 2026]);
    expect(vatYearsFor({ from: '2026-12-01', to: '2027-02-28' })).toEqual([2025, 2026, 2027]);
  });

  it('takes the monthly payments due in the window, moved off weekends, and none under €100', () => {
    const figures = new Map([
      [2025, year(12, {})],
      // February (due 16 March, before the window), March, April, May under €100 (carried to June).
      [2026, year(12, { 2: 20_000, 3: 50_000, 4: 30_000, 5: 5_000 })],
    ]);
    expect(vatPaymentsBetween({ from: '2026-03-30', to: '2026-06-27' }, 'monthly', figures)).toEqual([
      { dueDate: '2026-04-16', taxCode: '6003', cents: 50_000, kind: 'settlement', year: 2026, period: 3 },
      // 16 May 2026 is a Saturday.
      { dueDate: '2026-05-18', taxCode: '6004', cents: 30_000, kind: 'settlement', year: 2026, period: 4 },
    ]);
  });

  it('adds the December advance when 27 December is in the window, and deducts it from December', () => {
    const figures = new Map([
      [2025, year(12, { 12: 100_000 })],
      [2026, year(12, { 11: 40_000, 12: 150_000 })],
      [2027, year(12, { 1: 20_000 })],
    ]);
    expect(vatPaymentsBetween({ from: '2026-12-01', to: '2027-02-28' }, 'monthly', figures)).toEqual([
      { dueDate: '2026-12-16', taxCode: '6011', cents: 40_000, kind: 'settlement', year: 2026, period: 11 },
      // 88% of December 2025 (1,000.00); 27 December 2026 is a Sunday.
      { dueDate: '2026-12-28', taxCode: '6013', cents: 88_000, kind: 'advance', year: 2026, period: null },
      // December 2026 net of the advance: 1,500.00 − 880.00; 16 January 2027 is a Saturday.
      { dueDate: '2027-01-18', taxCode: '6012', cents: 62_000, kind: 'settlement', year: 2026, period: 12 },
      { dueDate: '2027-02-16', taxCode: '6001', cents: 20_000, kind: 'settlement', year: 2027, period: 1 },
    ]);
  });

  it('settles December net of an advance already paid, as the VAT settlement report does', () => {
    const figures = new Map([
      [2025, year(12, { 12: 100_000 })],
      [2026, year(12, { 12: 150_000 })],
      [2027, year(12, {})],
    ]);
    // After 27 December the advance (880.00, 88% of December 2025) is behind us, but December 2026 is still
    // settled net of it in January: 1,500.00 − 880.00. 16 January 2027 is a Saturday.
    expect(vatPaymentsBetween({ from: '2027-01-05', to: '2027-04-04' }, 'monthly', figures)).toEqual([
      { dueDate: '2027-01-18', taxCode: '6012', cents: 62_000, kind: 'settlement', year: 2026, period: 12 },
    ]);
    const quarterly = new Map([
      [2025, year(4, { 4: 100_000 })],
      [2026, year(4, { 4: 150_000 })],
      [2027, year(4, {})],
    ]);
    // The fourth quarter with the annual return: (1,500.00 − 880.00) plus 1% interest.
    expect(vatPaymentsBetween({ from: '2027-01-05', to: '2027-04-04' }, 'quarterly', quarterly)).toEqual([
      { dueDate: '2027-03-16', taxCode: '6099', cents: 62_620, kind: 'settlement', year: 2026, period: 4 },
    ]);
  });

  it('pays a quarter with its 1% interest, the fourth with the annual return, the advance without interest', () => {
    const figures = new Map([
      [2025, year(4, { 4: 100_000 })],
      [2026, year(4, { 1: 30_000 })],
    ]);
    expect(vatPaymentsBetween({ from: '2026-02-20', to: '2026-05-20' }, 'quarterly', figures)).toEqual([
      // The fourth quarter of 2025 with the annual balance (code 6099), interest included.
      { dueDate: '2026-03-16', taxCode: '6099', cents: 101_000, kind: 'settlement', year: 2025, period: 4 },
      { dueDate: '2026-05-18', taxCode: '6031', cents: 30_300, kind: 'settlement', year: 2026, period: 1 },
    ]);
    const december = vatPaymentsBetween({ from: '2026-12-01', to: '2027-02-28' }, 'quarterly', figures);
    expect(december).toEqual([
      { dueDate: '2026-12-28', taxCode: '6035', cents: 88_000, kind: 'advance', year: 2026, period: null },
    ]);
  });

  it('finds nothing when no VAT is due', () => {
    const figures = new Map([
      [2025, year(12, {})],
      [2026, year(12, {})],
    ]);
    expect(vatPaymentsBetween({ from: '2026-03-30', to: '2026-06-27' }, 'monthly', figures)).toEqual([]);
  });
});
