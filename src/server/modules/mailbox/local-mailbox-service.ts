import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import type { MailFolderRole, TIncomingMail, TMailAddress } from '@shared/mailbox/types.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { FileStore } from '../../platform/storage.ts';
import { matchClient, isFreeMailDomain } from './analysis/client-match.ts';
import { domainOf } from './analysis/domains.ts';
import { documentNumberCandidates, relatedDocumentsOf } from './analysis/related-documents.ts';
import { analyzeSecurity } from './analysis/security.ts';
import { insertAttachments } from './attachments-repository.ts';
import { ensureLocalFolders, findRoleFolder, type MailScope } from './folders-repository.ts';
import { clientContacts, documentsByNumbers } from './local-mailbox-repository.ts';
import { insertMessage, threadOfMessageIds } from './messages-repository.ts';
import { attachmentKey } from './storage-keys.ts';
import type { AnalyzeHook } from './ingest/store-message.ts';

/**
 * The local mailbox (account_id null): the app's own outgoing mail recorded in the user's Sent, and the demo
 * mailbox. A message stored here goes through the same business links as synced mail: the client it belongs to,
 * the invoices and quotes its subject names, and (for received mail) the security analysis.
 */

export type LocalAttachment = {
  filename: string;
  contentType: string;
  content: Buffer;
  contentId?: string | null;
};

export type LocalMessageInput = {
  role: MailFolderRole;
  mail: TIncomingMail;
  receivedAt: Date;
  isRead?: boolean;
  isStarred?: boolean;
  isImportant?: boolean;
  isDraft?: boolean;
  isAnswered?: boolean;
  labelIds?: string[];
  /** The contents of the attachments (mail.attachments lists them). */
  files?: LocalAttachment[];
  /** The user's own addresses, left out of the client match. */
  ownAddresses?: string[];
};

/** The business context of an organization, read once for many messages. */
export type BusinessContext = Awaited<ReturnType<typeof businessContext>>;

export async function businessContext(db: DbOrTx, orgId: string) {
  const contacts = await clientContacts(db, orgId);
  return {
    contacts,
    security: {
      clients: contacts.map((c) => ({
        name: clientDisplayName(c),
        domains: [domainOf(c.email), domainOf(c.pec)].filter(
          (d): d is string => d !== null && !isFreeMailDomain(d),
        ),
      })),
    },
  };
}

/** The first 200 characters of the text, on one line. */
export function snippetOf(text: string | null, html: string | null): string {
  const plain = text ?? sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} });
  return plain.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** The HTML of local mail, through an allow-list: no scripts, handlers, forms, frames or styles that escape. */
export function safeHtml(html: string | null): string | null {
  if (!html) return null;
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'a').concat(['a', 'img']),
    allowedAttributes: { a: ['href', 'title'], img: ['alt', 'width', 'height'], '*': [] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // Remote images are never loaded by local mail: img keeps no src.
  });
}

const addressText = (mail: TIncomingMail) =>
  [mail.from, ...mail.to, ...mail.cc, ...mail.bcc, ...mail.replyTo]
    .filter((a): a is TMailAddress => a !== null)
    .map((a) => a.address.toLowerCase())
    .join(' ');

