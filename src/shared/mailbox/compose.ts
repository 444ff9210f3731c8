import { z } from 'zod';
import { isSimpleEmail } from '../business-profile/profile-rules.ts';
import { tooLong, withParams } from '../errors/field-messages.ts';
import type { FieldKey } from '../i18n/catalogue.ts';
import { ZMailDelivery } from '../mail/outbox.ts';

/**
 * Composing and sending (issue 16, spec §5 "Sending an email"), shared by POST /api/v1/mail/send and the composer.
 * The shape is checked by the schema (VALIDATION_ERROR); the spec's rules by `composeIssues`, which the server
 * answers with INVALID_EMAIL_DATA ("Invalid email data") and the list, and the composer shows under each field.
 * Messages are keys of the `fields` catalogue, section `compose`.
 */

export type ComposeMessageKey = Extract<FieldKey, `compose.${string}`>;

export const COMPOSE_MAX = {
  /** To, Cc and Bcc together (issue 15 parses messages of 500 recipients; we send no more). */
  recipients: 500,
  address: 320,
  subject: 998,
  html: 2_000_000,
  text: 1_000_000,
} as const;

/** "Undo send" (issue 16): the seconds during which nothing has left the server; the user may choose 0 to 30. */
export const UNDO_SEND = { defaultSeconds: 10, maxSeconds: 30 } as const;
/** The attachments of one message, in all (issue 16: 25 MB, what most providers accept). */
export const MAIL_ATTACHMENTS_MAX_BYTES = 25 * 1024 * 1024;
/** At most this many files on one message. */
export const MAIL_ATTACHMENTS_MAX_FILES = 50;

/** A file uploaded for the composer (POST /mail/uploads), named again when the message is sent. */
export const ZComposeAttachment = z.object({
  uploadId: z.string().uuid(),
  filename: z.string().trim().min(1).max(255),
  contentType: z
    .string()
    .max(200)
    .regex(/^[\w.+-]+\/[\w.+-]+$/)
    .catch('application/octet-stream'),
});
export type TComposeAttachment = z.infer<typeof ZComposeAttachment>;

export const ZUploadResult = z.object({ uploadId: z.string(), size: z.number().int() });
export type TUploadResult = z.infer<typeof ZUploadResult>;

/** "Undo": the message is gone, its files uploaded again for the composer that reopens. */
export const ZCancelResult = z.object({
  attachments: z.array(ZComposeAttachment.extend({ size: z.number().int() })),
});
export type TCancelResult = z.infer<typeof ZCancelResult>;

/** A message may be scheduled up to a year ahead. */
export const SCHEDULE_MAX_DAYS = 366;

const zAddresses = z
  .array(z.string().max(COMPOSE_MAX.address, tooLong(COMPOSE_MAX.address)))
  .max(1000)
  .default([]);

/** A document of the app to attach (issue 16): made when the message is sent, as the document reads then. */
export const ZDocumentAttachment = z.object({
  kind: z.enum(['invoice', 'quote']),
  id: z.string().uuid(),
  format: z.enum(['pdf', 'xml']),
});
export type TDocumentAttachment = z.infer<typeof ZDocumentAttachment>;

export const ZComposeInput = z.object({
  /** The connected account it leaves from; null: the organization's sender (the app's own mail settings). */
  accountId: z.string().uuid().nullable(),
  to: zAddresses,
  cc: zAddresses,
  bcc: zAddresses,
  subject: z.string().max(COMPOSE_MAX.subject, tooLong(COMPOSE_MAX.subject)).default(''),
  html: z.string().max(COMPOSE_MAX.html, tooLong(COMPOSE_MAX.html)).nullish(),
  text: z.string().max(COMPOSE_MAX.text, tooLong(COMPOSE_MAX.text)).nullish(),
  /** The stored message this answers (reply, reply all): its Message-ID goes in In-Reply-To and References. */
  inReplyToId: z.string().uuid().nullish(),
  /** Scheduled send: a day and a time in the organization's time zone; null or absent sends now. */
  sendAt: z
    .object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      time: z.string().regex(/^\d{2}:\d{2}$/),
    })
    .nullish(),
  /** Files uploaded for this message. */
  attachments: z.array(ZComposeAttachment).max(MAIL_ATTACHMENTS_MAX_FILES).default([]),
  /** Documents of the app attached as files: an invoice's PDF or FatturaPA XML, a quote's PDF. */
  documents: z.array(ZDocumentAttachment).max(10).default([]),
  /** Attachments of a stored message (a forward) sent along, by their ids. */
  forwardAttachmentIds: z.array(z.string().uuid()).max(MAIL_ATTACHMENTS_MAX_FILES).default([]),
  /** Sent now: how many seconds it waits first, so that "Undo" can still stop it. */
  undoSeconds: z.number().int().min(0).max(UNDO_SEND.maxSeconds).default(UNDO_SEND.defaultSeconds),
  /** The draft kept on the server for this message (drafts.ts): it and its copy in Drafts go when it is queued. */
  draftId: z.string().uuid().nullish(),
  /** Confidential (spec §5): its content is kept encrypted at rest here; the recipients get it as usual. */
  confidential: z.boolean().default(false),
  /**
   * Spec §5: a template given by id, rendered with the variables of the client, invoice or quote named, replaces
   * the subject and the content (an own template of the sender's, or a system one by its key).
   */
  template: z
    .object({
      id: z.string().min(1).max(64),
      language: z.enum(['it', 'en']).optional(),
      clientId: z.string().uuid().optional(),
      invoiceId: z.string().uuid().optional(),
      quoteId: z.string().uuid().optional(),
    })
    .nullish(),
});
export type TComposeInput = z.input<typeof ZComposeInput>;
export type TComposeRequest = z.output<typeof ZComposeInput>;

