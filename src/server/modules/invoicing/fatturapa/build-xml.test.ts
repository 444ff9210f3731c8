import { legalNoteText } from '@shared/invoicing/legal-notes.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFatturaPaXml, FatturaPaDataError } from './build-xml.ts';
import {
  FATTURAPA_SCENARIOS,
  line,
  sampleDocument,
  type FatturaPaScenario,
} from '../../../../../test/fixtures/fatturapa-documents.ts';
import {
  validateFatturaPaFiles,
  validateFatturaPaXml,
  type FatturaPaValidation,
} from '../../../../../test/helpers/fatturapa-validate.ts';

const build = (name: FatturaPaScenario) =>
  buildFatturaPaXml(FATTURAPA_SCENARIOS[name], { progressivoInvio: '0000A' });

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Text of every <tag>…</tag> without children, in document order. */
function values(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => unescape(m[1] ?? ''));
}

function value(xml: string, tag: string): string | undefined {
  return values(xml, tag)[0];
}

/** The inner XML of every <tag> block (the tag does not nest in itself in FatturaPA). */
function blocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
}

/** Amount text ("1234.56") as integer cents, parsed without floats. */
function cents(amount: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount ?? '');
  if (!match) throw new Error(`Not an amount: ${amount}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

const summaryKey = (block: string) => `${value(block, 'AliquotaIVA')}|${value(block, 'Natura') ?? ''}`;

describe('buildFatturaPaXml: every scenario is valid against the official schema v1.2.2', () => {
  const names = Object.keys(FATTURAPA_SCENARIOS) as FatturaPaScenario[];
  let results: Record<string, FatturaPaValidation> = {};
  beforeAll(async () => {
    results = await validateFatturaPaFiles(
      names.map((name) => ({ fileName: `${name}.xml`, contents: build(name) })),
    );
  });

  it.each(names)('%s', (name) => {
    expect(results[`${name}.xml`]).toEqual({ valid: true, errors: [] });
  });
});

describe('buildFatturaPaXml: amounts agree with each other in every scenario', () => {
  it.each(Object.keys(FATTURAPA_SCENARIOS) as FatturaPaScenario[])('%s', (name) => {
    const doc = FATTURAPA_SCENARIOS[name];
    const xml = build(name);
    const rows = blocks(xml, 'DatiRiepilogo');
    const summaryTotal = rows.reduce(
      (sum, row) => sum + cents(value(row, 'ImponibileImporto')) + cents(value(row, 'Imposta')),
      0,
    );
    expect(cents(value(xml, 'ImportoTotaleDocumento'))).toBe(summaryTotal);
    expect(cents(value(xml, 'ImportoTotaleDocumento'))).toBe(doc.totals.totalCents);

    // Each summary row's taxable is the sum of its lines as written (and of the pension fund taxed at it), to
    // the cent: no Arrotondamento is needed (issue 12, point 17).
    const lineSums = new Map<string, number>();
    for (const detail of blocks(xml, 'DettaglioLinee')) {
      const key = summaryKey(detail);
      lineSums.set(key, (lineSums.get(key) ?? 0) + cents(value(detail, 'PrezzoTotale')));
    }
    const fund = blocks(xml, 'DatiCassaPrevidenziale')[0];
    if (fund) {
      const key = summaryKey(fund);
      lineSums.set(key, (lineSums.get(key) ?? 0) + cents(value(fund, 'ImportoContributoCassa')));
    }
    expect(new Set(rows.map(summaryKey))).toEqual(new Set(lineSums.keys()));
    for (const row of rows) {
      expect(cents(value(row, 'ImponibileImporto')), summaryKey(row)).toBe(lineSums.get(summaryKey(row)));
      expect(row).not.toContain('<Arrotondamento>');
    }

    if (doc.kind === 'invoice') {
      // One payment, or instalments (TP01) that add up to the amount due.
      const paid = values(xml, 'ImportoPagamento').reduce((sum, amount) => sum + cents(amount), 0);
      expect(paid).toBe(doc.totals.amountDueCents);
    }
    // Every character is in the Latin-1 range the schema's Latin types allow.
    expect(xml).toMatch(/^[\n\u0020-\u00ff]*$/);
  });
});

describe('buildFatturaPaXml: scenario contents', () => {
  it('ordinary 22 %: FPR12 to an SDI code, seller and buyer identified, payment by transfer', () => {
    const xml = build('ordinary');
    expect(xml).toContain('versione="FPR12"');
    expect(value(xml, 'FormatoTrasmissione')).toBe('FPR12');
    expect(value(xml, 'ProgressivoInvio')).toBe('0000A');
    expect(value(xml, 'CodiceDestinatario')).toBe('M5UXCR1');
    expect(values(xml, 'PECDestinatario')).toEqual([]);
    expect(blocks(xml, 'IdTrasmittente')[0]).toContain('<IdCodice>01234567897</IdCodice>');
    const [seller, buyer] = blocks(xml, 'DatiAnagrafici');
    expect(value(seller ?? '', 'IdCodice')).toBe('01234567897');
    expect(value(seller ?? '', 'Denominazione')).toBe('Studio Bianchi S.r.l.');
    expect(value(seller ?? '', 'RegimeFiscale')).toBe('RF01');
    expect(value(buyer ?? '', 'IdCodice')).toBe('12345678903');
    expect(value(xml, 'TipoDocumento')).toBe('TD01');
    expect(value(xml, 'Numero')).toBe('2026/0001');
    expect(values(xml, 'Quantita')).toEqual(['10.00']);
    expect(values(xml, 'UnitaMisura')).toEqual(['h']);
    expect(values(xml, 'PrezzoUnitario')).toEqual(['80.00']);
    expect(values(xml, 'PrezzoTotale')).toEqual(['800.00']);
    expect(values(xml, 'AliquotaIVA')).toEqual(['22.00', '22.00']);
    expect(value(xml, 'Imposta')).toBe('176.00');
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('976.00');
    expect(value(xml, 'CondizioniPagamento')).toBe('TP02');
    expect(value(xml, 'ModalitaPagamento')).toBe('MP05');
    expect(value(xml, 'DataScadenzaPagamento')).toBe('2026-04-14');
    expect(value(xml, 'IBAN')).toBe('IT60X0542811101000000123456');
    expect(values(xml, 'Causale')).toEqual([]);
    expect(values(xml, 'DatiBollo')).toEqual([]);
  });

  it('mixed 22/10/4 % with discounts: one summary row per rate, SC percentages, 2–8 decimal quantities', () => {
    const xml = build('mixedRatesWithDiscounts');
    const details = blocks(xml, 'DettaglioLinee');
    expect(details.map((d) => value(d, 'Quantita'))).toEqual(['3.00', '2.50', '0.3333', '1.00']);
    expect(details.map((d) => value(d, 'Percentuale') ?? null)).toEqual(['12.50', '10.00', null, null]);
    expect(details.map((d) => value(d, 'Tipo') ?? null)).toEqual(['SC', 'SC', null, null]);
    // 3 × 199.99 × 0.875 = 524.97375 → 524.97; 2.5 × 13.33 × 0.9 = 29.9925 → 29.99; 0.3333 × 30 = 9.999 → 10.00
    expect(details.map((d) => value(d, 'PrezzoTotale'))).toEqual(['524.97', '29.99', '10.00', '150.00']);
    const rows = blocks(xml, 'DatiRiepilogo');
    expect(rows.map((r) => value(r, 'AliquotaIVA'))).toEqual(['22.00', '10.00', '4.00']);
    expect(rows.map((r) => value(r, 'ImponibileImporto'))).toEqual(['674.97', '29.99', '10.00']);
    expect(rows.map((r) => value(r, 'Imposta'))).toEqual(['148.49', '3.00', '0.40']);
  });

  it('forfettario with the stamp duty charged: N2.2 lines, DatiBollo, a €2.00 N1 line and row', () => {
    const doc = FATTURAPA_SCENARIOS.forfettarioStampCharged;
    const xml = build('forfettarioStampCharged');
    expect(value(xml, 'RegimeFiscale')).toBe('RF19');
    const seller = blocks(xml, 'CedentePrestatore')[0] ?? '';
    expect([value(seller, 'Nome'), value(seller, 'Cognome')]).toEqual(['Giulia', 'Verdi']);
    expect(value(seller, 'CodiceFiscale')).toBe('BNCLCU90A41F205Z');
    // Only a PEC: the conventional code and the PEC address.
    expect(value(xml, 'CodiceDestinatario')).toBe('0000000');
    expect(value(xml, 'PECDestinatario')).toBe('alfa.costruzioni@pec.it');
    expect(blocks(xml, 'DatiBollo')[0]).toContain('<BolloVirtuale>SI</BolloVirtuale>');
    expect(value(blocks(xml, 'DatiBollo')[0] ?? '', 'ImportoBollo')).toBe('2.00');
    const details = blocks(xml, 'DettaglioLinee');
    expect(details.map((d) => value(d, 'Natura'))).toEqual(['N2.2', 'N2.2', 'N1']);
    const stamp = details[2] ?? '';
    expect(value(stamp, 'NumeroLinea')).toBe('3');
    expect(value(stamp, 'Descrizione')).toBe('Imposta di bollo');
    expect(value(stamp, 'PrezzoTotale')).toBe('2.00');
    expect(value(stamp, 'AliquotaIVA')).toBe('0.00');
    const rows = blocks(xml, 'DatiRiepilogo');
    expect(rows.map((r) => [value(r, 'Natura'), value(r, 'ImponibileImporto')])).toEqual([
      ['N2.2', '500.00'],
      ['N1', '2.00'],
    ]);
    expect(value(rows[0] ?? '', 'RiferimentoNormativo')).toContain('L. 190/2014');
    expect(value(rows[1] ?? '', 'RiferimentoNormativo')).toBe('Escluso art. 15 DPR 633/72');
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('502.00');
    expect(value(xml, 'ImportoPagamento')).toBe('502.00');
    expect(doc.totals.legalNotes).toEqual(['forfettario', 'stampDuty']);
    // No withholding in the forfettario regime.
    expect(values(xml, 'DatiRitenuta')).toEqual([]);
  });

  it('forfettario with the stamp duty borne by the seller: DatiBollo but no line and no N1 row', () => {
    const xml = build('forfettarioStampBorne');
    expect(value(blocks(xml, 'DatiBollo')[0] ?? '', 'ImportoBollo')).toBe('2.00');
    expect(blocks(xml, 'DettaglioLinee')).toHaveLength(2);
    expect(values(xml, 'Natura')).toEqual(['N2.2', 'N2.2', 'N2.2']);
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('500.00');
  });

  it('forfettario legal notes go into Causale pieces of at most 200 characters', () => {
    const xml = build('forfettarioStampCharged');
    const causali = values(xml, 'Causale');
    expect(causali.length).toBeGreaterThanOrEqual(3);
    for (const piece of causali) expect(piece.length).toBeLessThanOrEqual(200);
    const forfettario = legalNoteText('forfettario', 'it').replace(/–/g, '-');
    expect(forfettario.length).toBeGreaterThan(200);
    expect(`${causali[0]} ${causali[1]}`).toBe(forfettario);
    expect(causali[2]).toBe(legalNoteText('stampDuty', 'it'));
  });

  it('forfettario with INPS 4 %: the contribution at 0 % N2.2, in the N2.2 row, no withholding', () => {
    const xml = build('forfettarioWithPensionFund');
    const cassa = blocks(xml, 'DatiCassaPrevidenziale')[0] ?? '';
    expect(value(cassa, 'ImportoContributoCassa')).toBe('40.00');
    expect(value(cassa, 'AliquotaIVA')).toBe('0.00');
    expect(value(cassa, 'Natura')).toBe('N2.2');
    expect(values(cassa, 'Ritenuta')).toEqual([]);
    const rows = blocks(xml, 'DatiRiepilogo');
    expect(rows.map((r) => [value(r, 'Natura'), value(r, 'ImponibileImporto')])).toEqual([
      ['N2.2', '1040.00'],
      ['N1', '2.00'],
    ]);
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('1042.00');
  });

  it('split payment to a public administration: FPA12, office code, EsigibilitaIVA S on taxed rows', () => {
    const doc = FATTURAPA_SCENARIOS.splitPaymentPa;
    const xml = build('splitPaymentPa');
    expect(xml).toContain('versione="FPA12"');
    expect(value(xml, 'FormatoTrasmissione')).toBe('FPA12');
    expect(value(xml, 'CodiceDestinatario')).toBe('UFE3VC');
    const buyer = blocks(xml, 'CessionarioCommittente')[0] ?? '';
    expect(values(buyer, 'IdFiscaleIVA')).toEqual([]);
    expect(buyer).not.toContain('<IdFiscaleIVA>');
    expect(value(buyer, 'CodiceFiscale')).toBe('80001234568');
    const rows = blocks(xml, 'DatiRiepilogo');
    expect(rows.map((r) => [value(r, 'AliquotaIVA'), value(r, 'EsigibilitaIVA')])).toEqual([
      ['22.00', 'S'],
      ['10.00', 'S'],
      ['0.00', 'I'],
    ]);
    expect(value(rows[2] ?? '', 'Natura')).toBe('N4');
    // The total includes the VAT; the payment does not (the PA pays it to the Treasury).
    expect(cents(value(xml, 'ImportoTotaleDocumento'))).toBe(206400);
    expect(cents(value(xml, 'ImportoPagamento'))).toBe(206400 - 26400 - 5000);
    expect(doc.totals.splitPaymentVatCents).toBe(31400);
    expect(values(xml, 'Causale')).toContain('Scissione dei pagamenti - art. 17-ter DPR 633/72');
  });

  it('withholding RT01 20 % with pension fund TC22 4 %: DatiRitenuta, DatiCassaPrevidenziale, Ritenuta SI', () => {
    const xml = build('withholdingAndPensionFund');
    const seller = blocks(xml, 'CedentePrestatore')[0] ?? '';
    expect([value(seller, 'Nome'), value(seller, 'Cognome')]).toEqual(['Marco', 'Rossi']);
    expect(blocks(xml, 'IdTrasmittente')[0]).toContain('<IdCodice>RSSMRA85T10A562S</IdCodice>');
    const ritenuta = blocks(xml, 'DatiRitenuta')[0] ?? '';
    expect(value(ritenuta, 'TipoRitenuta')).toBe('RT01');
    expect(value(ritenuta, 'AliquotaRitenuta')).toBe('20.00');
    expect(value(ritenuta, 'CausalePagamento')).toBe('A');
    // (1250.00 + 4 % pension fund 50.00) × 20 %
    expect(value(ritenuta, 'ImportoRitenuta')).toBe('260.00');
    const cassa = blocks(xml, 'DatiCassaPrevidenziale')[0] ?? '';
    expect(value(cassa, 'TipoCassa')).toBe('TC22');
    expect(value(cassa, 'AlCassa')).toBe('4.00');
    expect(value(cassa, 'ImportoContributoCassa')).toBe('50.00');
    expect(value(cassa, 'ImponibileCassa')).toBe('1250.00');
    expect(value(cassa, 'AliquotaIVA')).toBe('22.00');
    expect(value(cassa, 'Ritenuta')).toBe('SI');
    expect(values(cassa, 'Natura')).toEqual([]);
    expect(blocks(xml, 'DettaglioLinee').map((d) => value(d, 'Ritenuta'))).toEqual(['SI', 'SI']);
    expect(value(blocks(xml, 'DatiRiepilogo')[0] ?? '', 'ImponibileImporto')).toBe('1300.00');
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('1586.00');
    expect(value(xml, 'ImportoPagamento')).toBe('1326.00');
  });

  it('art. 15 expenses (N1) stay out of ImponibileCassa and the withholding (issue 12, point 16)', () => {
    const xml = build('professionalWithExpenses');
    const fund = blocks(xml, 'DatiCassaPrevidenziale')[0] ?? '';
    expect(value(fund, 'ImponibileCassa')).toBe('2500.00');
    expect(value(fund, 'ImportoContributoCassa')).toBe('100.00');
    expect(value(xml, 'ImportoRitenuta')).toBe('500.00');
    const lines = blocks(xml, 'DettaglioLinee');
    expect(lines[1]).toContain('<Natura>N1</Natura>');
    expect(lines[1]).not.toContain('<Ritenuta>');
    // 22 %: 2500.00 + 100.00 cassa, VAT 572.00; N1: 100.00 + 2.00 stamp duty
    expect(blocks(xml, 'DatiRiepilogo').map((r) => [summaryKey(r), value(r, 'ImponibileImporto')])).toEqual([
      ['22.00|', '2600.00'],
      ['0.00|N1', '102.00'],
    ]);
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('3274.00');
    expect(value(xml, 'ImportoPagamento')).toBe('2774.00');
  });

  it('a summary row is the sum of its lines as written (3 × 3.33 = 9.99, not the exact 9.999 → 10.00)', () => {
    const xml = build('thirdsRounding');
    expect(values(xml, 'PrezzoTotale')).toEqual(['3.33', '3.33', '3.33']);
    expect(value(xml, 'ImponibileImporto')).toBe('9.99');
    expect(value(xml, 'Imposta')).toBe('2.20');
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('12.19');
  });

  it('public administration: DatiContratto with CIG and CUP, two instalments TP01 (issue 12, point 18)', () => {
    const xml = build('publicAdministrationContract');
    const contract = blocks(xml, 'DatiContratto')[0] ?? '';
    expect(value(contract, 'IdDocumento')).toBe('Rep. 1234/2026');
    expect(value(contract, 'Data')).toBe('2026-01-20');
    expect(value(contract, 'CodiceCUP')).toBe('H11B22000000001');
    expect(value(contract, 'CodiceCIG')).toBe('Z1A2B3C4D5');
    expect(value(xml, 'CondizioniPagamento')).toBe('TP01');
    expect(
      blocks(xml, 'DettaglioPagamento').map((p) => [
        value(p, 'DataScadenzaPagamento'),
        value(p, 'ImportoPagamento'),
      ]),
    ).toEqual([
      ['2026-04-14', '1500.00'],
      ['2026-05-14', '1500.00'],
    ]);
  });

  it('N3.5 lines cite the declaration of intent (AltriDatiGestionali INTENTO)', () => {
    const xml = build('regularExporter');
    const data = blocks(xml, 'AltriDatiGestionali')[0] ?? '';
    expect(value(data, 'TipoDato')).toBe('INTENTO');
    expect(value(data, 'RiferimentoTesto')).toBe('26012312345678901-000001');
    expect(value(data, 'RiferimentoData')).toBe('2026-01-23');
  });

  it('a deferred invoice is TD24 and lists its delivery notes in DatiDDT', () => {
    const xml = build('deferredWithDeliveryNotes');
    expect(value(xml, 'TipoDocumento')).toBe('TD24');
    expect(blocks(xml, 'DatiDDT').map((d) => [value(d, 'NumeroDDT'), value(d, 'DataDDT')])).toEqual([
      ['DDT 41/2026', '2026-03-03'],
      ['DDT 57/2026', '2026-03-12'],
    ]);
    expect(value(build('ordinary'), 'TipoDocumento')).toBe('TD01');
  });

  it('a line excluded from withholding carries no Ritenuta', () => {
    const doc = sampleDocument({
      tax: { withholding: { type: 'RT02', ratePercent: '20', causale: 'A' } },
      lines: [line('Compenso', '1', 10000), line('Rimborso spese', '1', 2000, { withholding: false })],
    });
    const xml = buildFatturaPaXml(doc, { progressivoInvio: '1' });
    expect(blocks(xml, 'DettaglioLinee').map((d) => value(d, 'Ritenuta') ?? null)).toEqual(['SI', null]);
    expect(value(xml, 'TipoRitenuta')).toBe('RT02');
    expect(value(xml, 'ImportoRitenuta')).toBe('20.00');
  });

  it('writes the IBAN for a bank transfer only, and a foreign VAT number without separators', async () => {
    const card = sampleDocument({ paymentMethod: 'card', lines: [line('Corso', '1', 10000)] });
    const xml = buildFatturaPaXml(card, { progressivoInvio: '1' });
    expect(value(xml, 'ModalitaPagamento')).toBe('MP08');
    expect(xml).not.toContain('<IBAN>');
    expect(xml).not.toContain('<IstitutoFinanziario>');
    const swiss = sampleDocument({
      buyer: { country: 'CH', vatCountry: 'CH', vatNumber: 'CHE-123.456.789 MWST', postalCode: '8001' },
      lines: [line('Consulenza', '1', 10000, { vatRate: 0, nature: 'N2.1' })],
    });
    const swissXml = buildFatturaPaXml(swiss, { progressivoInvio: '2' });
    const buyer = blocks(swissXml, 'CessionarioCommittente')[0] ?? '';
    expect(value(buyer, 'IdCodice')).toBe('CHE123456789MWST');
    expect(value(buyer, 'CAP')).toBe('00000');
    const results = await validateFatturaPaFiles([
      { fileName: 'card.xml', contents: xml },
      { fileName: 'swiss.xml', contents: swissXml },
    ]);
    expect(Object.values(results)).toEqual([
      { valid: true, errors: [] },
      { valid: true, errors: [] },
    ]);
  });

  it('reverse charge N6.7: no VAT, the legal reference in the summary', () => {
    const xml = build('reverseCharge');
    const row = blocks(xml, 'DatiRiepilogo')[0] ?? '';
    expect(value(row, 'Natura')).toBe('N6.7');
    expect(value(row, 'Imposta')).toBe('0.00');
    expect(value(row, 'EsigibilitaIVA')).toBe('I');
    expect(value(row, 'RiferimentoNormativo')).toContain('Inversione contabile');
    expect(values(xml, 'Causale')).toEqual(['Inversione contabile - art. 17 DPR 633/72']);
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('1140.00');
  });

  it('credit note: TD04 linked to its invoice, no payment terms', () => {
    const xml = build('creditNote');
    expect(value(xml, 'TipoDocumento')).toBe('TD04');
    expect(value(xml, 'Numero')).toBe('NC-2026/0001');
    const linked = blocks(xml, 'DatiFattureCollegate')[0] ?? '';
    expect(value(linked, 'IdDocumento')).toBe('2026/0001');
    expect(value(linked, 'Data')).toBe('2026-02-10');
    expect(value(xml, 'ImportoTotaleDocumento')).toBe('195.20');
    expect(values(xml, 'DatiPagamento')).toEqual([]);
    expect(xml).not.toContain('<DatiPagamento>');
  });

  it('foreign EU buyer: XXXXXXX, foreign VAT identifier, no codice fiscale, CAP kept when 5 digits', () => {
    const xml = build('foreignEuBuyer');
    expect(value(xml, 'CodiceDestinatario')).toBe('XXXXXXX');
    const buyer = blocks(xml, 'CessionarioCommittente')[0] ?? '';
    expect(value(buyer, 'IdPaese')).toBe('DE');
    expect(value(buyer, 'IdCodice')).toBe('136695976');
    expect(buyer).not.toContain('<CodiceFiscale>');
    expect(value(buyer, 'Denominazione')).toBe('Müller Maschinenbau GmbH');
    expect(value(buyer, 'Indirizzo')).toBe('Königstraße 10');
    expect(value(buyer, 'CAP')).toBe('70173');
    expect(buyer).not.toContain('<Provincia>');
    expect(value(buyer, 'Nazione')).toBe('DE');
    expect(values(xml, 'Natura')).toEqual(['N2.1', 'N2.1']);
  });

  it('foreign buyer without VAT number: 99999999999 and CAP 00000 for a non-numeric postal code', () => {
    const xml = build('foreignPrivateBuyer');
    const buyer = blocks(xml, 'CessionarioCommittente')[0] ?? '';
    expect(value(buyer, 'IdPaese')).toBe('US');
    expect(value(buyer, 'IdCodice')).toBe('99999999999');
    expect([value(buyer, 'Nome'), value(buyer, 'Cognome')]).toEqual(['John', 'Smith']);
    expect(value(buyer, 'CAP')).toBe('00000');
    expect(buyer).not.toContain('<Provincia>');
  });

  it('natural person with only a codice fiscale: 0000000 without PEC, Nome and Cognome', () => {
    const xml = build('naturalPersonBuyer');
    expect(value(xml, 'CodiceDestinatario')).toBe('0000000');
    expect(xml).not.toContain('<PECDestinatario>');
    const buyer = blocks(xml, 'CessionarioCommittente')[0] ?? '';
    expect(buyer).not.toContain('<IdFiscaleIVA>');
    expect(value(buyer, 'CodiceFiscale')).toBe('VRDGPP80A01H501U');
    expect([value(buyer, 'Nome'), value(buyer, 'Cognome')]).toEqual(['Luca', 'Bianchi']);
    expect(buyer).not.toContain('<Denominazione>');
  });

  it('accented text stays, € and typographic characters become Latin, markup is escaped', () => {
    const xml = build('accentedText');
    expect(xml).not.toContain('€');
    expect(value(xml, 'Denominazione')).toBe('Società Agricola "Città di Forlì" - S.r.l.');
    expect(value(xml, 'Comune')).toBe('Forlì');
    expect(values(xml, 'Denominazione')[1]).toBe('Caffè & Pasticceria <Dolce Vita>');
    expect(xml).toContain('<Denominazione>Caffè &amp; Pasticceria &lt;Dolce Vita&gt;</Denominazione>');
    expect(values(xml, 'Indirizzo')[1]).toBe("Via dell'Università 1");
    expect(values(xml, 'Descrizione')).toEqual([
      'Degustazione caffè - 10 EUR a persona... (più "extra")',
      'Spedizione a Lódz e Gyor',
    ]);
    // UnitaMisura is Basic Latin only.
    expect(value(xml, 'UnitaMisura')).toBe('m2');
  });
});

describe('buildFatturaPaXml: refusals', () => {
  it('refuses a document with missing data, listing it', () => {
    const doc = sampleDocument({ number: null, buyer: { address: null }, lines: [line('A', '1', 100)] });
    expect(() => buildFatturaPaXml(doc, { progressivoInvio: '1' })).toThrow(FatturaPaDataError);
    try {
      buildFatturaPaXml(doc, { progressivoInvio: '1' });
    } catch (error) {
      expect((error as FatturaPaDataError).missing).toEqual(['document.number', 'buyer.address']);
    }
  });

  it('refuses a quote and a ProgressivoInvio the schema does not allow', () => {
    const quote = { ...FATTURAPA_SCENARIOS.ordinary, kind: 'quote' as const };
    expect(() => buildFatturaPaXml(quote, { progressivoInvio: '1' })).toThrow(/document\.kind/);
    const doc = FATTURAPA_SCENARIOS.ordinary;
    expect(() => buildFatturaPaXml(doc, { progressivoInvio: '' })).toThrow(RangeError);
    expect(() => buildFatturaPaXml(doc, { progressivoInvio: '12345678901' })).toThrow(RangeError);
    expect(() => buildFatturaPaXml(doc, { progressivoInvio: '0000-1' })).toThrow(RangeError);
  });
});

describe('validateFatturaPaXml', () => {
  it('rejects what the builder avoids: "€" in a Latin field', async () => {
    const xml = build('accentedText').replace('10 EUR a persona', '10 € a persona');
    const result = await validateFatturaPaXml(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/Descrizione/);
  });

  it('rejects a built file with an element out of order', async () => {
    const xml = build('ordinary').replace(
      /(<Divisa>EUR<\/Divisa>)\s*(<Data>[^<]*<\/Data>)/,
      '$2\n        $1',
    );
    const result = await validateFatturaPaXml(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/Data/);
  });
});
