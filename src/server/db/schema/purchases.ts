import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TPurchaseInstallment,
  TPurchaseLine,
  TPurchaseVatSummary,
} from '../../../shared/purchases/contracts.ts';
import { organization, user } from './auth.ts';
import { mailMessages } from './mailbox.ts';
import { transactions } from './transactions.ts';

/**
 * Suppliers and the invoices they send (issue 16: e-invoices received by PEC; the Documents issue adds uploads and
 * turns them into expenses). A supplier is known by its Partita IVA (or codice fiscale); an invoice by supplier,
 * type, number and date, so a file received twice is one invoice.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Country and code, "IT01234567890". */
    vatNumber: text('vat_number'),
    taxCode: text('tax_code'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    province: text('province'),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_org_vat_uq')
      .on(t.organizationId, t.vatNumber)
      .where(sql`${t.vatNumber} is not null`),
    uniqueIndex('suppliers_org_tax_code_uq')
      .on(t.organizationId, t.taxCode)
      .where(sql`${t.vatNumber} is null and ${t.taxCode} is not null`),
  ],
);

export const purchaseInvoices = pgTable(
  'purchase_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    documentType: text('document_type').notNull(),
    number: text('number').notNull(),
    issueDate: date('issue_date').notNull(),
    currency: text('currency').notNull().default('EUR'),
    taxableCents: bigint('taxable_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    withholdingCents: bigint('withholding_cents', { mode: 'number' }).notNull().default(0),
    /** What the business has paid of it (its payments' sum, kept with them in one transaction). */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    lines: jsonb('lines').$type<TPurchaseLine[]>().notNull(),
    vatSummary: jsonb('vat_summary').$type<TPurchaseVatSummary[]>().notNull(),
    installments: jsonb('installments').$type<TPurchaseInstallment[]>().notNull(),
    description: text('description'),
    /** How it arrived: pec (an e-invoice in a PEC account) or upload (a file given to the documents). */
    source: text('source').notNull(),
    /** The document it was uploaded as (documents module; the document's links are kept there). */
    documentId: uuid('document_id'),
    /** The file as received (.xml or .xml.p7m) in the file store; one file may hold several invoices. */
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    /** Which invoice of the file this is (0 for the first). */
    bodyIndex: integer('body_index').notNull().default(0),
    mailMessageId: uuid('mail_message_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_invoices_document_uq').on(
      t.organizationId,
      t.supplierId,
      t.documentType,
      t.number,
      t.issueDate,
    ),
    index('purchase_invoices_org_date_idx').on(t.organizationId, t.issueDate, t.id),
    // The purchases register and the VAT settlement read invoices by when they were received (registered).
    index('purchase_invoices_org_received_idx').on(t.organizationId, t.receivedAt),
  ],
);

/**
 * Payments of a purchase invoice ("mark as paid"), each with the expense it put in the ledger. The id is chosen by
 * the client, so a request sent twice records one payment.
 */
export const purchasePayments = pgTable(
  'purchase_payments',
  {
    id: uuid('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    purchaseInvoiceId: uuid('purchase_invoice_id')
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    paidOn: date('paid_on').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_payments_invoice_idx').on(t.organizationId, t.purchaseInvoiceId, t.paidOn)],
);
