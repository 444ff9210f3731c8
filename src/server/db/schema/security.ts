import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/**
 * The security audit log (email-client spec §3): who did what to whom, with severity and origin.
 * `organization_id` is null for events of the user alone (sign-in, two-factor, sessions); an
 * organization's log shows its own events plus those of its current members.
 * Users are not foreign keys: the trail must outlive a deleted account.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    userId: text('user_id'),
    userEmail: text('user_email'),
    targetUserId: text('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    severity: text('severity').$type<'LOW' | 'MEDIUM' | 'HIGH'>().notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('audit_logs_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Settings backups (email-client spec §3 "security backup"): a JSON snapshot of an organization's settings. */
export const settingsBackups = pgTable(
  'settings_backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** `backup` for an export, `restore` for the snapshot taken just before a restore was applied. */
    kind: text('kind').$type<'backup' | 'restore'>().notNull().default('backup'),
    backupData: jsonb('backup_data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_backups_org_created_idx').on(t.organizationId, t.createdAt.desc())],
);
