import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TMailDelivery } from '@shared/mail/outbox.ts';
import type { TPecReceipt } from '@shared/mailbox/pec.ts';
import { SEARCH_COUNT_CAP } from '@shared/mailbox/contracts.ts';
import type { DbOrTx } from '../../db/database.ts';
import { SNIPPET_HEADLINE_OPTIONS, tsQueryOf } from '../../platform/full-text-repository.ts';
import { clients } from '../../db/schema/clients.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { mailAccounts, mailFolders, mailMessages, mailPecReceipts } from '../../db/schema/mailbox.ts';
import type { MailScope } from './folders-repository.ts';
import { deliveryFromRow } from './outgoing-repository.ts';

/**
 * The mail list, the message, its conversation and the bulk changes. Every query is scoped by organization and
 * user. The list is an index walk, newest first: a folder's page walks mail_messages_folder_list_idx, a view over
 * all the user's mail mail_messages_owner_list_idx; a search uses the GIN indexes (search_vector, and trigrams of
 * address_text).
 */

/** The columns of mail_messages, as the table or an alias of it (the conversation subqueries) has them. */
const newer = alias(mailMessages, 'n');
type MessagesTable = typeof mailMessages | typeof newer;

/**
 * Newest first, as the list indexes are built (DESC NULLS LAST): a plain DESC means NULLS FIRST, which the
 * indexes cannot give, and the database would sort the whole folder instead of walking 50 rows.
 */
const newestFirst = [
  sql`${mailMessages.receivedAt} desc nulls last`,
  sql`${mailMessages.id} desc nulls last`,
];

/** What a list may be narrowed to; every field is optional except the scope. */
export type MessageFilter = {
  /** Only these folders (null: all the user's folders). An empty list matches nothing. */
  folderIds: string[] | null;
  isRead?: boolean;
  isStarred?: boolean;
  isImportant?: boolean;
  hasAttachments?: boolean;
  /** received_at ≥ from and < to (instants, the day bounds in the organization's time zone). */
  from?: Date;
  to?: Date;
  labelId?: string;
  clientId?: string;
  /** The words and the address fragment of a search (see searchTerms). */
  search?: SearchTerms;
  /** Only mail of the user's waiting to be sent at a chosen time (the "Scheduled" view, issue 16). */
  scheduled?: boolean;
};

export type SearchTerms = { words: string[]; addressFragment: string | null };

/**
 * The words of a search as one tsquery: every word matched in its plain form or its Italian or English stem
 * (the stored vector holds all three), the last word as a prefix (`prev` finds `preventivo`). Words are letters
 * and digits only, so no tsquery syntax can come from the user.
 */
function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchCondition(t: MessagesTable, search: SearchTerms): SQL {
  const conditions: SQL[] = [];
  if (search.words.length > 0) conditions.push(sql`${t.searchVector} @@ (${tsQueryOf(search.words)})`);
  if (search.addressFragment) {
    conditions.push(sql`${t.addressText} like ${`%${likeEscape(search.addressFragment)}%`}`);
  }
  if (conditions.length === 0) return sql`false`;
  return conditions.length === 1 ? conditions[0]! : sql`(${sql.join(conditions, sql` or `)})`;
}

function whereFor(t: MessagesTable, scope: MailScope, f: MessageFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(t.organizationId, scope.orgId), eq(t.userId, scope.userId)];
  // One folder as an equality: only then can mail_messages_folder_list_idx give the rows in date order.
  if (f.folderIds?.length === 1) parts.push(eq(t.folderId, f.folderIds[0]!));
  else if (f.folderIds) parts.push(f.folderIds.length ? inArray(t.folderId, f.folderIds) : sql`false`);
  if (f.isRead !== undefined) parts.push(eq(t.isRead, f.isRead));
  if (f.isStarred !== undefined) parts.push(eq(t.isStarred, f.isStarred));
  if (f.isImportant !== undefined) parts.push(eq(t.isImportant, f.isImportant));
  if (f.hasAttachments !== undefined) parts.push(eq(t.hasAttachments, f.hasAttachments));
  if (f.from) parts.push(gte(t.receivedAt, f.from));
  if (f.to) parts.push(lt(t.receivedAt, f.to));
  if (f.labelId) parts.push(sql`${t.labelIds} @> array[${f.labelId}::uuid]`);
  if (f.clientId) parts.push(eq(t.clientId, f.clientId));
  if (f.search) parts.push(searchCondition(t, f.search));
  if (f.scheduled) {
    parts.push(
      sql`${t.id} in (select o.mail_message_id from ${mailOutbox} o where o.organization_id = ${scope.orgId} and o.user_id = ${scope.userId} and o.status = 'scheduled')`,
    );
  }
  return and(...parts)!;
}

