import { formatCents, formatScaled, parseDecimal } from '@shared/invoicing/decimal.ts';
import {
  DOCUMENT_PAYMENT_METHODS,
  NO_REFERENCES,
  type ComputedLine,
  type DocumentReferences,
  type DocumentSnapshot,
  type Party,
  type VatNature,
  type VatSummaryRow,
} from '@shared/invoicing/document.ts';
import { legalNoteText, natureLegalReference } from '@shared/invoicing/legal-notes.ts';
import {
  compactIban,
  effectiveWithholding,
  fatturaPaProblems,
  idCodice,
  usesPersonName,
  type FatturaPaMissingKey,
  type FatturaPaProblem,
} from './missing-data.ts';
import { ascii, escapeXml, latin, splitText } from './xml-text.ts';

/**
 * The FatturaPA file (schema v1.2.2) of an issued invoice (TD01) or credit note (TD04), from its snapshot.
 * Amounts come from doc.totals as computeDocument made them; nothing is recomputed here except the stamp-duty
 * line: when the client pays the duty it becomes a line at 0 % Natura N1 added to the N1 summary row, so that
 * ImportoTotaleDocumento (totals.totalCents) equals the sum of the summary rows' taxable and VAT.
 */
export type FatturaPaOptions = {
  /** ProgressivoInvio: the transmission's progressive, as in the file name (progressiveFromSequence). */
  progressivoInvio: string;
};

/** What keeps a document from its FatturaPA file: every problem (fatturaPaProblems) and their keys, each once. */
export class FatturaPaDataError extends Error {
  readonly missing: FatturaPaMissingKey[];
  constructor(readonly problems: FatturaPaProblem[]) {
    const missing = [...new Set(problems.map((problem) => problem.key))];
    super(`The document cannot become a FatturaPA file: ${missing.join(', ')}`);
    this.name = 'FatturaPaDataError';
    this.missing = missing;
  }
}

const NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const STAMP_DUTY_LINE = 'Imposta di bollo';
const STAMP_DUTY_NATURE: VatNature = 'N1';
/** Conventional codes: a foreign recipient; a recipient reached by PEC or in their tax area. */
const FOREIGN_RECIPIENT = 'XXXXXXX';
const NO_CHANNEL = '0000000';
/** IdCodice of a foreign buyer without VAT identifier, and the CAP of an address abroad. */
const FOREIGN_NO_ID = '99999999999';
const FOREIGN_CAP = '00000';
/** TipoDato of the line data that cites a declaration of intent (Agenzia delle Entrate, provv. 293390/2021). */
const INTENT_DATA_TYPE = 'INTENTO';
/** The element of the buyer's purchase reference, by kind. */
const PURCHASE_ELEMENTS = {
  order: 'DatiOrdineAcquisto',
  contract: 'DatiContratto',
  agreement: 'DatiConvenzione',
} as const;
/** Payment methods that settle into the seller's account (transfer, Ri.Ba., SEPA direct debit): the IBAN. */
const IBAN_METHODS = new Set<string>(['MP05', 'MP12', 'MP19']);

type XmlNode = { name: string; text?: string; children?: XmlNode[] };
type MaybeNode = XmlNode | null | undefined | false | '';

function el(name: string, ...children: (MaybeNode | MaybeNode[])[]): XmlNode {
  return { name, children: children.flat().filter((c): c is XmlNode => !!c) };
}

/** A text element; omitted when the value is empty. */
function tx(name: string, value: string | null | undefined): XmlNode | null {
  return value ? { name, text: value } : null;
}

function render(node: XmlNode, indent: string, out: string[]): void {
  if (node.text !== undefined) {
    out.push(`${indent}<${node.name}>${escapeXml(node.text)}</${node.name}>`);
  } else if (!node.children?.length) {
    out.push(`${indent}<${node.name}/>`);
  } else {
    out.push(`${indent}<${node.name}>`);
    for (const child of node.children) render(child, `${indent}  `, out);
    out.push(`${indent}</${node.name}>`);
  }
}

/** RateType: "22" → "22.00", "12.5" → "12.50". */
function rate(percent: string | number): string {
  const value = parseDecimal(String(percent), 2);
  if (value === null) throw new RangeError(`Not a percentage: ${percent}`);
  return formatScaled(value, 2, 2);
}

