import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { TMailDelivery } from '@shared/mail/outbox.ts';
import {
  composeIssues,
  sendAtIssue,
  type ComposeIssue,
  type TComposeRequest,
  type TCancelResult,
  type TComposeResult,
  type TRescheduleInput,
  type TRecipientSuggestion,
  type TDocumentAttachment,
  RECIPIENT_QUERY_MIN,
  recipientAddress,
  RECIPIENT_SUGGESTIONS_MAX,
} from '@shared/mailbox/compose.ts';
import { zonedToUtc } from '@shared/dates/dates.ts';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fromHeader, type MailPort } from '../../platform/mail.ts';
import { outgoingHtml, plainTextOf } from '../../platform/outgoing-html.ts';
import { deleteUnsent, insertOutboxMessage, rescheduleUnsent } from '../../platform/outbox-repository.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { findAccount } from './accounts-repository.ts';
import { domainOf } from './analysis/domains.ts';
import { storeMessage } from './ingest/store-message.ts';
import { ensureLocalFolders, findRoleFolder, type MailScope } from './folders-repository.ts';
import { outgoingAnalyzer } from './local-mailbox-service.ts';
import { deliveryOf, findMessage } from './messages-repository.ts';
import { afterRemoval, publishNewMessage, removeMessages, type MailboxDeps } from './messages-service.ts';
import { attachmentsOf as attachmentRowsOf } from './attachments-repository.ts';
import { attachmentsOf, removeUploads, storeUpload, type Attachment } from './compose-attachments.ts';
import { outboxRawKey } from './storage-keys.ts';
import { confidentialStore, sealedWire, type ConfidentialStore } from './confidential.ts';
import { clientOfMessage, insertComposedActivity } from './outgoing-repository.ts';
import { afterDraftRemoval, removeDraftIn } from './drafts-service.ts';
import { recipientSuggestions } from './recipients-repository.ts';
import type { Db } from '../../platform/db.ts';

/**
 * Sending what the user composed (issue 16). From a connected account: the message is built once (nodemailer's
 * composer), its wire form kept in the file store for the outbox, its copy stored in the account's Sent at once
 * with the state "queued", and both rows written in one transaction; the outbox's dispatcher sends it through the
 * account's SMTP and the delivery hook appends the copy to the IMAP Sent folder. Without an account: through the
 * organization's sender (the mail port), recorded in the local Sent as the app's own mail is.
 */

export type ComposeDeps = MailboxDeps & {
  mail: MailPort;
  /**
   * The files of documents of the app (an invoice's PDF or XML, a quote's PDF), made by the invoicing module; app.ts
   * wires it. An XML that cannot be made answers EINVOICE_DATA_MISSING, a document of another organization 404.
   */
  documentFiles?: (orgId: string, documents: TDocumentAttachment[]) => Promise<Attachment[]>;
  /**
   * A template rendered for a send (spec §5), by the e-mail templates module; app.ts wires it. An unknown or another
   * user's template answers TEMPLATE_NOT_FOUND.
   */
  renderTemplate?: (
    scope: MailScope,
    template: NonNullable<TComposeRequest['template']>,
  ) => Promise<{ subject: string; html: string | null; text: string }>;
};

async function build(
  options: ConstructorParameters<typeof MailComposer>[0],
  keepBcc: boolean,
): Promise<Buffer> {
  const mail = new MailComposer(options).compile();
  mail.keepBcc = keepBcc;
  return mail.build();
}

