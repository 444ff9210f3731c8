import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DocumentReferences,
  DocumentSnapshot,
  LineInput,
  TaxSettings,
} from '../../../shared/invoicing/document.ts';
import { organization, user } from './auth.ts';
import { clients } from './clients.ts';
import { mailOutbox } from './mail.ts';
import { transactions } from './transactions.ts';

/**
 * Quotes, invoices and credit notes (issue 5). Lines and tax settings are stored as JSON on the document (they
 * are read and written with it, never alone); the computed totals are columns, so lists, filters and sums run
 * in SQL. An issued invoice also keeps the frozen snapshot the PDF and the XML are made from.
 */

/**
 * Progressive numbers per organization, series and year. Issuing increments the row inside the issuing
 * transaction: the row lock serialises concurrent issuers and a rollback gives the number back (no gaps).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    series: text('series').notNull(), // quote | invoice | credit_note
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.series, t.year] })],
);

/** Per-organization invoicing preferences (one row; defaults apply while it does not exist). */
export const invoicingSettings = pgTable('invoicing_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  invoiceNumberPattern: text('invoice_number_pattern').notNull().default('{n}/{yyyy}'),
  creditNoteNumberPattern: text('credit_note_number_pattern').notNull().default('NC{n}/{yyyy}'),
  quoteNumberPattern: text('quote_number_pattern').notNull().default('P{n}/{yyyy}'),
  quoteValidityDays: integer('quote_validity_days').notNull().default(30),
  stampDutyChargedToClient: boolean('stamp_duty_charged_to_client').notNull().default(true),
  automaticReminders: boolean('automatic_reminders').notNull().default(true),
  reminderEveryDays: integer('reminder_every_days').notNull().default(7),
  pdfTemplate: text('pdf_template').notNull().default('default'),
  /** Periodic VAT settlement: monthly (the rule) or quarterly (by option, art. 7 DPR 542/1999). */
  vatPeriodicity: text('vat_periodicity').notNull().default('monthly'),
  iban: text('iban'),
  /** Where e-invoices go by PEC: the SDI's public address unless changed; the one it assigned once it answered. */
  sdiPecAddress: text('sdi_pec_address'),
  sdiAssignedAddress: text('sdi_assigned_address'),
  bankName: text('bank_name'),
  /** Professionals: ritenuta d'acconto and cassa previdenziale proposed on new invoices. */
  defaultWithholding: jsonb('default_withholding').$type<TaxSettings['withholding']>(),
  defaultPensionFund: jsonb('default_pension_fund').$type<TaxSettings['pensionFund']>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date').notNull(),
    validUntil: date('valid_until').notNull(),
    status: text('status').notNull().default('draft'),
    language: text('language').notNull().default('it'),
    lines: jsonb('lines').$type<LineInput[]>().notNull(),
    tax: jsonb('tax').$type<TaxSettings>().notNull(),
    taxableCents: bigint('taxable_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull(),
    notes: text('notes'),
    terms: text('terms'),
    pdfTemplate: text('pdf_template').notNull().default('default'),
    /** SHA-256 of the client's link token (the token itself is only ever in the e-mail). */
    publicTokenHash: text('public_token_hash'),
    publicTokenExpiresAt: timestamp('public_token_expires_at', { withTimezone: true }),
    clientResponseMessage: text('client_response_message'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    convertedInvoiceId: uuid('converted_invoice_id'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_org_year_seq_uq').on(t.organizationId, t.year, t.sequence),
    index('quotes_org_issue_idx').on(t.organizationId, t.issueDate, t.id),
    index('quotes_org_created_idx').on(t.organizationId, t.createdAt),
    index('quotes_org_responded_idx')
      .on(t.organizationId, t.respondedAt)
      .where(sql`${t.respondedAt} is not null`),
    index('quotes_org_client_idx').on(t.organizationId, t.clientId),
    index('quotes_expiry_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'sent'`),
    uniqueIndex('quotes_public_token_uq').on(t.publicTokenHash),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** TD01 invoice · TD04 credit note */
    documentType: text('document_type').notNull().default('TD01'),
    /** Credit note: the invoice it corrects. */
    relatedInvoiceId: uuid('related_invoice_id'),
    /** Null while a draft; assigned when issued. */
    number: text('number'),
    year: integer('year'),
    sequence: integer('sequence'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    /** Stored phase: draft · issued · cancelled. Paid, partially paid and overdue are derived from payments. */
    phase: text('phase').notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    language: text('language').notNull().default('it'),
    paymentMethod: text('payment_method').notNull().default('bank_transfer'),
    lines: jsonb('lines').$type<LineInput[]>().notNull(),
    tax: jsonb('tax').$type<TaxSettings>().notNull(),
    /** Order or contract with CIG/CUP, declaration of intent, instalments, deferred invoice and its DDT. */
    documentReferences: jsonb('document_references').$type<DocumentReferences>(),
    taxableCents: bigint('taxable_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** Sum of the amount due of the issued credit notes that correct this invoice. */
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    terms: text('terms'),
    pdfTemplate: text('pdf_template').notNull().default('default'),
    /** Frozen at issue: seller, buyer, lines and totals as they were; the PDF and the XML read it. */
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>(),
    /**
     * Sums over the snapshot's VAT summary, kept by PostgreSQL (`invoice_vat_sum`, migration 0011) so the VAT
     * reports add columns instead of parsing every document's JSON. Unsigned, as the snapshot; 0 for a draft.
     */
    vatTaxableCents: bigint('vat_taxable_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`invoice_vat_sum(snapshot, 'taxableCents', 'all')`,
    ),
    /** VAT the seller owes (split payment excluded). */
    vatDueCents: bigint('vat_due_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`invoice_vat_sum(snapshot, 'vatCents', 'due')`,
    ),
    /** VAT of split-payment rows, paid by the client to the Treasury. */
    vatSplitCents: bigint('vat_split_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`invoice_vat_sum(snapshot, 'vatCents', 'split')`,
    ),
    /** Taxable amount of reverse-charge rows (Natura N6.x). */
    vatReverseTaxableCents: bigint('vat_reverse_taxable_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`invoice_vat_sum(snapshot, 'taxableCents', 'reverse')`,
    ),
    /** The pension-fund contribution (cassa previdenziale) of the snapshot, taxable revenue on no line; 0 without. */
    pensionFundCents: bigint('pension_fund_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`coalesce((snapshot->'totals'->>'pensionFundCents')::bigint, 0)`,
    ),
    /**
     * The day of the invoice's last payment (the latest `invoice_payments.paid_on`), null without payments. Kept
     * only by the trigger of migration 0022 (`invoice_last_paid_on_sync`) on every payment written or removed:
     * the payment delays and the days to pay read it from the index below instead of grouping the payments.
     */
    lastPaidOn: date('last_paid_on'),
    fromQuoteId: uuid('from_quote_id'),
    reminderCount: integer('reminder_count').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_org_type_year_seq_uq').on(t.organizationId, t.documentType, t.year, t.sequence),
    index('invoices_org_issue_idx').on(t.organizationId, t.issueDate, t.id),
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt),
    index('invoices_org_issued_at_idx')
      .on(t.organizationId, t.issuedAt)
      .where(sql`${t.issuedAt} is not null`),
    index('invoices_org_client_idx').on(t.organizationId, t.clientId),
    index('invoices_org_due_idx')
      .on(t.organizationId, t.dueDate)
      .where(sql`${t.phase} = 'issued'`),
    index('invoices_related_idx').on(t.relatedInvoiceId),
    // The reports' and dashboard's sums over issued documents by date read this index alone (index-only scans).
    index('invoices_issued_figures_idx')
      .on(
        t.organizationId,
        t.issueDate,
        t.documentType,
        t.clientId,
        t.totalCents,
        t.vatTaxableCents,
        t.vatDueCents,
        t.vatSplitCents,
        t.vatReverseTaxableCents,
        t.pensionFundCents,
      )
      .where(sql`${t.phase} = 'issued'`),
    // The few documents with a pension-fund contribution, which the revenue reports add as a row of their own.
    index('invoices_pension_fund_idx')
      .on(t.organizationId, t.issueDate)
      .where(sql`${t.phase} = 'issued' and ${t.pensionFundCents} <> 0`),
    // What is left to collect (scadenzario, dashboard), from the index alone; the issue date and the id for the
    // scadenzario on a past day (outstanding-repository.ts).
    index('invoices_open_receivables_idx')
      .on(
        t.organizationId,
        t.dueDate,
        t.clientId,
        t.amountDueCents,
        t.paidCents,
        t.creditedCents,
        t.issueDate,
        t.id,
      )
      .where(sql`${t.phase} = 'issued' and ${t.documentType} = 'TD01'`),
    // Invoices with a payment by the day of their last one: the analytics' payment delays and the receivables'
    // days to pay, from the index alone.
    index('invoices_last_paid_on_idx')
      .on(
        t.organizationId,
        t.lastPaidOn,
        t.clientId,
        t.issueDate,
        t.dueDate,
        t.amountDueCents,
        t.paidCents,
        t.creditedCents,
      )
      .where(sql`${t.phase} = 'issued' and ${t.documentType} = 'TD01' and ${t.lastPaidOn} is not null`),
  ],
);

/** Payments recorded on an invoice; each is also an income entry of the ledger. */
/**
 * The lines of every issued document, one row each, as frozen in its snapshot: what the revenue reports (profit and
 * loss by category, top items) add up without parsing each document's JSON. Written only by the trigger of
 * migration 0015 (`invoice_sales_lines_sync`) whenever an invoice's snapshot, phase, date or type changes, so it is
 * never out of step with the documents. `cents` and `quantity` are signed: a credit note's (TD04) are negative.
 */
export const invoiceSalesLines = pgTable(
  'invoice_sales_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    organizationId: text('organization_id').notNull(),
    issueDate: date('issue_date').notNull(),
    /** The inventory item of the line; null for a line typed by hand or whose item no longer exists. */
    itemId: text('item_id'),
    description: text('description').notNull(),
    quantity: numeric('quantity').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    /** The document's first line of this item (or typed by hand): counting these counts documents per item. */
    firstOfItem: boolean('first_of_item').notNull().default(false),
    /**
     * The document's first line of an inventory item of this category (the item's category now, trimmed, none
     * for an item without one): counting these counts documents per category. Written again when an item's
     * category changes (migration 0023).
     */
    firstOfCategory: boolean('first_of_category').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.lineNumber] }),
    // Sums by date and item, and the documents of each, from the index alone (index-only scans).
    index('invoice_sales_lines_org_date_idx').on(
      t.organizationId,
      t.issueDate,
      t.itemId,
      t.cents,
      t.invoiceId,
    ),
    // The lines typed by hand by date, with their description and amount (top items by description), from the
    // index alone. A description is at most 1,000 Latin-1 characters (ZLineInput), well within an index entry.
    index('invoice_sales_lines_free_idx')
      .on(t.organizationId, t.issueDate, t.description, t.cents)
      .where(sql`${t.itemId} is null`),
  ],
);