/** Stores one message in the user's local folder of that role (made if missing); returns its id. */
export async function storeLocalMessage(
  deps: { db: DbOrTx; files: FileStore | null },
  scope: MailScope,
  input: LocalMessageInput,
  context?: BusinessContext,
): Promise<string> {
  const { db } = deps;
  const { mail } = input;
  await ensureLocalFolders(db, scope);
  const folder = await findRoleFolder(db, scope, null, input.role);
  if (!folder) throw new Error(`local folder ${input.role} missing`);
  const business = context ?? (await businessContext(db, scope.orgId));
  const outgoing = input.role === 'sent' || input.role === 'drafts';
  const own = new Set((input.ownAddresses ?? []).map((a) => a.toLowerCase()));
  const candidates = (outgoing ? [...mail.to, ...mail.cc] : [mail.from, ...mail.to, ...mail.cc])
    .filter((a): a is TMailAddress => a !== null)
    .map((a) => a.address)
    .filter((a) => !own.has(a.toLowerCase()));
  const clientId = matchClient(candidates, business.contacts);
  const numbers = documentNumberCandidates(mail.subject);
  const relatedDocuments = relatedDocumentsOf(
    mail.subject,
    await documentsByNumbers(db, scope.orgId, numbers),
  );
  const references = [...mail.references, ...(mail.inReplyTo ? [mail.inReplyTo] : [])];
  const threadId =
    (await threadOfMessageIds(db, scope, references)) ??
    mail.references[0] ??
    mail.inReplyTo ??
    mail.messageId ??
    `<local.${createHash('sha256').update(`${mail.subject}${input.receivedAt.toISOString()}`).digest('hex').slice(0, 24)}>`;
  const html = safeHtml(mail.html);
  const id = await insertMessage(db, scope, {
    folderId: folder.id,
    accountId: null,
    uid: null,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    threadId,
    subject: mail.subject,
    snippet: snippetOf(mail.text, html),
    fromName: mail.from?.name ?? null,
    fromAddress: mail.from?.address ?? null,
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    replyTo: mail.replyTo,
    addressText: addressText(mail),
    textBody: mail.text,
    htmlBody: html,
    hasRemoteImages: false,
    hasAttachments: mail.attachments.some((a) => !a.isInline),
    attachmentNames: mail.attachments.map((a) => a.filename).join(' '),
    isRead: input.isRead ?? outgoing,
    isStarred: input.isStarred ?? false,
    isImportant: input.isImportant ?? false,
    isDraft: input.isDraft ?? input.role === 'drafts',
    isAnswered: input.isAnswered ?? false,
    labelIds: input.labelIds ?? [],
    clientId,
    clientLink: clientId ? 'auto' : null,
    relatedDocuments,
    securityAnalysis: outgoing ? null : analyzeSecurity(mail, business.security),
    size: (mail.text?.length ?? 0) + (html?.length ?? 0) + mail.attachments.reduce((s, a) => s + a.size, 0),
    sentAt: mail.sentAt,
    receivedAt: input.receivedAt,
  });
  const files = input.files ?? [];
  if (files.length && deps.files) {
    const rows = [];
    for (const file of files) {
      const checksum = createHash('sha256').update(file.content).digest('hex');
      const storageKey = attachmentKey(scope, checksum);
      await deps.files.put(storageKey, file.content);
      rows.push({
        messageId: id,
        filename: file.filename,
        contentType: file.contentType,
        size: file.content.length,
        contentId: file.contentId ?? null,
        isInline: false,
        checksum,
        storageKey,
      });
    }
    await insertAttachments(db, scope, rows);
  }
  return id;
}

/** What the outbox hands over when it stores a message the app sends on a user's behalf. */
export type AppSentMail = {
  outboxId: string;
  organizationId: string;
  userId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  sentAt: Date;
};

function parseAddress(value: string): TMailAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return match
    ? { name: match[1]!.trim() || null, address: match[2]!.trim() }
    : { name: null, address: value.trim() };
}

/** The app's own outgoing mail (quotes, invoices, reminders…) in the sender's local Sent. */
export async function recordAppSentMail(
  deps: { db: DbOrTx; files: FileStore },
  sent: AppSentMail,
): Promise<string> {
  const messageId = `<outbox.${sent.outboxId}@gestionale>`;
  return storeLocalMessage(
    deps,
    { orgId: sent.organizationId, userId: sent.userId },
    {
      role: 'sent',
      receivedAt: sent.sentAt,
      mail: {
        messageId,
        inReplyTo: null,
        references: [],
        subject: sent.subject,
        from: parseAddress(sent.from),
        to: sent.to.map(parseAddress),
        cc: [],
        bcc: [],
        replyTo: [],
        sentAt: sent.sentAt,
        text: sent.text,
        html: sent.html,
        links: [],
        headers: {},
        attachments: sent.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
          isInline: false,
          contentId: null,
        })),
      },
      files: sent.attachments,
    },
  );
}

/** How long a sync reuses an organization's clients for the analysis: a sync stores many messages at once. */
const CONTEXT_TTL_MS = 60_000;

/**
 * The business links and the security analysis of synced mail (the ingest's `analyze` hook): the same as local
 * mail gets. The organization's clients are read once a minute, not once per message.
 */
export function createMailAnalyzer(ttlMs = CONTEXT_TTL_MS): AnalyzeHook {
  const cache = new Map<string, { at: number; context: BusinessContext }>();
  return async (mail, { orgId, db }) => {
    let entry = cache.get(orgId);
    if (!entry || Date.now() - entry.at > ttlMs) {
      entry = { at: Date.now(), context: await businessContext(db, orgId) };
      cache.set(orgId, entry);
    }
    const { context } = entry;
    const addresses = [mail.from, ...mail.to, ...mail.cc]
      .filter((a): a is TMailAddress => a !== null)
      .map((a) => a.address);
    const numbers = documentNumberCandidates(mail.subject);
    return {
      clientId: matchClient(addresses, context.contacts),
      relatedDocuments: relatedDocumentsOf(mail.subject, await documentsByNumbers(db, orgId, numbers)),
      securityAnalysis: analyzeSecurity(mail, context.security),
    };
  };
}
