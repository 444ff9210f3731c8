import type { TDocumentAttachment } from '@shared/mailbox/compose.ts';
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
};

export type ComposeMode = 'reply' | 'replyAll' | 'forward';

/** A new message: empty, with the account's signature under the place to write. */
export function emptyDraft(accountId: string | null, signatureHtml?: string | null): ComposeDraft {
  const html = signatureHtml ? `<p></p><p></p>${signatureHtml}` : '';
  return { accountId, to: '', cc: '', bcc: '', subject: '', html, inReplyToId: null, attachments: [] };
}

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

/** A suggestion as the field writes it: `Name <address>`, the name quoted when it holds a separator or quote. */
export function recipientText(s: { name: string | null; address: string }): string {
  if (!s.name?.trim()) return s.address;
  const name = s.name.trim();
  return /[",;<>@]/.test(name)
    ? `"${name.replace(/["\\]/g, '\\$&')}" <${s.address}>`
    : `${name} <${s.address}>`;
}

/** The field with the recipient being typed replaced by the one chosen, ready for the next ("…, "). */
export function withChosenRecipient(text: string, chosen: string): string {
  const head = text.slice(0, lastTokenStart(text)).trimEnd();
  return `${head ? `${head} ` : ''}${chosen}, `;
}
