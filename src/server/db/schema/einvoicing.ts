import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TSdiError, TSdiNotificationType, TSdiStatus } from '../../../shared/invoicing/sdi.ts';
import { organization, user } from './auth.ts';
import { invoices } from './invoicing.ts';
import { mailOutbox } from './mail.ts';
import { mailAccounts } from './mailbox.ts';

/**
 * E-invoices sent to the SDI by PEC and the SDI's answers (issue 16). A transmission is one file sent (a rejected
 * invoice is sent again as a new file, under a new name); its notifications are the SDI's answers, kept whole.
 */
export const sdiTransmissions = pgTable(
  'sdi_transmissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The PEC account it left from; the SDI's answers arrive there. */
    accountId: uuid('account_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    outboxId: uuid('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** IT<id>_<progressive>.xml: unique per transmitter, the SDI's answers name it (NomeFile). */
    fileName: text('file_name').notNull(),
    sentTo: text('sent_to').notNull(),
    status: text('status').$type<TSdiStatus>().notNull().default('pending'),
    sdiIdentifier: text('sdi_identifier'),
    /** When the PEC message left (the server accepted it); kept even if the outbox row goes with its account. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sdi_transmissions_file_uq').on(t.organizationId, t.fileName),
    index('sdi_transmissions_invoice_idx').on(t.organizationId, t.invoiceId, t.createdAt),
  ],
);

export const sdiNotifications = pgTable(
  'sdi_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    transmissionId: uuid('transmission_id')
      .notNull()
      .references(() => sdiTransmissions.id, { onDelete: 'cascade' }),
    type: text('type').$type<TSdiNotificationType>().notNull(),
    /** The notification's own file name (IT…_<progressive>_RC_001.xml). */
    fileName: text('file_name').notNull(),
    outcome: text('outcome').$type<'EC01' | 'EC02'>(),
    description: text('description'),
    errors: jsonb('errors').$type<TSdiError[]>().notNull().default([]),
    /** The file as the SDI sent it (signed; a few KB), offered for download. */
    xml: text('xml').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sdi_notifications_file_uq').on(t.transmissionId, t.fileName)],
);