export const ZComposeResult = z.object({
  /** The copy in the sender's Sent folder. */
  messageId: z.string(),
  delivery: ZMailDelivery,
});
export type TComposeResult = z.infer<typeof ZComposeResult>;

export type ComposeIssue = { path: 'to' | 'cc' | 'bcc' | 'subject' | 'content' | 'sendAt'; message: string };

export const ZRescheduleInput = z.object({ sendAt: ZComposeInput.shape.sendAt.unwrap().unwrap() });
export type TRescheduleInput = z.infer<typeof ZRescheduleInput>;

/** A scheduled time must be ahead, and within SCHEDULE_MAX_DAYS. */
export function sendAtIssue(at: Date, now: Date = new Date()): ComposeIssue | null {
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
    return { path: 'sendAt', message: 'compose.sendAtPast' satisfies ComposeMessageKey };
  }
  if (at.getTime() - now.getTime() > SCHEDULE_MAX_DAYS * 86_400_000) {
    return {
      path: 'sendAt',
      message: withParams('compose.sendAtTooFar' satisfies ComposeMessageKey, { days: SCHEDULE_MAX_DAYS }),
    };
  }
  return null;
}

/** The address inside "Name <address>", or the text itself, trimmed. */
export function recipientAddress(value: string): string {
  return (/<([^<>]*)>\s*$/.exec(value)?.[1] ?? value).trim();
}

/** HTML with something a reader would see: text, or an image. */
function hasVisibleHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return (
    html
      .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/**
 * Spec §5, in its order: a recipient, each recipient a simple address, a subject, html or text content. Cc and Bcc
 * are optional, but what is there must be an address.
 */
export function composeIssues(input: {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html?: string | null;
  text?: string | null;
}): ComposeIssue[] {
  const issues: ComposeIssue[] = [];
  const key = (k: ComposeMessageKey) => k;
  const to = input.to.map((a) => a.trim()).filter(Boolean);
  if (to.length === 0) issues.push({ path: 'to', message: key('compose.recipientRequired') });
  for (const field of ['to', 'cc', 'bcc'] as const) {
    const list = (input[field] ?? []).map((a) => a.trim()).filter(Boolean);
    if (list.some((a) => !isSimpleEmail(recipientAddress(a)))) {
      issues.push({ path: field, message: key('compose.recipientInvalid') });
    }
  }
  const count = [...input.to, ...(input.cc ?? []), ...(input.bcc ?? [])].filter((a) => a.trim()).length;
  if (count > COMPOSE_MAX.recipients) {
    issues.push({
      path: 'to',
      message: withParams(key('compose.tooManyRecipients'), { max: COMPOSE_MAX.recipients }),
    });
  }
  if (!input.subject.trim()) issues.push({ path: 'subject', message: key('compose.subjectRequired') });
  if (!input.text?.trim() && !(input.html && hasVisibleHtml(input.html))) {
    issues.push({ path: 'content', message: key('compose.contentRequired') });
  }
  return issues;
}

/** A recipient the composer suggests (issue 16): a client of the organization, or someone the user wrote with. */
export const ZRecipientSuggestion = z.object({
  name: z.string().nullable(),
  address: z.string(),
  source: z.enum(['client', 'correspondent']),
});
export type TRecipientSuggestion = z.infer<typeof ZRecipientSuggestion>;
export const ZRecipientQuery = z.object({ q: z.string().trim().max(200).default('') });
/** Suggestions start at this many characters typed. */
export const RECIPIENT_QUERY_MIN = 2;
export const RECIPIENT_SUGGESTIONS_MAX = 8;
