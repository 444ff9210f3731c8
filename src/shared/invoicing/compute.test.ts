import { describe, expect, it } from 'vitest';
import { computeDocument, exactLineAmount, InvalidLinesError, validateLines } from './compute.ts';
import type { LineInput, TaxSettings, VatNature, VatRate } from './document.ts';
import { natureLegalReference } from './legal-notes.ts';
import { ZPaymentInput } from './contracts.ts';
import { fieldMessage } from '../errors/field-messages.ts';

const ordinary: TaxSettings = {
  regime: 'RF01',
  splitPayment: false,
  withholding: null,
  pensionFund: null,
  stampDutyChargedToClient: true,
};
const forfettario: TaxSettings = { ...ordinary, regime: 'RF19' };
const withholding20 = { type: 'RT01' as const, ratePercent: '20', causale: 'A' };

function line(unitPriceCents: number, vatRate: VatRate = 22, extra: Partial<LineInput> = {}): LineInput {
  return {
    description: 'Servizio',
    quantity: '1',
    unitPriceCents,
    discountPercent: '0',
    vatRate,
    nature: null,
    ...extra,
  };
}
const zero = (unitPriceCents: number, nature: VatNature, extra: Partial<LineInput> = {}) =>
  line(unitPriceCents, 0, { nature, ...extra });

/** The summary rows reduced to what the hand computations check. */
const rows = (lines: LineInput[], tax: TaxSettings = ordinary) =>
  computeDocument(lines, tax).vatSummary.map((r) => [r.vatRate, r.nature, r.taxableCents, r.vatCents]);

describe('validateLines', () => {
  it('accepts valid lines', () => {
    expect(
      validateLines([line(1000), zero(500, 'N4', { quantity: '0,3333', discountPercent: '12.5' })]),
    ).toEqual([]);
  });
  it('needs at least one line', () => {
    expect(validateLines([])).toEqual([{ path: 'lines', message: 'invoicing.errors.linesRequired' }]);
  });
  it('requires a Natura at 0 % and forbids it above', () => {
    expect(validateLines([line(100, 0), line(100, 22, { nature: 'N4' })])).toEqual([
      { path: 'lines.0.nature', message: 'invoicing.errors.natureRequired' },
      { path: 'lines.1.nature', message: 'invoicing.errors.natureOnlyAtZero' },
    ]);
    expect(validateLines([line(100, 0, { nature: 'N9' as VatNature })])).toEqual([
      { path: 'lines.0.nature', message: 'invoicing.errors.natureInvalid' },
    ]);
  });
  it('checks quantity (≥ 0, ≤ 4 decimals), price (integer cents ≥ 0), discount (0–100, ≤ 2 decimals)', () => {
    const bad = (extra: Partial<LineInput>) => validateLines([line(100, 22, extra)]).map((i) => i.path);
    expect(bad({ quantity: '0.33333' })).toEqual(['lines.0.quantity']);
    expect(bad({ quantity: '-1' })).toEqual(['lines.0.quantity']);
    expect(bad({ quantity: 'abc' })).toEqual(['lines.0.quantity']);
    expect(bad({ quantity: '0' })).toEqual([]);
    expect(bad({ quantity: '1234,5678' })).toEqual([]);
    expect(bad({ unitPriceCents: -1 })).toEqual(['lines.0.unitPriceCents']);
    expect(bad({ unitPriceCents: 10.5 })).toEqual(['lines.0.unitPriceCents']);
    expect(bad({ unitPriceCents: 0 })).toEqual([]);
    expect(bad({ discountPercent: '100' })).toEqual([]);
    expect(bad({ discountPercent: '100.01' })).toEqual(['lines.0.discountPercent']);
    expect(bad({ discountPercent: '12.345' })).toEqual(['lines.0.discountPercent']);
    expect(bad({ discountPercent: '-1' })).toEqual(['lines.0.discountPercent']);
    expect(bad({ discountPercent: '99,99' })).toEqual([]);
    expect(bad({ vatRate: 21 as VatRate })).toEqual(['lines.0.vatRate']);
  });

  it('names the maximum when a price is too large, and both bounds when it is not an amount', () => {
    const message = (unitPriceCents: number) => validateLines([line(unitPriceCents)])[0]?.message;
    expect(message(99_999_999_999)).toBeUndefined();
    expect(message(100_000_000_000)).toBe('invoicing.errors.priceTooLarge');
    expect(fieldMessage('invoicing.errors.priceTooLarge', 'it')).toBe(
      'Prezzo unitario: al massimo 999.999.999,99',
    );
    expect(fieldMessage(message(-1)!, 'it')).toBe('Prezzo unitario: un importo da 0,00 a 999.999.999,99');
    const payment = ZPaymentInput.safeParse({ paidOn: '2026-03-01', amountCents: 10 ** 14 });
    expect(payment.error?.issues.map((i) => i.message)).toEqual(['invoicing.errors.amountTooLarge']);
  });
});