/** QuantitaType: 2 to 8 decimals ("1" → "1.00", "0.3333" → "0.3333"). */
function quantity(value: string): string {
  const scaled = parseDecimal(value, 8);
  if (scaled === null || scaled < 0n) throw new RangeError(`Not a quantity: ${value}`);
  return formatScaled(scaled, 8, 2);
}

function anagrafica(party: Party): XmlNode {
  return el(
    'Anagrafica',
    usesPersonName(party)
      ? [tx('Nome', latin(party.firstName ?? '', 60)), tx('Cognome', latin(party.lastName ?? '', 60))]
      : tx('Denominazione', latin(party.name, 80)),
  );
}

function sede(party: Party): XmlNode {
  const italian = party.country === 'IT';
  const postalCode = party.postalCode?.trim() ?? '';
  return el(
    'Sede',
    tx('Indirizzo', latin(party.address ?? '', 60)),
    tx('CAP', italian || /^\d{5}$/.test(postalCode) ? postalCode : FOREIGN_CAP),
    tx('Comune', latin(party.city ?? '', 60)),
    italian && /^[A-Z]{2}$/.test(party.province ?? '') && tx('Provincia', party.province),
    tx('Nazione', party.country),
  );
}

const idFiscale = (name: string, country: string, code: string) =>
  el(name, tx('IdPaese', country), tx('IdCodice', code));

function recipient(buyer: DocumentSnapshot['buyer']): { code: string; pec: string | null } {
  if (buyer.isPublicAdministration) return { code: buyer.paOfficeCode ?? '', pec: null };
  if (buyer.country !== 'IT') return { code: FOREIGN_RECIPIENT, pec: null };
  if (buyer.sdiCode && buyer.sdiCode !== NO_CHANNEL) return { code: buyer.sdiCode, pec: null };
  return { code: NO_CHANNEL, pec: buyer.pec || null };
}

function header(doc: DocumentSnapshot, options: FatturaPaOptions): XmlNode {
  const { seller, buyer } = doc;
  const to = recipient(buyer);
  const foreignBuyer = buyer.country !== 'IT';
  const buyerVat = foreignBuyer
    ? idFiscale(
        'IdFiscaleIVA',
        buyer.vatNumber ? buyer.vatCountry : buyer.country,
        buyer.vatNumber ? idCodice(buyer.vatNumber) : FOREIGN_NO_ID,
      )
    : buyer.vatNumber && idFiscale('IdFiscaleIVA', buyer.vatCountry, idCodice(buyer.vatNumber));
  return el(
    'FatturaElettronicaHeader',
    el(
      'DatiTrasmissione',
      idFiscale('IdTrasmittente', 'IT', seller.codiceFiscale || seller.vatNumber || ''),
      tx('ProgressivoInvio', options.progressivoInvio),
      tx('FormatoTrasmissione', buyer.isPublicAdministration ? 'FPA12' : 'FPR12'),
      tx('CodiceDestinatario', to.code),
      tx('PECDestinatario', to.pec),
    ),
    el(
      'CedentePrestatore',
      el(
        'DatiAnagrafici',
        idFiscale('IdFiscaleIVA', seller.vatCountry, seller.vatNumber ?? ''),
        tx('CodiceFiscale', seller.codiceFiscale),
        anagrafica(seller),
        tx('RegimeFiscale', seller.regime),
      ),
      sede(seller),
    ),
    el(
      'CessionarioCommittente',
      el(
        'DatiAnagrafici',
        buyerVat,
        !foreignBuyer && tx('CodiceFiscale', buyer.codiceFiscale),
        anagrafica(buyer),
      ),
      sede(buyer),
    ),
  );
}

const referencesOf = (doc: DocumentSnapshot): DocumentReferences => doc.references ?? NO_REFERENCES;

/** TD04 credit note; TD24 deferred invoice (goods delivered with DDT); TD01 otherwise. */
function documentTypeCode(doc: DocumentSnapshot): string {
  if (doc.kind === 'credit_note') return 'TD04';
  return referencesOf(doc).deferred ? 'TD24' : 'TD01';
}

