import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  parseRecipients,
  recipientText,
  sameDraftContent,
  ZDraftContent,
  type TDraft,
  type TDraftContent,
  type TDraftRequest,
  type TDraftSaved,
} from '@shared/mailbox/drafts.ts';
import { escapeHtml } from '@shared/text/escape-html.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fromHeader } from '../../platform/mail.ts';
import { topics } from '../../platform/realtime.ts';
import { findAccount } from './accounts-repository.ts';
import { domainOf } from './analysis/domains.ts';
import { attachmentsByIds, attachmentsOf as attachmentRowsOf } from './attachments-repository.ts';
import type { Attachment } from './compose-attachments.ts';
import { outgoingHtml, plainTextOf } from '../../platform/outgoing-html.ts';
import * as repo from './drafts-repository.ts';
import { ensureLocalFolders, findRoleFolder, type MailScope } from './folders-repository.ts';
import { addressText, threadIdOf } from './ingest/store-message.ts';
import { clean, parseMessage } from './ingest/parse-message.ts';
import { findMessage, insertMessage } from './messages-repository.ts';
import {
  afterRemoval,
  publishNewMessage,
  removeMessages,
  toSummary,
  type MailboxDeps,
  type Removal,
} from './messages-service.ts';
import { uploadKey } from './storage-keys.ts';
import { confidentialStore, openContent, sealContent } from './confidential.ts';
import { deleteUploads } from './uploads-repository.ts';

/**
 * Drafts kept on the server (issue 16). The composer saves what is being written as it changes under an id it made
 * (PUT /mail/drafts/:id: a repeated save changes the same draft, revision + 1), and in the same transaction the
 * draft's copy in the Drafts folder (the account's, or the local one) is written, so the mailbox lists it. The
 * copy is rewritten in place, keeping its row and its UID, until the IMAP job (sync/draft-append.ts) appends the
 * new revision to the account's IMAP Drafts folder and takes the new UID. Discarding or sending a draft removes it
 * and its copy, and queues the delete of the IMAP copy (pending changes). A confidential draft keeps its HTML and
 * its copy's body sealed (confidential.ts) and is never copied to the provider's Drafts folder.
 */

export type DraftDeps = MailboxDeps & {
  /** A draft of an account was saved: the IMAP job runs once the typing pauses (sync-jobs.ts). */
  draftsSaved?: () => void;
};

type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;
type Replied = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

/** The stored content, read back leniently (a field it does not have is empty). */
export function contentOf(stored: unknown): TDraftContent {
  const parsed = ZDraftContent.safeParse(stored ?? {});
  return parsed.success ? parsed.data : ZDraftContent.parse({});
}

const contentFields = (input: TDraftRequest): TDraftContent => ({
  to: input.to,
  cc: input.cc,
  bcc: input.bcc,
  subject: input.subject,
  html: input.html,
  attachments: input.attachments,
  documents: input.documents,
  forwardAttachmentIds: input.forwardAttachmentIds,
});

/** The Message-ID of a draft's copy: one per draft, so the sync can find an appended copy that got no UID. */
export const draftMessageId = (draftId: string, address: string | null) =>
  `<draft.${draftId}@${(address && domainOf(address)) || 'localhost'}>`;

export type DraftMessage = {
  from: string | null;
  messageId: string;
  threading: { inReplyTo: string | null; references: string[] };
  date: Date;
  /** The files, for the IMAP copy; the copy in the database lists their names only. */
  attachments?: Attachment[];
};

const senderOf = (account: Pick<Account, 'displayName' | 'emailAddress'> | null) =>
  account
    ? account.displayName
      ? fromHeader(account.displayName, account.emailAddress)
      : account.emailAddress
    : null;

/** The draft as an RFC 822 message (nodemailer's composer, as a sent message is built), Bcc kept. */
export async function draftRaw(content: TDraftContent, message: DraftMessage): Promise<Buffer> {
  const html = content.html.trim() ? outgoingHtml(content.html) : '';
  const options = {
    ...(message.from ? { from: message.from } : {}),
    subject: content.subject,
    text: plainTextOf(html),
    ...(html ? { html } : {}),
    date: message.date,
    messageId: message.messageId,
    ...(message.threading.inReplyTo
      ? { inReplyTo: message.threading.inReplyTo, references: message.threading.references }
      : {}),
    attachments: message.attachments ?? [],
  };
  const build = (recipients: { to?: string[]; cc?: string[]; bcc?: string[] }) => {
    const mail = new MailComposer({ ...options, ...recipients }).compile();
    mail.keepBcc = true;
    return mail.build();
  };
  const recipients = {
    to: parseRecipients(content.to),
    cc: parseRecipients(content.cc),
    bcc: parseRecipients(content.bcc),
  };
  try {
    return await build(recipients);
  } catch {
    // Half-typed recipients nodemailer cannot write: the draft is kept without them in its copy.
    return build({});
  }
}

