import { randomUUID } from 'node:crypto';
import type { TMessageSummary } from '@shared/mailbox/contracts.ts';
import type { TIncomingMail, TMailSecurityAnalysis, TRelatedDocument } from '@shared/mailbox/types.ts';
import type { DbOrTx } from '../../../db/database.ts';
import type { FileStore } from '../../../platform/storage.ts';
import { attachmentKey, rawMessageKey } from '../storage-keys.ts';
import { flagColumns } from '../sync/flags.ts';
import { clean, parseMessage, type ParsedMessage } from './parse-message.ts';
import * as repo from './ingest-repository.ts';
import { pecReceiptOf } from '../pec/receipts.ts';
import { insertPecReceipt } from '../pec/receipts-repository.ts';
import { toSummary } from '../messages-service.ts';
import { sealContent, type ConfidentialStore } from '../confidential.ts';

/**
 * The one way a message enters the mail store (issue 15): its row (sanitized HTML, snippet, addresses, thread,
 * flags, business links and security analysis), its attachments once per content, and the raw message in the file
 * store. The sync gives the raw message (parsed here, or already parsed); the local mailbox (the app's own Sent,
 * the demo mailbox: local-mailbox-service.ts) gives the parsed form it builds, without raw, and its own analysis.
 * Runs on the transaction the caller gives, so a batch of messages and the folder's sync position stand or fall
 * together; files are written before the rows, so a crash leaves at most an unreferenced file, never a row without
 * its file.
 */

/** What the analysis (security, client match, related documents) adds to a message; wired when it lands. */
export type MailAnalysis = {
  securityAnalysis?: TMailSecurityAnalysis | null;
  clientId?: string | null;
  relatedDocuments?: TRelatedDocument[];
};
export type AnalyzeHook = (
  mail: TIncomingMail,
  context: { orgId: string; userId: string; db: DbOrTx },
) => Promise<MailAnalysis | null> | MailAnalysis | null;

/** `files` may be null only for a message with nothing to write there (no raw message, no attachment content). */
export type StoreDeps = { db: DbOrTx; files: FileStore | null; analyze?: AnalyzeHook };

export type StoreMessageInput = {
  scope: repo.Scope;
  folder: { id: string; accountId: string | null };
  flags: Iterable<string>;
  /** The labels its keywords stand for (sync/flags.ts splitLabels): those keywords are then not in `flags`. */
  labelIds?: string[];
  uid: number | null;
  modseq?: string | null;
  receivedAt: Date;
  /** Store it confidential: content and raw message sealed (confidential.ts). */
  confidential?: ConfidentialStore | null;
} & ({ raw: Buffer; parsed?: ParsedMessage } | { raw?: undefined; parsed: ParsedMessage });

/** The conversation: the first Message-ID of References, else In-Reply-To's stored thread, else its own id. */
export async function threadIdOf(db: DbOrTx, scope: repo.Scope, mail: TIncomingMail): Promise<string> {
  if (mail.references[0]) return mail.references[0];
  if (mail.inReplyTo) {
    const parent = await repo.threadOfMessageId(db, scope, mail.inReplyTo);
    if (parent) return parent;
    return mail.inReplyTo;
  }
  return mail.messageId ?? `<${randomUUID()}@local>`;
}

export function addressText(mail: TIncomingMail): string {
  const all = [mail.from, ...mail.to, ...mail.cc, ...mail.bcc, ...mail.replyTo].filter((a) => !!a);
  return [...new Set(all.map((a) => a.address.toLowerCase()))].join(' ').slice(0, 50_000);
}

