import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/** Goods and services the organization sells (issue 4). Money in cents, VAT in basis points. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    description: text('description'),
    kind: text('kind').notNull().default('goods'), // goods | service
    unit: text('unit').notNull().default('pz'),
    salePriceCents: bigint('sale_price_cents', { mode: 'number' }).notNull().default(0),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    vatRateBp: integer('vat_rate_bp').notNull().default(2200),
    /** FatturaPA Natura code, required when the VAT rate is 0. */
    vatNatura: text('vat_natura'),
    category: text('category'),
    active: boolean('active').notNull().default(true),
    /** Sum of the item's movements, kept in the same transaction as each movement; never edited directly. */
    stockQuantity: numeric('stock_quantity', { precision: 14, scale: 3 }).notNull().default('0'),
    lowStockThreshold: numeric('low_stock_threshold', { precision: 14, scale: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || sku || ' ' || coalesce(barcode, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('inventory_org_sku_uq').on(t.organizationId, t.sku),
    uniqueIndex('inventory_org_barcode_uq')
      .on(t.organizationId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    index('inventory_org_name_idx').on(t.organizationId, t.name),
    index('inventory_org_category_idx').on(t.organizationId, t.category),
    index('inventory_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(), // in | out | adjustment
    /** Signed change of the quantity: in > 0, out < 0, adjustment either way. */
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    reason: text('reason'),
    occurredOn: date('occurred_on').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    documentType: text('document_type'),
    documentId: text('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_item_idx').on(t.organizationId, t.itemId, t.occurredOn)],
);