const summaryColumns = (t: MessagesTable) => ({
  id: t.id,
  accountId: t.accountId,
  folderId: t.folderId,
  threadId: t.threadId,
  subject: t.subject,
  snippet: t.snippet,
  fromName: t.fromName,
  fromAddress: t.fromAddress,
  to: t.to,
  receivedAt: t.receivedAt,
  isRead: t.isRead,
  isStarred: t.isStarred,
  isImportant: t.isImportant,
  isConfidential: t.isConfidential,
  isDraft: t.isDraft,
  hasAttachments: t.hasAttachments,
  isCertified: t.isCertified,
  labelIds: t.labelIds,
  clientId: t.clientId,
  risk: sql<string | null>`${t.securityAnalysis}->>'recommendation'`,
});

export type SummaryRow = {
  id: string;
  accountId: string | null;
  folderId: string;
  threadId: string;
  subject: string;
  snippet: string;
  fromName: string | null;
  fromAddress: string | null;
  to: { name: string | null; address: string }[];
  receivedAt: Date;
  isRead: boolean;
  isStarred: boolean;
  isImportant: boolean;
  isConfidential: boolean;
  isDraft: boolean;
  hasAttachments: boolean;
  isCertified: boolean;
  labelIds: string[];
  clientId: string | null;
  risk: string | null;
  threadCount: number;
  /** With a search of words: subject and snippet with the words marked (see markedColumns). */
  marked?: { subject: string; snippet: string } | null;
};

/**
 * A page of the list, newest first. `conversations`: one row per thread, its newest matching message (a row is
 * kept when no newer matching message of its thread exists: an index lookup per row), with the number of
 * messages of the whole conversation, one's own replies in Sent included. One row more than the page is read to
 * know whether another page follows. With `count`, the total counts at most SEARCH_COUNT_CAP + 1 rows (`capped`
 * beyond); without it (the mailbox's own list) there is no total, and no second walk over up to a thousand rows.
 */
