import { addDays } from '@shared/dates/dates.ts';
import type { TItem } from '@shared/inventory/contracts.ts';
import { computeDocument, FORFETTARIO_REGIME, validateLines } from '@shared/invoicing/compute.ts';
import {
  ZInvoiceInput,
  ZPensionFund,
  ZQuoteInput,
  ZWithholding,
  type PdfTemplateName,
  type TInvoice,
  type TInvoiceInput,
  type TQuote,
  type TQuoteInput,
} from '@shared/invoicing/contracts.ts';
import {
  DEFAULT_WITHHOLDING_CAUSALE,
  DEFAULT_WITHHOLDING_RATE,
  NO_REFERENCES,
  VAT_NATURES,
  VAT_RATES,
  type DocumentReferences,
  type DocumentTotals,
  type LineInput,
  type PurchaseReferenceKind,
  type TaxSettings,
  type VatNature,
  type VatRate,
  type WithholdingType,
} from '@shared/invoicing/document.ts';
import type { InvoicingMessageKey } from '@shared/invoicing/messages.ts';
import type { PaymentMethod } from '@shared/transactions/contracts.ts';
import { centsToInput, parseAmountInput } from '@web/features/transactions/amount.ts';

/**
 * The quote and invoice editor's form values and their conversion to and from the API contracts. The form keeps
 * what people type (prices as "1.234,50" in Italian, quantities as "1,5"); the contract (ZQuoteInput,
 * ZInvoiceInput) decides what is valid, and the live totals come from the same computeDocument the server runs.
 */
export type DocumentKind = 'quote' | 'invoice';
type Lang = 'it' | 'en';

export interface EditorLine {
  itemId: string | null;
  description: string;
  quantity: string;
  unit: string;
  /** Unit price in euro as typed. */
  price: string;
  discountPercent: string;
  /** The select's value: "22", "10", "5", "4" or "0". */
  vatRate: string;
  /** A Natura code at 0 %, else "". */
  nature: string;
  /** Subject to withholding (read only when the document has withholding). */
  withholding: boolean;
}

export interface EditorValues {
  client: { id: string; name: string } | null;
  issueDate: string;
  /** Quote: valid until. */
  validUntil: string;
  /** Invoice: due date. */
  dueDate: string;
  paymentMethod: PaymentMethod;
  lines: EditorLine[];
  notes: string;
  terms: string;
  /** "" = the organization's template. */
  pdfTemplate: '' | PdfTemplateName;
  withholdingOn: boolean;
  withholding: { type: WithholdingType; ratePercent: string; causale: string };
  pensionFundOn: boolean;
  pensionFund: { type: string; ratePercent: string; subjectToWithholding: boolean };
  /** Invoice: order or contract with CIG/CUP, declaration of intent, instalments, deferred invoice and DDT. */
  references: EditorReferences;
}

/** The e-invoice references as typed: blank texts, amounts as the language writes them. */
export interface EditorReferences {
  purchase: { kind: PurchaseReferenceKind; documentId: string; date: string; cig: string; cup: string };
  intent: { protocol: string; date: string };
  instalments: { dueDate: string; amount: string }[];
  deferred: boolean;
  deliveryNotes: { number: string; date: string }[];
}

/** Stored references as form text. */
export function editorReferencesOf(refs: DocumentReferences, lang: Lang): EditorReferences {
  const purchase = refs.purchase;
  return {
    purchase: {
      kind: purchase?.kind ?? 'order',
      documentId: purchase?.documentId ?? '',
      date: purchase?.date ?? '',
      cig: purchase?.cig ?? '',
      cup: purchase?.cup ?? '',
    },
    intent: {
      protocol: refs.intentDeclaration?.protocol ?? '',
      date: refs.intentDeclaration?.date ?? '',
    },
    instalments: refs.instalments.map((i) => ({
      dueDate: i.dueDate,
      amount: centsToInput(i.amountCents, lang),
    })),
    deferred: refs.deferred,
    deliveryNotes: refs.deliveryNotes.map((n) => ({ ...n })),
  };
}

