import { z } from 'zod';
import { MAIL_ERROR_CODES } from '../mail/delivery.ts';
import { OUTBOX_STATUSES } from '../mail/outbox.ts';
import { zIsoDate } from '../imports/dates.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import { PAYMENT_METHODS } from '../transactions/contracts.ts';
import {
  NO_REFERENCES,
  PENSION_FUND_TYPES,
  PURCHASE_REFERENCE_KINDS,
  VAT_NATURES,
  VAT_RATES,
  WITHHOLDING_CAUSALI,
  WITHHOLDING_TYPES,
  type DocumentReferences,
  type DocumentTotals,
  type LineInput,
} from './document.ts';
import { unsupportedCharacters } from './latin-text.ts';
import { isSimpleEmail } from '../business-profile/profile-rules.ts';
import type { InvoicingMessageKey } from './messages.ts';
import { tooLong } from '../errors/field-messages.ts';

/**
 * API contracts of quotes, invoices, payments and invoicing settings (issue 5), shared by the server routes and
 * the web editor. Issue messages are keys of INVOICING_MESSAGES. Amounts are integer cents; quantities and
 * percentages decimal strings (document.ts).
 */
const err = (key: InvoicingMessageKey) => ({ error: key });

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired', 'converted'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const INVOICE_STATUSES = [
  'draft',
  'issued',
  'sent',
  'partially_paid',
  'paid',
  'overdue',
  'cancelled',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PDF_TEMPLATES = ['default', 'modern', 'minimal', 'elegant', 'creative'] as const;
export type PdfTemplateName = (typeof PDF_TEMPLATES)[number];

export const REMINDER_TYPES = ['gentle', 'overdue', 'final'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export const MAX_LINES = 200;
export const NOTES_MAX = 2000;
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

/** Optional text: "", blank, null or absent → null; otherwise trimmed, at most `max` characters. */
function text(max: number) {
  return z
    .string(err('invoicing.errors.invalidValue'))
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong(max));
}

/** A decimal string with at most `decimals` decimals, "," accepted as the separator; normalised to ".". */
function decimal(decimals: number, key: InvoicingMessageKey, max?: number) {
  const pattern = new RegExp(`^\\d{1,9}(\\.\\d{1,${decimals}})?$`);
  return z
    .union([z.string(), z.number()], err(key))
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => pattern.test(v), err(key))
    .refine((v) => max === undefined || Number(v) <= max, err(key))
    .transform((v) => v.replace(/^0+(?=\d)/, ''));
}

export const ZLineInput = z
  .object({
    itemId: z.uuid(err('invoicing.errors.invalidValue')).nullish(),
    description: z
      .string(err('invoicing.errors.descriptionRequired'))
      .trim()
      .min(1, err('invoicing.errors.descriptionRequired'))
      .max(1000, tooLong(1000))
      // The e-invoice writes the description as Latin-1 text: what has no Latin equivalent is refused here, on
      // the field, rather than when the invoice is issued (latin-text.ts is the check the XML builder uses).
      .refine((v) => unsupportedCharacters(v).length === 0, err('invoicing.errors.unsupportedCharacters')),
    quantity: decimal(4, 'invoicing.errors.quantityInvalid'),
    unit: text(10),
    unitPriceCents: z
      .number(err('invoicing.errors.priceInvalid'))
      .int(err('invoicing.errors.priceInvalid'))
      .min(0, err('invoicing.errors.priceInvalid'))
      .max(99_999_999_999, err('invoicing.errors.priceTooLarge')),
    discountPercent: decimal(2, 'invoicing.errors.discountInvalid', 100).default('0'),
    vatRate: z
      .number(err('invoicing.errors.vatRateInvalid'))
      .refine((v) => (VAT_RATES as readonly number[]).includes(v), err('invoicing.errors.vatRateInvalid'))
      .transform((v) => v as LineInput['vatRate']),
    nature: z.enum(VAT_NATURES, err('invoicing.errors.natureInvalid')).nullish(),
    withholding: z.boolean().optional(),
  })
  .superRefine((line, ctx) => {
    if (line.vatRate === 0 && !line.nature) {
      ctx.addIssue({ code: 'custom', path: ['nature'], message: 'invoicing.errors.natureRequired' });
    }
    if (line.vatRate !== 0 && line.nature) {
      ctx.addIssue({ code: 'custom', path: ['nature'], message: 'invoicing.errors.natureOnlyAtZero' });
    }
  })
  .transform((line) => ({ ...line, nature: line.vatRate === 0 ? (line.nature ?? null) : null }));
export type TLineInput = z.output<typeof ZLineInput>;