describe('computeDocument: lines and rounding', () => {
  it('computes mixed rates 22/10/4 with discounts, each rate the sum of its printed lines', () => {
    const lines = [
      line(1999, 22, { quantity: '3', discountPercent: '10' }), // 3 × 19.99 × 0.90 = 53.973 → 53.97
      line(1250, 22, { quantity: '2.5' }), // 2.5 × 12.50 = 31.25
      line(4550, 10, { discountPercent: '12.5' }), // 45.50 × 0.875 = 39.8125 → 39.81
      line(333, 10, { quantity: '7', discountPercent: '5' }), // 7 × 3.33 × 0.95 = 22.1445 → 22.14
      line(1505, 4, { quantity: '4', discountPercent: '33.33' }), // 60.20 × 0.6667 = 40.13534 → 40.14
    ];
    const totals = computeDocument(lines, ordinary);
    expect(totals.lines.map((l) => l.totalCents)).toEqual([5397, 3125, 3981, 2214, 4014]);
    expect(totals.lines.map((l) => l.lineNumber)).toEqual([1, 2, 3, 4, 5]);
    // 22 %: 53.97 + 31.25 = 85.22, VAT 18.7484 → 18.75
    // 10 %: 39.81 + 22.14 = 61.95 (the exact sum 61.957 would round to 61.96: not what the lines show),
    //       VAT 6.195 → 6.20
    // 4 %: 40.14, VAT 1.6056 → 1.61
    expect(rows(lines)).toEqual([
      [22, null, 8522, 1875],
      [10, null, 6195, 620],
      [4, null, 4014, 161],
    ]);
    // 85.22 + 61.95 + 40.14 = 187.31; 18.75 + 6.20 + 1.61 = 26.56; total 213.87
    expect(totals).toMatchObject({
      taxableCents: 18731,
      vatCents: 2656,
      totalCents: 21387,
      amountDueCents: 21387,
      withholdingCents: 0,
      stampDutyCents: 0,
      splitPaymentVatCents: 0,
      pensionFundCents: 0,
      legalNotes: [],
    });
    expect(totals.vatSummary.every((r) => r.vatCollectability === 'I' && r.legalReference === null)).toBe(
      true,
    );
  });

  it('sums three printed 1/3 lines into the rate, not the rounded exact sum (issue 12, point 17)', () => {
    // Each line: 0.3333 × 10.00 = 3.333 → 3.33; the rate: 3 × 3.33 = 9.99 (the exact 9.999 would give 10.00,
    // a cent the printed lines do not add up to).
    const lines = [1, 2, 3].map(() => line(1000, 22, { quantity: '0.3333' }));
    const totals = computeDocument(lines, ordinary);
    expect(totals.lines.map((l) => l.totalCents)).toEqual([333, 333, 333]);
    expect(rows(lines)).toEqual([[22, null, 999, 220]]);
    expect(totals.totalCents).toBe(1219);
  });

  it('rounds a 1/3 quantity of a large price half-up', () => {
    // 0.3333 × 1234.55 = 411.475515 → 411.48; VAT 10 %: 41.148 → 41.15
    expect(rows([line(123455, 10, { quantity: '0.3333' })])).toEqual([[10, null, 41148, 4115]]);
    // 0.0005 × 10.00 = 0.005 → 0.01 (half-up)
    expect(computeDocument([line(1000, 22, { quantity: '0.0005' })], ordinary).lines[0]?.totalCents).toBe(1);
  });

  it('accepts "," as the decimal separator and a 100 % discount', () => {
    const totals = computeDocument(
      [
        line(1000, 22, { quantity: '1,5', discountPercent: '10,5' }),
        line(5000, 22, { discountPercent: '100' }),
      ],
      ordinary,
    );
    // 1.5 × 10.00 × 0.895 = 13.425 → 13.43 (line and rate); the free line is 0
    expect(totals.lines.map((l) => l.totalCents)).toEqual([1343, 0]);
    expect(totals.vatSummary[0]).toMatchObject({ taxableCents: 1343, vatCents: 295 }); // 2.9546
  });

  it('gives zero totals without lines and throws on invalid lines', () => {
    expect(computeDocument([], ordinary)).toMatchObject({ lines: [], vatSummary: [], totalCents: 0 });
    expect(() => computeDocument([line(100, 0)], ordinary)).toThrow(InvalidLinesError);
    expect(() => computeDocument([line(100, 22, { quantity: '1.23456' })], ordinary)).toThrow(/quantity/);
  });

  it('orders rows by rate descending, then Natura, one row per rate/Natura', () => {
    const lines = [
      zero(100, 'N4'),
      line(100, 4),
      zero(100, 'N2.1'),
      line(100, 22),
      line(100, 5),
      zero(100, 'N4'),
      line(100, 10),
      zero(100, 'N1'),
    ];
    expect(rows(lines).map(([rate, nature]) => `${rate}${nature ?? ''}`)).toEqual([
      '22',
      '10',
      '5',
      '4',
      '0N1',
      '0N2.1',
      '0N4',
    ]);
    expect(computeDocument(lines, ordinary).vatSummary.find((r) => r.nature === 'N4')?.taxableCents).toBe(
      200,
    );
  });

  it('keeps a row for a rate whose lines are all free (FatturaPA needs one per rate used)', () => {
    expect(rows([line(0, 22), line(1000, 10)])).toEqual([
      [22, null, 0, 0],
      [10, null, 1000, 100],
    ]);
  });

  it('computes the exact line amount in 10^-8 cent', () => {
    expect(exactLineAmount({ quantity: '1', unitPriceCents: 100, discountPercent: '0' })).toBe(10n ** 10n);
    expect(exactLineAmount({ quantity: '0.3333', unitPriceCents: 1000, discountPercent: '0' })).toBe(
      33330000000n,
    );
  });
});