type ClearCopyColumns = Omit<repo.DraftCopyColumns, 'sealedContent' | 'isConfidential'>;

/** What the list and the reader show of a draft: its copy's columns, read back from the message it makes. */
async function copyColumns(
  db: DbOrTx,
  scope: MailScope,
  content: TDraftContent,
  message: DraftMessage,
): Promise<ClearCopyColumns> {
  const parsed = await parseMessage(await draftRaw(content, message));
  const { mail } = parsed;
  const names = [
    ...content.attachments.map((a) => a.filename),
    ...content.documents.map((d) => d.filename ?? `${d.kind}.${d.format}`),
  ];
  const forwarded = await attachmentsByIds(db, scope, content.forwardAttachmentIds);
  names.push(...forwarded.map((f) => f.filename));
  return {
    messageId: message.messageId,
    inReplyTo: message.threading.inReplyTo,
    references: message.threading.references,
    threadId: await threadIdOf(db, scope, { ...mail, messageId: message.messageId }),
    subject: mail.subject,
    snippet: parsed.snippet,
    fromName: mail.from?.name ?? null,
    fromAddress: mail.from?.address.toLowerCase() ?? null,
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    addressText: addressText(mail),
    textBody: mail.text,
    htmlBody: mail.html,
    hasRemoteImages: parsed.hasRemoteImages,
    hasAttachments: names.length > 0,
    attachmentNames: clean(names.join(' ')).slice(0, 10_000),
    size: parsed.size,
    receivedAt: message.date,
  };
}

/** The Drafts folder a draft's copy goes to: the account's, else (not synced yet, or no account) the local one. */
async function draftsFolder(db: DbOrTx, scope: MailScope, accountId: string | null) {
  const own = accountId ? await findRoleFolder(db, scope, accountId, 'drafts') : undefined;
  if (own) return own;
  await ensureLocalFolders(db, scope);
  return (await findRoleFolder(db, scope, null, 'drafts'))!;
}

const threadingOf = (replied: Replied | null | undefined) =>
  replied?.internetMessageId
    ? { inReplyTo: replied.internetMessageId, references: [...replied.references, replied.internetMessageId] }
    : { inReplyTo: null, references: [] };

/**
 * PUT /mail/drafts/:id. Another user's draft id is not found (never overwritten). A save made on an older revision
 * than the server's answers MAIL_DRAFT_CHANGED, except the repeat of the save that made it (same content).
 */
export async function saveDraft(
  deps: DraftDeps,
  scope: MailScope,
  id: string,
  input: TDraftRequest,
): Promise<TDraftSaved> {
  const [account, replied] = await Promise.all([
    input.accountId ? findAccount(deps.db, scope, input.accountId) : null,
    input.inReplyToId ? findMessage(deps.db, scope, input.inReplyToId) : null,
  ]);
  if ((input.accountId && !account) || (input.inReplyToId && !replied)) throw new AppError('NOT_FOUND');
  const content = contentFields(input);
  const date = new Date();
  const clear = await copyColumns(deps.db, scope, content, {
    from: senderOf(account ?? null),
    messageId: draftMessageId(id, account?.emailAddress ?? null),
    threading: threadingOf(replied),
    date,
  });
  const sealed = input.confidential ? sealedDraft(deps, scope, content, clear) : null;
  const columns = sealed?.columns ?? { ...clear, sealedContent: null, isConfidential: false };
  const stored = sealed?.stored ?? { content, sealedContent: null, isConfidential: false };

  const done = await deps.db.transaction(async (tx) => {
    const values = { accountId: input.accountId, inReplyToId: input.inReplyToId, ...stored };
    let draft = await repo.insertDraft(tx, scope, { id, ...values });
    if (!draft) {
      const current = await repo.findDraft(tx, scope, id, true);
      if (!current) throw new AppError('NOT_FOUND');
      if (input.revision < current.revision) {
        const repeated =
          input.revision === current.revision - 1 &&
          current.accountId === input.accountId &&
          current.inReplyToId === input.inReplyToId &&
          sameDraftContent(contentIn(deps, current), content);
        if (!repeated) throw new AppError('MAIL_DRAFT_CHANGED');
        return { draft: current, copy: null, removal: null };
      }
      draft = (await repo.updateDraft(tx, scope, id, { ...values, revision: current.revision + 1 }))!;
    }
    const folder = await draftsFolder(tx, scope, input.accountId);
    const existing = draft.messageId ? await repo.draftCopy(tx, scope, draft.messageId) : undefined;
    // A draft made confidential leaves the provider's Drafts folder: its copy there is removed, a new one is kept.
    const leavesImap = !!sealed && existing?.uid != null;
    if (existing && existing.folderId === folder.id && !leavesImap) {
      await repo.updateDraftCopy(tx, scope, existing.id, columns);
      return { draft, copy: { id: existing.id, created: false }, removal: null };
    }
    // A new copy, or one that moves (another account): the old one goes, and from its IMAP folder too.
    const removal = existing ? await removeMessages(tx, scope, [existing.id], { writeBack: true }) : null;
    const messageRowId = await insertMessage(tx, scope, {
      ...columns,
      accountId: folder.accountId,
      folderId: folder.id,
      uid: null,
      isDraft: true,
      isRead: true,
    });
    draft = (await repo.updateDraft(tx, scope, id, { messageId: messageRowId, imapRevision: 0 }))!;
    return { draft, copy: { id: messageRowId, created: true }, removal };
  });

  if (done.removal) await afterRemoval(deps, scope, done.removal);
  if (done.copy?.created) await publishNewMessage(deps, scope, done.copy.id);
  else if (done.copy) await publishCopyChanged(deps, scope, done.copy.id);
  if (done.copy && input.accountId && !sealed) deps.draftsSaved?.();
  return {
    id,
    revision: done.draft.revision,
    messageId: done.draft.messageId,
    savedAt: done.draft.updatedAt.toISOString(),
  };
}