export const ZWithholding = z.object({
  type: z.enum(WITHHOLDING_TYPES, err('invoicing.errors.invalidChoice')),
  ratePercent: decimal(2, 'invoicing.errors.rateInvalid', 100),
  causale: z
    .string()
    .trim()
    .refine((v) => WITHHOLDING_CAUSALI.includes(v), err('invoicing.errors.causaleInvalid'))
    .default('A'),
});

export const ZPensionFund = z.object({
  type: z.string().refine((v) => PENSION_FUND_TYPES.includes(v), err('invoicing.errors.invalidChoice')),
  ratePercent: decimal(2, 'invoicing.errors.rateInvalid', 100),
  subjectToWithholding: z.boolean().default(false),
});

/** The same as answered by the server: plain values, no input transforms (responses are encoded, not parsed). */
export const ZWithholdingOut = z.object({
  type: z.enum(WITHHOLDING_TYPES),
  ratePercent: z.string(),
  causale: z.string(),
});
export const ZPensionFundOut = z.object({
  type: z.string(),
  ratePercent: z.string(),
  subjectToWithholding: z.boolean(),
});

const documentFields = {
  clientId: z.uuid(err('invoicing.errors.clientRequired')),
  issueDate: zIsoDate('invoicing.errors.dateInvalid'),
  lines: z
    .array(ZLineInput, err('invoicing.errors.linesRequired'))
    .min(1, err('invoicing.errors.linesRequired'))
    .max(MAX_LINES, err('invoicing.errors.tooManyLines')),
  notes: text(NOTES_MAX),
  terms: text(NOTES_MAX),
  withholding: ZWithholding.nullish().transform((v) => v ?? null),
  pensionFund: ZPensionFund.nullish().transform((v) => v ?? null),
  pdfTemplate: z.enum(PDF_TEMPLATES, err('invoicing.errors.invalidChoice')).optional(),
};

export const ZQuoteInput = z.object({
  ...documentFields,
  /** Valid until; default issue date + the organization's validity days (30). */
  validUntil: zIsoDate('invoicing.errors.dateInvalid').nullish(),
});
export type TQuoteInput = z.output<typeof ZQuoteInput>;

/** Basic Latin text of 1–20 characters (FatturaPA String20Type: IdDocumento, NumeroDDT). */
const zId20 = (key: InvoicingMessageKey) =>
  z
    .string(err(key))
    .trim()
    .regex(/^[\u0020-\u007e]{1,20}$/, err(key));
/** Optional uppercase code of `length` letters and digits (CIG 10, CUP 15). */
const zCode = (length: number, key: InvoicingMessageKey) =>
  z
    .string(err(key))
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || null)
    .refine((v) => v === null || new RegExp(`^[A-Z0-9]{${length}}$`).test(v), err(key));

export const MAX_INSTALMENTS = 12;
export const MAX_DELIVERY_NOTES = 50;

export const ZDocumentReferences = z
  .object({
    purchase: z
      .object({
        kind: z.enum(PURCHASE_REFERENCE_KINDS, err('invoicing.errors.invalidChoice')),
        documentId: zId20('invoicing.errors.purchaseIdInvalid'),
        date: zIsoDate('invoicing.errors.dateInvalid')
          .nullish()
          .transform((v) => v ?? null),
        cig: zCode(10, 'invoicing.errors.cigInvalid'),
        cup: zCode(15, 'invoicing.errors.cupInvalid'),
      })
      .nullish()
      .transform((v) => v ?? null),
    intentDeclaration: z
      .object({
        protocol: z
          .string(err('invoicing.errors.intentProtocolInvalid'))
          .trim()
          .regex(/^\d{17}-\d{6}$/, err('invoicing.errors.intentProtocolInvalid')),
        date: zIsoDate('invoicing.errors.dateInvalid'),
      })
      .nullish()
      .transform((v) => v ?? null),
    instalments: z
      .array(
        z.object({
          dueDate: zIsoDate('invoicing.errors.dateInvalid'),
          amountCents: z
            .number(err('invoicing.errors.amountInvalid'))
            .int(err('invoicing.errors.amountInvalid'))
            .min(1, err('invoicing.errors.amountInvalid'))
            .max(99_999_999_999, err('invoicing.errors.amountInvalid')),
        }),
      )
      .max(MAX_INSTALMENTS, err('invoicing.errors.tooManyInstalments'))
      .default([]),
    deferred: z.boolean().default(false),
    deliveryNotes: z
      .array(
        z.object({
          number: zId20('invoicing.errors.deliveryNoteNumberInvalid'),
          date: zIsoDate('invoicing.errors.dateInvalid'),
        }),
      )
      .max(MAX_DELIVERY_NOTES, err('invoicing.errors.tooManyDeliveryNotes'))
      .default([]),
  })
  .superRefine((refs, ctx) => {
    refs.instalments.forEach((instalment, i) => {
      const previous = refs.instalments[i - 1];
      if (previous && instalment.dueDate <= previous.dueDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['instalments', i, 'dueDate'],
          message: 'invoicing.errors.instalmentsOrder',
        });
      }
    });
    if (refs.deferred && refs.deliveryNotes.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['deliveryNotes'],
        message: 'invoicing.errors.deliveryNotesRequired',
      });
    }
  });
