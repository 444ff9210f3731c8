import { describe, expect, it } from 'vitest';
import {
  forfettarioStanding,
  historicalAdvance,
  periodRange,
  settleVat,
  type VatPeriodFigures,
} from './vat-settlement.ts';

const sales = (vatCents: number, deductibleVatCents = 0): VatPeriodFigures => ({
  salesTaxableCents: vatCents * 5,
  salesVatCents: vatCents,
  purchasesTaxableCents: deductibleVatCents * 5,
  deductibleVatCents,
});

describe('periodRange', () => {
  it('gives months and quarters with their last day', () => {
    expect(periodRange(2028, 'monthly', 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange(2026, 'monthly', 12)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodRange(2026, 'quarterly', 3)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });
});

describe('settleVat, monthly (figures worked by hand)', () => {
  // Jan €500 due; Feb €80 (≤ €100: carried); Mar €50 + €80 carried = €130 paid; Apr €100 − €300 = €200 credit;
  // May €250 − €200 credit = €50 carried; nothing after; December's €50 goes to the annual balance.
  const figures = [sales(50_000), sales(8_000), sales(5_000), sales(10_000, 30_000), sales(25_000)];
  const periods = settleVat({ year: 2026, periodicity: 'monthly', figures });

  it('pays January by the 16th of February with code 6001', () => {
    expect(periods[0]).toMatchObject({ vp6Due: 50_000, vp14Due: 50_000, paymentCents: 50_000 });
    expect(periods[0]).toMatchObject({ dueDate: '2026-02-16', taxCode: '6001', withAnnualReturn: false });
  });

  it('carries a debt not over €100 to the next month, and pays it there', () => {
    expect(periods[1]).toMatchObject({ vp14Due: 8_000, paymentCents: 0, carriedDebtCents: 8_000 });
    expect(periods[2]).toMatchObject({ vp7: 8_000, vp14Due: 13_000, paymentCents: 13_000 });
    expect(periods[2]!.dueDate).toBe('2026-04-16');
  });

  it('carries a credit to the next month (VP8)', () => {
    expect(periods[3]).toMatchObject({ vp6Credit: 20_000, vp14Credit: 20_000, carriedCreditCents: 20_000 });
    expect(periods[4]).toMatchObject({
      vp8: 20_000,
      vp14Due: 5_000,
      paymentCents: 0,
      carriedDebtCents: 5_000,
    });
  });

  it('sends a small December debt to the annual balance (16 March, 6099)', () => {
    const december = periods[11]!;
    expect(december).toMatchObject({ vp7: 5_000, vp14Due: 5_000, paymentCents: 0, carriedDebtCents: 5_000 });
    expect(december).toMatchObject({ withAnnualReturn: true, taxCode: '6099', dueDate: '2027-03-16' });
    expect(periods.reduce((sum, p) => sum + p.paymentCents, 0)).toBe(63_000);
  });

  it('uses the previous year credit first (VP9) until it runs out', () => {
    const withCredit = settleVat({
      year: 2026,
      periodicity: 'monthly',
      figures: [sales(50_000), sales(40_000)],
      previousYearCreditCents: 70_000,
    });
    expect(withCredit[0]).toMatchObject({ vp9: 50_000, vp14Due: 0, paymentCents: 0 });
    expect(withCredit[1]).toMatchObject({ vp9: 20_000, vp14Due: 20_000, paymentCents: 20_000 });
    expect(withCredit[2]).toMatchObject({ vp9: 0, vp14Due: 0 });
  });
});

describe('settleVat, quarterly by option', () => {
  // Q1 €1,000 − €200 = €800 + 1% = €808 (16 May 2026 is a Saturday: 18 May); Q2 €50 carried without interest;
  // Q3 €300 − €100 + €50 = €250 + 1% = €252.50; Q4 €600 − €400 advance = €200 + 1% = €202 with the annual return.
  const periods = settleVat({
    year: 2026,
    periodicity: 'quarterly',
    figures: [sales(100_000, 20_000), sales(5_000), sales(30_000, 10_000), sales(60_000)],
    advanceCents: 40_000,
  });

  it('adds 1% interest and moves a Saturday deadline to Monday', () => {
    expect(periods[0]).toMatchObject({ vp6Due: 80_000, vp12: 800, vp14Due: 80_800, paymentCents: 80_800 });
    expect(periods[0]).toMatchObject({ dueDate: '2026-05-18', taxCode: '6031' });
  });

  it('charges no interest on a carried amount, and interest on it when paid', () => {
    expect(periods[1]).toMatchObject({ vp12: 0, paymentCents: 0, carriedDebtCents: 5_000 });
    expect(periods[1]).toMatchObject({ dueDate: '2026-08-20', taxCode: '6032' });
    expect(periods[2]).toMatchObject({ vp7: 5_000, vp12: 250, vp14Due: 25_250, paymentCents: 25_250 });
    expect(periods[2]!.dueDate).toBe('2026-11-16');
  });

  it('settles the fourth quarter with the annual return, net of the advance', () => {
    expect(periods[3]).toMatchObject({ vp13: 40_000, vp12: 200, vp14Due: 20_200, paymentCents: 20_200 });
    expect(periods[3]).toMatchObject({ withAnnualReturn: true, taxCode: '6099', dueDate: '2027-03-16' });
  });

  it('turns an advance larger than the fourth quarter into a credit', () => {
    const over = settleVat({ year: 2026, periodicity: 'quarterly', figures: [], advanceCents: 30_000 });
    expect(over[3]).toMatchObject({ vp12: 0, vp14Due: 0, vp14Credit: 30_000, carriedCreditCents: 30_000 });
  });
});

describe('historicalAdvance and forfettario', () => {
  it('is 88% of the last period, due 27 December or the next working day, nothing under €103.29', () => {
    expect(historicalAdvance(2026, 'monthly', 50_000)).toEqual({
      amountCents: 44_000,
      dueDate: '2026-12-28',
      taxCode: '6013',
    });
    expect(historicalAdvance(2026, 'quarterly', 11_000).amountCents).toBe(0);
    expect(historicalAdvance(2026, 'quarterly', 11_800)).toMatchObject({
      amountCents: 10_384,
      taxCode: '6035',
    });
  });

  it('watches forfettario revenue against €85,000 and €100,000', () => {
    expect(forfettarioStanding(8_000_000)).toMatchObject({ remainingCents: 500_000, overLimit: false });
    expect(forfettarioStanding(9_000_000)).toMatchObject({ overLimit: true, immediateExit: false });
    expect(forfettarioStanding(10_000_001)).toMatchObject({ immediateExit: true });
  });
});