/** The open mailbox shows the copy as saved now (subject, snippet, recipients, date). */
async function publishCopyChanged(deps: DraftDeps, scope: MailScope, messageRowId: string) {
  const row = await findMessage(deps.db, scope, messageRowId);
  if (!row) return;
  const { id: _id, ...updates } = toSummary(row);
  await deps.hub.publish(topics.userMail(scope.orgId, scope.userId), {
    type: 'email:updated',
    emailId: messageRowId,
    updates,
  });
}

/**
 * A confidential draft (confidential.ts): its HTML sealed in the draft, its copy's body sealed, the rest as typed.
 * When sealing fails the failure is audited HIGH and the draft is kept as it is (spec §5).
 */
function sealedDraft(deps: DraftDeps, scope: MailScope, content: TDraftContent, clear: ClearCopyColumns) {
  const store = confidentialStore(deps, scope);
  try {
    const body = sealContent(store.box, { text: null, html: content.html });
    const copy = sealContent(store.box, { text: clear.textBody, html: clear.htmlBody });
    return {
      stored: { content: { ...content, html: '' }, sealedContent: body, isConfidential: true },
      columns: {
        ...clear,
        textBody: null,
        htmlBody: null,
        snippet: '',
        sealedContent: copy,
        isConfidential: true,
      },
    };
  } catch (err) {
    store.onFailure(err);
    return null;
  }
}

/** What a draft holds, its sealed HTML opened (empty if it cannot be). */
function contentIn(deps: DraftDeps, row: repo.DraftRow): TDraftContent {
  const content = contentOf(row.content);
  if (row.sealedContent === null) return content;
  return { ...content, html: openContent(deps.mailContent, row.sealedContent)?.html ?? '' };
}