export async function storeMessage(deps: StoreDeps, input: StoreMessageInput) {
  const { scope, folder } = input;
  const parsed = input.parsed ?? (await parseMessage(input.raw!));
  const { mail } = parsed;
  const id = randomUUID();
  const put = async (key: string, content: Buffer) => {
    if (!deps.files) throw new Error('storeMessage: a raw message or attachment needs the file store');
    await deps.files.put(key, content);
  };

  const sealed = sealedForm(input, mail);
  if (input.raw) await put(rawMessageKey(scope, id), sealed?.raw ?? input.raw);
  // Once per content: a file the owner already has is not written again.
  const known = await repo.knownChecksums(deps.db, scope, [
    ...new Set(parsed.attachments.map((a) => a.checksum)),
  ]);
  const written = new Set<string>();
  for (const a of parsed.attachments) {
    if (known.has(a.checksum) || written.has(a.checksum)) continue;
    await put(attachmentKey(scope, a.checksum), a.content);
    written.add(a.checksum);
  }

  let analysis: MailAnalysis | null = null;
  if (deps.analyze) {
    try {
      analysis = await deps.analyze(mail, { ...scope, db: deps.db });
    } catch {
      analysis = null; // the analysis never stops the mail from being stored
    }
  }

  const flags = flagColumns(input.flags);
  // What the message lists (the local mailbox may list attachments whose content it does not store).
  const listed = mail.attachments.filter((a) => !a.isInline);
  const row = await repo.insertMessage(deps.db, {
    id,
    organizationId: scope.orgId,
    userId: scope.userId,
    accountId: folder.accountId,
    folderId: folder.id,
    uid: input.uid,
    modseq: input.modseq ?? null,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    threadId: await threadIdOf(deps.db, scope, mail),
    subject: mail.subject,
    snippet: sealed ? '' : parsed.snippet,
    fromName: mail.from?.name ?? null,
    fromAddress: mail.from?.address.toLowerCase() ?? null,
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    replyTo: mail.replyTo,
    addressText: addressText(mail),
    textBody: sealed ? null : mail.text,
    htmlBody: sealed ? null : mail.html,
    sealedContent: sealed?.content ?? null,
    hasRemoteImages: parsed.hasRemoteImages,
    hasAttachments: listed.length > 0,
    isCertified: mail.certified,
    attachmentNames: clean(listed.map((a) => a.filename).join(' ')).slice(0, 10_000),
    ...flags,
    ...(input.confidential ? { isConfidential: true } : {}),
    labelIds: input.labelIds ?? [],
    clientId: analysis?.clientId ?? null,
    clientLink: analysis?.clientId ? 'auto' : null,
    relatedDocuments: analysis?.relatedDocuments ?? [],
    securityAnalysis: analysis?.securityAnalysis ?? null,
    rawKey: input.raw ? rawMessageKey(scope, id) : null,
    size: parsed.size,
    sentAt: mail.sentAt,
    receivedAt: input.receivedAt,
  });
  const receipt = pecReceiptOf(parsed);
  if (receipt) {
    await insertPecReceipt(deps.db, {
      organizationId: scope.orgId,
      userId: scope.userId,
      messageRowId: id,
      ...receipt,
      receivedAt: input.receivedAt,
    });
  }
  await repo.insertAttachments(
    deps.db,
    parsed.attachments.map((a) => ({
      id: a.id,
      organizationId: scope.orgId,
      userId: scope.userId,
      messageId: id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      contentId: a.contentId,
      isInline: a.isInline,
      checksum: a.checksum,
      storageKey: attachmentKey(scope, a.checksum),
    })),
  );
  return row;
}

/**
 * The sealed content and raw message of a confidential message; null when it is not one, or when sealing failed
 * (the failure is reported, and the message is stored as it is: spec §5, sending continues).
 */
function sealedForm(input: StoreMessageInput, mail: ParsedMessage['mail']) {
  if (!input.confidential) return null;
  try {
    const { box } = input.confidential;
    return {
      content: sealContent(box, { text: mail.text, html: mail.html }),
      raw: input.raw ? box.sealBytes(input.raw) : null,
    };
  } catch (err) {
    input.confidential.onFailure(err);
    return null;
  }
}

/** The list row of a stored message, as the mail channel's email:new carries it (the list's own mapping). */
export function messageSummary(row: repo.StoredMessageRow): TMessageSummary {
  return toSummary({ ...row, risk: row.securityAnalysis?.recommendation ?? null, threadCount: 1 });
}
