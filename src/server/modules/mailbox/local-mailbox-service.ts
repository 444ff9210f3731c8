import { createHash, randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import type { MailFolderRole, TIncomingMail, TMailAddress } from '@shared/mailbox/types.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { FileStore } from '../../platform/storage.ts';
import type { Db } from '../../platform/db.ts';
import type { SealedBox } from '../../platform/sealed-box.ts';
import { confidentialStore, type ConfidentialStore } from './confidential.ts';
import { matchClient, isFreeMailDomain } from './analysis/client-match.ts';
import { domainOf } from './analysis/domains.ts';
import { documentNumberCandidates, relatedDocumentsOf } from './analysis/related-documents.ts';
import { analyzeSecurity } from './analysis/security.ts';
import { ensureLocalFolders, findRoleFolder, type MailScope } from './folders-repository.ts';
import { clientContacts, documentsByNumbers } from './local-mailbox-repository.ts';
import type { ParsedMessage } from './ingest/parse-message.ts';
import { storeMessage, type AnalyzeHook, type MailAnalysis } from './ingest/store-message.ts';
import { imapFlags } from './sync/flags.ts';

/**
 * The local mailbox (account_id null): the app's own outgoing mail recorded in the user's Sent, and the demo
 * mailbox. A message stored here is stored as synced mail is (ingest/store-message.ts) and gets the same business
 * links: the client it belongs to, the invoices and quotes its subject names, and (for received mail) the security
 * analysis.
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
  /** Stored confidential: its content sealed (confidential.ts). */
  confidential?: ConfidentialStore | null;
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

/**
 * The parsed form of a local message, as the ingest's parser gives a synced one: its HTML through safeHtml, its
 * snippet, and the attachments whose content is given (mail.attachments lists them all).
 */
function localParsed(mail: TIncomingMail, files: LocalAttachment[]): ParsedMessage {
  const html = safeHtml(mail.html);
  return {
    mail: { ...mail, html },
    snippet: snippetOf(mail.text, html),
    hasRemoteImages: false,
    size: (mail.text?.length ?? 0) + (html?.length ?? 0) + mail.attachments.reduce((s, a) => s + a.size, 0),
    attachments: files.map((file) => ({
      id: randomUUID(),
      filename: file.filename,
      contentType: file.contentType,
      size: file.content.length,
      isInline: false,
      contentId: file.contentId ?? null,
      content: file.content,
      checksum: createHash('sha256').update(file.content).digest('hex'),
    })),
  };
}

/** Stores one message in the user's local folder of that role (made if missing); returns its id. */
export async function storeLocalMessage(
  deps: { db: DbOrTx; files: FileStore | null },
  scope: MailScope,
  input: LocalMessageInput,
  context?: BusinessContext,
): Promise<string> {
  const { db } = deps;
  await ensureLocalFolders(db, scope);
  const folder = await findRoleFolder(db, scope, null, input.role);
  if (!folder) throw new Error(`local folder ${input.role} missing`);
  const business = context ?? (await businessContext(db, scope.orgId));
  const outgoing = input.role === 'sent' || input.role === 'drafts';
  const analyze: AnalyzeHook = (mail, { orgId }) =>
    analyzeMail(business, db, orgId, mail, { outgoing, ownAddresses: input.ownAddresses });
  const row = await storeMessage(
    { db, files: deps.files, analyze },
    {
      scope,
      folder: { id: folder.id, accountId: null },
      parsed: localParsed(input.mail, deps.files ? (input.files ?? []) : []),
      flags: imapFlags({
        isRead: input.isRead ?? outgoing,
        isStarred: input.isStarred,
        isImportant: input.isImportant,
        isDraft: input.isDraft ?? input.role === 'drafts',
        isAnswered: input.isAnswered,
      }),
      labelIds: input.labelIds,
      uid: null,
      receivedAt: input.receivedAt,
      confidential: input.confidential,
    },
  );
  return row.id;
}

/** What the outbox hands over when it stores a message the app sends on a user's behalf. */
export type AppSentMail = {
  outboxId: string;
  organizationId: string;
  userId: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  sentAt: Date;
  confidential?: boolean;
};

/** A header's value whatever its case ("In-Reply-To", "in-reply-to"). */
function headerOf(headers: Record<string, string>, name: string): string | null {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? headers[key]!.trim() || null : null;
}

function parseAddress(value: string): TMailAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return match
    ? { name: match[1]!.trim() || null, address: match[2]!.trim() }
    : { name: null, address: value.trim() };
}