/**
 * `invoice_sales_lines` summed by month and item (`item_key` '' for lines typed by hand), kept by the triggers of
 * migration 0016 as lines come and go: a report over whole months reads a few rows per item and month instead of
 * every line. `documents` counts the documents of the month with a line of the item; `category_documents` adds up,
 * over a category's items, to the documents with a line of the category.
 */
export const invoiceSalesMonths = pgTable(
  'invoice_sales_months',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    itemKey: text('item_key').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    quantity: numeric('quantity').notNull(),
    documents: integer('documents').notNull(),
    /** The lines of the month and item that are their document's first of the item's category. */
    categoryDocuments: integer('category_documents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.itemKey] })],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    paidOn: date('paid_on').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    note: text('note'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.organizationId, t.invoiceId, t.paidOn),
    index('invoice_payments_org_created_idx').on(t.organizationId, t.createdAt),
    // The receivables "as of" a past date add back the payments dated after it (outstanding-repository.ts).
    index('invoice_payments_org_paid_on_idx').on(t.organizationId, t.paidOn),
  ],
);

/** Each document e-mail (email-client spec §3 email_activity), shown on the document and the client's timeline. */
export const emailActivity = pgTable(
  'email_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    outboxId: uuid('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** quote_sent · invoice_sent · payment_reminder · overdue_notice · final_notice · payment_confirmation … */
    type: text('type').notNull(),
    status: text('status').notNull(), // sent | failed
    recipientEmail: text('recipient_email').notNull(),
    subject: text('subject').notNull(),
    templateType: text('template_type').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_activity_invoice_idx').on(t.invoiceId, t.sentAt),
    index('email_activity_quote_idx').on(t.quoteId, t.sentAt),
    index('email_activity_client_idx').on(t.organizationId, t.clientId, t.sentAt),
  ],
);

/**
 * E-mail templates, the spec's entity (email-client §3, issue 16): one system for the whole app.
 * - System templates live in code (src/shared/mail/templates.ts). A row with `template_key` set and `is_system`
 *   true is the organization's version of one, per language; deleting it restores the system text, and the
 *   system templates themselves cannot be deleted.
 * - Own templates (`is_system` false, `template_key` null) belong to the user who wrote them (spec RLS: "own or
 *   system"), in the categories of the composer's picker.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The author of an own template; null for the organization's version of a system template. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** The system template this row overrides; null for an own template. */
    templateKey: text('template_key'),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('custom'),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    contentText: text('content_text').notNull(),
    /** The HTML version, where the template has one (sanitized when saved); the text is then its alternative. */
    contentHtml: text('content_html'),
    /** The variables the template uses ({{name}}), found when saved. */
    variables: text('variables')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSystem: boolean('is_system').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_templates_org_key_lang_uq').on(t.organizationId, t.templateKey, t.language),
    index('email_templates_owner_idx')
      .on(t.organizationId, t.userId, t.updatedAt.desc())
      .where(sql`${t.userId} is not null`),
  ],
);
