import { z } from 'zod';
import { zPage, zPageQuery } from '../pagination/pagination.ts';

/** Documents (issue 17): stored files with their text, filed by type, tags, correspondent, date and links. */

export const DOCUMENT_TYPES = [
  'received_invoice',
  'receipt',
  'contract',
  'delivery_note',
  'bank_statement',
  'quote',
  'identity_document',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The tag palette; the web maps each name to theme tokens for light and dark. */
export const DOCUMENT_TAG_COLORS = [
  'gray',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'violet',
  'pink',
] as const;

export const READING_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled', 'not_needed'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/** Where the text came from: the PDF's text layer, OCR, the e-invoice's data, the file's own text, none. */
export const TEXT_SOURCES = ['pdf', 'ocr', 'einvoice', 'text', 'none'] as const;

export const LINK_RECORD_TYPES = [
  'client',
  'supplier',
  'invoice',
  'quote',
  'transaction',
  'event',
  'inventory_item',
  'purchase_invoice',
] as const;
export type LinkRecordType = (typeof LINK_RECORD_TYPES)[number];

export const RULE_ALGORITHMS = ['any', 'all', 'exact', 'regex'] as const;

/** Upload limit per file unless DOCUMENT_MAX_FILE_MB says otherwise. */
export const DEFAULT_DOCUMENT_MAX_FILE_MB = 50;
/** Days a deleted document stays in the trash. */
export const DOCUMENT_TRASH_DAYS = 30;
export const DOCUMENT_TITLE_MAX = 200;

/** A value read from the text, with how sure the reader is (0..1). */
const zRead = <T extends z.ZodType>(value: T) => z.object({ value, confidence: z.number() });

export const ZVatAmount = z.object({
  ratePercent: z.number(),
  taxableCents: z.number().int().nullable(),
  vatCents: z.number().int(),
});

/** What the reader found in the text; the user confirms each with one click. */
export const ZDocumentSuggestions = z.object({
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  documentDate: zRead(z.iso.date()).nullable(),
  time: zRead(z.string()).nullable(),
  totalCents: zRead(z.number().int()).nullable(),
  vat: z.array(ZVatAmount),
  issuerName: zRead(z.string()).nullable(),
  vatNumbers: z.array(z.string()),
  taxCodes: z.array(z.string()),
  ibans: z.array(z.string()),
  emails: z.array(z.string()),
  documentNumber: zRead(z.string()).nullable(),
  paymentMethod: zRead(z.enum(['cash', 'card', 'bank_transfer', 'other'])).nullable(),
  /** Clients and suppliers whose P.IVA, codice fiscale, IBAN, e-mail or name appear in the text. */
  correspondents: z.array(
    z.object({
      kind: z.enum(['client', 'supplier']),
      id: z.string(),
      name: z.string(),
      matchedBy: z.enum(['vat_number', 'tax_code', 'email', 'name', 'iban']),
    }),
  ),
  /** The expense category most used for the issuer's previous expenses. */
  categoryId: z.string().nullable(),
});
export type TDocumentSuggestions = z.infer<typeof ZDocumentSuggestions>;

export const ZDocumentTag = z.object({
  id: z.string(),
  name: z.string(),
  color: z.enum(DOCUMENT_TAG_COLORS),
});
export type TDocumentTag = z.infer<typeof ZDocumentTag>;

export const ZTagInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'documents.errors.tagNameRequired')
    .max(60, 'documents.errors.tagNameTooLong'),
  color: z.enum(DOCUMENT_TAG_COLORS).default('gray'),
});

export const ZDocumentLink = z.object({
  id: z.string(),
  recordType: z.enum(LINK_RECORD_TYPES),
  recordId: z.string(),
  /** Number, name or description of the record, for the chip; null when the record is gone. */
  label: z.string().nullable(),
});
export type TDocumentLink = z.infer<typeof ZDocumentLink>;

export const ZCorrespondent = z.object({
  kind: z.enum(['client', 'supplier']),
  id: z.string(),
  name: z.string(),
});

