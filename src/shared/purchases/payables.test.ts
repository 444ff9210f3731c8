import { describe, expect, it } from 'vitest';
import { amountToPayCents, openInstallments, purchasePaymentStatus } from './payables.ts';

const installment = (dueDate: string | null, amountCents: number) => ({
  dueDate,
  amountCents,
  method: 'MP05',
  iban: null,
});
const invoice = (over: Partial<Parameters<typeof amountToPayCents>[0]> = {}) => ({
  documentType: 'TD01',
  totalCents: 12_200,
  withholdingCents: 0,
  installments: [],
  ...over,
});

describe('purchase payables', () => {
  it('owes the schedule, else the total less the withholding; a credit note owes nothing', () => {
    expect(amountToPayCents(invoice())).toBe(12_200);
    expect(amountToPayCents(invoice({ withholdingCents: 2_000 }))).toBe(10_200);
    expect(amountToPayCents(invoice({ installments: [installment('2026-02-28', 10_000)] }))).toBe(10_000);
    expect(amountToPayCents(invoice({ documentType: 'TD04' }))).toBe(0);
  });

  it('tells unpaid, partly paid and paid apart', () => {
    expect(purchasePaymentStatus(invoice(), 0)).toBe('unpaid');
    expect(purchasePaymentStatus(invoice(), 5_000)).toBe('partlyPaid');
    expect(purchasePaymentStatus(invoice(), 12_200)).toBe('paid');
    expect(purchasePaymentStatus(invoice({ documentType: 'TD04' }), 0)).toBe('notPayable');
  });

  it('covers the instalments in due-date order, an undated one on the fallback date', () => {
    const two = invoice({
      installments: [
        installment('2026-03-31', 6_000),
        installment(null, 1_000),
        installment('2026-02-28', 5_000),
      ],
    });
    expect(openInstallments(two, 0, '2026-01-10').map((i) => [i.dueDate, i.openCents])).toEqual([
      ['2026-01-10', 1_000],
      ['2026-02-28', 5_000],
      ['2026-03-31', 6_000],
    ]);
    expect(openInstallments(two, 3_000, '2026-01-10')).toEqual([
      { dueDate: '2026-02-28', amountCents: 5_000, openCents: 3_000 },
      { dueDate: '2026-03-31', amountCents: 6_000, openCents: 6_000 },
    ]);
    expect(openInstallments(invoice(), 200, '2026-01-10')).toEqual([
      { dueDate: '2026-01-10', amountCents: 12_200, openCents: 12_000 },
    ]);
    expect(openInstallments(two, 12_000, '2026-01-10')).toEqual([]);
  });
});