/** The references as the contract receives them: an untouched block is null. */
function referencesDraft(refs: EditorReferences, lang: Lang) {
  const p = refs.purchase;
  const purchaseTyped = [p.documentId, p.date, p.cig, p.cup].some((v) => v.trim());
  const intentTyped = [refs.intent.protocol, refs.intent.date].some((v) => v.trim());
  return {
    purchase: purchaseTyped ? { ...p, date: p.date || null, cig: p.cig || null, cup: p.cup || null } : null,
    intentDeclaration: intentTyped ? refs.intent : null,
    instalments: refs.instalments.map((i) => ({
      dueDate: i.dueDate,
      // Not an amount → null, which the contract refuses with its amount message.
      amountCents: parseAmountInput(i.amount, lang),
    })),
    deferred: refs.deferred,
    deliveryNotes: refs.deliveryNotes,
  };
}

/** What an invoice carries besides the form: its type and, for a credit note, the invoice it corrects. */
export interface InvoiceExtra {
  documentType: 'TD01' | 'TD04';
  relatedInvoiceId: string | null;
}

export type ParsedDocument =
  { kind: 'quote'; input: TQuoteInput } | { kind: 'invoice'; input: TInvoiceInput };

export interface EditorIssue {
  /** The form field ("client", "lines.0.price", "lines.root", "withholding.ratePercent"). */
  path: string;
  /** A key of INVOICING_MESSAGES (or a text the server sent). */
  message: string;
}

export const DEFAULT_PENSION_FUND = { type: 'TC22', ratePercent: '4', subjectToWithholding: false };

export const isForfettario = (regime: string | undefined) => regime === FORFETTARIO_REGIME;

/** A stored decimal ("1.5") as the language writes it ("1,5" in Italian). */
export function decimalToInput(value: string | number, lang: Lang): string {
  const text = String(value);
  return lang === 'it' ? text.replace('.', ',') : text;
}

/** Typed decimal text → the "." form computeDocument reads ("1,5" → "1.5"). */
function normalizeDecimal(text: string): string {
  return text.trim().replace(',', '.');
}

export function emptyLine(regime?: string): EditorLine {
  const flat = isForfettario(regime);
  return {
    itemId: null,
    description: '',
    quantity: '1',
    unit: '',
    price: '',
    discountPercent: '0',
    vatRate: flat ? '0' : '22',
    nature: flat ? 'N2.2' : '',
    withholding: true,
  };
}

const asVatRate = (value: number): VatRate | null =>
  (VAT_RATES as readonly number[]).includes(value) ? (value as VatRate) : null;
const asNature = (value: string | null | undefined): VatNature | null =>
  value && (VAT_NATURES as readonly string[]).includes(value) ? (value as VatNature) : null;

/** A line copied from an inventory item: name, unit, sale price, VAT rate and Natura (then editable). */
export function lineFromItem(item: TItem, lang: Lang, regime?: string): EditorLine {
  const rate = asVatRate(item.vatRateBp / 100);
  const line: EditorLine = {
    ...emptyLine(regime),
    itemId: item.id,
    description: item.name,
    unit: item.unit,
    price: centsToInput(item.salePriceCents, lang),
  };
  // A flat-rate regime keeps its own rate and Natura; so does an item whose rate is not one of the list.
  if (isForfettario(regime) || rate === null) return line;
  return { ...line, vatRate: String(rate), nature: rate === 0 ? (asNature(item.vatNatura) ?? '') : '' };
}

/** New document: today, the validity or payment terms of the context, the organization's default withholding. */
export function newEditorValues(
  kind: DocumentKind,
  today: string,
  context?: {
    regime: string;
    quoteValidityDays: number;
    paymentTermsDays: number;
    defaultWithholding: TaxSettings['withholding'];
    defaultPensionFund: TaxSettings['pensionFund'];
  },
  lang: Lang = 'it',
): EditorValues {
  const withholding = context?.defaultWithholding ?? null;
  const pensionFund = context?.defaultPensionFund ?? null;
  const flat = isForfettario(context?.regime);
  return {
    client: null,
    issueDate: today,
    validUntil: kind === 'quote' ? addDays(today, context?.quoteValidityDays ?? 30) : '',
    dueDate: kind === 'invoice' ? addDays(today, context?.paymentTermsDays ?? 30) : '',
    paymentMethod: 'bank_transfer',
    lines: [emptyLine(context?.regime)],
    notes: '',
    terms: '',
    pdfTemplate: '',
    withholdingOn: !!withholding && !flat,
    withholding: {
      type: withholding?.type ?? 'RT01',
      ratePercent: decimalToInput(withholding?.ratePercent ?? DEFAULT_WITHHOLDING_RATE, lang),
      causale: withholding?.causale ?? DEFAULT_WITHHOLDING_CAUSALE,
    },
    pensionFundOn: !!pensionFund,
    pensionFund: pensionFund
      ? { ...pensionFund, ratePercent: decimalToInput(pensionFund.ratePercent, lang) }
      : DEFAULT_PENSION_FUND,
    references: editorReferencesOf(NO_REFERENCES, lang),
  };
}