export type TDocumentReferences = z.output<typeof ZDocumentReferences>;

export const ZInvoiceInput = z.object({
  ...documentFields,
  /** Order or contract with CIG/CUP, declaration of intent, instalments, deferred invoice and its DDT. */
  references: ZDocumentReferences.nullish().transform((v) => v ?? { ...NO_REFERENCES }),
  documentType: z.enum(['TD01', 'TD04'], err('invoicing.errors.invalidChoice')).default('TD01'),
  /** Credit note: the issued invoice it corrects (required for TD04). */
  relatedInvoiceId: z.uuid(err('invoicing.errors.relatedInvoiceRequired')).nullish(),
  /** Default issue date + the client's payment terms. */
  dueDate: zIsoDate('invoicing.errors.dateInvalid').nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS, err('invoicing.errors.invalidChoice')).default('bank_transfer'),
});
export type TInvoiceInput = z.output<typeof ZInvoiceInput>;

/** The computed totals as the API returns them (document.ts DocumentTotals). */
export const ZDocumentTotals = z.custom<DocumentTotals>();

const ZClientSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});

/**
 * A document e-mail and its real fate, read from the outbox: stored (no SMTP server configured, nothing left
 * the machine), queued, sending, sent (the server accepted it) or failed, with the class and the server's
 * words. `sentAt` is when it was written (sent or not).
 */
const ZEmailActivity = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  errorCode: z.enum(MAIL_ERROR_CODES).nullable(),
  lastError: z.string().nullable(),
  recipientEmail: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  /** The files attached to the message. */
  attachments: z.array(z.string()),
});
export type TEmailActivity = z.output<typeof ZEmailActivity>;

export const ZQuote = z.object({
  id: z.string(),
  number: z.string(),
  client: ZClientSummary,
  issueDate: z.string(),
  validUntil: z.string(),
  status: z.enum(QUOTE_STATUSES),
  language: z.enum(['it', 'en']),
  lines: z.array(z.custom<LineInput>()),
  withholding: ZWithholdingOut.nullable(),
  pensionFund: ZPensionFundOut.nullable(),
  totals: ZDocumentTotals,
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  pdfTemplate: z.enum(PDF_TEMPLATES),
  sentAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  clientResponseMessage: z.string().nullable(),
  convertedInvoiceId: z.string().nullable(),
  activity: z.array(ZEmailActivity),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TQuote = z.output<typeof ZQuote>;

export const ZQuoteListItem = z.object({
  id: z.string(),
  number: z.string(),
  client: ZClientSummary,
  issueDate: z.string(),
  validUntil: z.string(),
  status: z.enum(QUOTE_STATUSES),
  totalCents: z.number().int(),
});
export type TQuoteListItem = z.output<typeof ZQuoteListItem>;

export const ZQuoteListQuery = zPageQuery(10, 100).extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(QUOTE_STATUSES).optional(),
  clientId: z.uuid().optional(),
  from: zIsoDate('invoicing.errors.dateInvalid').optional(),
  to: zIsoDate('invoicing.errors.dateInvalid').optional(),
});
export type TQuoteListQuery = z.output<typeof ZQuoteListQuery>;
export const ZQuotePage = zPage(ZQuoteListItem);
export type TQuotePage = z.output<typeof ZQuotePage>;

export const ZQuoteStatusChange = z.object({
  status: z.enum(QUOTE_STATUSES, err('invoicing.errors.invalidChoice')),
});

