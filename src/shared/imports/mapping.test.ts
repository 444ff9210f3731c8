import { describe, expect, it } from 'vitest';
import {
  BANK_IMPORT_TARGETS,
  CLIENT_IMPORT_TARGETS,
  ITEM_IMPORT_TARGETS,
  ZBankStatementMapping,
  ZColumnMapping,
  applyMapping,
  findHeader,
  guessBankMapping,
  guessMapping,
  normalizeHeader,
} from './mapping.ts';

describe('normalizeHeader and findHeader', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeHeader(' P.IVA ')).toBe('p iva');
    expect(normalizeHeader('Città')).toBe('citta');
    expect(normalizeHeader('Q.tà')).toBe('q ta');
    expect(normalizeHeader('% IVA')).toBe('% iva');
  });
  it('finds a header as written, then normalised', () => {
    const headers = ['Ragione sociale', 'P.IVA', 'E-mail'];
    expect(findHeader(headers, 'P.IVA')).toBe(1);
    expect(findHeader(headers, 'piva')).toBe(1);
    expect(findHeader(headers, 'EMAIL')).toBe(2);
    expect(findHeader(headers, 'Telefono')).toBe(-1);
    expect(findHeader(headers, '...')).toBe(-1);
  });
});

describe('applyMapping', () => {
  it('reads the mapped cells by field, trimmed', () => {
    const headers = ['Ragione sociale', 'P.IVA', 'Città'];
    const row = [' Rossi Costruzioni Srl ', 'IT00743110157', ''];
    expect(
      applyMapping(headers, row, {
        companyName: 'Ragione sociale',
        vatNumber: 'p.iva',
        city: 'Città',
        email: 'Email',
      }),
    ).toEqual({ companyName: 'Rossi Costruzioni Srl', vatNumber: 'IT00743110157', city: '' });
  });
  it('gives "" for cells missing from a short row', () => {
    expect(applyMapping(['a', 'b'], ['1'], { x: 'b' })).toEqual({ x: '' });
  });
});

describe('guessMapping', () => {
  it('maps an Italian client export', () => {
    const headers = [
      'Ragione sociale',
      'Partita IVA',
      'Codice Fiscale',
      'Indirizzo',
      'CAP',
      'Città',
      'Prov.',
      'E-mail',
      'PEC',
      'Codice SDI',
      'Telefono',
    ];
    expect(guessMapping(headers, CLIENT_IMPORT_TARGETS)).toEqual({
      companyName: 'Ragione sociale',
      vatNumber: 'Partita IVA',
      codiceFiscale: 'Codice Fiscale',
      address: 'Indirizzo',
      postalCode: 'CAP',
      city: 'Città',
      province: 'Prov.',
      email: 'E-mail',
      pec: 'PEC',
      sdiCode: 'Codice SDI',
      phone: 'Telefono',
    });
  });
  it('maps English headers and the short P.IVA / VAT forms', () => {
    const headers = ['Company', 'Name', 'VAT', 'Email address', 'ZIP', 'City', 'Country', 'Notes'];
    expect(guessMapping(headers, CLIENT_IMPORT_TARGETS)).toEqual({
      companyName: 'Company',
      fullName: 'Name',
      vatNumber: 'VAT',
      email: 'Email address',
      postalCode: 'ZIP',
      city: 'City',
      country: 'Country',
      notes: 'Notes',
    });
    expect(guessMapping(['P.IVA'], CLIENT_IMPORT_TARGETS)).toEqual({ vatNumber: 'P.IVA' });
    expect(guessMapping(['P. Iva'], CLIENT_IMPORT_TARGETS)).toEqual({ vatNumber: 'P. Iva' });
  });
  it('keeps "Email PEC" for the PEC and "Indirizzo email" for the e-mail', () => {
    expect(guessMapping(['Email PEC', 'Indirizzo email', 'Indirizzo'], CLIENT_IMPORT_TARGETS)).toEqual({
      pec: 'Email PEC',
      email: 'Indirizzo email',
      address: 'Indirizzo',
    });
  });
  it('falls back to headers containing a synonym as whole words', () => {
    expect(guessMapping(['Partita IVA cliente', 'Denominazione cliente'], CLIENT_IMPORT_TARGETS)).toEqual({
      vatNumber: 'Partita IVA cliente',
      companyName: 'Denominazione cliente',
    });
    // "capitale" contains "cap" but not as a word
    expect(guessMapping(['Capitale sociale'], CLIENT_IMPORT_TARGETS)).toEqual({});
  });
  it('maps an item list', () => {
    const headers = [
      'Codice articolo',
      'Descrizione',
      'Codice a barre',
      'Prezzo',
      'Prezzo acquisto',
      'Aliquota IVA',
      'U.M.',
      'Q.tà',
      'Categoria',
    ];
    expect(guessMapping(headers, ITEM_IMPORT_TARGETS)).toEqual({
      sku: 'Codice articolo',
      description: 'Descrizione',
      barcode: 'Codice a barre',
      salePrice: 'Prezzo',
      cost: 'Prezzo acquisto',
      vatRate: 'Aliquota IVA',
      unit: 'U.M.',
      stockQuantity: 'Q.tà',
      category: 'Categoria',
    });
  });
  it('uses each header once and prefers the earlier synonym', () => {
    const headers = ['Data valuta', 'Data operazione', 'Descrizione', 'Dare', 'Avere'];
    expect(guessMapping(headers, BANK_IMPORT_TARGETS)).toEqual({
      occurredOn: 'Data operazione',
      description: 'Descrizione',
      debit: 'Dare',
      credit: 'Avere',
    });
    expect(guessMapping(['Date', 'Amount', 'Description'], BANK_IMPORT_TARGETS)).toEqual({
      occurredOn: 'Date',
      amount: 'Amount',
      description: 'Description',
    });
  });
});