/** A stored quote or invoice as form values. */
export function editorValuesOf(doc: TQuote | TInvoice, lang: Lang): EditorValues {
  const isQuote = 'validUntil' in doc;
  return {
    client: { id: doc.client.id, name: doc.client.name },
    issueDate: doc.issueDate,
    validUntil: isQuote ? doc.validUntil : '',
    dueDate: isQuote ? '' : doc.dueDate,
    paymentMethod: isQuote ? 'bank_transfer' : doc.paymentMethod,
    lines: doc.lines.map((line) => ({
      itemId: line.itemId ?? null,
      description: line.description,
      quantity: decimalToInput(line.quantity, lang),
      unit: line.unit ?? '',
      price: centsToInput(line.unitPriceCents, lang),
      discountPercent: decimalToInput(line.discountPercent || '0', lang),
      vatRate: String(line.vatRate),
      nature: line.vatRate === 0 ? (line.nature ?? '') : '',
      withholding: line.withholding !== false,
    })),
    notes: doc.notes ?? '',
    terms: doc.terms ?? '',
    pdfTemplate: doc.pdfTemplate,
    withholdingOn: !!doc.withholding,
    withholding: doc.withholding
      ? { ...doc.withholding, ratePercent: decimalToInput(doc.withholding.ratePercent, lang) }
      : {
          type: 'RT01',
          ratePercent: decimalToInput(DEFAULT_WITHHOLDING_RATE, lang),
          causale: DEFAULT_WITHHOLDING_CAUSALE,
        },
    pensionFundOn: !!doc.pensionFund,
    pensionFund: doc.pensionFund
      ? { ...doc.pensionFund, ratePercent: decimalToInput(doc.pensionFund.ratePercent, lang) }
      : DEFAULT_PENSION_FUND,
    references: editorReferencesOf(isQuote ? NO_REFERENCES : doc.references, lang),
  };
}

/** One line as the contract receives it (before zod parses it). */
function lineDraft(line: EditorLine, lang: Lang) {
  const vatRate = Number(line.vatRate);
  return {
    itemId: line.itemId,
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    // Not an amount → null, which the contract refuses with its price message.
    unitPriceCents: parseAmountInput(line.price, lang),
    discountPercent: line.discountPercent.trim() || '0',
    vatRate,
    nature: vatRate === 0 ? line.nature || null : null,
    withholding: line.withholding,
  };
}

/** The request body before validation: what ZQuoteInput / ZInvoiceInput will parse. */
export function documentDraft(values: EditorValues, kind: DocumentKind, lang: Lang, extra?: InvoiceExtra) {
  const common = {
    clientId: values.client?.id ?? '',
    issueDate: values.issueDate,
    lines: values.lines.map((line) => lineDraft(line, lang)),
    notes: values.notes,
    terms: values.terms,
    withholding: values.withholdingOn ? values.withholding : null,
    pensionFund: values.pensionFundOn ? values.pensionFund : null,
    pdfTemplate: values.pdfTemplate || undefined,
  };
  if (kind === 'quote') return { ...common, validUntil: values.validUntil || null };
  return {
    ...common,
    dueDate: values.dueDate || null,
    paymentMethod: values.paymentMethod,
    documentType: extra?.documentType ?? 'TD01',
    relatedInvoiceId: extra?.relatedInvoiceId ?? null,
    references: referencesDraft(values.references, lang),
  };
}

/** A contract path ("lines.0.unitPriceCents", ["clientId"]) as the form field that shows it. */
export function editorPath(path: string | readonly PropertyKey[]): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter(Boolean);
  if (parts.length === 0) return 'root';
  if (parts[0] === 'clientId') return 'client';
  if (parts[0] === 'lines') {
    if (parts.length === 1) return 'lines.root';
    if (parts[2] === 'unitPriceCents') return `lines.${parts[1]}.price`;
  }
  if (parts[0] === 'references') {
    if (parts[1] === 'intentDeclaration') return ['references', 'intent', ...parts.slice(2)].join('.');
    if (parts[1] === 'instalments' && parts[3] === 'amountCents')
      return `references.instalments.${parts[2]}.amount`;
    if ((parts[1] === 'instalments' || parts[1] === 'deliveryNotes') && parts.length === 2) {
      return `references.${parts[1]}.root`;
    }
  }
  return parts.join('.');
}