export const ZDocumentListItem = z.object({
  id: z.string(),
  title: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  documentDate: z.string().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  pageCount: z.number().int().nullable(),
  correspondent: ZCorrespondent.nullable(),
  tags: z.array(ZDocumentTag),
  readingStatus: z.enum(READING_STATUSES),
  readingProgress: z.number().int(),
  /** Search result only: the matching words in context, marked by \u0002 … \u0003 (never HTML). */
  snippet: z.string().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type TDocumentListItem = z.infer<typeof ZDocumentListItem>;

export const ZDocument = ZDocumentListItem.extend({
  content: z.string().nullable(),
  textSource: z.enum(TEXT_SOURCES),
  readingError: z.string().nullable(),
  suggestions: ZDocumentSuggestions.nullable(),
  links: z.array(ZDocumentLink),
  sha256: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

const optionalUuid = z.uuid().optional();
const optionalDate = z.iso.date().optional();

export const ZDocumentQuery = zPageQuery(25, 100).extend({
  q: z.string().trim().max(200).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  tagId: optionalUuid,
  clientId: optionalUuid,
  supplierId: optionalUuid,
  from: optionalDate,
  to: optionalDate,
  linkedType: z.enum(LINK_RECORD_TYPES).optional(),
  linkedId: optionalUuid,
  /** Documents like this one (shared rare words), best first. */
  likeId: optionalUuid,
  trash: z.enum(['true', 'false']).optional(),
});
export type TDocumentQuery = z.infer<typeof ZDocumentQuery>;

export const ZDocumentPage = zPage(ZDocumentListItem);
export type TDocumentPage = z.infer<typeof ZDocumentPage>;

/** Changes to a document's filing; absent fields stay as they are. */
export const ZDocumentUpdate = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'documents.errors.titleRequired')
    .max(DOCUMENT_TITLE_MAX, 'documents.errors.titleTooLong')
    .optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  documentDate: z.iso.date('documents.errors.dateInvalid').nullable().optional(),
  correspondent: z
    .object({ kind: z.enum(['client', 'supplier']), id: z.uuid() })
    .nullable()
    .optional(),
  tagIds: z.array(z.uuid()).max(50).optional(),
});
export type TDocumentUpdate = z.infer<typeof ZDocumentUpdate>;

export const ZLinkInput = z.object({ recordType: z.enum(LINK_RECORD_TYPES), recordId: z.uuid() });

/** Bulk actions on selected documents (at most 500 at a time). */
export const ZBulkAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add_tag'), ids: z.array(z.uuid()).min(1).max(500), tagId: z.uuid() }),
  z.object({ action: z.literal('remove_tag'), ids: z.array(z.uuid()).min(1).max(500), tagId: z.uuid() }),
  z.object({
    action: z.literal('set_type'),
    ids: z.array(z.uuid()).min(1).max(500),
    documentType: z.enum(DOCUMENT_TYPES),
  }),
  z.object({ action: z.literal('link'), ids: z.array(z.uuid()).min(1).max(500), link: ZLinkInput }),
  z.object({ action: z.literal('delete'), ids: z.array(z.uuid()).min(1).max(500) }),
  z.object({ action: z.literal('restore'), ids: z.array(z.uuid()).min(1).max(500) }),
]);
export type TBulkAction = z.infer<typeof ZBulkAction>;

export const ZUploadResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('created'), document: ZDocumentListItem }),
  /** The same content is already stored (SHA-256): the existing document is offered instead. */
  z.object({ status: z.literal('duplicate'), document: ZDocumentListItem }),
]);
export type TUploadResult = z.infer<typeof ZUploadResult>;

export const ZRule = z.object({
  id: z.string(),
  name: z.string(),
  algorithm: z.enum(RULE_ALGORITHMS),
  pattern: z.string(),
  caseSensitive: z.boolean(),
  assignType: z.enum(DOCUMENT_TYPES).nullable(),
  assignTagIds: z.array(z.string()),
  assignCorrespondent: ZCorrespondent.nullable(),
  position: z.number().int(),
});
export type TRule = z.infer<typeof ZRule>;

export const ZRuleInput = z.object({
  name: z.string().trim().min(1, 'documents.errors.ruleNameRequired').max(100),
  algorithm: z.enum(RULE_ALGORITHMS),
  pattern: z.string().trim().min(1, 'documents.errors.rulePatternRequired').max(500),
  caseSensitive: z.boolean().default(false),
  assignType: z.enum(DOCUMENT_TYPES).nullable().default(null),
  assignTagIds: z.array(z.uuid()).max(20).default([]),
  assignCorrespondent: z
    .object({ kind: z.enum(['client', 'supplier']), id: z.uuid() })
    .nullable()
    .default(null),
});
export type TRuleInput = z.infer<typeof ZRuleInput>;

/** A mail folder of the user whose new mail's attachments become documents, filed with this type and tags. */
export const ZMailImport = z.object({
  folderId: z.string(),
  assignType: z.enum(DOCUMENT_TYPES).nullable(),
  assignTagIds: z.array(z.string()),
});
export type TMailImport = z.infer<typeof ZMailImport>;

export const ZMailImportInput = z.object({
  assignType: z.enum(DOCUMENT_TYPES).nullable().optional(),
  assignTagIds: z.array(z.uuid()).max(20).optional(),
});
