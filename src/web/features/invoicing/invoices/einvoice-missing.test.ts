import { describe, expect, it } from 'vitest';
import { missingItem, missingKeysOf, missingText } from './einvoice-missing.ts';

const invoice = { id: 'inv-1', clientId: 'cli-1', isDraft: false };

describe('missingItem', () => {
  it('sends business-profile data to the profile settings', () => {
    expect(missingItem('seller.vatNumber', invoice)).toEqual({
      key: 'seller.vatNumber',
      messageKey: 'invoicing.missing.seller.vatNumber',
      fix: { to: '/settings?tab=profile', labelKey: 'invoices:einvoice.fixProfile' },
    });
  });

  it('sends the IBAN to the invoicing settings and client data to the client form', () => {
    expect(missingItem('seller.iban', invoice).fix?.to).toBe('/settings?tab=invoicing');
    expect(missingItem('buyer.sdiCodeOrPec', invoice).fix?.to).toBe('/clients/cli-1?edit=1');
  });

  it('offers the editor for a draft only', () => {
    expect(missingItem('lines.nature', { ...invoice, isDraft: true }).fix?.to).toBe('/invoices/inv-1/edit');
    expect(missingItem('lines.nature', invoice).fix).toBeNull();
    expect(missingItem('document.number', invoice).fix).toBeNull();
    expect(missingItem('document.issueDateFuture', { ...invoice, isDraft: true }).fix?.to).toBe(
      '/invoices/inv-1/edit',
    );
    expect(missingItem('seller.bankNameCharacters', invoice).fix?.to).toBe('/settings?tab=invoicing');
  });
});

describe('missingText', () => {
  it('is the sentence the server answers with, its values filled in, in the language asked for', () => {
    const item = missingItem('lines.descriptionCharacters', invoice);
    expect(missingText(item, { line: '2', chars: '📘' }, 'it')).toBe(
      'Riga 2: la descrizione contiene caratteri non ammessi nella fattura elettronica (📘)',
    );
    expect(missingText(missingItem('buyer.address', invoice), undefined, 'en')).toMatch(/^The client's/);
    expect(missingText(missingItem('nothing.like.this', invoice), undefined, 'it')).toBeUndefined();
  });
});

describe('missingKeysOf', () => {
  it('reads the problems of a 422, each on its field, and keeps only messages that are text', () => {
    expect(
      missingKeysOf([
        { path: 'seller.vatNumber', message: 'invoicing.missing.seller.vatNumber' },
        {
          path: 'buyer.address',
          key: 'invoicing.missing.buyer.address',
          message: "L'indirizzo del cliente",
        },
        {
          path: 'lines.1.description',
          key: 'invoicing.missing.lines.descriptionCharacters',
          message: 'Riga 2: …',
          params: { line: '2', chars: '😀' },
        },
        { path: 'relatedInvoiceId', key: 'invoicing.errors.relatedInvoiceRequired', message: 'Una nota…' },
        { message: 'no path' },
        null,
      ]),
    ).toEqual([
      { key: 'seller.vatNumber', path: 'seller.vatNumber', message: null },
      { key: 'buyer.address', path: 'buyer.address', message: "L'indirizzo del cliente" },
      {
        key: 'lines.descriptionCharacters',
        path: 'lines.1.description',
        message: 'Riga 2: …',
        params: { line: '2', chars: '😀' },
      },
      { key: 'relatedInvoiceId', path: 'relatedInvoiceId', message: 'Una nota…' },
    ]);
    expect(missingKeysOf('nope')).toEqual([]);
  });
});
