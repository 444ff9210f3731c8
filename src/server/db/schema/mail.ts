import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';
import { mailAccounts, mailMessages } from './mailbox.ts';

export type TStoredAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * Every outgoing message is written here first (the durable outbox). Without SMTP it stays with
 * status `stored` and is read in the app; with SMTP the dispatcher sends it, retrying with backoff.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    /** The user who caused the message (null for system mail such as a password reset). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The connected account it leaves through (its SMTP; issue 16), or null for the installation's own server.
     * Removing the account removes its queued mail with the rest of its mail.
     */
    accountId: uuid('account_id').references(() => mailAccounts.id, { onDelete: 'cascade' }),
    /** The organization's own SMTP server sends it (Settings → Email sending; issue 16), not the installation's. */
    viaOrganizationSmtp: boolean('via_organization_smtp').notNull().default(false),
    fromAddress: text('from_address').notNull(),
    toAddresses: text('to_addresses').array().notNull(),
    ccAddresses: text('cc_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bccAddresses: text('bcc_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<TStoredAttachment[]>().notNull().default([]),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The message exactly as it goes on the wire, in the file store (composed mail); else built from the columns. */
    rawKey: text('raw_key'),
    /** Its copy in the sender's mailbox (Sent), whose delivery state this row is. */
    mailMessageId: uuid('mail_message_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    /** stored (no SMTP) · queued · sending · sent · failed (gave up; can be retried) */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The spec §8 class of the last failure (AUTH_ERROR, CONNECTION_ERROR, …); null after a success. */
    errorCode: text('error_code'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_org_created_idx').on(t.organizationId, t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('mail_outbox_to_idx').using('gin', t.toAddresses),
    // The sending limits of an account count what it sent in the last day and month (issue 16).
    index('mail_outbox_account_sent_idx')
      .on(t.accountId, t.sentAt)
      .where(sql`${t.accountId} is not null and ${t.sentAt} is not null`),
    index('mail_outbox_message_idx')
      .on(t.mailMessageId)
      .where(sql`${t.mailMessageId} is not null`),
  ],
);

/**
 * The organization's sender (issue 16): the name, address and reply-to of the app's own mail, and the business's
 * own SMTP server when it has one (its password sealed like the mail accounts'). No row: the business's name, the
 * installation's address and server.
 */
export const mailSenderSettings = pgTable('mail_sender_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  senderName: text('sender_name'),
  senderAddress: text('sender_address'),
  replyTo: text('reply_to'),
  /** installation | smtp */
  transport: text('transport').notNull().default('installation'),
  smtpHost: text('smtp_host'),
  smtpPort: integer('smtp_port'),
  smtpSecurity: text('smtp_security'),
  smtpUsername: text('smtp_username'),
  smtpPasswordSealed: text('smtp_password_sealed'),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