export async function sendComposed(
  deps: ComposeDeps,
  scope: MailScope,
  request: TComposeRequest,
): Promise<TComposeResult> {
  const input = await withTemplate(deps, scope, request);
  const issues = composeIssues(input);
  const when = input.sendAt ? await scheduledTime(deps, scope, input.sendAt) : null;
  if (when && 'path' in when) issues.push(when);
  if (issues.length > 0) throw new AppError('INVALID_EMAIL_DATA', issues);
  const scheduled = when instanceof Date;
  const sendAt = scheduled ? when : new Date(Date.now() + input.undoSeconds * 1000);
  const [account, replied] = await Promise.all([
    input.accountId ? findAccount(deps.db, scope, input.accountId) : undefined,
    input.inReplyToId ? findMessage(deps.db, scope, input.inReplyToId) : undefined,
  ]);
  if ((input.accountId && !account) || (input.inReplyToId && !replied)) throw new AppError('NOT_FOUND');

  const attachments = await attachmentsOf(deps, scope, input);
  const confidential = input.confidential ? confidentialStore(deps, scope) : null;
  const clean = (list: string[]) => list.map((a) => a.trim()).filter(Boolean);
  const to = clean(input.to);
  const cc = clean(input.cc);
  const bcc = clean(input.bcc);
  const html = input.html?.trim() ? outgoingHtml(input.html) : null;
  const text = input.text?.trim() ? input.text : plainTextOf(html ?? '');
  const threading = replied?.internetMessageId
    ? {
        inReplyTo: replied.internetMessageId,
        references: [...replied.references, replied.internetMessageId],
      }
    : null;

  /** The send as the spec's email_activity records it (issue 16). */
  const activity = (outboxId: string, clientId: string | null) => ({
    organizationId: scope.orgId,
    userId: scope.userId,
    clientId,
    outboxId,
    recipientEmail: recipientAddress(to[0]!),
    subject: input.subject,
    status: scheduled ? 'scheduled' : 'queued',
    details: { to: to.length + cc.length + bcc.length, attachments: attachments.map((a) => a.filename) },
  });
  if (!account) {
    const headers: Record<string, string> = threading
      ? { 'In-Reply-To': threading.inReplyTo, References: threading.references.join(' ') }
      : {};
    const outboxId = await deps.mail.send(
      { to, cc, bcc, subject: input.subject, text, html: html ?? undefined, headers, attachments },
      { organizationId: scope.orgId, userId: scope.userId, sendAt, scheduled, confidential: !!confidential },
    );
    const copy = await deliveryOf(deps.db, scope, outboxId);
    if (!copy?.mailMessageId) throw new Error('the sent copy was not recorded');
    await insertComposedActivity(deps.db, {
      ...activity(outboxId, await clientOfMessage(deps.db, scope, copy.mailMessageId)),
      status: copy.delivery.status,
    });
    // The mail port writes its own row: the draft goes right after it (the draft of a send is never kept).
    const draft = input.draftId
      ? await deps.db.transaction((tx) => removeDraftIn(tx, scope, input.draftId!))
      : null;
    await afterDraftRemoval(deps, scope, draft, { removeUploads: false });
    await removeUploads(deps, scope, input);
    return { messageId: copy.mailMessageId, delivery: copy.delivery };
  }

  let draft: Awaited<ReturnType<typeof removeDraftIn>> = null;
  const queued = await queueAccountMail(
    deps,
    scope,
    account,
    { to, cc, bcc, subject: input.subject, text, html, attachments, threading, confidential },
    { sendAt, scheduled },
    async (tx, q) => {
      await insertComposedActivity(tx, activity(q.outboxId, q.clientId));
      // The draft and its copy in Drafts go in the transaction that queues the message (its IMAP copy is queued).
      if (input.draftId) draft = await removeDraftIn(tx, scope, input.draftId);
    },
  );
  await afterDraftRemoval(deps, scope, draft, { removeUploads: false });
  await removeUploads(deps, scope, input);
  return queued;
}

