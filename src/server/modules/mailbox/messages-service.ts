import ICAL from 'ical.js';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import { addDays, zonedToUtc } from '@shared/dates/dates.ts';
import type {
  TMailInvitation,
  TMailThread,
  TMessage,
  TMessageActionInput,
  TMessageActionResult,
  TMessageListQuery,
  TMessagePage,
  TMessageSummary,
  MessageAction,
} from '@shared/mailbox/contracts.ts';
import type { TMailSecurityAnalysis } from '@shared/mailbox/types.ts';
import { pecStatusOf, type TPecState } from '@shared/mailbox/pec.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Db } from '../../platform/db.ts';
import { searchWordsOf } from '../../platform/full-text-repository.ts';
import { AppError } from '../../platform/errors.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';
import type { SealedBox } from '../../platform/sealed-box.ts';
import type { FileStore } from '../../platform/storage.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { attachmentsOf, keysStillUsed, storageKeysOf, type AttachmentRow } from './attachments-repository.ts';
import {
  ensureLocalFolders,
  findFolder,
  findRoleFolder,
  folderCounts,
  foldersOfRole,
  type MailScope,
} from './folders-repository.ts';
import { findLabel } from './labels-repository.ts';
import { openContent, sealStoredMessages } from './confidential.ts';
import {
  actionTargets,
  conversationMembers,
  deleteMessages,
  findClientName,
  findMessage,
  listMessages as listMessageRows,
  moveMessages,
  setClientLink,
  setFlags,
  setLabel,
  threadMessageIds,
  type ActionTarget,
  type FlagValues,
  type MessageFilter,
  type MessageRow,
  type SearchTerms,
  type SummaryRow,
} from './messages-repository.ts';
import { queueChanges, UID_AFTER_MOVE, type PendingChangeRow } from './pending-changes-repository.ts';
import { keywordStorable } from './sync/flags.ts';

/** What the mailbox services need: the database, the live channel, the file store. */
/** `mailContent`: the box of confidential content (confidential.ts); without it such content cannot be read. */
export type MailboxDeps = { db: Db; hub: RealtimeHub; files: FileStore; mailContent?: SealedBox };

const RISKS = ['safe', 'low', 'medium', 'high'] as const;

export function toSummary(row: SummaryRow): TMessageSummary {
  const risk = (RISKS as readonly string[]).includes(row.risk ?? '')
    ? (row.risk as TMailSecurityAnalysis['recommendation'])
    : null;
  return {
    id: row.id,
    accountId: row.accountId,
    folderId: row.folderId,
    threadId: row.threadId,
    subject: row.subject,
    snippet: row.snippet,
    from: row.fromAddress ? { name: row.fromName, address: row.fromAddress } : null,
    to: row.to,
    receivedAt: row.receivedAt.toISOString(),
    isRead: row.isRead,
    isStarred: row.isStarred,
    isImportant: row.isImportant,
    isConfidential: row.isConfidential,
    isDraft: row.isDraft,
    hasAttachments: row.hasAttachments,
    isCertified: row.isCertified,
    labelIds: row.labelIds,
    clientId: row.clientId,
    threadCount: row.threadCount,
    ...(row.marked ? { highlight: row.marked } : {}),
    risk: risk === 'safe' ? null : risk,
  };
}

/**
 * The words of a search (letters and digits, at most 8) and, for one token of 3 characters or more, the fragment
 * matched against the addresses by trigrams ("rossicostr", "@libero.it", "mario.b").
 */
export function searchTermsOf(q: string | undefined): SearchTerms | undefined {
  const text = (q ?? '').trim().toLowerCase();
  if (!text) return undefined;
  const words = searchWordsOf(text);
  const addressFragment = !/\s/.test(text) && text.length >= 3 ? text.slice(0, 100) : null;
  return { words, addressFragment };
}

