import type {
  DocumentPaymentMethod,
  DocumentSnapshot,
  PurchaseReferenceKind,
} from '@shared/invoicing/document.ts';
import { formatEuroCents, formatNumber } from '@shared/format/format.ts';

/**
 * The printed wording of quotes, invoices and credit notes in the document's language, and how its dates,
 * numbers and amounts read. A document follows its client's language, not the user's interface.
 *
 * Dates: Italian documents read dd/mm/yyyy (the usual form on Italian invoices); English ones read
 * "5 Mar 2025" (en-GB medium), which no reader, British or American, can take for another day.
 * Amounts: it `1.234,56 €`, en `€1,234.56`, always two decimals.
 */
export type DocumentLanguage = DocumentSnapshot['language'];
export type DocumentKind = DocumentSnapshot['kind'];

const LOCALES: Record<DocumentLanguage, string> = { it: 'it-IT', en: 'en-GB' };

export function documentLocale(language: DocumentLanguage): string {
  return LOCALES[language];
}

const dateFormats = {
  it: new Intl.DateTimeFormat('it-IT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** An ISO calendar date (YYYY-MM-DD) as the document prints it; anything else is returned unchanged. */
export function formatDocumentDate(isoDate: string, language: DocumentLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  return dateFormats[language].format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

export function formatMoney(cents: number, language: DocumentLanguage): string {
  return formatEuroCents(cents, LOCALES[language]);
}

/** A decimal string ("2.5", "0.3333", "12.50") in the locale, trailing zeros dropped: it `2,5`, en `2.5`. */
export function formatDecimal(value: string, language: DocumentLanguage): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return formatNumber(n, LOCALES[language], { maximumFractionDigits: 4 });
}

export function formatPercent(value: string, language: DocumentLanguage): string {
  return `${formatDecimal(value, language)}%`;
}

/** IBAN in groups of four, as printed on paper. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

type Gendered = { m: string; f: string };

export type DocumentLabels = {
  title: Record<DocumentKind, string>;
  draft: string;
  /** "n." before the document number. */
  numberPrefix: string;
  issueDate: string;
  dueDate: string;
  validUntil: string;
  correctedInvoice: string;
  correctedInvoiceText: (number: string, date: string) => string;
  billTo: string;
  details: string;
  vatNumber: string;
  taxCode: string;
  pec: string;
  email: string;
  phone: string;
  sdiCode: string;
  paOfficeCode: string;
  /** The buyer's order, contract or agreement, CIG, CUP (issue 12, point 18). */
  purchase: Record<PurchaseReferenceKind, string>;
  cig: string;
  cup: string;
  deferred: string;
  deliveryNote: string;
  intentDeclaration: string;
  instalment: (n: number, count: number) => string;
  columns: {
    index: string;
    description: string;
    quantity: string;
    unit: string;
    unitPrice: string;
    discount: string;
    vat: string;
    total: string;
  };
  vatSummary: string;
  rateOrNature: string;
  taxable: string;
  vat: string;
  subtotal: string;
  pensionFund: string;
  /** TC22 is the 4 % INPS contribution professionals charge their clients. */
  pensionFundInps: string;
  stampDuty: string;
  stampDutyBySeller: string;
  total: string;
  quoteTotal: string;
  withholding: string;
  splitPayment: string;
  /** Tag of a VAT summary row under split payment (EsigibilitaIVA S). */
  splitShort: string;
  amountDue: string;
  legalNotes: string;
  payment: string;
  paymentMethod: string;
  iban: string;
  bank: string;
  notes: string;
  terms: string;
  continued: string;
  page: (n: number, count: number) => string;
  quoteValidUntil: (date: string) => string;
  quoteValidDefault: string;
  paymentMethods: Record<DocumentPaymentMethod, string>;
  statuses: Record<string, Gendered>;
};

export const LABELS: Record<DocumentLanguage, DocumentLabels> = {
  it: {
    title: { quote: 'Preventivo', invoice: 'Fattura', credit_note: 'Nota di credito' },
    draft: 'Bozza',
    numberPrefix: 'n.',
    issueDate: 'Data',
    dueDate: 'Scadenza',
    validUntil: 'Valido fino al',
    correctedInvoice: 'Rettifica fattura',
    correctedInvoiceText: (number, date) => `Nota di credito relativa alla fattura n. ${number} del ${date}`,
    billTo: 'Cliente',
    details: 'Dettagli',
    vatNumber: 'P.IVA',
    taxCode: 'C.F.',
    pec: 'PEC',
    email: 'Email',
    phone: 'Tel.',
    sdiCode: 'Codice destinatario',
    paOfficeCode: 'Codice univoco ufficio',
    purchase: { order: 'Ordine', contract: 'Contratto', agreement: 'Convenzione' },
    cig: 'CIG',
    cup: 'CUP',
    deferred: 'Fattura differita',
    deliveryNote: 'DDT',
    intentDeclaration: "Dichiarazione d'intento",
    instalment: (n, count) => `Rata ${n}/${count}`,
    columns: {
      index: '#',
      description: 'Descrizione',
      quantity: 'Q.tà',
      unit: 'U.M.',
      unitPrice: 'Prezzo unit.',
      discount: 'Sconto',
      vat: 'IVA',
      total: 'Importo',
    },
    vatSummary: 'Riepilogo IVA',
    rateOrNature: 'Aliquota / Natura',
    taxable: 'Imponibile',
    vat: 'IVA',
    subtotal: 'Totale prestazioni',
    pensionFund: 'Contributo cassa previdenziale',
    pensionFundInps: 'Rivalsa INPS',
    stampDuty: 'Imposta di bollo',
    stampDutyBySeller: "Imposta di bollo (a carico dell'emittente)",
    total: 'Totale documento',
    quoteTotal: 'Totale',
    withholding: "Ritenuta d'acconto",
    splitPayment: 'IVA non incassata – Scissione dei pagamenti',
    splitShort: 'scissione',
    amountDue: 'Netto a pagare',
    legalNotes: 'Annotazioni',
    payment: 'Pagamento',
    paymentMethod: 'Modalità',
    iban: 'IBAN',
    bank: 'Banca',
    notes: 'Note',
    terms: 'Condizioni',
    continued: 'segue',
    page: (n, count) => `Pagina ${n}/${count}`,
    quoteValidUntil: (date) => `Preventivo valido fino al ${date}`,
    quoteValidDefault: 'Preventivo valido 30 giorni dalla data di emissione',
    paymentMethods: {
      bank_transfer: 'Bonifico bancario',
      cash: 'Contanti',
      card: 'Carta di pagamento',
      riba: 'Ricevuta bancaria (RiBa)',
      sepa_direct_debit: 'Addebito diretto SEPA',
      paypal: 'PayPal',
      other: 'Altro',
    },
    statuses: {
      draft: { m: 'Bozza', f: 'Bozza' },
      sent: { m: 'Inviato', f: 'Inviata' },
      accepted: { m: 'Accettato', f: 'Accettata' },
      rejected: { m: 'Rifiutato', f: 'Rifiutata' },
      expired: { m: 'Scaduto', f: 'Scaduta' },
      converted: { m: 'Convertito', f: 'Convertita' },
      issued: { m: 'Emesso', f: 'Emessa' },
      partially_paid: { m: 'Pagato in parte', f: 'Pagata in parte' },
      paid: { m: 'Pagato', f: 'Pagata' },
      overdue: { m: 'Scaduto', f: 'Scaduta' },
      cancelled: { m: 'Annullato', f: 'Annullata' },
    },
  },
  en: {
    title: { quote: 'Quote', invoice: 'Invoice', credit_note: 'Credit note' },
    draft: 'Draft',
    numberPrefix: 'No.',
    issueDate: 'Date',
    dueDate: 'Due date',
    validUntil: 'Valid until',
    correctedInvoice: 'Corrects invoice',
    correctedInvoiceText: (number, date) => `Credit note for invoice No. ${number} of ${date}`,
    billTo: 'Bill to',
    details: 'Details',
    vatNumber: 'VAT No.',
    taxCode: 'Tax code',
    pec: 'PEC',
    email: 'Email',
    phone: 'Phone',
    sdiCode: 'Recipient code (SDI)',
    paOfficeCode: 'PA office code',
    purchase: { order: 'Order', contract: 'Contract', agreement: 'Framework agreement' },
    cig: 'CIG',
    cup: 'CUP',
    deferred: 'Deferred invoice',
    deliveryNote: 'Delivery note',
    intentDeclaration: 'Declaration of intent',
    instalment: (n, count) => `Instalment ${n}/${count}`,
    columns: {
      index: '#',
      description: 'Description',
      quantity: 'Qty',
      unit: 'Unit',
      unitPrice: 'Unit price',
      discount: 'Disc.',
      vat: 'VAT',
      total: 'Amount',
    },
    vatSummary: 'VAT summary',
    rateOrNature: 'Rate / Nature',
    taxable: 'Taxable',
    vat: 'VAT',
    subtotal: 'Services total',
    pensionFund: 'Pension fund contribution',
    pensionFundInps: 'INPS contribution',
    stampDuty: 'Stamp duty',
    stampDutyBySeller: 'Stamp duty (borne by the issuer)',
    total: 'Document total',
    quoteTotal: 'Total',
    withholding: 'Withholding tax',
    splitPayment: 'VAT not collected – Split payment',
    splitShort: 'split payment',
    amountDue: 'Amount due',
    legalNotes: 'Notes required by law',
    payment: 'Payment',
    paymentMethod: 'Method',
    iban: 'IBAN',
    bank: 'Bank',
    notes: 'Notes',
    terms: 'Terms',
    continued: 'continued',
    page: (n, count) => `Page ${n}/${count}`,
    quoteValidUntil: (date) => `Quote valid until ${date}`,
    quoteValidDefault: 'Quote valid for 30 days from the issue date',
    paymentMethods: {
      bank_transfer: 'Bank transfer',
      cash: 'Cash',
      card: 'Card',
      riba: 'Bank receipt (RiBa)',
      sepa_direct_debit: 'SEPA direct debit',
      paypal: 'PayPal',
      other: 'Other',
    },
    statuses: {
      draft: { m: 'Draft', f: 'Draft' },
      sent: { m: 'Sent', f: 'Sent' },
      accepted: { m: 'Accepted', f: 'Accepted' },
      rejected: { m: 'Rejected', f: 'Rejected' },
      expired: { m: 'Expired', f: 'Expired' },
      converted: { m: 'Converted', f: 'Converted' },
      issued: { m: 'Issued', f: 'Issued' },
      partially_paid: { m: 'Partially paid', f: 'Partially paid' },
      paid: { m: 'Paid', f: 'Paid' },
      overdue: { m: 'Overdue', f: 'Overdue' },
      cancelled: { m: 'Cancelled', f: 'Cancelled' },
    },
  },
};

/** The status as the badge reads it; Italian agrees with the document ("preventivo" m., "fattura" f.). */
export function statusLabel(status: string, kind: DocumentKind, language: DocumentLanguage): string {
  const entry = LABELS[language].statuses[status];
  if (!entry) return status.replace(/_/g, ' ');
  return kind === 'quote' ? entry.m : entry.f;
}
