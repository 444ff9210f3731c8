import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/** The organization's business profile (core-app spec §3 business_profiles, plus Italian tax data). */
export const businessProfiles = pgTable('business_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: text('organization_id')
    .notNull()
    .unique()
    .references(() => organization.id, { onDelete: 'cascade' }),
  /** The user who created it (the spec's user_id). */
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  companyName: text('company_name').notNull(),
  businessType: text('business_type'),
  industry: text('industry'),
  taxId: text('tax_id'),
  vatNumber: text('vat_number'),
  codiceFiscale: text('codice_fiscale'),
  taxRegime: text('tax_regime'),
  pec: text('pec'),
  website: text('website'),
  phone: text('phone'),
  email: text('email'),
  street: text('street'),
  city: text('city'),
  /** State or region as typed (required by the wizard); `province` is the Italian sigla. */
  state: text('state'),
  province: text('province'),
  postalCode: text('postal_code'),
  country: text('country').notNull().default('IT'),
  employeeCount: text('employee_count'),
  description: text('description'),
  logoKey: text('logo_key'),
  onboardingComplete: boolean('onboarding_complete').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
