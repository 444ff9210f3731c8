import { randomUUID } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { TIncomingMail, TMailAddress } from '@shared/mailbox/types.ts';
import { sanitizeMailHtml } from './html-sanitize.ts';

/**
 * MIME parsing of one raw message (issue 15) with mailparser: charsets, encoded words, multipart/alternative,
 * inline cid: images, attachments (text/calendar parts and winmail.dat included, listed as attachments). Whatever
 * the input, it answers: malformed MIME, wrong charsets or a parser failure give what could be read, never a throw.
 */

/** Where the mailbox-api branch serves an inline image (cid: references in the HTML point here). */
export const inlineAttachmentUrl = (attachmentId: string) =>
  `/api/v1/mail/attachments/${attachmentId}?inline=1`;

export const SNIPPET_LENGTH = 200;
/** Bodies past these are cut before storing (the raw message keeps everything). */
const MAX_TEXT_CHARS = 1_000_000;
const MAX_HTML_CHARS = 2_000_000;
const MAX_HEADER_VALUES = 50;
const MAX_HEADER_CHARS = 4_000;

export type ParsedAttachment = TIncomingMail['attachments'][number] & {
  /** The mail_attachments row id, chosen here so the sanitized HTML can point at it. */
  id: string;
  content: Buffer;
  /** SHA-256 of the content, hex. */
  checksum: string;
};

export type ParsedMessage = {
  mail: TIncomingMail;
  attachments: ParsedAttachment[];
  snippet: string;
  hasRemoteImages: boolean;
  size: number;
};

/** PostgreSQL text and jsonb take no NUL character; a hostile or UTF-16 message may carry some. */
export function clean(text: string): string {
  return text.includes('\u0000') ? text.split('\u0000').join('') : text;
}

function addresses(value: AddressObject | AddressObject[] | undefined): TMailAddress[] {
  if (!value) return [];
  const out: TMailAddress[] = [];
  const walk = (list: { name?: string; address?: string; group?: unknown[] }[]) => {
    for (const entry of list) {
      if (entry.group) walk(entry.group as typeof list);
      else if (entry.address)
        out.push({
          name: entry.name ? clean(entry.name).slice(0, 300) : null,
          address: clean(entry.address).slice(0, 320),
        });
    }
  };
  for (const obj of Array.isArray(value) ? value : [value]) walk(obj.value ?? []);
  return out;
}

function messageIds(value: string | string[] | undefined): string[] {
  if (!value) return [];
  const joined = clean(Array.isArray(value) ? value.join(' ') : value);
  const bracketed = joined.match(/<[^<>\s]+>/g);
  const ids =
    bracketed ??
    joined
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => `<${id.replace(/^<|>$/g, '')}>`);
  return [...new Set(ids.map((id) => id.slice(0, 500)))].slice(0, 100);
}

function headerRecord(lines: ParsedMail['headerLines']): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { key, line } of lines ?? []) {
    const name = key.toLowerCase();
    const list = (out[name] ??= []);
    if (list.length >= MAX_HEADER_VALUES) continue;
    const colon = line.indexOf(':');
    list.push(
      clean(
        line
          .slice(colon + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      ).slice(0, MAX_HEADER_CHARS),
    );
  }
  return out;
}

const TEXT_LINK = /\bhttps?:\/\/[^\s<>"')\]]+/gi;

function defaultName(contentType: string, n: number): string {
  if (contentType === 'text/calendar') return 'invite.ics';
  if (contentType === 'message/rfc822') return `message-${n}.eml`;
  if (contentType === 'application/ms-tnef') return 'winmail.dat';
  const sub = contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
  return `attachment-${n}.${sub.slice(0, 10)}`;
}

export function snippetOf(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
}

function validDate(date: Date | undefined): Date | null {
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * A certified message (PEC, DM 2/11/2005) arrives in the provider's envelope (`X-Trasporto: posta-certificata`,
 * from "Per conto di: sender" <posta-certificata@provider>) with the original as its postacert.eml part: it is
 * read as that original (its sender, subject, date, body and files), marked certified, with the provider's
 * certified data (daticert.xml, and the envelope's signature) kept among its files and the envelope's headers
 * kept for the security checks. A receipt (X-Ricevuta) is not an envelope: it stays as it is.
 */
export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  const outer = await readMessage(raw);
  const headers = outer.mail.headers;
  if (headers['x-trasporto']?.[0]?.trim().toLowerCase() !== 'posta-certificata' || headers['x-ricevuta']?.[0])
    return outer;
  const original = envelopedOriginal(raw);
  if (!original) return outer;
  const inner = await readMessage(original);
  if (!inner.mail.from && !inner.mail.subject) return outer;
  const certifiedData = outer.attachments.filter((a) => /^(daticert\.xml|smime\.p7s)$/i.test(a.filename));
  const attachments = [...inner.attachments, ...certifiedData];
  return {
    ...inner,
    attachments,
    size: raw.length,
    mail: {
      ...inner.mail,
      certified: true,
      headers: { ...inner.mail.headers, ...outer.mail.headers },
      attachments: attachments.map(({ filename, contentType, size, isInline, contentId }) => ({
        filename,
        contentType,
        size,
        isInline,
        contentId,
      })),
    },
  };
}

/**
 * The postacert.eml part of a certified envelope: the first message/rfc822 part of the top-level multipart, its
 * transfer encoding undone. Null when there is none.
 */
export function envelopedOriginal(raw: Buffer): Buffer | null {
  const text = raw.toString('latin1');
  const headEnd = text.search(/\r?\n\r?\n/);
  if (headEnd < 0) return null;
  const head = text.slice(0, headEnd).replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /^content-type:[^\n]*boundary="?([^";\r\n]+)"?/im.exec(head)?.[1];
  if (!boundary) return null;
  const parts = text.slice(headEnd).split(`--${boundary}`);
  for (const part of parts.slice(1)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const partHead = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/^\s*content-type:\s*message\/rfc822/im.test(partHead)) continue;
    const body = part
      .slice(split)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    const encoding = /^\s*content-transfer-encoding:\s*([\w-]+)/im.exec(partHead)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    if (encoding === 'quoted-printable') return null; // not used for messages (RFC 2046 §5.2.1)
    return Buffer.from(body, 'latin1');
  }
  return null;
}