describe('computeDocument: stamp duty (imposta di bollo)', () => {
  it('is not due at exactly 77.47 not subject to VAT, due at 77.48', () => {
    const at7747 = computeDocument([zero(7747, 'N4')], ordinary);
    expect(at7747).toMatchObject({ stampDutyCents: 0, stampDutyChargedCents: 0, totalCents: 7747 });
    expect(at7747.legalNotes).toEqual(['exemptNature']);
    const at7748 = computeDocument([zero(7748, 'N4')], ordinary);
    expect(at7748).toMatchObject({
      stampDutyCents: 200,
      stampDutyChargedCents: 200,
      totalCents: 7948,
      amountDueCents: 7948,
    });
    expect(at7748.legalNotes).toEqual(['exemptNature', 'stampDuty']);
    expect(at7748.vatSummary).toHaveLength(1); // the stamp duty is not a summary row
  });

  it('sums the amounts of every Natura not subject to VAT, and only those', () => {
    // N2.1 40.00 + N1 37.48 = 77.48 → due
    expect(computeDocument([zero(4000, 'N2.1'), zero(3748, 'N1')], ordinary).stampDutyCents).toBe(200);
    // N3.5 and N3.6 count; N2.2 counts
    expect(computeDocument([zero(4000, 'N3.5'), zero(3748, 'N3.6')], ordinary).stampDutyCents).toBe(200);
    expect(computeDocument([zero(7748, 'N2.2')], ordinary).stampDutyCents).toBe(200);
    // taxed amounts, exports (N3.1), reverse charge (N6.x), margin (N5), N7 do not count
    for (const nature of ['N3.1', 'N3.2', 'N5', 'N6.3', 'N7'] as const) {
      expect(computeDocument([zero(100000, nature)], ordinary).stampDutyCents, nature).toBe(0);
    }
    expect(computeDocument([line(100000), zero(7747, 'N4')], ordinary).stampDutyCents).toBe(0);
  });

  it('rounds the non-VAT amount before comparing (77.474 → 77.47: not due; 77.475 → 77.48: due)', () => {
    expect(computeDocument([zero(1, 'N4', { quantity: '7747.4' })], ordinary).stampDutyCents).toBe(0);
    expect(computeDocument([zero(1, 'N4', { quantity: '7747.5' })], ordinary).stampDutyCents).toBe(200);
  });

  it('is borne by the seller when not charged to the client', () => {
    const totals = computeDocument([zero(10000, 'N4')], { ...ordinary, stampDutyChargedToClient: false });
    expect(totals).toMatchObject({
      stampDutyCents: 200,
      stampDutyChargedCents: 0,
      totalCents: 10000,
      amountDueCents: 10000,
    });
    expect(totals.legalNotes).toContain('stampDuty');
  });
});