describe('ZColumnMapping', () => {
  it('is a record of field → header', () => {
    expect(ZColumnMapping.parse({ companyName: 'Ragione sociale' })).toEqual({
      companyName: 'Ragione sociale',
    });
    expect(ZColumnMapping.safeParse({ companyName: '' }).success).toBe(false);
  });
});

describe('ZBankStatementMapping', () => {
  it('accepts a signed amount column, with Italian defaults', () => {
    expect(
      ZBankStatementMapping.parse({
        occurredOn: 'Data',
        description: 'Descrizione',
        amountMode: 'signed',
        amountColumn: 'Importo',
      }),
    ).toEqual({
      occurredOn: 'Data',
      description: 'Descrizione',
      amountMode: 'signed',
      amountColumn: 'Importo',
      dateFormat: 'dd/mm/yyyy',
      numberFormat: 'it',
      skipLines: 0,
    });
  });
  it('accepts Dare and Avere columns', () => {
    const parsed = ZBankStatementMapping.parse({
      occurredOn: 'Data',
      description: 'Descrizione',
      amountMode: 'debitCredit',
      debitColumn: 'Dare',
      creditColumn: 'Avere',
      dateFormat: 'dd.mm.yyyy',
      numberFormat: 'auto',
      delimiter: ';',
      skipLines: '2',
    });
    expect(parsed).toMatchObject({
      debitColumn: 'Dare',
      creditColumn: 'Avere',
      skipLines: 2,
      delimiter: ';',
    });
  });
  it('asks for the columns the amount mode needs', () => {
    const signed = ZBankStatementMapping.safeParse({
      occurredOn: 'Data',
      description: 'D',
      amountMode: 'signed',
    });
    expect(signed.error?.issues).toEqual([
      expect.objectContaining({ path: ['amountColumn'], message: 'imports.errors.columnRequired' }),
    ]);
    const split = ZBankStatementMapping.safeParse({
      occurredOn: 'Data',
      description: 'D',
      amountMode: 'debitCredit',
      debitColumn: 'Dare',
    });
    expect(split.error?.issues.map((i) => i.path)).toEqual([['creditColumn']]);
  });
  it('refuses unknown formats with a message key', () => {
    const result = ZBankStatementMapping.safeParse({
      occurredOn: 'Data',
      description: 'D',
      amountMode: 'signed',
      amountColumn: 'Importo',
      dateFormat: 'yy/mm/dd',
    });
    expect(result.error?.issues[0]?.message).toBe('imports.errors.invalidChoice');
  });
});

describe('guessBankMapping', () => {
  it('recognises Dare/Avere exports and their formats', () => {
    const headers = ['Data contabile', 'Data valuta', 'Dare', 'Avere', 'Descrizione operazione'];
    const rows = [
      ['31/12/2026', '31/12/2026', '1.234,56', '', 'BONIFICO'],
      ['13/01/2027', '14/01/2027', '', '2.000,00', 'ACCREDITO'],
    ];
    expect(guessBankMapping(headers, rows)).toEqual({
      occurredOn: 'Data contabile',
      description: 'Descrizione operazione',
      amountMode: 'debitCredit',
      debitColumn: 'Dare',
      creditColumn: 'Avere',
      dateFormat: 'dd/mm/yyyy',
      numberFormat: 'it',
    });
  });
  it('recognises a signed amount column', () => {
    const mapping = guessBankMapping(['Date', 'Description', 'Amount'], [['2026-12-31', 'Card', '-12.50']]);
    expect(mapping).toEqual({
      occurredOn: 'Date',
      description: 'Description',
      amountMode: 'signed',
      amountColumn: 'Amount',
      dateFormat: 'yyyy-mm-dd',
      numberFormat: 'en',
    });
  });
  it('leaves out what it cannot guess', () => {
    expect(guessBankMapping(['Foo', 'Bar'])).toEqual({ occurredOn: undefined, description: undefined });
  });
});
