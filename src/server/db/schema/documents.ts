import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TDocumentSuggestions } from '../../../shared/documents/contracts.ts';
import { organization, user } from './auth.ts';
import { clients } from './clients.ts';
import { mailFolders } from './mailbox.ts';
import { suppliers } from './purchases.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Documents of the organization (issue 17): a stored file (encrypted at rest by the file store), its text (the PDF's
 * text layer or OCR), what was read from it (suggestions), and how the user filed it: type, tags, correspondent (a
 * client or a supplier), date, links to records. Deleting moves to the trash (`deleted_at`) for 30 days.
 *
 * Reading (text layer or OCR) is a background job claimed with a lease on the row itself: `reading_status` pending →
 * running (lease) → done | failed | cancelled; a lease that expires (the instance stopped) makes the row claimable
 * again, so OCR resumes after a restart.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    documentType: text('document_type').notNull().default('other'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    documentDate: date('document_date'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    fileKey: text('file_key').notNull(),
    pageCount: integer('page_count'),
    /** The document's text: the PDF text layer, the OCR result, or the e-invoice's description. */
    content: text('content'),
    /** pdf | ocr | einvoice | none */
    textSource: text('text_source').notNull().default('none'),
    /** pending | running | done | failed | cancelled | not_needed */
    readingStatus: text('reading_status').notNull().default('pending'),
    readingProgress: integer('reading_progress').notNull().default(0),
    readingError: text('reading_error'),
    readingAttempts: integer('reading_attempts').notNull().default(0),
    readingLeaseUntil: timestamp('reading_lease_until', { withTimezone: true }),
    suggestions: jsonb('suggestions').$type<TDocumentSuggestions>(),
    /** Tag names and the correspondent's name, kept by the repository so the search finds them. */
    searchExtra: text('search_extra').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(file_name, '')), 'A') || setweight(to_tsvector('italian', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', search_extra), 'B') || setweight(to_tsvector('italian', left(coalesce(content, ''), 200000)), 'C') || setweight(to_tsvector('english', left(coalesce(content, ''), 200000)), 'C')`,
    ),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('documents_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('documents_org_sha_idx').on(t.organizationId, t.sha256),
    index('documents_search_idx').using('gin', t.searchVector),
    index('documents_reading_due_idx')
      .on(t.readingStatus, t.createdAt)
      .where(sql`${t.readingStatus} in ('pending', 'running')`),
    index('documents_trash_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export const documentTags = pgTable(
  'document_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of the palette's names (DOCUMENT_TAG_COLORS). */
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_tags_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const documentTagLinks = pgTable(
  'document_tag_links',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => documentTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.tagId] }), index('document_tag_links_tag_idx').on(t.tagId)],
);

/** A document linked to a record (client, supplier, invoice, quote, transaction, event, inventory item, purchase). */
export const documentLinks = pgTable(
  'document_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_links_uq').on(t.documentId, t.recordType, t.recordId),
    index('document_links_record_idx').on(t.organizationId, t.recordType, t.recordId),
  ],
);

/**
 * Matching rules (as Paperless-ngx's): when a document's text matches, the rule assigns a type, tags and a
 * correspondent. Applied in `position` order after reading; the user's own choices are never overwritten.
 */
export const documentRules = pgTable(
  'document_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** any | all | exact | regex */
    algorithm: text('algorithm').notNull(),
    pattern: text('pattern').notNull(),
    caseSensitive: boolean('case_sensitive').notNull().default(false),
    assignType: text('assign_type'),
    assignTagIds: jsonb('assign_tag_ids').$type<string[]>().notNull().default([]),
    assignClientId: uuid('assign_client_id').references(() => clients.id, { onDelete: 'set null' }),
    assignSupplierId: uuid('assign_supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_rules_org_idx').on(t.organizationId, t.position)],
);

/** Per mail folder: import the attachments of new mail into documents (as Paperless-ngx consumes mail). */
export const documentMailImports = pgTable(
  'document_mail_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => mailFolders.id, { onDelete: 'cascade' }),
    assignType: text('assign_type'),
    assignTagIds: jsonb('assign_tag_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_mail_imports_folder_uq').on(t.folderId)],
);