describe('computeDocument: forfettario (RF19)', () => {
  it('treats every line as 0 % N2.2, ignores withholding and split payment, charges the stamp duty', () => {
    const tax: TaxSettings = { ...forfettario, withholding: withholding20, splitPayment: true };
    const totals = computeDocument([line(30000, 22), line(20000, 10, { discountPercent: '10' })], tax);
    // 300.00 + 180.00 = 480.00, no VAT, bollo 2.00 charged → 482.00
    expect(totals.lines.map((l) => [l.vatRate, l.nature, l.totalCents, l.withholding])).toEqual([
      [0, 'N2.2', 30000, false],
      [0, 'N2.2', 18000, false],
    ]);
    expect(totals.vatSummary).toEqual([
      {
        vatRate: 0,
        nature: 'N2.2',
        taxableCents: 48000,
        vatCents: 0,
        vatCollectability: 'I',
        legalReference: "Operazione in franchigia da IVA ai sensi dell'art. 1, commi 54-89, L. 190/2014",
      },
    ]);
    expect(totals).toMatchObject({
      taxableCents: 48000,
      vatCents: 0,
      withholdingCents: 0,
      splitPaymentVatCents: 0,
      stampDutyCents: 200,
      stampDutyChargedCents: 200,
      totalCents: 48200,
      amountDueCents: 48200,
      legalNotes: ['forfettario', 'stampDuty'],
    });
  });

  it('with the stamp duty borne by the seller', () => {
    const totals = computeDocument([line(50000, 0, { nature: 'N4' })], {
      ...forfettario,
      stampDutyChargedToClient: false,
    });
    expect(totals.vatSummary.map((r) => r.nature)).toEqual(['N2.2']);
    expect(totals).toMatchObject({ stampDutyCents: 200, stampDutyChargedCents: 0, totalCents: 50000 });
    expect(totals.legalNotes).toEqual(['forfettario', 'stampDuty']);
  });

  it('without stamp duty up to 77.47, with the INPS 4 % rivalsa counted towards the threshold', () => {
    expect(computeDocument([line(7747)], forfettario)).toMatchObject({
      stampDutyCents: 0,
      totalCents: 7747,
      legalNotes: ['forfettario'],
    });
    const pensionFund = { type: 'TC22', ratePercent: '4', subjectToWithholding: false };
    // 75.00 + 4 % = 3.00 → 78.00 not subject to VAT → bollo
    const totals = computeDocument([line(7500)], { ...forfettario, pensionFund });
    expect(totals).toMatchObject({
      pensionFundBaseCents: 7500,
      pensionFundCents: 300,
      pensionFundVatRate: 0,
      pensionFundNature: 'N2.2',
      taxableCents: 7800,
      stampDutyCents: 200,
      totalCents: 8000,
    });
  });
});

