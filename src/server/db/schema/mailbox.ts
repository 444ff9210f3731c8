import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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
  MailFolderRole,
  MailSecurity,
  MailSyncStatus,
  TMailAddress,
  TMailProgress,
  TMailSecurityAnalysis,
  TRelatedDocument,
} from '@shared/mailbox/types.ts';
import type { PecReceiptKind } from '@shared/mailbox/pec.ts';
import { organization, user } from './auth.ts';
import { clients } from './clients.ts';

/**
 * The mail client's own store (issue 15): accounts, their folders and a copy of every message, synced from IMAP,
 * so the mailbox is fast and searchable whatever the IMAP server does. Every row carries organization_id and
 * user_id: mail is the user's own, and every query is scoped by both. Rows with account_id null belong to the
 * local mailbox (the app's own sent mail, the demo mailbox, folders made before any account exists).
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const mailAccounts = pgTable(
  'mail_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    emailAddress: text('email_address').notNull(),
    displayName: text('display_name'),
    signatureHtml: text('signature_html'),
    /** Preset the account was made from (gmail, aruba-pec, …), for its notes; null for a custom server. */
    provider: text('provider'),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapSecurity: text('imap_security').$type<MailSecurity>().notNull(),
    imapUsername: text('imap_username').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecurity: text('smtp_security').$type<MailSecurity>().notNull(),
    smtpUsername: text('smtp_username').notNull(),
    /** AES-256-GCM (platform/sealed-box.ts): never returned by the API, never logged, never exported. */
    passwordSealed: text('password_sealed').notNull(),
    /** Only when the SMTP password differs from the IMAP one. */
    smtpPasswordSealed: text('smtp_password_sealed'),
    isPec: boolean('is_pec').notNull().default(false),
    /** The provider's sending limits (issue 16): mail over them waits until the window opens; null: none. */
    dailySendLimit: integer('daily_send_limit'),
    monthlySendLimit: integer('monthly_send_limit'),
    syncEnabled: boolean('sync_enabled').notNull().default(true),
    syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(5),
    syncStatus: text('sync_status').$type<MailSyncStatus>().notNull().default('idle'),
    /** The spec §8 class of the last failure (AUTH_ERROR, CONNECTION_ERROR, …); AUTH_ERROR stops retries. */
    syncErrorCode: text('sync_error_code'),
    syncError: text('sync_error'),
    syncAttempts: integer('sync_attempts').notNull().default(0),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sync claims the account by setting a lease in one conditional update; a crashed instance's lease runs out. */
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    syncLeaseOwner: text('sync_lease_owner'),
    /** First sync and backfill progress, shown in the mailbox. */
    syncProgress: jsonb('sync_progress').$type<TMailProgress>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_accounts_owner_address_uq').on(
      t.organizationId,
      t.userId,
      sql`lower(${t.emailAddress})`,
    ),
    index('mail_accounts_due_idx')
      .on(t.nextSyncAt)
      .where(sql`${t.syncEnabled}`),
  ],
);

export const mailFolders = pgTable(
  'mail_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => mailAccounts.id, { onDelete: 'cascade' }),
    /** The IMAP path ("INBOX", "INBOX/Clienti"); for a local folder, its own path. */
    path: text('path').notNull(),
    delimiter: text('delimiter'),
    name: text('name').notNull(),
    /** inbox · sent · drafts · trash · spam · archive, or null for a custom folder. */
    role: text('role').$type<MailFolderRole>(),
    parentId: uuid('parent_id'),
    color: text('color'),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    uidNext: bigint('uid_next', { mode: 'number' }),
    highestModseq: text('highest_modseq'),
    /**
     * The PERMANENTFLAGS the server answered when the folder was last selected for writing (a replay), null until
     * then: a label is written back as a keyword only where these hold `\*` or that keyword (sync/flags.ts).
     */
    permanentFlags: text('permanent_flags').array(),
    /** The lowest UID stored so far: the backfill goes on below it until it reaches 1. */
    backfillBelowUid: bigint('backfill_below_uid', { mode: 'number' }),
    backfillDone: boolean('backfill_done').notNull().default(false),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Kept by the mail_folder_counts trigger on mail_messages (migration 0018), never written by the app. */
    totalCount: integer('total_count').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_folders_account_path_uq').on(
      sql`coalesce(${t.accountId}::text, ${t.userId})`,
      t.organizationId,
      t.path,
    ),
    index('mail_folders_owner_idx').on(t.organizationId, t.userId),
  ],
);

