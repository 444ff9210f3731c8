import { describe, expect, it } from 'vitest';
import type { TPurchaseVatSummary, TSupplier } from '@shared/purchases/contracts.ts';
import {
  CHARGEABILITY_CODES,
  PAYMENT_METHOD_CODES,
  PURCHASE_DOCUMENT_TYPES,
  chargeabilityKey,
  documentTypeKey,
  ibanText,
  moneyText,
  payableCents,
  paymentMethodKey,
  purchaseNatureKey,
  quantityText,
  splitPaymentVatCents,
  supplierAddressLines,
  unitPriceText,
  vatRateText,
} from './purchase-codes.ts';
import { readPurchaseParams } from './purchase-params.ts';

/** Intl writes a no-break space before € in Italian: compare with plain spaces. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('the FatturaPA codes of a received invoice', () => {
  it('are those of schema 1.2.2', () => {
    expect(PAYMENT_METHOD_CODES).toHaveLength(23);
    expect(PAYMENT_METHOD_CODES[0]).toBe('MP01');
    expect(PAYMENT_METHOD_CODES.at(-1)).toBe('MP23');
    expect(PURCHASE_DOCUMENT_TYPES).toEqual([
      'TD01',
      'TD02',
      'TD03',
      'TD04',
      'TD05',
      'TD06',
      'TD16',
      'TD17',
      'TD18',
      'TD19',
      'TD20',
      'TD21',
      'TD22',
      'TD23',
      'TD24',
      'TD25',
      'TD26',
      'TD27',
      'TD28',
    ]);
    expect(CHARGEABILITY_CODES).toEqual(['I', 'D', 'S']);
  });

  it('name invoices and credit notes with the invoices’ own labels, the other types with their own', () => {
    expect(documentTypeKey('TD01')).toBe('invoices:types.TD01');
    expect(documentTypeKey('TD04')).toBe('invoices:types.TD04');
    expect(documentTypeKey('TD24')).toBe('purchases:documentTypes.TD24');
    expect(documentTypeKey('TD99')).toBeNull();
  });

  it('name the payment methods in words, and leave an unknown code to be shown as it is', () => {
    for (const code of ['MP01', 'MP02', 'MP05', 'MP08', 'MP12', 'MP19', 'MP20', 'MP21', 'MP23'])
      expect(paymentMethodKey(code)).toBe(`purchases:paymentMethods.${code}`);
    expect(paymentMethodKey('MP24')).toBeNull();
    expect(paymentMethodKey('')).toBeNull();
  });

  it('name the VAT chargeability: immediate, deferred, split payment', () => {
    expect(chargeabilityKey('I')).toBe('purchases:chargeability.I');
    expect(chargeabilityKey('D')).toBe('purchases:chargeability.D');
    expect(chargeabilityKey('S')).toBe('purchases:chargeability.S');
    expect(chargeabilityKey(null)).toBeNull();
    expect(chargeabilityKey('X')).toBeNull();
  });

  it('name a Natura with the invoices’ label (N2.2 is stored as N2_2)', () => {
    expect(purchaseNatureKey('N2.2')).toBe('invoices:natures.N2_2');
    expect(purchaseNatureKey('N4')).toBe('invoices:natures.N4');
    // N2 alone was valid before 2021: shown as its code.
    expect(purchaseNatureKey('N2')).toBeNull();
    expect(purchaseNatureKey(null)).toBeNull();
  });
});

describe('the amounts and rates as they read', () => {
  it('write the VAT rate without trailing zeros, with the Natura at 0 %', () => {
    expect(vatRateText('22.00', null, 'it-IT')).toBe('22%');
    expect(vatRateText('5.50', null, 'it-IT')).toBe('5,5%');
    expect(vatRateText('5.50', null, 'en-US')).toBe('5.5%');
    expect(vatRateText('0.00', 'N2.2', 'it-IT')).toBe('0% · N2.2');
  });

  it('write euro with the app’s helper and other currencies by their code', () => {
    expect(plain(moneyText(3050, 'EUR', 'it-IT'))).toBe('30,50 €');
    expect(moneyText(123456, 'EUR', 'en-US')).toBe('€1,234.56');
    expect(moneyText(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(plain(moneyText(1000, 'XXZ', 'it-IT'))).toMatch(/10,00/);
  });

  it('write unit prices with the file’s decimals, at least two', () => {
    expect(plain(unitPriceText('1.00', 'EUR', 'it-IT'))).toBe('1,00 €');
    expect(unitPriceText('0.12345', 'EUR', 'en-US')).toBe('€0.12345');
    expect(unitPriceText('abc', 'EUR', 'en-US')).toBe('abc');
  });

  it('write quantities without trailing zeros; a line without quantity has none', () => {
    expect(quantityText('5.00', 'it-IT')).toBe('5');
    expect(quantityText('2.50', 'it-IT')).toBe('2,5');
    expect(quantityText('1234.5', 'en-US')).toBe('1,234.5');
    expect(quantityText(null, 'it-IT')).toBeNull();
  });

  it('group an IBAN in fours', () => {
    expect(ibanText('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(ibanText(' it60 x054 2811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
  });
});

describe('what is owed to the supplier', () => {
  const row = (vatCents: number, chargeability: string | null): TPurchaseVatSummary => ({
    vatRate: '22.00',
    nature: null,
    taxableCents: vatCents * 5,
    vatCents,
    chargeability,
  });

  it('is the total when there is neither withholding nor split payment', () => {
    const invoice = { totalCents: 3050, withholdingCents: 0, vatSummary: [row(550, 'D')] };
    expect(splitPaymentVatCents(invoice)).toBe(0);
    expect(payableCents(invoice)).toBe(3050);
  });

  it('leaves out the withholding tax and the VAT under split payment', () => {
    const invoice = {
      totalCents: 122_000 + 12_200,
      withholdingCents: 20_000,
      vatSummary: [row(22_000, 'S'), row(200, 'I')],
    };
    expect(splitPaymentVatCents(invoice)).toBe(22_000);
    expect(payableCents(invoice)).toBe(134_200 - 20_000 - 22_000);
  });
});

describe("the supplier's address", () => {
  const supplier: TSupplier = {
    id: 's',
    name: "SOCIETA' ALPHA SRL",
    vatNumber: 'IT01234567890',
    taxCode: null,
    address: 'VIALE ROMA 543',
    postalCode: '07100',
    city: 'SASSARI',
    province: 'SS',
    country: 'IT',
  };

  it('reads as on an envelope, the country only when not Italy', () => {
    expect(supplierAddressLines(supplier)).toEqual(['VIALE ROMA 543', '07100 SASSARI (SS)']);
    expect(
      supplierAddressLines({
        ...supplier,
        province: null,
        country: 'FR',
        postalCode: '75001',
        city: 'Paris',
      }),
    ).toEqual(['VIALE ROMA 543', '75001 Paris', 'FR']);
    expect(
      supplierAddressLines({
        ...supplier,
        address: null,
        postalCode: null,
        city: null,
        province: null,
        country: null,
      }),
    ).toEqual([]);
  });
});

describe('readPurchaseParams', () => {
  it('reads the search and the page of the URL', () => {
    expect(readPurchaseParams(new URLSearchParams('q= alpha &page=3'))).toEqual({ q: 'alpha', page: 3 });
  });

  it('drops what is not valid', () => {
    expect(readPurchaseParams(new URLSearchParams('q=%20%20&page=-2'))).toEqual({
      q: undefined,
      page: undefined,
    });
    expect(readPurchaseParams(new URLSearchParams('page=1.5'))).toEqual({ q: undefined, page: undefined });
    expect(readPurchaseParams(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });
});
