import type { TDocumentAttachment } from '@shared/mailbox/compose.ts';
import { parseRecipients, recipientText, type TDraft, type TDraftInput } from '@shared/mailbox/drafts.ts';
import type { TMessage } from '@shared/mailbox/contracts.ts';
import type { TMailAddress } from '@shared/mailbox/types.ts';
import { addressText } from './mailbox-format.ts';

/**
 * What the composer opens with (issue 16): a new message, or a reply, reply to all or forward of a stored one, with
 * the account it came to, the recipients, the subject with its prefix, and the original quoted below the cursor.
 */
/** A file of the message: uploaded for it, or an attachment of the forwarded message. */
export type DraftFile = {
  filename: string;
  contentType: string;
  size: number;
  uploadId?: string;
  forwardId?: string;
  /** A document of the app, made by the server when the message is sent (its size unknown until then). */
  document?: TDocumentAttachment;
};

export type ComposeDraft = {
  accountId: string | null;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  html: string;
  inReplyToId: string | null;
  attachments: DraftFile[];
  /** Its draft on the server (drafts.ts): made by the composer when absent, kept for the saves that follow. */
  draftId?: string;
  /** The server's revision of that draft this composer last saw (0 or absent: never saved). */
  serverRevision?: number;
  /** Confidential (spec §5): kept encrypted at rest in the app. */
  confidential?: boolean;
  /** The client and document it was written from: a template chosen in it is filled with their values. */
  templateContext?: { clientId?: string; invoiceId?: string; quoteId?: string };
};

/** What the composer saves on the server (PUT /mail/drafts/:id): its fields as typed and its ready files. */
export function draftBody(values: ComposeDraft, files: DraftFile[]): Omit<TDraftInput, 'revision'> {
  return {
    accountId: values.accountId,
    inReplyToId: values.inReplyToId,
    to: values.to,
    cc: values.cc,
    bcc: values.bcc,
    subject: values.subject,
    html: values.html,
    attachments: files.flatMap((f) =>
      f.uploadId
        ? [{ uploadId: f.uploadId, filename: f.filename, contentType: f.contentType, size: f.size }]
        : [],
    ),
    documents: files.flatMap((f) => (f.document ? [{ ...f.document, filename: f.filename }] : [])),
    forwardAttachmentIds: files.flatMap((f) => (f.forwardId ? [f.forwardId] : [])),
    confidential: !!values.confidential,
  };
}

/** A draft kept on the server, as the composer opens it (from the Drafts folder). */
export function draftFromServer(draft: TDraft): ComposeDraft {
  return {
    accountId: draft.accountId,
    to: draft.to,
    cc: draft.cc,
    bcc: draft.bcc,
    subject: draft.subject,
    html: draft.html,
    inReplyToId: draft.inReplyToId,
    confidential: draft.confidential,
    attachments: [
      ...draft.forwards.map((f) => ({
        forwardId: f.id,
        filename: f.filename,
        contentType: f.contentType,
        size: f.size,
      })),
      ...draft.attachments,
      ...draft.documents.map(({ filename, ...document }) => ({
        document,
        filename: filename ?? `${document.kind}.${document.format}`,
        contentType: document.format === 'pdf' ? 'application/pdf' : 'application/xml',
        size: 0,
      })),
    ],
    draftId: draft.id,
    serverRevision: draft.revision,
  };
}

export type ComposeMode = 'reply' | 'replyAll' | 'forward';

/** A new message: empty, with the account's signature under the place to write. */
export function emptyDraft(accountId: string | null, signatureHtml?: string | null): ComposeDraft {
  const html = signatureHtml ? `<p></p><p></p>${signatureHtml}` : '';
  return { accountId, to: '', cc: '', bcc: '', subject: '', html, inReplyToId: null, attachments: [] };
}

export { parseRecipients, recipientText };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The subject with its prefix once: "Re: Re: x" never grows ("R:" and "I:" are Italian clients' prefixes). */
export function prefixedSubject(subject: string, prefix: 'Re' | 'Fwd'): string {
  const pattern = prefix === 'Re' ? /^\s*(re|r|aw)\s*:\s*/i : /^\s*(fwd?|i|inoltra)\s*:\s*/i;
  return pattern.test(subject) ? subject.trim() : `${prefix}: ${subject.trim()}`;
}

/** The original below the new text: its HTML (already sanitized by the server) or its text, in a blockquote. */
function quoted(message: TMessage, intro: string): string {
  const body = message.html ?? `<p>${escapeHtml(message.text ?? '').replace(/\n/g, '<br>')}</p>`;
  return `<p></p><p>${escapeHtml(intro)}</p><blockquote>${body}</blockquote>`;
}

function unique(addresses: TMailAddress[], leaveOut: Set<string>): string {
  const seen = new Set(leaveOut);
  const kept: string[] = [];
  for (const a of addresses) {
    const key = a.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(addressText(a));
  }
  return kept.join(', ');
}

/**
 * A reply goes to the Reply-To (else the sender); reply to all adds the other recipients in Cc, the user's own
 * addresses left out; a forward has no recipient. `intro` is the translated "On {date}, {sender} wrote:" line.
 */
export function draftFrom(
  message: TMessage,
  mode: ComposeMode,
  options: { accountId: string | null; ownAddresses: string[]; intro: string; signatureHtml?: string | null },
): ComposeDraft {
  const own = new Set(options.ownAddresses.map((a) => a.toLowerCase()));
  const signature = options.signatureHtml ? `<p></p>${options.signatureHtml}` : '';
  const body = `${signature}${quoted(message, options.intro)}`;
  if (mode === 'forward') {
    return {
      ...emptyDraft(options.accountId),
      subject: prefixedSubject(message.subject, 'Fwd'),
      html: body,
      // A forward carries the original's files (not the images inside its HTML).
      attachments: message.attachments
        .filter((a) => !a.isInline)
        .map((a) => ({ forwardId: a.id, filename: a.filename, contentType: a.contentType, size: a.size })),
    };
  }
  const answerTo = message.replyTo.length > 0 ? message.replyTo : message.from ? [message.from] : [];
  // A reply to one's own sent message goes to its recipients.
  const fromSelf = message.from !== null && own.has(message.from.address.toLowerCase());
  const primary = fromSelf ? message.to : answerTo;
  const to = unique(primary, fromSelf ? new Set() : own);
  const toSet = new Set(primary.map((a) => a.address.toLowerCase()));
  const cc =
    mode === 'replyAll'
      ? unique(fromSelf ? message.cc : [...message.to, ...message.cc], new Set([...own, ...toSet]))
      : '';
  return {
    ...emptyDraft(options.accountId),
    to,
    cc,
    subject: prefixedSubject(message.subject, 'Re'),
    html: body,
    inReplyToId: message.id,
  };
}

/** Where the recipient being typed starts: after the last separator outside quotes. */
function lastTokenStart(text: string): number {
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    if ((ch === ',' || ch === ';' || ch === '\n') && !quoted) start = i + 1;
  }
  return start;
}

/** The recipient being typed at the end of a field ("a@x.it, mar" → "mar"). */
export function typedRecipient(text: string): string {
  return text.slice(lastTokenStart(text)).trim();
}

/** The field with the recipient being typed replaced by the one chosen, ready for the next ("…, "). */
export function withChosenRecipient(text: string, chosen: string): string {
  const head = text.slice(0, lastTokenStart(text)).trimEnd();
  return `${head ? `${head} ` : ''}${chosen}, `;
}