function datiGeneraliDocumento(doc: DocumentSnapshot): XmlNode {
  const { totals, tax } = doc;
  const withholding = effectiveWithholding(doc);
  const fund = tax.pensionFund;
  const fundRate = totals.pensionFundVatRate ?? 0;
  const causali = totals.legalNotes.flatMap((key) => splitText(latin(legalNoteText(key, 'it')), 200));
  return el(
    'DatiGeneraliDocumento',
    tx('TipoDocumento', documentTypeCode(doc)),
    tx('Divisa', 'EUR'),
    tx('Data', doc.issueDate),
    tx('Numero', doc.number),
    withholding &&
      el(
        'DatiRitenuta',
        tx('TipoRitenuta', withholding.type),
        tx('ImportoRitenuta', formatCents(totals.withholdingCents)),
        tx('AliquotaRitenuta', rate(withholding.ratePercent)),
        tx('CausalePagamento', withholding.causale),
      ),
    totals.stampDutyCents > 0 &&
      el('DatiBollo', tx('BolloVirtuale', 'SI'), tx('ImportoBollo', formatCents(totals.stampDutyCents))),
    fund &&
      el(
        'DatiCassaPrevidenziale',
        tx('TipoCassa', fund.type),
        tx('AlCassa', rate(fund.ratePercent)),
        tx('ImportoContributoCassa', formatCents(totals.pensionFundCents)),
        tx('ImponibileCassa', formatCents(totals.pensionFundBaseCents)),
        tx('AliquotaIVA', rate(fundRate)),
        withholding && fund.subjectToWithholding && tx('Ritenuta', 'SI'),
        fundRate === 0 && tx('Natura', totals.pensionFundNature),
      ),
    tx('ImportoTotaleDocumento', formatCents(totals.totalCents)),
    causali.map((text) => tx('Causale', text)),
  );
}

function dettaglioLinea(
  line: ComputedLine,
  withholding: boolean,
  intent: DocumentReferences['intentDeclaration'],
): XmlNode {
  const discounted = (parseDecimal(line.discountPercent, 2) ?? 0n) > 0n;
  const exporter = line.vatRate === 0 && line.nature === 'N3.5' && intent;
  return el(
    'DettaglioLinee',
    tx('NumeroLinea', String(line.lineNumber)),
    tx('Descrizione', latin(line.description, 1000)),
    tx('Quantita', quantity(line.quantity)),
    tx('UnitaMisura', line.unit ? ascii(line.unit, 10) : null),
    tx('PrezzoUnitario', formatCents(line.unitPriceCents)),
    discounted && el('ScontoMaggiorazione', tx('Tipo', 'SC'), tx('Percentuale', rate(line.discountPercent))),
    tx('PrezzoTotale', formatCents(line.totalCents)),
    tx('AliquotaIVA', rate(line.vatRate)),
    withholding && line.withholding && tx('Ritenuta', 'SI'),
    line.vatRate === 0 && tx('Natura', line.nature),
    exporter &&
      el(
        'AltriDatiGestionali',
        tx('TipoDato', INTENT_DATA_TYPE),
        tx('RiferimentoTesto', exporter.protocol),
        tx('RiferimentoData', exporter.date),
      ),
  );
}

/** DatiOrdineAcquisto, DatiContratto or DatiConvenzione: the buyer's reference with CUP and CIG. */
function purchaseReference(refs: DocumentReferences): XmlNode | null {
  const purchase = refs.purchase;
  if (!purchase) return null;
  return el(
    PURCHASE_ELEMENTS[purchase.kind],
    tx('IdDocumento', purchase.documentId),
    tx('Data', purchase.date),
    tx('CodiceCUP', purchase.cup),
    tx('CodiceCIG', purchase.cig),
  );
}

function stampDutyLine(lineNumber: number, cents: number): XmlNode {
  return el(
    'DettaglioLinee',
    tx('NumeroLinea', String(lineNumber)),
    tx('Descrizione', STAMP_DUTY_LINE),
    tx('PrezzoUnitario', formatCents(cents)),
    tx('PrezzoTotale', formatCents(cents)),
    tx('AliquotaIVA', rate(0)),
    tx('Natura', STAMP_DUTY_NATURE),
  );
}

/** The VAT summary with the stamp duty charged to the client merged into (or added as) the N1 row. */
function summaryRows(doc: DocumentSnapshot): VatSummaryRow[] {
  const charged = doc.totals.stampDutyChargedCents;
  const rows = doc.totals.vatSummary.map((row) => ({ ...row }));
  if (charged === 0) return rows;
  const n1 = rows.find((row) => row.vatRate === 0 && row.nature === STAMP_DUTY_NATURE);
  if (n1) n1.taxableCents += charged;
  else {
    rows.push({
      vatRate: 0,
      nature: STAMP_DUTY_NATURE,
      taxableCents: charged,
      vatCents: 0,
      vatCollectability: 'I',
      legalReference: natureLegalReference(STAMP_DUTY_NATURE, doc.seller.regime),
    });
  }
  return rows;
}