export async function listMessages(
  deps: MailboxDeps,
  input: MailScope & { query: TMessageListQuery },
): Promise<TMessagePage> {
  const { query } = input;
  const scope = { orgId: input.orgId, userId: input.userId };
  const filter: MessageFilter = { folderIds: null };
  if (query.folderId) {
    const folder = await findFolder(deps.db, scope, query.folderId);
    if (!folder) throw new AppError('NOT_FOUND');
    filter.folderIds = [folder.id];
  } else if (query.view === 'starred') {
    filter.isStarred = true;
  } else if (query.view === 'scheduled') {
    filter.scheduled = true;
  } else if (query.view !== 'all') {
    filter.folderIds = (await foldersOfRole(deps.db, scope, 'inbox')).map((f) => f.id);
  }
  if (query.isRead !== undefined) filter.isRead = query.isRead;
  if (query.isStarred !== undefined) filter.isStarred = query.isStarred;
  if (query.isImportant !== undefined) filter.isImportant = query.isImportant;
  if (query.hasAttachments !== undefined) filter.hasAttachments = query.hasAttachments;
  if (query.labelId) filter.labelId = query.labelId;
  if (query.clientId) filter.clientId = query.clientId;
  if (query.from || query.to) {
    const timeZone = await organizationTimeZone(deps.db, input.orgId);
    if (query.from) filter.from = zonedToUtc(query.from, '00:00', timeZone);
    if (query.to) filter.to = zonedToUtc(addDays(query.to, 1), '00:00', timeZone);
  }
  filter.search = searchTermsOf(query.q);
  const { limit, offset } = toLimitOffset(query);
  const page = await listMessageRows(deps.db, scope, filter, {
    conversations: query.group === 'conversations',
    limit,
    offset,
    count: query.count !== false,
  });
  return {
    items: page.items.map(toSummary),
    ...(page.total === null ? {} : { total: page.total }),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: page.hasMore,
    ...(page.capped ? { totalCapped: true } : {}),
  };
}

/** The events of a text/calendar part (an invitation), read with ical.js; a broken file gives none. */
export function invitationsOf(ics: string): TMailInvitation[] {
  try {
    const component = new ICAL.Component(ICAL.parse(ics));
    const method = component.getFirstPropertyValue('method');
    return component.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const organizer = event.organizer ? String(event.organizer).replace(/^mailto:/i, '') : null;
      return {
        summary: event.summary ?? '',
        start: event.startDate ? event.startDate.toJSDate().toISOString() : null,
        end: event.endDate ? event.endDate.toJSDate().toISOString() : null,
        location: event.location ?? null,
        organizer,
        method: method ? String(method) : null,
      };
    });
  } catch {
    return [];
  }
}

const MAX_ICS_BYTES = 1024 * 1024;

/**
 * The legal status of mail sent from a PEC account, from the provider's receipts (issue 16): waiting until the
 * first one comes. Null for mail that is not sent PEC mail and has no receipt.
 */
function pecStateOf(row: MessageRow): TPecState | null {
  const receipts = (row.pecReceipts ?? []).map((r) => ({
    ...r,
    receivedAt: new Date(r.receivedAt).toISOString(),
  }));
  const sentFromPec =
    row.accountIsPec === true && !!row.fromAddress && row.fromAddress === row.accountEmail?.toLowerCase();
  if (receipts.length === 0 && !sentFromPec) return null;
  return { status: pecStatusOf(receipts.map((r) => r.kind)), receipts };
}

/** The body as the reader shows it: a confidential message's opened from its seal (null if it cannot be). */
function bodyOf(deps: MailboxDeps, row: MessageRow): { html: string | null; text: string | null } {
  if (row.sealedContent === null) return { html: row.htmlBody, text: row.textBody };
  const content = openContent(deps.mailContent, row.sealedContent);
  return { html: content?.html ?? null, text: content?.text ?? null };
}

async function toMessage(
  deps: MailboxDeps,
  scope: MailScope,
  row: MessageRow,
  listed?: AttachmentRow[],
): Promise<TMessage> {
  const attachments = listed ?? (await attachmentsOf(deps.db, scope, row.id));
  const invitations: TMailInvitation[] = [];
  for (const a of attachments) {
    const isIcs = a.contentType.toLowerCase().startsWith('text/calendar') || /\.ics$/i.test(a.filename);
    if (!isIcs || a.size > MAX_ICS_BYTES) continue;
    const file = await deps.files.get(a.storageKey);
    if (file) invitations.push(...invitationsOf(file.toString('utf8')));
  }
  const hasClient = row.clientId && (row.clientCompanyName !== null || row.clientFullName !== null);
  return {
    ...toSummary(row),
    cc: row.cc,
    bcc: row.bcc,
    replyTo: row.replyTo,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    ...bodyOf(deps, row),
    hasRemoteImages: row.hasRemoteImages,
    attachments: attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      isInline: a.isInline,
      contentId: a.contentId,
    })),
    invitations,
    relatedDocuments: row.relatedDocuments,
    securityAnalysis: row.securityAnalysis,
    delivery: row.delivery,
    pec: pecStateOf(row),
    client: hasClient
      ? {
          id: row.clientId!,
          name: clientDisplayName({ companyName: row.clientCompanyName, fullName: row.clientFullName }),
        }
      : null,
    clientLink: row.clientLink,
    folderName: row.folderName,
    accountAddress: row.accountAddress,
  };
}

