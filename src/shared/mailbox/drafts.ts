import { z } from 'zod';
import { tooLong } from '../errors/field-messages.ts';
import {
  COMPOSE_MAX,
  MAIL_ATTACHMENTS_MAX_FILES,
  ZComposeAttachment,
  ZDocumentAttachment,
} from './compose.ts';

/**
 * Drafts kept on the server (issue 16): the composer saves what is being written as it changes (PUT
 * /api/v1/mail/drafts/:id, the id made by the composer, so a repeated save changes the same draft), its copy is
 * listed in the Drafts folder and the account's IMAP Drafts folder receives it. A draft is not a send: nothing is
 * required (an empty draft is fine), only sizes are bounded. The fields are kept as typed (recipients as one text
 * each), so the composer opens again exactly as it was left.
 */

export const DRAFT_MAX = {
  /** One recipients field as typed ("Mario <m@x.it>, b@y.it"): 500 addresses of 320 characters, and separators. */
  recipients: 200_000,
  subject: COMPOSE_MAX.subject,
  html: COMPOSE_MAX.html,
} as const;

const zRecipients = z.string().max(DRAFT_MAX.recipients, tooLong(DRAFT_MAX.recipients)).default('');

/** An uploaded file of the draft (POST /mail/uploads), with its size so that the composer shows it again. */
export const ZDraftFile = ZComposeAttachment.extend({ size: z.number().int().min(0) });
export type TDraftFile = z.infer<typeof ZDraftFile>;

/** A document of the app to attach when sent, with the name the composer showed for it. */
export const ZDraftDocument = ZDocumentAttachment.extend({ filename: z.string().max(255).optional() });
export type TDraftDocument = z.infer<typeof ZDraftDocument>;

/** The composer's fields, as stored in mail_drafts.content. */
export const ZDraftContent = z.object({
  to: zRecipients,
  cc: zRecipients,
  bcc: zRecipients,
  subject: z.string().max(DRAFT_MAX.subject, tooLong(DRAFT_MAX.subject)).default(''),
  html: z.string().max(DRAFT_MAX.html, tooLong(DRAFT_MAX.html)).default(''),
  attachments: z.array(ZDraftFile).max(MAIL_ATTACHMENTS_MAX_FILES).default([]),
  documents: z.array(ZDraftDocument).max(10).default([]),
  /** Attachments of a stored message sent along (a forward, or the files of a draft made in another client). */
  forwardAttachmentIds: z.array(z.string().uuid()).max(MAIL_ATTACHMENTS_MAX_FILES).default([]),
});
export type TDraftContent = z.output<typeof ZDraftContent>;

/** PUT /api/v1/mail/drafts/:id. */
export const ZDraftInput = ZDraftContent.extend({
  /** The connected account it will leave from; null: the organization's sender (the local Drafts folder). */
  accountId: z.string().uuid().nullable().default(null),
  inReplyToId: z.string().uuid().nullable().default(null),
  /**
   * The revision the composer last saw (0 for a draft never saved). A save made on an older revision than the
   * server's (the draft changed in another window meanwhile) is refused with MAIL_DRAFT_CHANGED, unless it is the
   * very save that made the server's revision (its answer was lost): that one answers the same again.
   */
  revision: z.number().int().min(0).default(0),
  /** Confidential (spec §5): its body is kept sealed, and it is not copied to the provider's Drafts folder. */
  confidential: z.boolean().default(false),
});
export type TDraftInput = z.input<typeof ZDraftInput>;
export type TDraftRequest = z.output<typeof ZDraftInput>;

/** What a save answers. */
export const ZDraftSaved = z.object({
  id: z.string().uuid(),
  revision: z.number().int(),
  /** Its copy in the Drafts folder. */
  messageId: z.string().uuid().nullable(),
  savedAt: z.string(),
});
export type TDraftSaved = z.infer<typeof ZDraftSaved>;

/** A forwarded attachment of the draft, named as the composer lists it. */
export const ZDraftForward = z.object({
  id: z.string().uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** GET /api/v1/mail/drafts/:id and …/by-message/:messageId. */
export const ZDraft = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid().nullable(),
  inReplyToId: z.string().uuid().nullable(),
  to: z.string(),
  cc: z.string(),
  bcc: z.string(),
  subject: z.string(),
  html: z.string(),
  attachments: z.array(ZDraftFile),
  documents: z.array(ZDraftDocument),
  /** The forwarded attachments that still exist (a file deleted meanwhile is left out). */
  forwards: z.array(ZDraftForward),
  confidential: z.boolean(),
  revision: z.number().int(),
  messageId: z.string().uuid().nullable(),
  updatedAt: z.string(),
});
export type TDraft = z.infer<typeof ZDraft>;

/** "a@x.it, Mario <m@y.it>; b@z.it" → the recipients one by one (commas inside a quoted name are kept). */
export function parseRecipients(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if ((ch === ',' || ch === ';' || ch === '\n') && !quoted) {
      if (current.trim()) out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** An address as a recipients field shows it: `Name <address>`, the name quoted when it holds a separator or quote. */
export function recipientText(s: { name: string | null; address: string }): string {
  if (!s.name?.trim()) return s.address;
  const name = s.name.trim();
  return /[",;<>@]/.test(name)
    ? `"${name.replace(/["\\]/g, '\\$&')}" <${s.address}>`
    : `${name} <${s.address}>`;
}

/** Whether two contents are the same save (a repeated request): compared field by field, in a fixed order. */
export function sameDraftContent(a: TDraftContent, b: TDraftContent): boolean {
  const key = (c: TDraftContent) =>
    JSON.stringify([
      c.to,
      c.cc,
      c.bcc,
      c.subject,
      c.html,
      c.attachments.map((f) => [f.uploadId, f.filename, f.contentType, f.size]),
      c.documents.map((d) => [d.kind, d.id, d.format, d.filename ?? null]),
      c.forwardAttachmentIds,
    ]);
  return key(a) === key(b);
}

/** How long the IMAP Drafts folder waits after the last save before it receives the draft (saves come every ~2 s). */
export const DRAFT_IMAP_QUIET_MS = 5_000;