function datiRiepilogo(row: VatSummaryRow, regime: string): XmlNode {
  const reference = row.nature ? (row.legalReference ?? natureLegalReference(row.nature, regime)) : null;
  return el(
    'DatiRiepilogo',
    tx('AliquotaIVA', rate(row.vatRate)),
    tx('Natura', row.nature),
    tx('ImponibileImporto', formatCents(row.taxableCents)),
    tx('Imposta', formatCents(row.vatCents)),
    tx('EsigibilitaIVA', row.vatCollectability),
    reference && tx('RiferimentoNormativo', latin(reference, 100)),
  );
}

function datiPagamento(doc: DocumentSnapshot): XmlNode | null {
  // A credit note settles against its invoice: it carries no payment terms of its own.
  if (doc.kind !== 'invoice' || doc.totals.amountDueCents <= 0) return null;
  const method = DOCUMENT_PAYMENT_METHODS[doc.paymentMethod];
  const iban = doc.seller.iban && IBAN_METHODS.has(method) ? compactIban(doc.seller.iban) : null;
  // TP01: one DettaglioPagamento per instalment; TP02: the whole amount on the due date.
  const instalments = referencesOf(doc).instalments;
  const payments =
    instalments.length > 0 ? instalments : [{ dueDate: doc.dueDate, amountCents: doc.totals.amountDueCents }];
  return el(
    'DatiPagamento',
    tx('CondizioniPagamento', instalments.length > 0 ? 'TP01' : 'TP02'),
    payments.map((payment) =>
      el(
        'DettaglioPagamento',
        tx('ModalitaPagamento', method),
        tx('DataScadenzaPagamento', payment.dueDate),
        tx('ImportoPagamento', formatCents(payment.amountCents)),
        iban && doc.seller.bankName && tx('IstitutoFinanziario', latin(doc.seller.bankName, 80)),
        tx('IBAN', iban),
      ),
    ),
  );
}

function body(doc: DocumentSnapshot): XmlNode {
  const { totals } = doc;
  const withholding = effectiveWithholding(doc) !== null;
  const related = doc.kind === 'credit_note' ? doc.relatedDocument : null;
  const refs = referencesOf(doc);
  const lines = totals.lines.map((line) => dettaglioLinea(line, withholding, refs.intentDeclaration));
  if (totals.stampDutyChargedCents > 0) {
    lines.push(stampDutyLine(totals.lines.length + 1, totals.stampDutyChargedCents));
  }
  return el(
    'FatturaElettronicaBody',
    el(
      'DatiGenerali',
      datiGeneraliDocumento(doc),
      purchaseReference(refs),
      related && el('DatiFattureCollegate', tx('IdDocumento', related.number), tx('Data', related.issueDate)),
      refs.deliveryNotes.map((note) => el('DatiDDT', tx('NumeroDDT', note.number), tx('DataDDT', note.date))),
    ),
    el(
      'DatiBeniServizi',
      lines,
      summaryRows(doc).map((row) => datiRiepilogo(row, doc.seller.regime)),
    ),
    datiPagamento(doc),
  );
}

/**
 * The FatturaPA XML of an invoice or credit note. Throws FatturaPaDataError (with every problem of
 * fatturaPaProblems, the one check, run here once) rather than produce a file the SDI would reject.
 */
export function buildFatturaPaXml(doc: DocumentSnapshot, options: FatturaPaOptions): string {
  if (!/^[A-Za-z0-9]{1,10}$/.test(options.progressivoInvio)) {
    throw new RangeError(`ProgressivoInvio must be 1–10 letters or digits: "${options.progressivoInvio}"`);
  }
  const problems = fatturaPaProblems(doc);
  if (problems.length > 0) throw new FatturaPaDataError(problems);

  const format = doc.buyer.isPublicAdministration ? 'FPA12' : 'FPR12';
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<p:FatturaElettronica xmlns:p="${NAMESPACE}" versione="${format}">`,
  ];
  render(header(doc, options), '  ', out);
  render(body(doc), '  ', out);
  out.push('</p:FatturaElettronica>', '');
  return out.join('\n');
}