/** Announces a new message on the user's mail channel (email:new) with its folder's counts. */
export async function publishNewMessage(deps: MailboxDeps, scope: MailScope, id: string) {
  const row = await findMessage(deps.db, scope, id);
  if (!row) return;
  await deps.hub.publish(topics.userMail(scope.orgId, scope.userId), {
    type: 'email:new',
    email: toSummary(row),
  });
  await publishFolderCounts(deps, scope, [row.folderId]);
}

/** The whole message; opening it does not mark it read (the web calls the read action). */
export async function getMessage(deps: MailboxDeps, input: MailScope & { id: string }): Promise<TMessage> {
  const scope = { orgId: input.orgId, userId: input.userId };
  // The attachments are asked beside the message (two pool connections on PostgreSQL), not after it.
  const [row, attachments] = await Promise.all([
    findMessage(deps.db, scope, input.id),
    attachmentsOf(deps.db, scope, input.id),
  ]);
  if (!row) throw new AppError('NOT_FOUND');
  return toMessage(deps, scope, row, attachments);
}

/** A conversation, oldest first, across folders (one's own replies in Sent included). */
export async function getThread(
  deps: MailboxDeps,
  input: MailScope & { threadId: string },
): Promise<TMailThread> {
  const scope = { orgId: input.orgId, userId: input.userId };
  // A message's id names its conversation too (a Message-ID with a "/" cannot travel in a path).
  const byMessage = isUuid(input.threadId) ? await findMessage(deps.db, scope, input.threadId) : undefined;
  const threadId = byMessage ? byMessage.threadId : input.threadId;
  const ids = await threadMessageIds(deps.db, scope, threadId);
  if (ids.length === 0) throw new AppError('NOT_FOUND');
  const messages: TMessage[] = [];
  for (const id of ids) {
    const row = await findMessage(deps.db, scope, id);
    if (row) messages.push(await toMessage(deps, scope, row));
  }
  return { threadId, messages };
}

const SEEN = '\\Seen';

/** The IMAP flag or keyword each flag action sets or clears (confidential stays local: no IMAP flag for it). */
const FLAG_ACTIONS: Record<
  string,
  { values: FlagValues; update: Partial<TMessageSummary>; imap?: { flag: string; on: boolean } }
> = {
  read: { values: { isRead: true }, update: { isRead: true }, imap: { flag: SEEN, on: true } },
  unread: { values: { isRead: false }, update: { isRead: false }, imap: { flag: SEEN, on: false } },
  star: { values: { isStarred: true }, update: { isStarred: true }, imap: { flag: '\\Flagged', on: true } },
  unstar: {
    values: { isStarred: false },
    update: { isStarred: false },
    imap: { flag: '\\Flagged', on: false },
  },
  important: {
    values: { isImportant: true },
    update: { isImportant: true },
    imap: { flag: '$Important', on: true },
  },
  unimportant: {
    values: { isImportant: false },
    update: { isImportant: false },
    imap: { flag: '$Important', on: false },
  },
  confidential: { values: { isConfidential: true }, update: { isConfidential: true } },
  unconfidential: { values: { isConfidential: false }, update: { isConfidential: false } },
};

async function conversationIds(deps: MailboxDeps, scope: MailScope, named: string[], action: MessageAction) {
  const mode = action === 'delete' ? 'folder' : action === 'move' || action === 'trash' ? 'leave' : 'all';
  const members = await conversationMembers(deps.db, scope, named, mode);
  const found = new Set(members);
  if (!named.every((id) => found.has(id))) throw new AppError('NOT_FOUND');
  return members;
}

/**
 * Messages of an account: their changes are queued for the IMAP write-back. One moved here whose move the server
 * has not confirmed yet has no UID: its change is queued behind the move (UID_AFTER_MOVE), which gives it its
 * folder and UID on the server when it is replayed.
 */
function onServer(targets: ActionTarget[]) {
  return targets
    .filter((t): t is ActionTarget & { accountId: string } => t.accountId !== null)
    .map((t) => ({ ...t, uid: t.uid ?? UID_AFTER_MOVE }));
}