/** Spec §5: the rendered template, when one is named, replaces the subject and the content. */
async function withTemplate(deps: ComposeDeps, scope: MailScope, input: TComposeRequest) {
  if (!input.template) return input;
  if (!deps.renderTemplate) throw new AppError('TEMPLATE_NOT_FOUND');
  const rendered = await deps.renderTemplate(scope, input.template);
  return { ...input, subject: rendered.subject, html: rendered.html, text: rendered.text };
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** A message to send from a connected account. */
export type AccountMail = {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: Attachment[];
  threading?: { inReplyTo: string; references: string[] } | null;
  /** Kept encrypted at rest: the copy's content, its raw message and the waiting wire form (confidential.ts). */
  confidential?: ConfidentialStore | null;
};

/**
 * Queues a message from a connected account: built once, its wire form in the file store, its copy in the account's
 * Sent (local Sent until that folder is known) and the outbox row written in one transaction, with `alsoRecord` in
 * it when given (a caller's own row that must exist exactly when the message does). The dispatcher sends it.
 */
export async function queueAccountMail(
  deps: ComposeDeps,
  scope: MailScope,
  account: Account,
  mail: AccountMail,
  timing: { sendAt: Date; scheduled: boolean },
  alsoRecord?: (
    tx: Tx,
    queued: { outboxId: string; messageRowId: string; clientId: string | null },
  ) => Promise<void>,
): Promise<TComposeResult> {
  const { sendAt, scheduled } = timing;
  const { to, cc, bcc, text, html, attachments, threading } = mail;
  const from = account.displayName
    ? fromHeader(account.displayName, account.emailAddress)
    : account.emailAddress;
  const date = new Date();
  const message = {
    from,
    to,
    cc,
    bcc,
    subject: mail.subject,
    text,
    html: html ?? undefined,
    attachments,
    date,
    messageId: `<${randomUUID()}@${domainOf(account.emailAddress) ?? 'localhost'}>`,
    ...(threading ?? {}),
  };
  // The wire form leaves Bcc out (the recipients never see it); the Sent copy keeps it, as mail clients do.
  const [wire, copy] = await Promise.all([build(message, false), build(message, true)]);
  const outboxId = randomUUID();
  const rawKey = outboxRawKey(scope, outboxId);
  await deps.files.put(rawKey, sealedWire(mail.confidential ?? null, wire));

  let sent = await findRoleFolder(deps.db, scope, account.id, 'sent');
  if (!sent) {
    // Not synced yet: the local Sent holds the copy until the account's Sent folder is known.
    await ensureLocalFolders(deps.db, scope);
    sent = await findRoleFolder(deps.db, scope, null, 'sent');
  }
  const analyze = await outgoingAnalyzer(deps.db, scope.orgId, [account.emailAddress]);
  const stored = await deps.db.transaction(async (tx) => {
    const row = await storeMessage(
      { db: tx, files: deps.files, analyze },
      {
        scope,
        folder: { id: sent!.id, accountId: sent!.accountId },
        raw: copy,
        flags: ['\\Seen'],
        uid: null,
        receivedAt: date,
        confidential: mail.confidential,
      },
    );
    await insertOutboxMessage(tx, {
      id: outboxId,
      organizationId: scope.orgId,
      userId: scope.userId,
      accountId: account.id,
      fromAddress: from,
      toAddresses: to,
      ccAddresses: cc,
      bccAddresses: bcc,
      subject: mail.subject,
      // The outbox keeps no readable copy of a confidential message: it sends the sealed wire form.
      textBody: mail.confidential ? '' : text,
      htmlBody: mail.confidential ? null : html,
      attachments: [],
      headers: {},
      rawKey,
      mailMessageId: row.id,
      status: scheduled ? 'scheduled' : 'queued',
      nextAttemptAt: sendAt,
    });
    await alsoRecord?.(tx, { outboxId, messageRowId: row.id, clientId: row.clientId });
    return row;
  });
  await publishNewMessage(deps, scope, stored.id);
  void deps.mail.dispatchDue().catch(() => undefined);
  const delivery: TMailDelivery = {
    outboxId,
    status: scheduled ? 'scheduled' : 'queued',
    errorCode: null,
    lastError: null,
    sendAt: sendAt.toISOString(),
  };
  return { messageId: stored.id, delivery };
}

/** A day and time of the organization's time zone as an instant, or why it cannot be a scheduled time. */
async function scheduledTime(
  deps: ComposeDeps,
  scope: MailScope,
  at: { date: string; time: string },
): Promise<Date | ComposeIssue> {
  const timeZone = await organizationTimeZone(deps.db, scope.orgId);
  let instant: Date;
  try {
    instant = zonedToUtc(at.date, at.time, timeZone);
  } catch {
    instant = new Date(Number.NaN);
  }
  return sendAtIssue(instant) ?? instant;
}

/**
 * "Undo", or cancelling a scheduled message: only while nothing has left (the dispatcher has not claimed it). The
 * outbox row, its wire form and the copy in Sent go in one transaction; the composer reopens with what was written,
 * its files uploaded again from the copy's attachments (answered). Too late (being sent, or sent):
 * MAIL_SEND_STARTED, and nothing changes.
 */
export async function cancelSend(
  deps: ComposeDeps,
  scope: MailScope,
  outboxId: string,
): Promise<TCancelResult> {
  const before = await deliveryOf(deps.db, scope, outboxId);
  const files = before?.mailMessageId ? await attachmentRowsOf(deps.db, scope, before.mailMessageId) : [];
  const done = await deps.db.transaction(async (tx) => {
    const row = await deleteUnsent(tx, scope, outboxId);
    if (!row) return null;
    const copy = row.mailMessageId
      ? await removeMessages(tx, scope, [row.mailMessageId], { writeBack: false })
      : null;
    return { row, copy };
  });
  if (!done) {
    if (!(await deliveryOf(deps.db, scope, outboxId))) throw new AppError('NOT_FOUND');
    throw new AppError('MAIL_SEND_STARTED');
  }
  // The files come back as uploads before the copy's own files go.
  const attachments: TCancelResult['attachments'] = [];
  for (const f of files.filter((a) => !a.isInline)) {
    const content = await deps.files.get(f.storageKey);
    if (!content) continue;
    const { uploadId } = await storeUpload(deps, scope, content);
    attachments.push({ uploadId, filename: f.filename, contentType: f.contentType, size: f.size });
  }
  if (done.row.rawKey) await deps.files.remove(done.row.rawKey).catch(() => undefined);
  if (done.copy) await afterRemoval(deps, scope, done.copy);
  return { attachments };
}

/** A scheduled message gets another time (only while it is still scheduled). */
export async function reschedule(
  deps: ComposeDeps,
  scope: MailScope,
  outboxId: string,
  input: TRescheduleInput,
): Promise<TMailDelivery> {
  const when = await scheduledTime(deps, scope, input.sendAt);
  if (!(when instanceof Date)) throw new AppError('INVALID_EMAIL_DATA', [when]);
  if (!(await rescheduleUnsent(deps.db, scope, outboxId, when))) {
    if (!(await deliveryOf(deps.db, scope, outboxId))) throw new AppError('NOT_FOUND');
    throw new AppError('MAIL_SEND_STARTED');
  }
  await deps.mail.dispatchDue().catch(() => undefined);
  const copy = await deliveryOf(deps.db, scope, outboxId);
  return copy!.delivery;
}

/** The composer's suggestions: clients first, then correspondents not already among them (at most 8 in all). */
export async function suggestRecipients(
  deps: { db: Db },
  scope: MailScope,
  q: string,
): Promise<TRecipientSuggestion[]> {
  const text = q.trim();
  if (text.length < RECIPIENT_QUERY_MIN) return [];
  const { fromClients, correspondents } = await recipientSuggestions(
    deps.db,
    scope,
    text,
    RECIPIENT_SUGGESTIONS_MAX,
  );
  const seen = new Set<string>();
  const out: TRecipientSuggestion[] = [];
  for (const [rows, source] of [
    [fromClients, 'client'],
    [correspondents, 'correspondent'],
  ] as const) {
    for (const r of rows) {
      if (seen.has(r.address) || out.length >= RECIPIENT_SUGGESTIONS_MAX) continue;
      seen.add(r.address);
      out.push({ name: r.name, address: r.address, source });
    }
  }
  return out;
}