describe('computeDocument: split payment', () => {
  const split: TaxSettings = { ...ordinary, splitPayment: true };

  it('marks the taxed rows S, keeps Natura rows I, and leaves their VAT out of the amount due', () => {
    const totals = computeDocument([line(100000, 22), zero(20000, 'N2.1')], split);
    expect(
      totals.vatSummary.map((r) => [r.vatRate, r.nature, r.taxableCents, r.vatCents, r.vatCollectability]),
    ).toEqual([
      [22, null, 100000, 22000, 'S'],
      [0, 'N2.1', 20000, 0, 'I'],
    ]);
    // 1000.00 + 200.00 + VAT 220.00 + bollo 2.00 (200.00 not subject to VAT) = 1422.00; due 1422.00 − 220.00
    expect(totals).toMatchObject({
      taxableCents: 120000,
      vatCents: 22000,
      stampDutyCents: 200,
      totalCents: 142200,
      splitPaymentVatCents: 22000,
      amountDueCents: 120200,
      legalNotes: ['exemptNature', 'splitPayment', 'stampDuty'],
    });
    expect(totals.vatSummary[1]?.legalReference).toBe(natureLegalReference('N2.1', 'RF01'));
  });

  it('sums the VAT of every taxed row', () => {
    const totals = computeDocument([line(10000, 22), line(10000, 10)], split);
    expect(totals).toMatchObject({ splitPaymentVatCents: 3200, totalCents: 23200, amountDueCents: 20000 });
  });

  it('has no note when there is no taxed row', () => {
    const totals = computeDocument([zero(5000, 'N4')], split);
    expect(totals.splitPaymentVatCents).toBe(0);
    expect(totals.legalNotes).toEqual(['exemptNature']);
  });
});