function flagChanges(
  scope: MailScope,
  targets: ActionTarget[],
  flag: string,
  on: boolean,
): PendingChangeRow[] {
  return onServer(targets).map((t) => ({
    organizationId: scope.orgId,
    userId: scope.userId,
    accountId: t.accountId,
    folderPath: t.folderPath,
    uid: t.uid,
    messageRowId: t.id,
    kind: 'flags',
    payload: {
      ...(on ? { add: [flag], remove: [] } : { add: [], remove: [flag] }),
      // Read status: the server's wins over a queued change when it changed meanwhile (spec §9).
      ...(flag === SEEN ? { readBefore: t.isRead } : {}),
    },
  }));
}

/** Publishes the new counts of some folders on the user's mail channel. */
export async function publishFolderCounts(deps: MailboxDeps, scope: MailScope, folderIds: string[]) {
  const unique = [...new Set(folderIds)];
  const counts = await folderCounts(deps.db, scope, unique);
  const topic = topics.userMail(scope.orgId, scope.userId);
  for (const folderId of unique) {
    const c = counts.get(folderId) ?? { unread: 0, total: 0 };
    await deps.hub.publish(topic, {
      type: 'folder:updated',
      folderId,
      updates: { unreadCount: c.unread, totalCount: c.total },
    });
  }
}

/**
 * Spec §4 actions on up to 500 messages (or conversations). Every id must be one of the user's messages, or
 * nothing changes (NOT_FOUND). Messages of an IMAP account get their change queued for the server in the same
 * transaction. With `conversations`, each id names its conversation (a row of the conversation view): the action
 * applies to its messages (conversationMembers: a move or trash leaves one's own in Sent and Drafts, a permanent
 * delete takes those in the named message's folder).
 */
export async function applyAction(
  deps: MailboxDeps,
  input: MailScope & { body: TMessageActionInput },
): Promise<TMessageActionResult> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const { body } = input;
  const named = [...new Set(body.ids)];
  const ids = body.conversations ? await conversationIds(deps, scope, named, body.action) : named;
  const topic = topics.userMail(scope.orgId, scope.userId);

  if (body.action === 'delete') return deletePermanently(deps, scope, ids);

  const result = await deps.db.transaction(async (tx) => {
    const targets = await actionTargets(tx, scope, ids);
    if (targets.length !== ids.length) throw new AppError('NOT_FOUND');
    const touchedFolders = targets.map((t) => t.folderId);
    const flag = FLAG_ACTIONS[body.action];
    if (flag) {
      await setFlags(tx, scope, ids, flag.values);
      if (flag.values.isConfidential !== undefined)
        await sealStoredMessages({ ...deps, db: tx }, scope, ids, flag.values.isConfidential);
      if (flag.imap) await queueChanges(tx, flagChanges(scope, targets, flag.imap.flag, flag.imap.on));
      return { updates: flag.update, touchedFolders, perMessage: null };
    }
    if (body.action === 'label' || body.action === 'unlabel') {
      const label = await findLabel(tx, scope, body.labelId!);
      if (!label) throw new AppError('NOT_FOUND');
      const on = body.action === 'label';
      await setLabel(tx, scope, ids, label.id, on);
      // A label is a keyword on the server only where it takes that keyword; elsewhere it stays ours alone.
      const storable = targets.filter((t) => keywordStorable(t.permanentFlags, label.keyword));
      await queueChanges(tx, flagChanges(scope, storable, label.keyword, on));
      const perMessage = new Map(
        targets.map((t) => [
          t.id,
          {
            labelIds: on
              ? t.labelIds.includes(label.id)
                ? t.labelIds
                : [...t.labelIds, label.id]
              : t.labelIds.filter((l) => l !== label.id),
          } as Partial<TMessageSummary>,
        ]),
      );
      return { updates: {}, touchedFolders: [], perMessage };
    }
    // move or trash: every message goes to a folder of its own account (or of the local mailbox).
    const destinations = new Map<string | null, { id: string; path: string }>();
    if (body.action === 'move') {
      const folder = await findFolder(tx, scope, body.folderId!);
      if (!folder) throw new AppError('NOT_FOUND');
      if (targets.some((t) => t.accountId !== folder.accountId))
        throw new AppError('MAIL_MOVE_ACROSS_ACCOUNTS');
      destinations.set(folder.accountId, { id: folder.id, path: folder.path });
    } else {
      await ensureLocalFolders(tx, scope);
      for (const accountId of new Set(targets.map((t) => t.accountId))) {
        const trash = await findRoleFolder(tx, scope, accountId, 'trash');
        if (!trash) throw new AppError('MAIL_TRASH_MISSING');
        destinations.set(accountId, { id: trash.id, path: trash.path });
      }
    }
    const perMessage = new Map<string, Partial<TMessageSummary>>();
    const changes: PendingChangeRow[] = [];
    for (const [accountId, destination] of destinations) {
      const group = targets.filter((t) => t.accountId === accountId && t.folderId !== destination.id);
      await moveMessages(
        tx,
        scope,
        group.map((t) => t.id),
        destination.id,
      );
      for (const t of group) perMessage.set(t.id, { folderId: destination.id });
      for (const t of onServer(group)) {
        changes.push({
          organizationId: scope.orgId,
          userId: scope.userId,
          accountId: t.accountId,
          folderPath: t.folderPath,
          uid: t.uid,
          messageRowId: t.id,
          kind: 'move',
          payload: { toPath: destination.path, toFolderId: destination.id },
        });
      }
      touchedFolders.push(destination.id);
    }
    await queueChanges(tx, changes);
    return { updates: {}, touchedFolders, perMessage };
  });

  for (const id of ids) {
    const updates = result.perMessage ? result.perMessage.get(id) : result.updates;
    if (updates) await deps.hub.publish(topic, { type: 'email:updated', emailId: id, updates });
  }
  if (result.touchedFolders.length) await publishFolderCounts(deps, scope, result.touchedFolders);
  return { updated: result.perMessage ? result.perMessage.size : ids.length };
}