/** The app's own outgoing mail (quotes, invoices, reminders…) in the sender's local Sent. */
export async function recordAppSentMail(
  deps: { db: Db; files: FileStore; mailContent?: SealedBox },
  sent: AppSentMail,
): Promise<string> {
  const messageId = `<outbox.${sent.outboxId}@gestionale>`;
  const scope = { orgId: sent.organizationId, userId: sent.userId };
  return storeLocalMessage(deps, scope, {
    confidential: sent.confidential ? confidentialStore(deps, scope) : null,
    role: 'sent',
    receivedAt: sent.sentAt,
    mail: {
      certified: false,
      messageId,
      inReplyTo: headerOf(sent.headers, 'in-reply-to'),
      references: (headerOf(sent.headers, 'references') ?? '').split(/\s+/).filter(Boolean),
      subject: sent.subject,
      from: parseAddress(sent.from),
      to: sent.to.map(parseAddress),
      cc: sent.cc.map(parseAddress),
      bcc: sent.bcc.map(parseAddress),
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
  });
}

/** The business links of mail the user sends: the client matched on the recipients, no security analysis. */
export async function outgoingAnalyzer(
  db: DbOrTx,
  orgId: string,
  ownAddresses: string[],
): Promise<AnalyzeHook> {
  const business = await businessContext(db, orgId);
  return (mail, context) => analyzeMail(business, context.db, orgId, mail, { outgoing: true, ownAddresses });
}

/** How long a sync reuses an organization's clients for the analysis: a sync stores many messages at once. */
const CONTEXT_TTL_MS = 60_000;

/**
 * The business links and the security analysis of a message: the client it belongs to (matched on its addresses,
 * the user's own left out; on the recipients only for outgoing mail), the invoices and quotes its subject names,
 * and for received mail the security analysis.
 */
async function analyzeMail(
  context: BusinessContext,
  db: DbOrTx,
  orgId: string,
  mail: TIncomingMail,
  options: { outgoing?: boolean; ownAddresses?: string[] } = {},
): Promise<MailAnalysis> {
  const own = new Set((options.ownAddresses ?? []).map((a) => a.toLowerCase()));
  const addresses = (options.outgoing ? [...mail.to, ...mail.cc] : [mail.from, ...mail.to, ...mail.cc])
    .filter((a): a is TMailAddress => a !== null)
    .map((a) => a.address)
    .filter((a) => !own.has(a.toLowerCase()));
  const numbers = documentNumberCandidates(mail.subject);
  return {
    clientId: matchClient(addresses, context.contacts),
    relatedDocuments: relatedDocumentsOf(mail.subject, await documentsByNumbers(db, orgId, numbers)),
    securityAnalysis: options.outgoing ? null : analyzeSecurity(mail, context.security),
  };
}

/**
 * The analysis of synced mail (the ingest's `analyze` hook): the same as local mail gets. The organization's
 * clients are read once a minute, not once per message.
 */
export function createMailAnalyzer(ttlMs = CONTEXT_TTL_MS): AnalyzeHook {
  const cache = new Map<string, { at: number; context: BusinessContext }>();
  return async (mail, { orgId, db }) => {
    let entry = cache.get(orgId);
    if (!entry || Date.now() - entry.at > ttlMs) {
      entry = { at: Date.now(), context: await businessContext(db, orgId) };
      cache.set(orgId, entry);
    }
    return analyzeMail(entry.context, db, orgId, mail);
  };
}