describe('computeDocument: pension fund and withholding (professional)', () => {
  const professional = (subjectToWithholding: boolean): TaxSettings => ({
    ...ordinary,
    withholding: withholding20,
    pensionFund: { type: 'TC04', ratePercent: '4', subjectToWithholding },
  });

  it('1000.00 fee + 4 % cassa taxed at 22 %, withholding 20 % on the fee only', () => {
    const totals = computeDocument([line(100000)], professional(false));
    // cassa 40.00; taxable 1040.00; VAT 228.80; total 1268.80; withholding 200.00; due 1068.80
    expect(totals).toMatchObject({
      pensionFundBaseCents: 100000,
      pensionFundCents: 4000,
      pensionFundVatRate: 22,
      pensionFundNature: null,
      taxableCents: 104000,
      vatCents: 22880,
      totalCents: 126880,
      withholdingCents: 20000,
      amountDueCents: 106880,
      legalNotes: ['withholding'],
    });
    expect(rows([line(100000)], professional(false))).toEqual([[22, null, 104000, 22880]]);
    expect(totals.lines[0]?.withholding).toBe(true);
  });

  it('with the cassa subject to withholding: 20 % of 1040.00', () => {
    const totals = computeDocument([line(100000)], professional(true));
    // withholding 208.00; due 1268.80 − 208.00 = 1060.80
    expect(totals).toMatchObject({ totalCents: 126880, withholdingCents: 20800, amountDueCents: 106080 });
  });

  it('excludes lines marked withholding: false (e.g. expense refunds) from the base', () => {
    const totals = computeDocument(
      [line(100000), line(5000, 22, { withholding: false })],
      professional(false),
    );
    // taxable lines 1050.00, cassa 4 % = 42.00 → 1092.00; VAT 240.24; total 1332.24; withholding 20 % of 1000.00
    expect(totals).toMatchObject({
      pensionFundCents: 4200,
      taxableCents: 109200,
      vatCents: 24024,
      totalCents: 133224,
      withholdingCents: 20000,
      amountDueCents: 113224,
    });
    expect(totals.lines.map((l) => l.withholding)).toEqual([true, false]);
  });

  it('computes the withholding on the printed line totals, rounding once', () => {
    // 3 × (0.3333 × 10.00) = 3 × 3.33 = 9.99; 20 % = 1.998 → 2.00 (not 0.67 × 3 per line)
    const tax: TaxSettings = { ...ordinary, withholding: { ...withholding20, ratePercent: '20' } };
    const lines = [1, 2, 3].map(() => line(1000, 22, { quantity: '0.3333' }));
    expect(computeDocument(lines, tax).withholdingCents).toBe(200);
    // 11.5 % of 77.77 = 8.94355 → 8.94
    expect(
      computeDocument([line(7777)], { ...tax, withholding: { ...withholding20, ratePercent: '11.5' } }),
    ).toMatchObject({ withholdingCents: 894 });
  });

  it('taxes the cassa at the highest line rate', () => {
    const tax: TaxSettings = {
      ...ordinary,
      pensionFund: { type: 'TC04', ratePercent: '4', subjectToWithholding: false },
    };
    const totals = computeDocument([zero(10000, 'N4'), line(10000, 10), line(10000, 22)], tax);
    // base 300.00 → cassa 12.00 at 22 %: 112.00, VAT 24.64
    expect(rows([zero(10000, 'N4'), line(10000, 10), line(10000, 22)], tax)).toEqual([
      [22, null, 11200, 2464],
      [10, null, 10000, 1000],
      [0, 'N4', 10000, 0],
    ]);
    expect(totals).toMatchObject({
      pensionFundBaseCents: 30000,
      pensionFundCents: 1200,
      pensionFundVatRate: 22,
    });
  });

  it('puts the cassa at 0 % with the first line’s Natura when every line is at 0 %', () => {
    const tax: TaxSettings = {
      ...ordinary,
      pensionFund: { type: 'TC04', ratePercent: '4', subjectToWithholding: false },
    };
    const totals = computeDocument([zero(10000, 'N4'), zero(5000, 'N2.1')], tax);
    expect(totals).toMatchObject({ pensionFundCents: 600, pensionFundVatRate: 0, pensionFundNature: 'N4' });
    expect(rows([zero(10000, 'N4'), zero(5000, 'N2.1')], tax)).toEqual([
      [0, 'N2.1', 5000, 0],
      [0, 'N4', 10600, 0],
    ]);
  });

  it('bases the cassa on the printed line totals and rounds it half-up', () => {
    const tax: TaxSettings = {
      ...ordinary,
      pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false },
    };
    // 3 × 3.33 = 9.99; 4 % = 0.3996 → 0.40
    const lines = [1, 2, 3].map(() => line(1000, 22, { quantity: '0.3333' }));
    expect(computeDocument(lines, tax)).toMatchObject({ pensionFundBaseCents: 999, pensionFundCents: 40 });
    // 12.38 × 4 % = 0.4952 → 0.50
    expect(computeDocument([line(1238)], tax).pensionFundCents).toBe(50);
  });

  it('leaves art. 15 expenses (N1) out of the cassa and withholding bases (issue 12, point 16)', () => {
    // 2500.00 fee + 100.00 stamp/registry fees paid for the client (N1), cassa 4 %, withholding 20 %.
    const lines = [line(250000), zero(10000, 'N1')];
    const totals = computeDocument(lines, professional(false));
    // cassa 4 % of 2500.00 = 100.00 (not 104.00); 22 % row 2600.00, VAT 572.00; N1 row 100.00 (> 77.47: stamp
    // duty 2.00); total 2600.00 + 572.00 + 100.00 + 2.00 = 3274.00; withholding 500.00; due 2774.00
    expect(totals).toMatchObject({
      pensionFundBaseCents: 250000,
      pensionFundCents: 10000,
      pensionFundVatRate: 22,
      taxableCents: 270000,
      vatCents: 57200,
      totalCents: 327400,
      withholdingCents: 50000,
      amountDueCents: 277400,
    });
    expect(rows(lines, professional(false))).toEqual([
      [22, null, 260000, 57200],
      [0, 'N1', 10000, 0],
    ]);
    // Even a N1 line the user left ticked is never subject to withholding.
    expect(totals.lines.map((l) => l.withholding)).toEqual([true, false]);
    // With the cassa subject to withholding: 20 % of 2600.00.
    expect(computeDocument(lines, professional(true)).withholdingCents).toBe(52000);
  });

  it('keeps art. 15 expenses at N1 under forfettario, outside the INPS rivalsa base', () => {
    const tax: TaxSettings = {
      ...forfettario,
      pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false },
    };
    const totals = computeDocument([zero(10000, 'N1'), line(100000)], tax);
    expect(totals.lines.map((l) => [l.vatRate, l.nature])).toEqual([
      [0, 'N1'],
      [0, 'N2.2'],
    ]);
    // rivalsa 4 % of 1000.00, at 0 % N2.2 (the first fee line), not N1
    expect(totals).toMatchObject({
      pensionFundCents: 4000,
      pensionFundVatRate: 0,
      pensionFundNature: 'N2.2',
    });
    expect(rows([zero(10000, 'N1'), line(100000)], tax)).toEqual([
      [0, 'N1', 10000, 0],
      [0, 'N2.2', 104000, 0],
    ]);
  });

  it('has no withholding note when no line is subject to it', () => {
    const totals = computeDocument([line(1000, 22, { withholding: false })], {
      ...ordinary,
      withholding: withholding20,
    });
    expect(totals.withholdingCents).toBe(0);
    expect(totals.legalNotes).toEqual([]);
  });
});