/**
 * Permanent delete: the rows go (with their attachments' rows), the raw messages go from the file store, and so
 * do attachment files no other message of the user still has. IMAP messages get a queued delete (expunge).
 */
async function deletePermanently(
  deps: MailboxDeps,
  scope: MailScope,
  ids: string[],
): Promise<TMessageActionResult> {
  const done = await deps.db.transaction((tx) => removeMessages(tx, scope, ids, { writeBack: true }));
  await afterRemoval(deps, scope, done);
  return { updated: done.deleted.length };
}

export type Removal = Awaited<ReturnType<typeof removeMessages>>;

/**
 * The rows of a permanent delete, on the caller's transaction; `writeBack` queues the IMAP delete of account mail
 * (not for a copy the server never had: a message whose sending was undone). afterRemoval finishes after the commit.
 */
export async function removeMessages(
  tx: DbOrTx,
  scope: MailScope,
  ids: string[],
  options: { writeBack: boolean },
) {
  const targets = await actionTargets(tx, scope, ids);
  if (targets.length !== ids.length) throw new AppError('NOT_FOUND');
  const keys = await storageKeysOf(tx, scope, ids);
  if (options.writeBack) {
    await queueChanges(
      tx,
      onServer(targets).map((t) => ({
        organizationId: scope.orgId,
        userId: scope.userId,
        accountId: t.accountId,
        folderPath: t.folderPath,
        uid: t.uid,
        messageRowId: t.id,
        kind: 'delete' as const,
        payload: {},
      })),
    );
  }
  const deleted = await deleteMessages(tx, scope, ids);
  const stillUsed = await keysStillUsed(tx, scope, keys);
  return {
    deleted,
    folders: targets.map((t) => t.folderId),
    orphanKeys: keys.filter((k) => !stillUsed.has(k)),
  };
}

/** After the commit: a file removed before a rollback would leave a row without its content. */
export async function afterRemoval(deps: MailboxDeps, scope: MailScope, done: Removal): Promise<void> {
  for (const key of [...done.orphanKeys, ...done.deleted.flatMap((d) => (d.rawKey ? [d.rawKey] : []))]) {
    await deps.files.remove(key).catch(() => undefined);
  }
  const topic = topics.userMail(scope.orgId, scope.userId);
  for (const d of done.deleted) await deps.hub.publish(topic, { type: 'email:deleted', emailId: d.id });
  await publishFolderCounts(deps, scope, done.folders);
}

/** Links a message to a client by hand (manual), or removes the link (unlinked: no automatic link comes back). */
export async function linkClient(
  deps: MailboxDeps,
  input: MailScope & { id: string; clientId: string | null },
): Promise<TMessage> {
  const scope = { orgId: input.orgId, userId: input.userId };
  if (input.clientId && !(await findClientName(deps.db, input.orgId, input.clientId))) {
    throw new AppError('NOT_FOUND');
  }
  const changed = await setClientLink(
    deps.db,
    scope,
    input.id,
    input.clientId,
    input.clientId ? 'manual' : 'unlinked',
  );
  if (!changed) throw new AppError('NOT_FOUND');
  await deps.hub.publish(topics.userMail(scope.orgId, scope.userId), {
    type: 'email:updated',
    emailId: input.id,
    updates: { clientId: input.clientId },
  });
  return getMessage(deps, { ...scope, id: input.id });
}
