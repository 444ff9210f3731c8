import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organization } from './auth.ts';

/** Per-organization switches that are not part of the business profile. One row per organization. */
export const organizationSettings = pgTable('organization_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
  timeZone: text('time_zone').notNull().default('Europe/Rome'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
