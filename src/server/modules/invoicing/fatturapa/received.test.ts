import { describe, expect, it } from 'vitest';
import { readFatturaPaReference } from '../../../../../test/helpers/fatturapa-validate.ts';
import { signFile } from '../../../../../test/helpers/signed-file.ts';
import { fileCents, readFatturaPa } from './read-xml.ts';
import { openSignedFile } from './signed-file.ts';

describe('reading a received FatturaPA (official examples)', () => {
  it('reads supplier, customer, lines, VAT summary and due dates of FPR02', async () => {
    const file = readFatturaPa(await readFatturaPaReference('examples/IT01234567890_FPR02.xml'));
    expect(file.supplier).toMatchObject({
      name: "SOCIETA' ALPHA SRL",
      vatNumber: 'IT01234567890',
      city: 'SASSARI',
      postalCode: '07100',
    });
    expect(file.customer).toMatchObject({ name: 'BETA GAMMA', vatNumber: null, taxCode: '09876543210' });
    expect(file.invoices).toHaveLength(1);
    const [invoice] = file.invoices;
    expect(invoice).toMatchObject({
      documentType: 'TD01',
      number: '123',
      date: '2014-12-18',
      taxableCents: 2500,
      vatCents: 550,
      totalCents: 3050,
      installments: [{ dueDate: '2015-01-30', amountCents: 3050, method: 'MP01', iban: null }],
    });
    expect(invoice!.lines.map((l) => [l.description.slice(0, 20), l.totalCents, l.vatRate])).toEqual([
      ['LA DESCRIZIONE DELLA', 500, '22.00'],
      ['FORNITURE VARIE PER ', 2000, '22.00'],
    ]);
    expect(invoice!.vatSummary).toEqual([
      { vatRate: '22.00', nature: null, taxableCents: 2500, vatCents: 550, chargeability: 'D' },
    ]);
  });

  it('reads every invoice of a file that carries several (FPR03)', async () => {
    const file = readFatturaPa(await readFatturaPaReference('examples/IT01234567890_FPR03.xml'));
    expect(file.invoices.length).toBe(2);
    expect(new Set(file.invoices.map((i) => i.number)).size).toBe(2);
  });

  it('rounds amounts of up to 8 decimals half-up to the cent', () => {
    expect(fileCents('1.00')).toBe(100);
    expect(fileCents('2.345')).toBe(235);
    expect(fileCents('-0.00500000')).toBe(-1);
    expect(fileCents('10')).toBe(1000);
    expect(fileCents(null)).toBe(0);
  });
});

describe('opening a signed file (.xml.p7m)', () => {
  it('gives back the XML signed inside, from DER and from base64', async () => {
    const xml = await readFatturaPaReference('examples/IT01234567890_FPR01.xml');
    expect(openSignedFile(signFile(xml))?.toString('utf8')).toBe(xml);
    expect(openSignedFile(signFile(xml, 'base64'))?.toString('utf8')).toBe(xml);
  });

  it('answers null for what is not a signed envelope', () => {
    expect(openSignedFile(Buffer.from('<xml/>'))).toBeNull();
    expect(openSignedFile(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]))).toBeNull();
    expect(openSignedFile(Buffer.alloc(0))).toBeNull();
  });
});