async function toDraft(deps: DraftDeps, scope: MailScope, row: repo.DraftRow): Promise<TDraft> {
  const content = contentIn(deps, row);
  const forwarded = await attachmentsByIds(deps.db, scope, content.forwardAttachmentIds);
  const byId = new Map(forwarded.map((f) => [f.id, f]));
  return {
    id: row.id,
    accountId: row.accountId,
    inReplyToId: row.inReplyToId,
    to: content.to,
    cc: content.cc,
    bcc: content.bcc,
    subject: content.subject,
    html: content.html,
    attachments: content.attachments,
    documents: content.documents,
    confidential: row.isConfidential,
    forwards: content.forwardAttachmentIds.flatMap((f) => {
      const file = byId.get(f);
      return file
        ? [{ id: file.id, filename: file.filename, contentType: file.contentType, size: file.size }]
        : [];
    }),
    revision: row.revision,
    messageId: row.messageId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /mail/drafts/:id: one of the user's drafts. */
export async function getDraft(deps: DraftDeps, scope: MailScope, id: string): Promise<TDraft> {
  const row = await repo.findDraft(deps.db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toDraft(deps, scope, row);
}

/**
 * GET /mail/drafts/by-message/:messageId: the draft a message of a Drafts folder is the copy of. A draft written in
 * another mail client (synced from IMAP) has none: one is made from the message (recipients, subject, body, its
 * files as forwarded attachments) and takes it over as its copy, so saving it replaces that message. A message that
 * is not a draft is not found.
 */
export async function draftOfMessage(deps: DraftDeps, scope: MailScope, messageId: string): Promise<TDraft> {
  const existing = await repo.findDraftOfMessage(deps.db, scope, messageId);
  if (existing) return toDraft(deps, scope, existing);
  const [message, copy, files] = await Promise.all([
    findMessage(deps.db, scope, messageId),
    repo.draftCopy(deps.db, scope, messageId),
    attachmentRowsOf(deps.db, scope, messageId),
  ]);
  if (!message || !copy || (!message.isDraft && copy.role !== 'drafts')) throw new AppError('NOT_FOUND');
  const html =
    message.htmlBody ??
    (message.textBody ? `<p>${escapeHtml(message.textBody).replace(/\n/g, '<br>')}</p>` : '');
  const content: TDraftContent = {
    to: message.to.map(recipientText).join(', '),
    cc: message.cc.map(recipientText).join(', '),
    bcc: message.bcc.map(recipientText).join(', '),
    subject: message.subject,
    html,
    attachments: [],
    documents: [],
    forwardAttachmentIds: files.filter((f) => !f.isInline).map((f) => f.id),
  };
  const row = await deps.db.transaction(async (tx) => {
    // Two windows opening it at once make one draft.
    if (!(await repo.lockMessage(tx, scope, messageId))) throw new AppError('NOT_FOUND');
    const made = await repo.findDraftOfMessage(tx, scope, messageId);
    if (made) return made;
    return repo.insertDraftOfMessage(tx, scope, {
      id: randomUUID(),
      accountId: message.accountId,
      messageId,
      inReplyToId: null,
      content,
    });
  });
  return toDraft(deps, scope, row);
}

/**
 * Removes a draft and its copy on the caller's transaction (a discard, or the send that queues it): the copy's
 * IMAP delete is queued with it. Null when there is no such draft of the user's (sent or discarded already).
 * afterDraftRemoval finishes after the commit.
 */
export async function removeDraftIn(tx: DbOrTx, scope: MailScope, draftId: string) {
  const draft = await repo.findDraft(tx, scope, draftId, true);
  if (!draft) return null;
  const copy = draft.messageId ? await repo.draftCopy(tx, scope, draft.messageId) : undefined;
  const removal: Removal | null = copy
    ? await removeMessages(tx, scope, [copy.id], { writeBack: true })
    : null;
  await repo.deleteDraft(tx, scope, draftId);
  return { removal, uploads: contentOf(draft.content).attachments.map((a) => a.uploadId) };
}

/** After the commit: the copy's files and the live messages (email:deleted, the folder's counts). */
export async function afterDraftRemoval(
  deps: MailboxDeps,
  scope: MailScope,
  done: Awaited<ReturnType<typeof removeDraftIn>>,
  options: { removeUploads: boolean },
) {
  if (!done) return;
  if (done.removal) await afterRemoval(deps, scope, done.removal);
  if (options.removeUploads) {
    for (const uploadId of done.uploads)
      await deps.files.remove(uploadKey(scope, uploadId)).catch(() => undefined);
    await deleteUploads(deps.db, scope, done.uploads);
  }
}

/** DELETE /mail/drafts/:id: "Discard". The draft's uploaded files go with it. */
export async function discardDraft(deps: DraftDeps, scope: MailScope, id: string): Promise<void> {
  const done = await deps.db.transaction((tx) => removeDraftIn(tx, scope, id));
  if (!done) throw new AppError('NOT_FOUND');
  await afterDraftRemoval(deps, scope, done, { removeUploads: true });
}

/**
 * The files of a draft for its IMAP copy: its uploads and the forwarded attachments that are still there
 * (documents of the app are made only when it is sent).
 */
export async function draftFiles(
  deps: Pick<MailboxDeps, 'db' | 'files'>,
  scope: MailScope,
  content: TDraftContent,
): Promise<Attachment[]> {
  const files: Attachment[] = [];
  for (const a of await attachmentsByIds(deps.db, scope, content.forwardAttachmentIds)) {
    const data = await deps.files.get(a.storageKey);
    if (data) files.push({ filename: a.filename, contentType: a.contentType, content: data });
  }
  for (const a of content.attachments) {
    const data = await deps.files.get(uploadKey(scope, a.uploadId));
    if (data) files.push({ filename: a.filename, contentType: a.contentType, content: data });
  }
  return files;
}