export const ZPayment = z.object({
  id: z.string(),
  paidOn: z.string(),
  amountCents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  note: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type TPayment = z.output<typeof ZPayment>;

export const ZPaymentInput = z.object({
  paidOn: zIsoDate('invoicing.errors.dateInvalid'),
  amountCents: z
    .number(err('invoicing.errors.amountInvalid'))
    .int(err('invoicing.errors.amountInvalid'))
    .min(1, err('invoicing.errors.amountInvalid'))
    .max(99_999_999_999, err('invoicing.errors.amountTooLarge')),
  method: z.enum(PAYMENT_METHODS, err('invoicing.errors.invalidChoice')).default('bank_transfer'),
  note: text(500),
});
export type TPaymentInput = z.output<typeof ZPaymentInput>;

export const ZInvoice = z.object({
  id: z.string(),
  documentType: z.enum(['TD01', 'TD04']),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  client: ZClientSummary,
  issueDate: z.string(),
  dueDate: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  references: z.custom<DocumentReferences>(),
  language: z.enum(['it', 'en']),
  lines: z.array(z.custom<LineInput>()),
  withholding: ZWithholdingOut.nullable(),
  pensionFund: ZPensionFundOut.nullable(),
  totals: ZDocumentTotals,
  paidCents: z.number().int(),
  creditedCents: z.number().int(),
  /** What is still to be collected: amount due − paid − credited (never below 0). */
  outstandingCents: z.number().int(),
  relatedInvoice: z.object({ id: z.string(), number: z.string().nullable() }).nullable(),
  creditNotes: z.array(z.object({ id: z.string(), number: z.string().nullable(), totalCents: z.number() })),
  fromQuoteId: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  pdfTemplate: z.enum(PDF_TEMPLATES),
  issuedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  reminderCount: z.number().int(),
  lastReminderAt: z.string().nullable(),
  payments: z.array(ZPayment),
  activity: z.array(ZEmailActivity),
  /** What the e-invoice still needs (empty when the XML can be produced): the keys, each once. */
  eInvoiceMissing: z.array(z.string()),
  /** What sending the invoice attaches (invoiceMailAttachments): the XML only when it can be built. */
  mailAttachments: z.array(z.enum(['pdf', 'xml'])),
  /**
   * The same problems on their fields ("lines.2.description", "buyer.address"), with the values of their
   * sentence (fields.json invoicing.missing.<key>): what the issue dialog lists. A draft is not issued while any.
   */
  eInvoiceProblems: z.array(
    z.object({ key: z.string(), path: z.string(), params: z.record(z.string(), z.string()).optional() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TInvoice = z.output<typeof ZInvoice>;

export const ZInvoiceListItem = z.object({
  id: z.string(),
  documentType: z.enum(['TD01', 'TD04']),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  client: ZClientSummary,
  issueDate: z.string(),
  dueDate: z.string(),
  totalCents: z.number().int(),
  amountDueCents: z.number().int(),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
});
export type TInvoiceListItem = z.output<typeof ZInvoiceListItem>;

export const INVOICE_SORTS = ['-issueDate', 'issueDate', '-dueDate', 'dueDate', '-total', 'total'] as const;

export const ZInvoiceListQuery = zPageQuery(10, 100).extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  documentType: z.enum(['TD01', 'TD04']).optional(),
  clientId: z.uuid().optional(),
  from: zIsoDate('invoicing.errors.dateInvalid').optional(),
  to: zIsoDate('invoicing.errors.dateInvalid').optional(),
  /** Due date from and to (inclusive): the invoices behind a week of the cash-flow forecast. */
  dueFrom: zIsoDate('invoicing.errors.dateInvalid').optional(),
  dueTo: zIsoDate('invoicing.errors.dateInvalid').optional(),
  /** `true`: only issued invoices with something still to collect (credit notes excluded). */
  open: z
    .enum(['true', 'false'], err('invoicing.errors.invalidChoice'))
    .optional()
    .transform((v) => (v === 'true' ? true : undefined)),
  /**
   * Issued invoices (not credit notes) dated up to this day with something still to collect at its end: payments
   * and credit notes dated later are not counted (the receivables report's drill-down on a past day).
   */
  openOn: zIsoDate('invoicing.errors.dateInvalid').optional(),
  /** Issued documents only, whatever their status (drafts left out): what the reports' figures count. */
  phase: z.enum(['issued']).optional(),
  sort: z.enum(INVOICE_SORTS).default('-issueDate'),
});
export type TInvoiceListQuery = z.output<typeof ZInvoiceListQuery>;

/** Totals of the filtered invoices (credit notes excluded): issued, collected, outstanding, overdue. */
export const ZInvoiceTotals = z.object({
  issuedCents: z.number().int(),
  collectedCents: z.number().int(),
  outstandingCents: z.number().int(),
  overdueCents: z.number().int(),
});
export type TInvoiceTotals = z.output<typeof ZInvoiceTotals>;
/** The list answers page and count only; the totals are their own request (GET /api/v1/invoices/totals), so a
 * page of 100,000 invoices stays an index walk and the cards load beside it. */
export const ZInvoicePage = zPage(ZInvoiceListItem);
export type TInvoicePage = z.output<typeof ZInvoicePage>;

export const ZReminderRequest = z.object({
  type: z.enum(REMINDER_TYPES, err('invoicing.errors.invalidChoice')).default('gentle'),
});

export const ZSendResult = z.object({
  activity: ZEmailActivity,
});
export type TSendResult = z.output<typeof ZSendResult>;

export const VAT_PERIODICITIES = ['monthly', 'quarterly'] as const;

export const ZInvoicingSettings = z.object({
  invoiceNumberPattern: z.string().trim().min(1).max(40),
  creditNoteNumberPattern: z.string().trim().min(1).max(40),
  quoteNumberPattern: z.string().trim().min(1).max(40),
  quoteValidityDays: z.number().int().min(1).max(365),
  stampDutyChargedToClient: z.boolean(),
  automaticReminders: z.boolean(),
  reminderEveryDays: z.number().int().min(1).max(90),
  pdfTemplate: z.enum(PDF_TEMPLATES),
  /** Periodic VAT settlement: monthly (the rule) or quarterly (by option); older clients omit it. */
  vatPeriodicity: z.enum(VAT_PERIODICITIES, err('invoicing.errors.invalidChoice')).default('monthly'),
  iban: z
    .string()
    .nullish()
    .transform((v) => v?.replace(/\s+/g, '').toUpperCase() || null)
    .refine(
      (v) => v === null || /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v),
      err('invoicing.errors.ibanInvalid'),
    ),
  bankName: text(80).refine(
    (v) => v === null || unsupportedCharacters(v).length === 0,
    err('invoicing.errors.unsupportedCharacters'),
  ),
  defaultWithholding: ZWithholding.nullable(),
  defaultPensionFund: ZPensionFund.nullable(),
  /** The SDI's PEC address e-invoices go to; null: its public one (older clients and backups omit it). */
  sdiPecAddress: z
    .string()
    .nullish()
    .transform((v) => v?.trim().toLowerCase() || null)
    .refine((v) => v === null || (v.length <= 254 && isSimpleEmail(v)), err('invoicing.errors.pecInvalid')),
});
export type TInvoicingSettings = z.output<typeof ZInvoicingSettings>;

/** Invoicing settings as answered (no input transforms). */
export const ZInvoicingSettingsOut = z.object({
  invoiceNumberPattern: z.string(),
  creditNoteNumberPattern: z.string(),
  quoteNumberPattern: z.string(),
  quoteValidityDays: z.number().int(),
  stampDutyChargedToClient: z.boolean(),
  automaticReminders: z.boolean(),
  reminderEveryDays: z.number().int(),
  pdfTemplate: z.enum(PDF_TEMPLATES),
  vatPeriodicity: z.enum(VAT_PERIODICITIES),
  iban: z.string().nullable(),
  bankName: z.string().nullable(),
  defaultWithholding: ZWithholdingOut.nullable(),
  defaultPensionFund: ZPensionFundOut.nullable(),
  sdiPecAddress: z.string().nullable(),
  /** The address the SDI answered from, which later files go to (read only; a new sdiPecAddress clears it). */
  sdiAssignedAddress: z.string().nullable(),
});
export type TInvoicingSettingsState = z.output<typeof ZInvoicingSettingsOut>;

/** What a client sees through the quote link: no ids of the organization, no internal notes. */
export const ZPublicQuote = z.object({
  number: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  status: z.enum(QUOTE_STATUSES),
  language: z.enum(['it', 'en']),
  sellerName: z.string(),
  /** Who the quote is from, as on the PDF: the client sees the business behind the link before answering. */
  seller: z.object({
    name: z.string(),
    vatNumber: z.string().nullable(),
    codiceFiscale: z.string().nullable(),
    /** One line: "Via Mazzini 12, 47121 Forlì (FC)". */
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Served at /api/public/quotes/{token}/logo. */
    hasLogo: z.boolean(),
  }),
  clientName: z.string(),
  lines: z.array(z.custom<LineInput>()),
  totals: ZDocumentTotals,
  terms: z.string().nullable(),
  respondedAt: z.string().nullable(),
  /** Accept and reject are offered while the quote is sent and not past its validity. */
  canRespond: z.boolean(),
});
export type TPublicQuote = z.output<typeof ZPublicQuote>;

export const ZPublicQuoteResponse = z.object({
  response: z.enum(['accepted', 'rejected'], err('invoicing.errors.invalidChoice')),
  message: text(1000),
});