export async function listMessages(
  db: DbOrTx,
  scope: MailScope,
  f: MessageFilter,
  options: { conversations: boolean; limit: number; offset: number; count: boolean },
): Promise<{ items: SummaryRow[]; hasMore: boolean; total: number | null; capped: boolean }> {
  const m = mailMessages;
  const n = newer;
  const c = alias(mailMessages, 'c');
  const where = whereFor(m, scope, f);
  const newestOfThread = sql`not exists (select 1 from ${mailMessages} n where ${and(
    whereFor(n, scope, f),
    eq(n.threadId, m.threadId),
    sql`(${n.receivedAt}, ${n.id}) > (${m.receivedAt}, ${m.id})`,
  )})`;
  const threadCount = options.conversations
    ? sql<number>`(select count(*) from ${mailMessages} c where ${and(
        eq(c.organizationId, scope.orgId),
        eq(c.userId, scope.userId),
        eq(c.threadId, m.threadId),
      )})`.mapWith(Number)
    : sql<number>`1`.mapWith(Number);
  const marked = f.search?.words.length ? markedColumns(m, f.search.words) : {};
  const rowsQuery = db
    .select({ ...summaryColumns(m), threadCount, ...marked })
    .from(m)
    .where(options.conversations ? and(where, newestOfThread) : where)
    .orderBy(...newestFirst)
    .limit(options.limit + 1)
    .offset(options.offset);

  // The count stops after SEARCH_COUNT_CAP + 1 rows (an index walk that ends early): an exact count of a large
  // folder, or of its conversations, would read all of it on every page. The page and the count are asked
  // together (two pool connections on PostgreSQL); a first page with room to spare is the whole list, its length
  // the count.
  const countQuery = async () => {
    if (!options.count) return null;
    const matches = db
      .select({ one: sql`1` })
      .from(m)
      .where(options.conversations ? and(where, newestOfThread) : where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches');
    const [row] = await db.select({ total: count() }).from(matches);
    return row?.total ?? 0;
  };
  const [read, counted] = await Promise.all([rowsQuery, countQuery()]);
  const hasMore = read.length > options.limit;
  const rows = (hasMore ? read.slice(0, options.limit) : read).map((row) => {
    const { markedSubject, markedSnippet, ...rest } = row as typeof row & {
      markedSubject?: string;
      markedSnippet?: string;
    };
    const summary = rest as SummaryRow;
    if (markedSubject !== undefined) summary.marked = { subject: markedSubject, snippet: markedSnippet! };
    return summary;
  });
  if (counted === null) return { items: rows, hasMore, total: null, capped: false };
  const total = options.offset === 0 && !hasMore ? rows.length : counted;
  return {
    items: rows,
    hasMore,
    total: Math.min(total, SEARCH_COUNT_CAP),
    capped: total > SEARCH_COUNT_CAP,
  };
}

/**
 * Subject and snippet with the search words marked by \u0002 and \u0003 (ts_headline; never HTML), in the list's
 * own query: PostgreSQL computes these costly columns only for the rows the page returns (after the sort and the
 * limit), and the page needs no second query.
 */
function markedColumns(m: typeof mailMessages, words: string[]) {
  const q = tsQueryOf(words);
  const options = 'StartSel="\u0002", StopSel="\u0003", HighlightAll=true';
  return {
    markedSubject: sql<string>`ts_headline('italian', ${m.subject}, (${q}), ${options})`,
    markedSnippet: sql<string>`case when ${m.textBody} is null or ${m.textBody} = '' then ${m.snippet} else ts_headline('italian', left(${m.textBody}, 5000), (${q}), ${SNIPPET_HEADLINE_OPTIONS}) end`,
  };
}

/** The whole message with its folder, account and client names. */
export async function findMessage(db: DbOrTx, scope: MailScope, id: string) {
  const m = mailMessages;
  const [row] = await db
    .select({
      ...summaryColumns(m),
      cc: m.cc,
      bcc: m.bcc,
      replyTo: m.replyTo,
      /** The Message-ID header and its References: a reply names them (In-Reply-To, References). */
      internetMessageId: m.messageId,
      references: m.references,
      sentAt: m.sentAt,
      htmlBody: m.htmlBody,
      textBody: m.textBody,
      sealedContent: m.sealedContent,
      hasRemoteImages: m.hasRemoteImages,
      relatedDocuments: m.relatedDocuments,
      securityAnalysis: m.securityAnalysis,
      clientLink: m.clientLink,
      folderName: mailFolders.name,
      accountAddress: mailAccounts.emailAddress,
      clientCompanyName: clients.companyName,
      clientFullName: clients.fullName,
      // Mail this app sent (composed, or its own mail recorded in Sent): the state of its outbox row.
      delivery: sql<TMailDelivery | null>`(select json_build_object('outboxId', o.id, 'status', o.status, 'errorCode', o.error_code, 'lastError', o.last_error, 'sendAt', case when o.status in ('scheduled', 'queued') then o.next_attempt_at end) from ${mailOutbox} o where o.mail_message_id = ${m.id} order by o.created_at desc limit 1)`,
      // PEC receipts (issue 16) that name this message by its Message-ID, oldest first.
      pecReceipts: sql<
        TPecReceipt[] | null
      >`(select json_agg(json_build_object('messageId', r.message_row_id, 'kind', r.kind, 'recipient', r.recipient, 'error', r.error, 'receivedAt', r.received_at) order by r.received_at) from ${mailPecReceipts} r where r.organization_id = ${scope.orgId} and r.user_id = ${scope.userId} and r.refers_to = ${m.messageId})`,
      accountIsPec: mailAccounts.isPec,
      accountEmail: mailAccounts.emailAddress,
      threadCount:
        sql<number>`(select count(*) from ${mailMessages} t where t.organization_id = ${scope.orgId} and t.user_id = ${scope.userId} and t.thread_id = ${m.threadId})`.mapWith(
          Number,
        ),
    })
    .from(m)
    .innerJoin(mailFolders, eq(mailFolders.id, m.folderId))
    .leftJoin(mailAccounts, eq(mailAccounts.id, m.accountId))
    .leftJoin(clients, and(eq(clients.id, m.clientId), eq(clients.organizationId, scope.orgId)))
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), eq(m.id, id)));
  return row;
}
/** An outbox row of the user's and the copy in their mailbox it belongs to (null until that copy is stored). */
export async function deliveryOf(
  db: DbOrTx,
  scope: MailScope,
  outboxId: string,
): Promise<{ mailMessageId: string | null; delivery: TMailDelivery } | undefined> {
  const o = mailOutbox;
  const [row] = await db
    .select({
      mailMessageId: o.mailMessageId,
      outboxId: o.id,
      status: o.status,
      errorCode: o.errorCode,
      lastError: o.lastError,
      nextAttemptAt: o.nextAttemptAt,
    })
    .from(o)
    .where(and(eq(o.organizationId, scope.orgId), eq(o.userId, scope.userId), eq(o.id, outboxId)));
  if (!row) return undefined;
  const { mailMessageId, ...delivery } = row;
  return { mailMessageId, delivery: deliveryFromRow(delivery) };
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

/** Every message of a conversation, oldest first (across folders: one's own replies in Sent included). */
export async function threadMessageIds(db: DbOrTx, scope: MailScope, threadId: string): Promise<string[]> {
  const m = mailMessages;
  const rows = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), eq(m.threadId, threadId)))
    .orderBy(asc(m.receivedAt), asc(m.id))
    .limit(500);
  return rows.map((r) => r.id);
}