describe('computeDocument: reverse charge and other natures', () => {
  it('N6.7 (building sector): no VAT, reverse-charge note and reference, no stamp duty', () => {
    const totals = computeDocument([zero(500000, 'N6.7')], ordinary);
    expect(totals.vatSummary).toEqual([
      {
        vatRate: 0,
        nature: 'N6.7',
        taxableCents: 500000,
        vatCents: 0,
        vatCollectability: 'I',
        legalReference:
          'Inversione contabile - settore edile e connessi, art. 17 c. 6 lett. a-ter) DPR 633/72',
      },
    ]);
    expect(totals).toMatchObject({
      vatCents: 0,
      totalCents: 500000,
      amountDueCents: 500000,
      stampDutyCents: 0,
      legalNotes: ['reverseCharge'],
    });
  });

  it('notes both reverse charge and an exempt nature when both are present', () => {
    expect(computeDocument([zero(1000, 'N6.3'), zero(1000, 'N4')], ordinary).legalNotes).toEqual([
      'exemptNature',
      'reverseCharge',
    ]);
  });

  it('sets every Natura row’s legal reference, within 100 Latin-1 characters', () => {
    const natures = ['N1', 'N2.1', 'N3.1', 'N3.4', 'N4', 'N5', 'N6.1', 'N6.9', 'N7'] as const;
    const totals = computeDocument(
      natures.map((n) => zero(1000, n)),
      ordinary,
    );
    expect(totals.vatSummary.map((r) => r.legalReference)).toEqual(
      natures.map((n) => natureLegalReference(n, 'RF01')),
    );
    for (const row of totals.vatSummary) {
      expect(row.legalReference?.length).toBeLessThanOrEqual(100);
      expect(row.legalReference).toMatch(/^[\x20-\x7e\xa0-\xff]+$/);
    }
  });
});

