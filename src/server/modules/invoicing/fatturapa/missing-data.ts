import { FORFETTARIO_REGIME } from '@shared/invoicing/compute.ts';
import { formatCents, parseDecimal } from '@shared/invoicing/decimal.ts';
import {
  NO_REFERENCES,
  PENSION_FUND_TYPES,
  WITHHOLDING_CAUSALI,
  WITHHOLDING_TYPES,
  type DocumentSnapshot,
  type Party,
  type TaxSettings,
} from '@shared/invoicing/document.ts';
import { toLatin, unsupportedCharacters } from '@shared/invoicing/latin-text.ts';

/**
 * What stops a document from becoming a valid FatturaPA file: each key names a datum that is missing or not
 * in the form the schema and the SDI accept. This is the one check of the e-invoice data: issuing refuses a
 * document while the list is not empty (so no invoice is frozen that could never become a file), the XML route
 * and buildFatturaPaXml refuse likewise, and the invoice page shows the list.
 */
export const FATTURAPA_MISSING_KEYS = [
  'document.kind',
  'document.number',
  'document.issueDate',
  'document.dueDate',
  'document.relatedDocument',
  'document.lines',
  'document.totals',
  'document.purchase',
  'document.intentDeclaration',
  'document.instalments',
  'document.deliveryNotes',
  'lines.description',
  'lines.descriptionCharacters',
  'lines.nature',
  'lines.withholding',
  'tax.withholding',
  'tax.withholdingCausale',
  'tax.pensionFund',
  'seller.name',
  'seller.nameCharacters',
  'seller.vatNumber',
  'seller.codiceFiscale',
  'seller.regime',
  'seller.address',
  'seller.addressCharacters',
  'seller.iban',
  'seller.bankNameCharacters',
  'buyer.name',
  'buyer.nameCharacters',
  'buyer.taxId',
  'buyer.vatNumber',
  'buyer.codiceFiscale',
  'buyer.address',
  'buyer.addressCharacters',
  'buyer.sdiCodeOrPec',
  'buyer.paOfficeCode',
] as const;
export type FatturaPaMissingKey = (typeof FATTURAPA_MISSING_KEYS)[number];

/** One problem: what is wrong (its sentence is invoicing.missing.<key>) and on which field. */
export type FatturaPaProblem = {
  key: FatturaPaMissingKey;
  /** The field: "buyer.address", "seller.city", "lines.2.description" (0-based, like the form's paths). */
  path: string;
  /** Values of the sentence: {{line}} the 1-based line number, {{chars}} the refused characters, {{code}}. */
  params?: Record<string, string>;
};

