import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import { clients } from './clients.ts';

/** Income and expense categories, editable per organization, seeded with Italian defaults. */
export const transactionCategories = pgTable(
  'transaction_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    direction: text('direction').notNull(), // income | expense
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transaction_categories_org_name_uq').on(
      t.organizationId,
      t.direction,
      sql`lower(${t.name})`,
    ),
  ],
);

/** The ledger (issue 4): amounts are positive cents, the direction says which way the money went. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    occurredOn: date('occurred_on').notNull(),
    direction: text('direction').notNull(), // income | expense
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    vatAmountCents: bigint('vat_amount_cents', { mode: 'number' }),
    categoryId: uuid('category_id').references(() => transactionCategories.id, { onDelete: 'restrict' }),
    description: text('description'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    paymentMethod: text('payment_method').notNull().default('bank_transfer'),
    /** Set when the payment was recorded on an invoice (issue 5). */
    invoiceId: uuid('invoice_id'),
    /** Fingerprint of an imported bank line; a re-import of the same line is recognised as a duplicate. */
    importHash: text('import_hash'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_org_date_idx').on(t.organizationId, t.occurredOn, t.id),
    index('transactions_org_created_idx').on(t.organizationId, t.createdAt),
    // Sums of the ledger by date, direction and category (cash balance, monthly figures) from the index alone.
    index('transactions_org_figures_idx').on(
      t.organizationId,
      t.occurredOn,
      t.direction,
      t.categoryId,
      t.amountCents,
    ),
    index('transactions_org_category_idx').on(t.organizationId, t.categoryId),
    index('transactions_org_client_idx').on(t.organizationId, t.clientId),
    uniqueIndex('transactions_org_import_hash_uq')
      .on(t.organizationId, t.importHash)
      .where(sql`${t.importHash} is not null`),
  ],
);

/** Saved column mappings of bank statement CSVs, one per bank name. */
export const bankImportMappings = pgTable(
  'bank_import_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_import_mappings_org_name_uq').on(t.organizationId, t.name)],
);