/** The messages an action names, with where they are on the IMAP server. */
export async function actionTargets(db: DbOrTx, scope: MailScope, ids: string[]) {
  const m = mailMessages;
  return db
    .select({
      id: m.id,
      accountId: m.accountId,
      uid: m.uid,
      folderId: m.folderId,
      folderPath: mailFolders.path,
      permanentFlags: mailFolders.permanentFlags,
      labelIds: m.labelIds,
      isRead: m.isRead,
      rawKey: m.rawKey,
    })
    .from(m)
    .innerJoin(mailFolders, eq(mailFolders.id, m.folderId))
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.id, ids)));
}
export type ActionTarget = Awaited<ReturnType<typeof actionTargets>>[number];

export type FlagValues = Partial<{
  isRead: boolean;
  isStarred: boolean;
  isImportant: boolean;
  isConfidential: boolean;
}>;

export async function setFlags(db: DbOrTx, scope: MailScope, ids: string[], values: FlagValues) {
  if (ids.length === 0) return;
  const m = mailMessages;
  await db
    .update(m)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.id, ids)));
}

/** The stored body of some messages, for sealing or opening it (confidential.ts). */
export async function bodiesOf(db: DbOrTx, scope: MailScope, ids: string[]) {
  if (ids.length === 0) return [];
  const m = mailMessages;
  return db
    .select({
      id: m.id,
      textBody: m.textBody,
      htmlBody: m.htmlBody,
      sealedContent: m.sealedContent,
      rawKey: m.rawKey,
    })
    .from(m)
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.id, ids)));
}

export async function setBody(
  db: DbOrTx,
  scope: MailScope,
  id: string,
  body: { textBody: string | null; htmlBody: string | null; sealedContent: string | null; snippet: string },
) {
  const m = mailMessages;
  await db
    .update(m)
    .set({ ...body, updatedAt: new Date() })
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), eq(m.id, id)));
}

export async function setLabel(db: DbOrTx, scope: MailScope, ids: string[], labelId: string, on: boolean) {
  if (ids.length === 0) return;
  const m = mailMessages;
  const labelIds = on
    ? sql`case when ${m.labelIds} @> array[${labelId}::uuid] then ${m.labelIds} else array_append(${m.labelIds}, ${labelId}::uuid) end`
    : sql`array_remove(${m.labelIds}, ${labelId}::uuid)`;
  await db
    .update(m)
    .set({ labelIds, updatedAt: new Date() })
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.id, ids)));
}

/** Moves messages to a folder; a message of an IMAP account loses its UID until the server confirms the move. */
export async function moveMessages(db: DbOrTx, scope: MailScope, ids: string[], folderId: string) {
  if (ids.length === 0) return;
  const m = mailMessages;
  await db
    .update(m)
    .set({
      folderId,
      uid: sql`case when ${m.accountId} is null then ${m.uid} else null end`,
      updatedAt: new Date(),
    })
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.id, ids)));
}

/** Moves every message of some folders (a folder being deleted) to another; returns them as they were. */
export async function moveFolderContents(
  db: DbOrTx,
  scope: MailScope,
  fromFolderIds: string[],
  toFolderId: string,
) {
  if (fromFolderIds.length === 0) return [];
  const m = mailMessages;
  const before = await db
    .select({ id: m.id, accountId: m.accountId, uid: m.uid, folderPath: mailFolders.path })
    .from(m)
    .innerJoin(mailFolders, eq(mailFolders.id, m.folderId))
    .where(
      and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.folderId, fromFolderIds)),
    );
  await db
    .update(m)
    .set({
      folderId: toFolderId,
      uid: sql`case when ${m.accountId} is null then ${m.uid} else null end`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.folderId, fromFolderIds)),
    );
  return before;
}