/** RegimeFiscaleType of schema v1.2.2 (RF03 does not exist). */
const REGIMES = /^RF(?:0[124-9]|1\d)$/;
const CAP = /^\d{5}$/;
const COUNTRY = /^[A-Z]{2}$/;
const CODICE_FISCALE = /^[A-Z0-9]{11,16}$/;
const ID_CODICE = /^[A-Za-z0-9]{1,28}$/;
const MAX_EMAIL = 256;
const IBAN = /^[a-zA-Z]{2}\d{2}[a-zA-Z0-9]{11,30}$/;
const SDI_CODE = /^[A-Z0-9]{7}$/;
const PA_OFFICE_CODE = /^[A-Z0-9]{6}$/;
/** A practical subset of the schema's EmailType (dot-atom local part and domain). */
const PEC =
  /^[!#-'*+/-9=?A-Z^-~-]+(?:\.[!#-'*+/-9=?A-Z^-~-]+)*@[!#-'*+/-9=?A-Z^-~-]+(?:\.[!#-'*+/-9=?A-Z^-~-]+)*$/;
/** Numero: String20Type (Basic Latin) with at least one digit, which the SDI requires. */
const NUMBER = /^(?=.*\d)[\u0020-\u007e]{1,20}$/;
/** String20Type (IdDocumento, NumeroDDT); CIG and CUP; the protocol of a declaration of intent. */
const ID20 = /^[\u0020-\u007e]{1,20}$/;
const CIG = /^[A-Z0-9]{10}$/;
const CUP = /^[A-Z0-9]{15}$/;
const INTENT_PROTOCOL = /^\d{17}-\d{6}$/;
/** Amount2DecimalType allows 11 integer digits. */
const MAX_AMOUNT_CENTS = 99_999_999_999_99;

/** RateType: 0–100 with at most 2 decimals. */
function isRate(value: string): boolean {
  const rate = parseDecimal(value, 2);
  return rate !== null && rate >= 0n && rate <= 10000n;
}

/** The withholding the document applies: none under the forfettario regime (as computeDocument does). */
export function effectiveWithholding(doc: DocumentSnapshot): TaxSettings['withholding'] {
  return doc.tax.regime === FORFETTARIO_REGIME ? null : doc.tax.withholding;
}

const latinText = (value: string) => toLatin(value).text;
/** IdCodice of a VAT number: letters and digits only ("CHE-123.456.789" → "CHE123456789"). */
export const idCodice = (vatNumber: string) => vatNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
export const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

const isForeign = (party: Pick<Party, 'country'>) => party.country !== 'IT';
const filled = (value: string | null | undefined): value is string => !!value && value.trim() !== '';
/** Text that still says something once written in Latin-1 (not only spaces or invisible characters). */
const written = (value: string | null | undefined) => !!value && latinText(value) !== '';

/** A real calendar date from 1970 on (DataFatturaType, xs:date). */
export function isFatturaPaDate(value: string | null | undefined): boolean {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1970-01-01';
}

/** Whether Anagrafica gives Nome and Cognome (a natural person) rather than Denominazione. */
export function usesPersonName(party: Party): boolean {
  return written(party.firstName) && written(party.lastName);
}

function hasName(party: Party): boolean {
  return usesPersonName(party) || written(party.name);
}

/** Street, city and a CAP of 5 digits in Italy (abroad the XML writes 00000 for other formats). */
function hasAddress(party: Party): boolean {
  if (!written(party.address) || !written(party.city) || !COUNTRY.test(party.country)) return false;
  return isForeign(party) || CAP.test(party.postalCode ?? '');
}

function sellerIssues(seller: DocumentSnapshot['seller']): FatturaPaMissingKey[] {
  const keys: FatturaPaMissingKey[] = [];
  if (!hasName(seller)) keys.push('seller.name');
  // The SDI takes invoices of sellers identified for VAT in Italy.
  if (seller.vatCountry !== 'IT' || !/^\d{11}$/.test(seller.vatNumber ?? '')) keys.push('seller.vatNumber');
  if (filled(seller.codiceFiscale) && !CODICE_FISCALE.test(seller.codiceFiscale)) {
    keys.push('seller.codiceFiscale');
  }
  if (!REGIMES.test(seller.regime)) keys.push('seller.regime');
  if (!hasAddress(seller)) keys.push('seller.address');
  if (filled(seller.iban) && !IBAN.test(compactIban(seller.iban))) keys.push('seller.iban');
  return keys;
}

function buyerIssues(buyer: DocumentSnapshot['buyer']): FatturaPaMissingKey[] {
  const keys: FatturaPaMissingKey[] = [];
  if (!hasName(buyer)) keys.push('buyer.name');
  const foreign = isForeign(buyer);
  // Abroad the VAT identifier may be missing: the XML then writes the conventional 99999999999.
  if (!foreign && !filled(buyer.vatNumber) && !filled(buyer.codiceFiscale)) keys.push('buyer.taxId');
  if (filled(buyer.vatNumber)) {
    const format = buyer.vatCountry === 'IT' ? /^\d{11}$/ : ID_CODICE;
    if (!COUNTRY.test(buyer.vatCountry) || !format.test(idCodice(buyer.vatNumber))) {
      keys.push('buyer.vatNumber');
    }
  }
  if (!foreign && filled(buyer.codiceFiscale) && !CODICE_FISCALE.test(buyer.codiceFiscale)) {
    keys.push('buyer.codiceFiscale');
  }
  if (!hasAddress(buyer)) keys.push('buyer.address');
  if (buyer.isPublicAdministration) {
    if (!PA_OFFICE_CODE.test(buyer.paOfficeCode ?? '')) keys.push('buyer.paOfficeCode');
  } else if (!foreign) {
    const sdiOk = SDI_CODE.test(buyer.sdiCode ?? '');
    const pecOk = PEC.test(buyer.pec ?? '') && (buyer.pec ?? '').length <= MAX_EMAIL;
    const badValue = (filled(buyer.sdiCode) && !sdiOk) || (filled(buyer.pec) && !pecOk);
    // A consumer (no VAT number) may have neither: the XML writes 0000000 and the SDI puts the invoice in
    // their tax area. A business must give one (0000000 itself is a valid choice of the business).
    const needsAddress = filled(buyer.vatNumber) && !sdiOk && !pecOk;
    if (badValue || needsAddress) keys.push('buyer.sdiCodeOrPec');
  }
  return keys;
}

/** The XML adds the stamp-duty line to N1 and writes totals.totalCents: both sides must agree. */
function totalsConsistent(doc: DocumentSnapshot): boolean {
  const t = doc.totals;
  const summary = t.vatSummary.reduce((sum, row) => sum + row.taxableCents + row.vatCents, 0);
  const amounts = [t.totalCents, t.amountDueCents, ...t.lines.map((l) => l.totalCents)];
  return (
    summary + t.stampDutyChargedCents === t.totalCents &&
    t.lines.length === doc.lines.length &&
    amounts.every((a) => Number.isSafeInteger(a) && a >= 0 && a <= MAX_AMOUNT_CENTS)
  );
}

/** Text fields written as String…LatinType, with the key that names each when it holds refused characters. */
function characterProblems(doc: DocumentSnapshot): FatturaPaProblem[] {
  const problems: FatturaPaProblem[] = [];
  const check = (key: FatturaPaMissingKey, path: string, value: string | null | undefined, line?: number) => {
    const chars = filled(value) ? unsupportedCharacters(value) : [];
    if (chars.length === 0) return;
    const params: Record<string, string> = { chars: chars.join(' ') };
    if (line !== undefined) params.line = String(line + 1);
    problems.push({ key, path, params });
  };
  for (const side of ['seller', 'buyer'] as const) {
    const party: Party = doc[side];
    check(`${side}.nameCharacters`, `${side}.name`, party.name);
    check(`${side}.nameCharacters`, `${side}.firstName`, party.firstName);
    check(`${side}.nameCharacters`, `${side}.lastName`, party.lastName);
    check(`${side}.addressCharacters`, `${side}.address`, party.address);
    check(`${side}.addressCharacters`, `${side}.city`, party.city);
  }
  check('seller.bankNameCharacters', 'seller.bankName', doc.seller.bankName);
  doc.lines.forEach((l, i) =>
    check('lines.descriptionCharacters', `lines.${i}.description`, l.description, i),
  );
  return problems;
}

/** Order or contract, declaration of intent, instalments and delivery notes (issue 12, point 18). */
function referenceProblems(doc: DocumentSnapshot): FatturaPaProblem[] {
  const refs = doc.references ?? NO_REFERENCES;
  const problems: FatturaPaProblem[] = [];
  const purchase = refs.purchase;
  if (
    purchase &&
    (!ID20.test(purchase.documentId) ||
      (purchase.date !== null && !isFatturaPaDate(purchase.date)) ||
      (purchase.cig !== null && !CIG.test(purchase.cig)) ||
      (purchase.cup !== null && !CUP.test(purchase.cup)))
  ) {
    problems.push({ key: 'document.purchase', path: 'references.purchase' });
  }
  // Rule: a sale to a regular exporter (N3.5) cites the receipt of their declaration of intent.
  const intent = refs.intentDeclaration;
  const intentOk = !!intent && INTENT_PROTOCOL.test(intent.protocol) && isFatturaPaDate(intent.date);
  if (doc.totals.lines.some((l) => l.nature === 'N3.5') && !intentOk) {
    problems.push({ key: 'document.intentDeclaration', path: 'references.intentDeclaration' });
  }
  // Rule: instalments (TP01) are dated from the issue date on, in order, and add up to the amount due.
  if (doc.kind === 'invoice' && refs.instalments.length > 0) {
    const sum = refs.instalments.reduce((s, i) => s + i.amountCents, 0);
    const datesOk = refs.instalments.every(
      (i, n) =>
        isFatturaPaDate(i.dueDate) &&
        i.dueDate >= doc.issueDate &&
        Number.isSafeInteger(i.amountCents) &&
        i.amountCents > 0 &&
        (n === 0 || i.dueDate > refs.instalments[n - 1]!.dueDate),
    );
    if (sum !== doc.totals.amountDueCents || !datesOk) {
      problems.push({
        key: 'document.instalments',
        path: 'references.instalments',
        params: { instalments: formatCents(sum), due: formatCents(doc.totals.amountDueCents) },
      });
    }
  }
  // Rule: a deferred invoice (TD24) lists its delivery notes, none dated after the invoice.
  const notesOk = refs.deliveryNotes.every(
    (n) => ID20.test(n.number) && isFatturaPaDate(n.date) && n.date <= doc.issueDate,
  );
  if ((refs.deferred && (doc.kind !== 'invoice' || refs.deliveryNotes.length === 0)) || !notesOk) {
    problems.push({ key: 'document.deliveryNotes', path: 'references.deliveryNotes' });
  }
  return problems;
}

/** Withholding and pension fund as the schema codes them (the forfettario regime has no withholding). */
function taxIssues(doc: DocumentSnapshot): FatturaPaMissingKey[] {
  const keys: FatturaPaMissingKey[] = [];
  const withholding = effectiveWithholding(doc);
  if (withholding) {
    const valid =
      (WITHHOLDING_TYPES as readonly string[]).includes(withholding.type) && isRate(withholding.ratePercent);
    if (!valid) keys.push('tax.withholding');
    if (!WITHHOLDING_CAUSALI.includes(withholding.causale)) keys.push('tax.withholdingCausale');
    // DatiRitenuta needs something marked Ritenuta SI (SDI check 00411).
    const subject = doc.totals.lines.some((l) => l.withholding) || doc.tax.pensionFund?.subjectToWithholding;
    if (!subject) keys.push('lines.withholding');
  }
  const fund = doc.tax.pensionFund;
  if (fund) {
    const rate = doc.totals.pensionFundVatRate;
    const vatKnown = rate !== undefined && rate !== null && (rate === 0) === !!doc.totals.pensionFundNature;
    if (!PENSION_FUND_TYPES.includes(fund.type) || !isRate(fund.ratePercent) || !vatKnown) {
      keys.push('tax.pensionFund');
    }
  }
  return keys;
}

/** The paths of the keys that are not about one line or one text field. */
const PATHS: Partial<Record<FatturaPaMissingKey, string>> = {
  'tax.withholding': 'withholding',
  'tax.withholdingCausale': 'withholding.causale',
  'tax.pensionFund': 'pensionFund',
  'lines.withholding': 'lines',
};

/**
 * Everything that keeps `doc` from a valid FatturaPA file, each problem on its field, in the order of
 * FATTURAPA_MISSING_KEYS then of the lines. The single check: issuing, the XML route and the builder all use it.
 */
export function fatturaPaProblems(doc: DocumentSnapshot): FatturaPaProblem[] {
  const keys: FatturaPaMissingKey[] = [];
  const problems: FatturaPaProblem[] = [];
  const expectedType = doc.kind === 'invoice' ? 'TD01' : doc.kind === 'credit_note' ? 'TD04' : null;
  if (expectedType === null || doc.documentType !== expectedType) keys.push('document.kind');
  if (!NUMBER.test(doc.number ?? '')) keys.push('document.number');
  if (!isFatturaPaDate(doc.issueDate)) keys.push('document.issueDate');
  if (doc.dueDate !== null && !isFatturaPaDate(doc.dueDate)) keys.push('document.dueDate');
  if (doc.kind === 'credit_note') {
    const related = doc.relatedDocument;
    if (!related || !NUMBER.test(related.number) || !isFatturaPaDate(related.issueDate)) {
      keys.push('document.relatedDocument');
    }
  }
  if (doc.lines.length === 0 || doc.lines.length > 9998) keys.push('document.lines');
  else if (!totalsConsistent(doc)) keys.push('document.totals');
  problems.push(...referenceProblems(doc), ...characterProblems(doc));
  doc.totals.lines.forEach((l, i) => {
    const line = { line: String(i + 1) };
    if (!latinText(l.description) && unsupportedCharacters(l.description).length === 0) {
      problems.push({ key: 'lines.description', path: `lines.${i}.description`, params: line });
    }
    if ((l.vatRate === 0) !== !!l.nature) {
      problems.push({ key: 'lines.nature', path: `lines.${i}.nature`, params: line });
    }
  });
  keys.push(...taxIssues(doc));
  keys.push(...sellerIssues(doc.seller), ...buyerIssues(doc.buyer));
  for (const key of keys) {
    const problem: FatturaPaProblem = { key, path: PATHS[key] ?? key };
    if (key === 'tax.withholdingCausale') problem.params = { code: doc.tax.withholding?.causale ?? '' };
    problems.push(problem);
  }
  const order = (key: FatturaPaMissingKey) => FATTURAPA_MISSING_KEYS.indexOf(key);
  // A stable sort: the lines stay in their order within a key.
  return problems.sort((a, b) => order(a.key) - order(b.key));
}

/** The problems as the details of an error answer: the path, the message key, the values of its sentence. */
export function problemDetails(problems: (Omit<FatturaPaProblem, 'key'> & { key: string })[]) {
  return problems.map((p) => ({
    path: p.path,
    message: `invoicing.missing.${p.key}`,
    ...(p.params ? { params: p.params } : {}),
  }));
}

/** The keys of fatturaPaProblems, each once, in the order of FATTURAPA_MISSING_KEYS. */
export function missingFatturaPaData(doc: DocumentSnapshot): FatturaPaMissingKey[] {
  return [...new Set(fatturaPaProblems(doc).map((problem) => problem.key))];
}