/** Checks the form with the contract (and the date order the server checks); the parsed body or the issues. */
export function parseDocument(
  values: EditorValues,
  kind: DocumentKind,
  lang: Lang,
  extra?: InvoiceExtra,
): { success: true; data: ParsedDocument } | { success: false; issues: EditorIssue[] } {
  const draft = documentDraft(values, kind, lang, extra);
  const issues: EditorIssue[] = [];
  const later = (date: string, field: string, key: InvoicingMessageKey) => {
    if (date && values.issueDate && date < values.issueDate) issues.push({ path: field, message: key });
  };
  if (kind === 'quote') later(values.validUntil, 'validUntil', 'invoicing.errors.validUntilBeforeIssue');
  else later(values.dueDate, 'dueDate', 'invoicing.errors.dueBeforeIssue');

  const parsed = kind === 'quote' ? ZQuoteInput.safeParse(draft) : ZInvoiceInput.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      issues.push({ path: editorPath(issue.path), message: issue.message });
  }
  if (issues.length > 0 || !parsed.success) return { success: false, issues };
  return {
    success: true,
    data:
      kind === 'quote'
        ? { kind, input: parsed.data as TQuoteInput }
        : { kind, input: parsed.data as TInvoiceInput },
  };
}

/** The context the live totals need (GET /api/v1/invoicing/context). */
export interface TaxContext {
  regime: string;
  splitPayment: boolean;
  stampDutyChargedToClient: boolean;
}

export interface LiveTotals {
  totals: DocumentTotals;
  /** Each form line's total in cents, null for a line not counted yet (incomplete or invalid). */
  lineTotals: (number | null)[];
  /** How many lines are not counted. */
  excluded: number;
  /** Withholding or pension fund switched on with a rate that is not valid yet (left out of the totals). */
  incompleteOptions: boolean;
}

/** A form line as computeDocument reads it, or null when its numbers are not valid yet. */
function computableLine(line: EditorLine, lang: Lang): LineInput | null {
  const price = parseAmountInput(line.price, lang);
  const vatRate = asVatRate(Number(line.vatRate));
  if (price === null || vatRate === null || line.vatRate.trim() === '') return null;
  const input: LineInput = {
    itemId: line.itemId,
    description: line.description,
    quantity: normalizeDecimal(line.quantity),
    unit: line.unit || null,
    unitPriceCents: price,
    discountPercent: normalizeDecimal(line.discountPercent) || '0',
    vatRate,
    nature: vatRate === 0 ? asNature(line.nature) : null,
    withholding: line.withholding,
  };
  return validateLines([input]).length === 0 ? input : null;
}

/**
 * The totals the server will compute for these values: the same computeDocument over the lines whose numbers
 * are valid (a line still being typed is left out and counted in `excluded`).
 */
export function liveTotals(values: EditorValues, context: TaxContext, lang: Lang): LiveTotals {
  const lines = values.lines.map((line) => computableLine(line, lang));
  const counted = lines.filter((line): line is LineInput => line !== null);
  const withholding = values.withholdingOn ? ZWithholding.safeParse(values.withholding) : null;
  const pensionFund = values.pensionFundOn ? ZPensionFund.safeParse(values.pensionFund) : null;
  const tax: TaxSettings = {
    regime: context.regime,
    splitPayment: context.splitPayment,
    stampDutyChargedToClient: context.stampDutyChargedToClient,
    withholding: withholding?.success ? withholding.data : null,
    pensionFund: pensionFund?.success ? pensionFund.data : null,
  };
  const totals = computeDocument(counted, tax);
  let next = 0;
  const lineTotals = lines.map((line) => (line ? (totals.lines[next++]?.totalCents ?? null) : null));
  return {
    totals,
    lineTotals,
    excluded: lines.length - counted.length,
    incompleteOptions:
      (withholding !== null && !withholding.success) || (pensionFund !== null && !pensionFund.success),
  };
}