/** Deletes message rows (their attachments rows go with them); returns their raw message keys. */
export async function deleteMessages(db: DbOrTx, scope: MailScope, ids: string[]) {
  if (ids.length === 0) return [];
  const m = mailMessages;
  return db
    .delete(m)
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), inArray(m.id, ids)))
    .returning({ id: m.id, rawKey: m.rawKey });
}

export async function setClientLink(
  db: DbOrTx,
  scope: MailScope,
  id: string,
  clientId: string | null,
  link: 'manual' | 'unlinked',
): Promise<boolean> {
  const m = mailMessages;
  const rows = await db
    .update(m)
    .set({ clientId, clientLink: link, updatedAt: new Date() })
    .where(and(eq(m.organizationId, scope.orgId), eq(m.userId, scope.userId), eq(m.id, id)))
    .returning({ id: m.id });
  return rows.length > 0;
}

/** The client of the organization with its name, or undefined. */
export async function findClientName(db: DbOrTx, orgId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id, companyName: clients.companyName, fullName: clients.fullName })
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, clientId)));
  return row;
}

export type NewMessage = Omit<
  typeof mailMessages.$inferInsert,
  'id' | 'organizationId' | 'userId' | 'createdAt' | 'updatedAt' | 'searchVector'
>;

export async function insertMessage(db: DbOrTx, scope: MailScope, values: NewMessage): Promise<string> {
  const [row] = await db
    .insert(mailMessages)
    .values({ ...values, organizationId: scope.orgId, userId: scope.userId })
    .returning({ id: mailMessages.id });
  return row!.id;
}

/**
 * The user's messages linked to a client, newest first (mail_messages_client_idx), for the client's timeline.
 * The app's own outgoing mail recorded from the outbox is left out: the timeline shows it as a document e-mail.
 */
export async function clientMessages(db: DbOrTx, scope: MailScope, clientId: string, limit: number) {
  const m = mailMessages;
  return db
    .select({
      id: m.id,
      subject: m.subject,
      receivedAt: m.receivedAt,
      fromAddress: m.fromAddress,
      fromName: m.fromName,
      role: mailFolders.role,
    })
    .from(m)
    .innerJoin(mailFolders, eq(mailFolders.id, m.folderId))
    .where(
      and(
        eq(m.clientId, clientId),
        eq(m.organizationId, scope.orgId),
        eq(m.userId, scope.userId),
        sql`coalesce(${m.messageId}, '') not like '<outbox.%'`,
      ),
    )
    .orderBy(sql`${m.receivedAt} desc nulls last`)
    .limit(limit + 1);
}

/**
 * The messages of the conversations of these messages (one of them named each), for an action on conversation
 * rows: `all` every message of the conversation in the same account; `leave` the same without one's own in Sent
 * and Drafts (a conversation moved or trashed leaves one's replies where they are); `folder` only those in the
 * named message's folder (a permanent delete takes what is in the folder looked at). Each named message is in
 * its own answer; one that is not the user's is not.
 */
export async function conversationMembers(
  db: DbOrTx,
  scope: MailScope,
  ids: string[],
  mode: 'all' | 'leave' | 'folder',
): Promise<string[]> {
  if (ids.length === 0) return [];
  const m = mailMessages;
  const head = alias(mailMessages, 'head');
  const f = alias(mailFolders, 'member_folder');
  const which =
    mode === 'folder'
      ? eq(m.folderId, head.folderId)
      : mode === 'leave'
        ? sql`(${m.id} = ${head.id} or coalesce(${f.role}, '') not in ('sent', 'drafts'))`
        : undefined;
  const rows = await db
    .selectDistinct({ id: m.id })
    .from(head)
    .innerJoin(
      m,
      and(
        eq(m.organizationId, head.organizationId),
        eq(m.userId, head.userId),
        eq(m.threadId, head.threadId),
        sql`${m.accountId} is not distinct from ${head.accountId}`,
      ),
    )
    .innerJoin(f, eq(f.id, m.folderId))
    .where(
      and(eq(head.organizationId, scope.orgId), eq(head.userId, scope.userId), inArray(head.id, ids), which),
    );
  return rows.map((r) => r.id);
}
