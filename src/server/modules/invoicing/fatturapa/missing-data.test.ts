import type { DocumentSnapshot } from '@shared/invoicing/document.ts';
import { describe, expect, it } from 'vitest';
import {
  FATTURAPA_MISSING_KEYS,
  fatturaPaProblems,
  isFatturaPaDate,
  missingFatturaPaData,
} from './missing-data.ts';
import {
  FATTURAPA_SCENARIOS,
  line,
  sampleDocument,
  type SampleInput,
} from '../../../../../test/fixtures/fatturapa-documents.ts';

const base: SampleInput = { lines: [line('Consulenza', '1', 10000)] };
const missing = (input: Partial<SampleInput>) => missingFatturaPaData(sampleDocument({ ...base, ...input }));
const withDoc = (patch: Partial<DocumentSnapshot>) =>
  missingFatturaPaData({ ...sampleDocument(base), ...patch });

describe('missingFatturaPaData', () => {
  it.each(Object.keys(FATTURAPA_SCENARIOS) as (keyof typeof FATTURAPA_SCENARIOS)[])(
    'finds nothing missing in the scenario %s',
    (name) => {
      expect(missingFatturaPaData(FATTURAPA_SCENARIOS[name])).toEqual([]);
    },
  );

  it('document: kind, number, dates, related invoice, lines', () => {
    expect(withDoc({ kind: 'quote' })).toEqual(['document.kind']);
    expect(withDoc({ documentType: 'TD04' })).toEqual(['document.kind']);
    expect(missing({ number: null })).toEqual(['document.number']);
    expect(missing({ number: 'BOZZA' })).toEqual(['document.number']);
    expect(missing({ number: '2026/0000000000000001' })).toEqual(['document.number']);
    expect(missing({ number: 'N° 1' })).toEqual(['document.number']);
    expect(withDoc({ issueDate: '2026-02-30' })).toEqual(['document.issueDate']);
    expect(withDoc({ dueDate: '2026-13-01' })).toEqual(['document.dueDate']);
    expect(missing({ kind: 'credit_note' })).toEqual(['document.relatedDocument']);
    expect(
      missing({ kind: 'credit_note', relatedDocument: { number: '1', issueDate: '2026-02-30' } }),
    ).toEqual(['document.relatedDocument']);
    expect(missing({ lines: [] })).toEqual(['document.lines']);
  });

  it('totals that do not match the lines or the summary', () => {
    const doc = sampleDocument(base);
    const tampered = { ...doc, totals: { ...doc.totals, totalCents: doc.totals.totalCents + 1 } };
    expect(missingFatturaPaData(tampered)).toEqual(['document.totals']);
    const stale = { ...doc, lines: [...doc.lines, line('Altro', '1', 100)] };
    expect(missingFatturaPaData(stale)).toEqual(['document.totals']);
  });

  it('texts with characters the schema cannot carry, each on its field (issue 12, point 14)', () => {
    expect(missing({ lines: [line('Consulenza 👍', '1', 100)] })).toEqual(['lines.descriptionCharacters']);
    expect(missing({ buyer: { name: 'ΑΒΓ Ltd' } })).toEqual(['buyer.nameCharacters']);
    expect(missing({ lines: [line('😀', '1', 100)] })).toEqual(['lines.descriptionCharacters']);
    const problems = fatturaPaProblems(
      sampleDocument({
        ...base,
        seller: { city: 'Forlì 🏠' },
        buyer: { address: 'Via Roma 1 ✈', name: 'Bianchi ★' },
        lines: [line('Consulenza', '1', 100), line('Grafica 🎨 e 🖌', '1', 100)],
      }),
    );
    expect(problems).toEqual([
      {
        key: 'lines.descriptionCharacters',
        path: 'lines.1.description',
        params: { chars: '🎨 🖌', line: '2' },
      },
      { key: 'seller.addressCharacters', path: 'seller.city', params: { chars: '🏠' } },
      { key: 'buyer.nameCharacters', path: 'buyer.name', params: { chars: '★' } },
      { key: 'buyer.addressCharacters', path: 'buyer.address', params: { chars: '✈' } },
    ]);
    // € and typographic characters have Latin equivalents: nothing missing.
    expect(missing({ lines: [line('Caffè “espresso” – 1 €', '1', 100)] })).toEqual([]);
  });

  it('references: declaration of intent for N3.5, instalments adding up, delivery notes of a deferred invoice', () => {
    const n35 = [line('Componenti', '1', 10000, { vatRate: 0, nature: 'N3.5' })];
    expect(missing({ lines: n35 })).toEqual(['document.intentDeclaration']);
    expect(
      missing({ lines: n35, references: { intentDeclaration: { protocol: '123', date: '2026-01-10' } } }),
    ).toEqual(['document.intentDeclaration']);
    // 100.00 + VAT 22.00 = 122.00 due
    const split = (a: number, b: number) => ({
      instalments: [
        { dueDate: '2026-04-15', amountCents: a },
        { dueDate: '2026-05-15', amountCents: b },
      ],
    });
    expect(missing({ references: split(6100, 6100) })).toEqual([]);
    expect(fatturaPaProblems(sampleDocument({ ...base, references: split(6100, 6000) }))).toEqual([
      {
        key: 'document.instalments',
        path: 'references.instalments',
        params: { instalments: '121.00', due: '122.00' },
      },
    ]);
    expect(missing({ references: { deferred: true } })).toEqual(['document.deliveryNotes']);
    const late = { number: 'DDT 1', date: '2026-03-20' }; // after the issue date 2026-03-15
    expect(missing({ references: { deferred: true, deliveryNotes: [late] } })).toEqual([
      'document.deliveryNotes',
    ]);
    expect(
      missing({
        references: { purchase: { kind: 'order', documentId: 'PO-1', date: null, cig: 'abc', cup: null } },
      }),
    ).toEqual(['document.purchase']);
  });

  it('lines: Natura, and withholding with nothing subject to it', () => {
    const doc = sampleDocument(base);
    const noNature = { ...doc.totals.lines[0]!, vatRate: 0 as const, nature: null };
    expect(fatturaPaProblems({ ...doc, totals: { ...doc.totals, lines: [noNature] } })).toEqual([
      { key: 'lines.nature', path: 'lines.0.nature', params: { line: '1' } },
    ]);
    const withholding = { type: 'RT01' as const, ratePercent: '20', causale: 'A' };
    expect(
      missing({ tax: { withholding }, lines: [line('Rimborso', '1', 100, { withholding: false })] }),
    ).toEqual(['lines.withholding']);
    expect(missing({ tax: { withholding: { ...withholding, causale: 'Z9' } } })).toEqual([
      'tax.withholdingCausale',
    ]);
    // Z was abolished in 2021 (ZO replaced it): the problem names the field and the code.
    expect(
      fatturaPaProblems(sampleDocument({ ...base, tax: { withholding: { ...withholding, causale: 'Z' } } })),
    ).toEqual([{ key: 'tax.withholdingCausale', path: 'withholding.causale', params: { code: 'Z' } }]);
    expect(missing({ tax: { withholding: { ...withholding, ratePercent: '120' } } })).toEqual([
      'tax.withholding',
    ]);
    // The forfettario regime has no withholding, whatever the settings say.
    expect(missing({ tax: { regime: 'RF19', withholding: { ...withholding, causale: 'Z9' } } })).toEqual([]);
  });

  it('pension fund: type, rate, and its VAT rate from computeDocument', () => {
    const pensionFund = { type: 'TC22', ratePercent: '4', subjectToWithholding: false };
    expect(missing({ tax: { pensionFund } })).toEqual([]);
    expect(missing({ tax: { pensionFund: { ...pensionFund, type: 'TC23' } } })).toEqual(['tax.pensionFund']);
    const doc = sampleDocument({ ...base, tax: { pensionFund } });
    const handBuilt = { ...doc, totals: { ...doc.totals, pensionFundVatRate: undefined } };
    expect(missingFatturaPaData(handBuilt)).toEqual(['tax.pensionFund']);
  });

  it('seller: name, Partita IVA, codice fiscale, regime, address, IBAN', () => {
    expect(missing({ seller: { name: ' ', firstName: null, lastName: null } })).toEqual(['seller.name']);
    expect(missing({ seller: { name: '', firstName: 'Anna', lastName: 'Neri' } })).toEqual([]);
    expect(missing({ seller: { vatNumber: null } })).toEqual(['seller.vatNumber']);
    expect(missing({ seller: { vatNumber: '1234' } })).toEqual(['seller.vatNumber']);
    expect(missing({ seller: { vatCountry: 'DE', vatNumber: '136695976' } })).toEqual(['seller.vatNumber']);
    expect(missing({ seller: { codiceFiscale: 'rssmra85t10a562s' } })).toEqual(['seller.codiceFiscale']);
    expect(missing({ seller: { regime: 'RF03' } })).toEqual(['seller.regime']);
    expect(missing({ seller: { postalCode: '2012' } })).toEqual(['seller.address']);
    expect(missing({ seller: { city: null } })).toEqual(['seller.address']);
    expect(missing({ seller: { iban: 'IT60 X054' } })).toEqual(['seller.iban']);
    expect(missing({ seller: { iban: null } })).toEqual([]);
  });

  it('buyer: tax identifier, address, name', () => {
    expect(missing({ buyer: { vatNumber: null, codiceFiscale: null } })).toEqual(['buyer.taxId']);
    expect(missing({ buyer: { vatNumber: '123' } })).toEqual(['buyer.vatNumber']);
    expect(missing({ buyer: { codiceFiscale: 'RSS-MRA' } })).toEqual(['buyer.codiceFiscale']);
    expect(missing({ buyer: { address: '' } })).toEqual(['buyer.address']);
    expect(missing({ buyer: { name: '' } })).toEqual(['buyer.name']);
    // Abroad: no identifier is acceptable (99999999999), and any postal code format.
    const foreign = {
      country: 'US',
      vatCountry: 'US',
      vatNumber: null,
      postalCode: 'NY 10118',
      sdiCode: null,
    };
    expect(missing({ buyer: foreign })).toEqual([]);
    expect(missing({ buyer: { ...foreign, postalCode: null } })).toEqual([]);
    expect(missing({ buyer: { ...foreign, city: null } })).toEqual(['buyer.address']);
  });

  it('buyer: how the SDI reaches them', () => {
    expect(missing({ buyer: { sdiCode: null, pec: null } })).toEqual(['buyer.sdiCodeOrPec']);
    expect(missing({ buyer: { sdiCode: null, pec: 'alfa@pec.it' } })).toEqual([]);
    expect(missing({ buyer: { sdiCode: '0000000', pec: null } })).toEqual([]);
    expect(missing({ buyer: { sdiCode: 'ABC' } })).toEqual(['buyer.sdiCodeOrPec']);
    expect(missing({ buyer: { sdiCode: null, pec: 'not an address' } })).toEqual(['buyer.sdiCodeOrPec']);
    // A consumer with only a codice fiscale receives in their tax area.
    expect(
      missing({ buyer: { vatNumber: null, codiceFiscale: 'VRDGPP80A01H501U', sdiCode: null, pec: null } }),
    ).toEqual([]);
    const pa = { isPublicAdministration: true, sdiCode: null, paOfficeCode: null };
    expect(missing({ buyer: pa })).toEqual(['buyer.paOfficeCode']);
    expect(missing({ buyer: { ...pa, paOfficeCode: 'UFE3V' } })).toEqual(['buyer.paOfficeCode']);
    expect(missing({ buyer: { ...pa, paOfficeCode: 'UFE3VC' } })).toEqual([]);
  });

  it('lists every problem once, in the order of FATTURAPA_MISSING_KEYS', () => {
    const keys = missing({
      number: null,
      seller: { regime: 'X', vatNumber: null },
      buyer: { vatNumber: null, codiceFiscale: null, address: null },
      lines: [line('👍 ok', '1', 100)],
    });
    expect(keys).toEqual([
      'document.number',
      'lines.descriptionCharacters',
      'seller.vatNumber',
      'seller.regime',
      'buyer.taxId',
      'buyer.address',
    ]);
    const order = keys.map((k) => FATTURAPA_MISSING_KEYS.indexOf(k));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe('isFatturaPaDate', () => {
  it('accepts real dates from 1970 on', () => {
    expect(isFatturaPaDate('2026-02-28')).toBe(true);
    expect(isFatturaPaDate('2024-02-29')).toBe(true);
    expect(isFatturaPaDate('2026-02-29')).toBe(false);
    expect(isFatturaPaDate('1969-12-31')).toBe(false);
    expect(isFatturaPaDate('2026-3-1')).toBe(false);
    expect(isFatturaPaDate(null)).toBe(false);
  });
});