export const mailLabels = pgTable(
  'mail_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    /** The IMAP keyword the label is written back as ($label_<slug>), where the server allows keywords. */
    keyword: text('keyword').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_labels_owner_name_uq').on(t.organizationId, t.userId, sql`lower(${t.name})`)],
);

export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => mailAccounts.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => mailFolders.id, { onDelete: 'cascade' }),
    /** The IMAP UID in its folder (null for local mail and for a move not yet confirmed by the server). */
    uid: bigint('uid', { mode: 'number' }),
    modseq: text('modseq'),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The conversation: the Message-ID of the first message of the References chain (or its own). */
    threadId: text('thread_id').notNull(),
    subject: text('subject').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    fromName: text('from_name'),
    fromAddress: text('from_address'),
    to: jsonb('to').$type<TMailAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<TMailAddress[]>().notNull().default([]),
    bcc: jsonb('bcc').$type<TMailAddress[]>().notNull().default([]),
    replyTo: jsonb('reply_to').$type<TMailAddress[]>().notNull().default([]),
    /** Every address of the message, lower-case, space separated: trigram-matched by the search. */
    addressText: text('address_text').notNull().default(''),
    textBody: text('text_body'),
    /** Already sanitized by the server's allow-list when stored; the raw message stays in the file store. */
    htmlBody: text('html_body'),
    hasRemoteImages: boolean('has_remote_images').notNull().default(false),
    /** A certified message (PEC) shown as the original it carries, not as the provider's envelope (issue 16). */
    isCertified: boolean('is_certified').notNull().default(false),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    attachmentNames: text('attachment_names').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    isImportant: boolean('is_important').notNull().default(false),
    isConfidential: boolean('is_confidential').notNull().default(false),
    /**
     * A confidential message's text and HTML, sealed (AES-256-GCM, platform/sealed-box.ts, issue 16): text_body,
     * html_body and the snippet are then empty, so the search sees only the subject and the addresses.
     */
    sealedContent: text('sealed_content'),
    isDraft: boolean('is_draft').notNull().default(false),
    isAnswered: boolean('is_answered').notNull().default(false),
    labelIds: uuid('label_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** IMAP keywords the server has that are not our labels, kept so a write-back never drops them. */
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** auto (matched by address) · manual (linked by hand) · unlinked (the user removed the automatic link). */
    clientLink: text('client_link').$type<'auto' | 'manual' | 'unlinked'>(),
    relatedDocuments: jsonb('related_documents').$type<TRelatedDocument[]>().notNull().default([]),
    securityAnalysis: jsonb('security_analysis').$type<TMailSecurityAnalysis>(),
    /** The raw RFC 822 message in the file store (null for local mail made by the app). */
    rawKey: text('raw_key'),
    size: integer('size').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Italian and English stems of subject, sender and body, plus the plain words (mail mixes the languages). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(subject, '') || ' ' || coalesce(from_name, '') || ' ' || coalesce(from_address, '')), 'A') || setweight(to_tsvector('italian', coalesce(subject, '')), 'A') || setweight(to_tsvector('english', coalesce(subject, '')), 'A') || setweight(to_tsvector('simple', attachment_names), 'B') || setweight(to_tsvector('italian', left(coalesce(text_body, ''), 100000)), 'C') || setweight(to_tsvector('english', left(coalesce(text_body, ''), 100000)), 'C')`,
    ),
  },
  (t) => [
    // The list: a folder's page, newest first, is an index walk.
    index('mail_messages_folder_list_idx').on(t.folderId, t.receivedAt.desc(), t.id.desc()),
    // The unified Inbox and "everywhere" search walk the owner's mail by date.
    index('mail_messages_owner_list_idx').on(t.organizationId, t.userId, t.receivedAt.desc(), t.id.desc()),
    uniqueIndex('mail_messages_folder_uid_uq')
      .on(t.folderId, t.uid)
      .where(sql`${t.uid} is not null`),
    index('mail_messages_thread_idx').on(t.organizationId, t.userId, t.threadId),
    index('mail_messages_message_id_idx').on(t.organizationId, t.userId, t.messageId),
    index('mail_messages_client_idx')
      .on(t.clientId, t.receivedAt.desc())
      .where(sql`${t.clientId} is not null`),
    index('mail_messages_search_idx').using('gin', t.searchVector),
    index('mail_messages_address_trgm_idx').using('gin', sql`${t.addressText} gin_trgm_ops`),
    index('mail_messages_labels_idx').using('gin', t.labelIds),
  ],
);

/** Attachments, stored once per content: storage_key is derived from the owner and the SHA-256 checksum. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Content-ID of an inline image (cid: in the HTML). */
    contentId: text('content_id'),
    isInline: boolean('is_inline').notNull().default(false),
    checksum: text('checksum').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [
    index('mail_attachments_message_idx').on(t.messageId),
    index('mail_attachments_checksum_idx').on(t.organizationId, t.userId, t.checksum),
  ],
);

/**
 * Changes made here that IMAP has not confirmed yet (flags, moves, deletes): written in the same transaction as
 * the local change, replayed by the sync job until the server takes them, so nothing is lost while it is down.
 */
export const mailPendingChanges = pgTable(
  'mail_pending_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    /** The message as it was when the change was made: folder path and UID on the server. */
    folderPath: text('folder_path').notNull(),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    messageRowId: uuid('message_row_id'),
    /** flags · move · delete (expunge) · folderDelete (a custom folder, once the moves out of it are done) */
    kind: text('kind').$type<'flags' | 'move' | 'delete' | 'folderDelete'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the server last refused it: the next retry's delay counts from here (replay-changes.ts). */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_pending_changes_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * PEC receipts (issue 16): a message of a provider with `X-Ricevuta`, stored as mail, and here what it certifies
 * about the sent message whose Message-ID it names (refers_to). The sent message's legal status is read from them.
 */
export const mailPecReceipts = pgTable(
  'mail_pec_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The receipt's own message (removing it removes this row). */
    messageRowId: uuid('message_row_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    /** The Message-ID of the sent message, `<id@host>`. */
    refersTo: text('refers_to').notNull(),
    kind: text('kind').$type<PecReceiptKind>().notNull(),
    recipient: text('recipient'),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mail_pec_receipts_refers_idx').on(t.organizationId, t.userId, t.refersTo),
    uniqueIndex('mail_pec_receipts_message_uq').on(t.messageRowId),
  ],
);

/**
 * The messages being written, kept on the server as they change (issue 16). The id is made by the composer, so a
 * save repeated after a lost answer changes the same draft. `message_id` is its copy in the Drafts folder (the
 * account's, or the local one): the mailbox lists it and the IMAP Drafts folder receives it. `revision` counts
 * the saves, `imap_revision` the last one the IMAP server holds; the sync job appends the newer ones.
 */
export const mailDrafts = pgTable(
  'mail_drafts',
  {
    id: uuid('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => mailAccounts.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    inReplyToId: uuid('in_reply_to_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    /** The composer's fields as typed: to, cc, bcc, subject, html, files and documents (TDraftContent). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** A confidential draft's content, sealed; `content` then keeps only its recipients and files. */
    sealedContent: text('sealed_content'),
    isConfidential: boolean('is_confidential').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    imapRevision: integer('imap_revision').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_drafts_owner_idx').on(t.organizationId, t.userId, t.updatedAt.desc()),
    index('mail_drafts_message_idx').on(t.messageId),
    index('mail_drafts_imap_pending_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} is not null and ${t.revision} > ${t.imapRevision}`),
  ],
);

/**
 * Files uploaded for the composer (issue 16), until the message that holds them is sent or the composer drops them.
 * A file nobody sent, and that no draft still names, is swept after UPLOAD_SWEEP.keepHours (compose-attachments.ts).
 */
export const mailUploads = pgTable(
  'mail_uploads',
  {
    id: uuid('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_uploads_created_idx').on(t.createdAt)],
);
