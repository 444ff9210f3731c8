import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/** Customers of the organization (issue 4). Italian e-invoicing data: P.IVA, CF, SDI code or PEC, PA office. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('company'), // company | person
    fullName: text('full_name'),
    companyName: text('company_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    province: text('province'),
    country: text('country').notNull().default('IT'),
    vatNumber: text('vat_number'),
    codiceFiscale: text('codice_fiscale'),
    sdiCode: text('sdi_code'),
    pec: text('pec'),
    isPublicAdministration: boolean('is_public_administration').notNull().default(false),
    paOfficeCode: text('pa_office_code'),
    /** Split payment (art. 17-ter DPR 633/72): public administrations and listed companies (issue 5). */
    splitPayment: boolean('split_payment').notNull().default(false),
    preferredLanguage: text('preferred_language').notNull().default('it'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    notes: text('notes'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Typo-tolerant search reads two generated columns, both trigram-indexed: the names and city, matched by
     * word similarity ("Rosi" finds "Rossi Costruzioni"), and the identifiers, matched as substrings. Keeping
     * e-mail and tax ids out of the fuzzy text keeps word_similarity cheap and the index plan chosen.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(company_name, '') || ' ' || coalesce(full_name, '') || ' ' || coalesce(city, ''))`,
    ),
    identText: text('ident_text').generatedAlwaysAs(
      sql`lower(coalesce(email, '') || ' ' || coalesce(vat_number, '') || ' ' || coalesce(codice_fiscale, ''))`,
    ),
  },
  (t) => [
    // The list's default sort (displayName in the repository), so a page of 50,000 clients is an index walk.
    index('clients_org_display_name_idx').on(
      t.organizationId,
      sql`lower(coalesce(${t.companyName}, ${t.fullName}, ''))`,
      t.id,
    ),
    index('clients_org_created_idx').on(t.organizationId, t.createdAt),
    index('clients_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('clients_ident_trgm_idx').using('gin', sql`${t.identText} gin_trgm_ops`),
    uniqueIndex('clients_org_vat_uq')
      .on(t.organizationId, t.vatNumber)
      .where(sql`${t.vatNumber} is not null`),
    uniqueIndex('clients_org_email_uq')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);