describe('computeDocument: properties on seeded random documents', () => {
  /** mulberry32: a small deterministic generator, so failures are reproducible. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const pick = <T>(next: () => number, items: readonly T[]): T =>
    items[Math.floor(next() * items.length)] as T;

  /** A decimal string as a fraction [numerator, denominator], read digit by digit (independent of decimal.ts). */
  function fraction(text: string): [bigint, bigint] {
    const [whole, frac = ''] = text.replace(',', '.').split('.');
    return [BigInt(`${whole}${frac}`), 10n ** BigInt(frac.length)];
  }
  /** Half-up rounding of a positive fraction to an integer. */
  const roundFraction = ([n, d]: [bigint, bigint]) => n / d + (2n * (n % d) >= d ? 1n : 0n);
  const addFractions = ([a, b]: [bigint, bigint], [c, d]: [bigint, bigint]): [bigint, bigint] => [
    a * d + c * b,
    b * d,
  ];

  it('per-rate taxable = the sum of the printed line totals; VAT, total and due follow from the rows', () => {
    const next = random(20260501);
    for (let doc = 0; doc < 300; doc++) {
      const count = 1 + Math.floor(next() * 8);
      const lines: LineInput[] = [];
      for (let i = 0; i < count; i++) {
        const rate = pick(next, [22, 10, 5, 4, 0] as const);
        const decimals = Math.floor(next() * 5);
        const quantity = (Math.floor(next() * 10 ** (decimals + 2)) / 10 ** decimals).toFixed(decimals);
        const discount = next() < 0.5 ? '0' : (Math.floor(next() * 10001) / 100).toFixed(2);
        lines.push(
          line(Math.floor(next() * 500000), rate, {
            quantity: next() < 0.5 ? quantity : quantity.replace('.', ','),
            discountPercent: discount,
            nature: rate === 0 ? pick(next, ['N1', 'N2.1', 'N4', 'N6.7'] as const) : null,
          }),
        );
      }
      const split = next() < 0.3;
      const tax: TaxSettings = { ...ordinary, splitPayment: split };
      const totals = computeDocument(lines, tax);

      const expected = new Map<string, [bigint, bigint]>();
      for (const l of lines) {
        const [qn, qd] = fraction(l.quantity);
        const [dn, dd] = fraction(l.discountPercent);
        const amount: [bigint, bigint] = [qn * BigInt(l.unitPriceCents) * (100n * dd - dn), qd * 100n * dd];
        const key = `${l.vatRate}|${l.nature ?? ''}`;
        expected.set(key, addFractions(expected.get(key) ?? [0n, 1n], amount));
        const computed = totals.lines[lines.indexOf(l)];
        expect(BigInt(computed?.totalCents ?? -1), `doc ${doc} line total`).toBe(roundFraction(amount));
      }
      expect(totals.vatSummary).toHaveLength(expected.size);
      for (const row of totals.vatSummary) {
        const sum = expected.get(`${row.vatRate}|${row.nature ?? ''}`);
        expect(sum, `doc ${doc} row`).toBeDefined();
        // Every printed amount reconciles: the row is the sum of its lines as printed, to the cent.
        const lineSum = totals.lines
          .filter((l) => l.vatRate === row.vatRate && (l.nature ?? null) === row.nature)
          .reduce((s, l) => s + l.totalCents, 0);
        expect(row.taxableCents, `doc ${doc} taxable ${row.vatRate}`).toBe(lineSum);
        // …and stays within half a cent per line of the exact sum.
        expect(Math.abs(lineSum - Number(roundFraction(sum ?? [0n, 1n])))).toBeLessThanOrEqual(count / 2);
        expect(BigInt(row.vatCents)).toBe(
          roundFraction([BigInt(row.taxableCents) * BigInt(row.vatRate), 100n]),
        );
        expect(row.vatCollectability).toBe(split && row.vatRate > 0 ? 'S' : 'I');
      }
      const taxable = totals.vatSummary.reduce((s, r) => s + r.taxableCents, 0);
      const vat = totals.vatSummary.reduce((s, r) => s + r.vatCents, 0);
      expect(totals.taxableCents).toBe(taxable);
      expect(totals.vatCents).toBe(vat);
      expect(totals.totalCents).toBe(taxable + vat + totals.stampDutyChargedCents);
      expect(totals.amountDueCents).toBe(totals.totalCents - totals.splitPaymentVatCents);
      const order = totals.vatSummary.map(
        (r) => `${String(100 - r.vatRate).padStart(3, '0')}|${r.nature ?? ''}`,
      );
      expect(order).toEqual([...order].sort());
    }
  });

  it('withholding = half-up of 20 % of the printed totals of the lines subject to it', () => {
    const next = random(77);
    const tax: TaxSettings = { ...ordinary, withholding: withholding20 };
    for (let doc = 0; doc < 200; doc++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
        line(Math.floor(next() * 100000), 22, {
          quantity: (Math.floor(next() * 100000) / 10000).toFixed(4),
          withholding: next() < 0.8,
        }),
      );
      let base: [bigint, bigint] = [0n, 1n];
      for (const l of lines.filter((l) => l.withholding)) {
        base = addFractions(base, [
          roundFraction([fraction(l.quantity)[0] * BigInt(l.unitPriceCents), 10000n]),
          1n,
        ]);
      }
      const totals = computeDocument(lines, tax);
      expect(BigInt(totals.withholdingCents), `doc ${doc}`).toBe(
        roundFraction([base[0] * 20n, base[1] * 100n]),
      );
      expect(totals.amountDueCents).toBe(totals.totalCents - totals.withholdingCents);
    }
  });
});
