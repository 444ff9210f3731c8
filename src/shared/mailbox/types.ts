/**
 * The mail client's core types (issue 15), shared by the store's schema (src/server/db/schema/mailbox.ts), the
 * server and the web. Request and answer contracts live beside this file, one per area (accounts, messages, …).
 */

/** How a connection is secured: implicit TLS, STARTTLS, or none (allowed only for a host on the same machine). */
export const MAIL_SECURITIES = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITIES)[number];

/** The spec's system folders (§2) that map to IMAP special-use folders; Starred is a view, not a folder. */
export const MAIL_FOLDER_ROLES = ['inbox', 'sent', 'drafts', 'trash', 'spam', 'archive'] as const;
export type MailFolderRole = (typeof MAIL_FOLDER_ROLES)[number];

/** Spec §4: sync status. */
export const MAIL_SYNC_STATUSES = ['idle', 'syncing', 'error'] as const;
export type MailSyncStatus = (typeof MAIL_SYNC_STATUSES)[number];

/** Spec §9 mailbox constants. */
export const MAIL_PAGE_SIZE = 50;
export const DEFAULT_SYNC_INTERVAL_MINUTES = 5;
export const DEFAULT_IMAP_PORTS = { tls: 993, starttls: 143, none: 143 } as const;
export const DEFAULT_SMTP_PORT = 587;

export type TMailAddress = { name: string | null; address: string };

/** First sync and backfill: messages stored so far against the total the server reported. */
export type TMailProgress = { phase: 'inbox' | 'backfill' | 'done'; stored: number; total: number };

/** Spec §3 relatedDocuments: an invoice or quote mentioned by the message. */
export type TRelatedDocument = { type: 'invoice' | 'quote'; id: string; number: string };

/** Spec §5 and §9 security analysis, plus the receiving server's SPF/DKIM/DMARC verdicts. */
export type TMailSecurityAnalysis = {
  riskScore: number;
  recommendation: 'safe' | 'low' | 'medium' | 'high';
  /** Catalogue keys of the reasons, with their severity. */
  indicators: { key: string; severity: 'low' | 'medium' | 'high'; detail?: string }[];
  authentication: { spf: string | null; dkim: string | null; dmarc: string | null };
};

/**
 * A message as the ingest hands it to the rest of the mail store, after MIME parsing and HTML sanitizing: what the
 * security analysis, the client match and the related-documents finder read.
 */
export type TIncomingMail = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: TMailAddress | null;
  to: TMailAddress[];
  cc: TMailAddress[];
  bcc: TMailAddress[];
  replyTo: TMailAddress[];
  sentAt: Date | null;
  text: string | null;
  /** Sanitized by the server's allow-list (remote images blocked, links kept). */
  html: string | null;
  /** The links of the original HTML and text (href targets), for the phishing checks. */
  links: string[];
  /** Header values by lower-case name (Authentication-Results, Received-SPF, List-Unsubscribe…). */
  headers: Record<string, string[]>;
  attachments: {
    filename: string;
    contentType: string;
    size: number;
    isInline: boolean;
    contentId: string | null;
  }[];
  /** A certified message (PEC): the original the provider's envelope carried, shown as itself (issue 16). */
  certified: boolean;
};