async function readMessage(raw: Buffer): Promise<ParsedMessage> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, {
      keepCidLinks: true,
      checksumAlgo: 'sha256',
      skipTextToHtml: true,
      skipImageLinks: true,
      maxHtmlLengthToParse: MAX_HTML_CHARS,
    });
  } catch {
    return unreadable(raw);
  }

  const attachments: ParsedAttachment[] = (parsed.attachments ?? []).map((a, i) => {
    const contentType = (a.contentType || 'application/octet-stream').toLowerCase().slice(0, 200);
    const contentId = a.cid ?? (a.contentId ? a.contentId.replace(/^<|>$/g, '') : null);
    return {
      id: randomUUID(),
      filename: clean(a.filename?.trim() || defaultName(contentType, i + 1)).slice(0, 255),
      contentType,
      size: a.size ?? a.content.length,
      isInline: !!contentId && (a.related === true || a.contentDisposition === 'inline'),
      contentId: contentId ? clean(contentId).slice(0, 500) : null,
      content: a.content,
      checksum: a.checksum,
    };
  });
  const byCid = new Map(attachments.filter((a) => a.contentId).map((a) => [a.contentId!, a.id]));

  const text = typeof parsed.text === 'string' ? clean(parsed.text).slice(0, MAX_TEXT_CHARS) : null;
  let html: string | null = null;
  let hasRemoteImages = false;
  const links: string[] = [];
  if (typeof parsed.html === 'string' && parsed.html.trim()) {
    const result = sanitizeMailHtml(clean(parsed.html).slice(0, MAX_HTML_CHARS), {
      cidUrl: (cid) => {
        const id = byCid.get(cid);
        return id ? inlineAttachmentUrl(id) : null;
      },
    });
    html = result.html;
    hasRemoteImages = result.hasRemoteImages;
    links.push(...result.links);
  }
  for (const match of (text ?? '').slice(0, 200_000).matchAll(TEXT_LINK)) links.push(match[0]);

  const from = addresses(parsed.from)[0] ?? null;
  const mail: TIncomingMail = {
    messageId: messageIds(parsed.messageId)[0] ?? null,
    inReplyTo: messageIds(parsed.inReplyTo)[0] ?? null,
    references: messageIds(parsed.references),
    subject: clean(parsed.subject ?? '').slice(0, 1000),
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    bcc: addresses(parsed.bcc),
    replyTo: addresses(parsed.replyTo),
    sentAt: validDate(parsed.date),
    text,
    html,
    links: [...new Set(links.map((l) => clean(l).slice(0, 2000)))].slice(0, 500),
    headers: headerRecord(parsed.headerLines),
    attachments: attachments.map(({ filename, contentType, size, isInline, contentId }) => ({
      filename,
      contentType,
      size,
      isInline,
      contentId,
    })),
    certified: false,
  };
  return { mail, attachments, snippet: snippetOf(text), hasRemoteImages, size: raw.length };
}

/** What can be said of a message the parser gave up on: its headers as plain text, its body as text. */
function unreadable(raw: Buffer): ParsedMessage {
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  const split = head.search(/\r?\n\r?\n/);
  const headers = split >= 0 ? head.slice(0, split) : head;
  const subject = /^subject:[ \t]*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const text = clean(raw.subarray(split >= 0 ? split : 0, MAX_TEXT_CHARS).toString('utf8'));
  const mail: TIncomingMail = {
    messageId: null,
    inReplyTo: null,
    references: [],
    subject: clean(subject).slice(0, 1000),
    from: null,
    to: [],
    cc: [],
    bcc: [],
    replyTo: [],
    sentAt: null,
    text,
    html: null,
    links: [],
    headers: {},
    attachments: [],
    certified: false,
  };
  return { mail, attachments: [], snippet: snippetOf(text), hasRemoteImages: false, size: raw.length };
}
