import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { TInvoicingSettings } from '@shared/invoicing/contracts.ts';
import { settingsResolver, toValues } from './invoicing-settings-values.ts';

const t = ((key: string) => key) as unknown as TFunction;

const SAVED: TInvoicingSettings = {
  invoiceNumberPattern: '{n}/{yyyy}',
  creditNoteNumberPattern: 'NC{n}/{yyyy}',
  quoteNumberPattern: 'P{n}/{yyyy}',
  quoteValidityDays: 30,
  stampDutyChargedToClient: true,
  automaticReminders: true,
  reminderEveryDays: 7,
  pdfTemplate: 'default',
  vatPeriodicity: 'quarterly',
  iban: null,
  bankName: null,
  defaultWithholding: null,
  defaultPensionFund: null,
  sdiPecAddress: 'sdi07@pec.fatturapa.it',
};

describe('invoicing settings form', () => {
  it('keeps the VAT periodicity through the form, so saving other settings does not reset it', async () => {
    const values = toValues(SAVED, 'it');
    expect(values.vatPeriodicity).toBe('quarterly');
    const resolved = await settingsResolver(t)(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(resolved.errors).toEqual({});
    expect(resolved.values).toMatchObject({ vatPeriodicity: 'quarterly' });
  });

  it('keeps the SDI address, and refuses one that is not an address', async () => {
    const values = toValues(SAVED, 'it');
    expect(values.sdiPecAddress).toBe('sdi07@pec.fatturapa.it');
    const options = { fields: {}, shouldUseNativeValidation: false };
    const kept = await settingsResolver(t)(values, undefined, options);
    expect(kept.values).toMatchObject({ sdiPecAddress: 'sdi07@pec.fatturapa.it' });
    const empty = await settingsResolver(t)({ ...values, sdiPecAddress: ' ' }, undefined, options);
    expect(empty.values).toMatchObject({ sdiPecAddress: null });
    const wrong = await settingsResolver(t)({ ...values, sdiPecAddress: 'sdi01 pec' }, undefined, options);
    expect(wrong.errors).toMatchObject({ sdiPecAddress: { message: 'invoicing.errors.pecInvalid' } });
  });
});
