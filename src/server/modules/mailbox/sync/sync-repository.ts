import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TMailAccountState } from '@shared/mailbox/contracts.ts';
import type { MailFolderRole } from '@shared/mailbox/types.ts';
import {
  mailAccounts,
  mailAttachments,
  mailFolders,
  mailLabels,
  mailMessages,
  mailPendingChanges,
} from '../../../db/schema/mailbox.ts';
import type { DbOrTx } from '../../../db/database.ts';
import { MAX_REPLAY_ATTEMPTS, pendingCounts } from '../pending-changes-repository.ts';
import type { FlagColumns } from './flags.ts';

/**
 * The sync's reads and writes (issue 15). Accounts are claimed with a lease in one conditional update, so two app
 * instances never sync one account at once; every other write is by the id of a row the claimed account owns.
 */

/** A message's flag columns as the sync writes them: the IMAP flags (flags.ts) and the labels they carry. */
type StoredFlags = FlagColumns & { labelIds: string[] };
export type Scope = { orgId: string; userId: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Claims the most overdue account whose sync is due and free, for `leaseSeconds`: one statement, SKIP LOCKED, so
 * two runners on one database never get the same account. An account failing with AUTH_ERROR is never due.
 */
export async function claimDueAccount(db: DbOrTx, owner: string, leaseSeconds: number) {
  const result = await db.execute<{ id: string }>(sql`
    update ${mailAccounts}
    set sync_lease_until = now() + make_interval(secs => ${leaseSeconds}), sync_lease_owner = ${owner}
    where id = (
      select id from ${mailAccounts}
      where sync_enabled and next_sync_at <= now()
        and (sync_lease_until is null or sync_lease_until < now())
        and coalesce(sync_error_code, '') <> 'AUTH_ERROR'
      order by next_sync_at
      limit 1
      for update skip locked
    )
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** Claims one account by id (sync now, IDLE): only when its lease is free. */
export async function claimAccount(db: DbOrTx, id: string, owner: string, leaseSeconds: number) {
  const result = await db.execute<{ id: string }>(sql`
    update ${mailAccounts}
    set sync_lease_until = now() + make_interval(secs => ${leaseSeconds}), sync_lease_owner = ${owner}
    where id = (
      select id from ${mailAccounts}
      where id = ${id} and sync_enabled and (sync_lease_until is null or sync_lease_until < now())
        and coalesce(sync_error_code, '') <> 'AUTH_ERROR'
      for update skip locked
    )
    returning id`);
  return rowsOf<{ id: string }>(result).length > 0;
}

/** Extends the lease; false when it was taken away (the user stopped the sync) or ran out to another instance. */
export async function renewLease(db: DbOrTx, id: string, owner: string, leaseSeconds: number) {
  const result = await db.execute<{ id: string }>(sql`
    update ${mailAccounts}
    set sync_lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id = ${id} and sync_lease_owner = ${owner}
    returning id`);
  return rowsOf<{ id: string }>(result).length > 0;
}

export async function accountForSync(db: DbOrTx, id: string) {
  const [row] = await db.select().from(mailAccounts).where(eq(mailAccounts.id, id));
  return row ?? null;
}
export type SyncAccountRow = NonNullable<Awaited<ReturnType<typeof accountForSync>>>;

export type SyncStatePatch = Partial<
  Pick<
    typeof mailAccounts.$inferInsert,
    | 'syncStatus'
    | 'syncErrorCode'
    | 'syncError'
    | 'syncAttempts'
    | 'lastSyncAt'
    | 'nextSyncAt'
    | 'syncProgress'
  >
>;

export async function setSyncState(db: DbOrTx, id: string, patch: SyncStatePatch) {
  await db.update(mailAccounts).set(patch).where(eq(mailAccounts.id, id));
}

/** Ends a run: writes its outcome and frees the lease, unless another instance holds it by now. */
export async function finishSync(db: DbOrTx, id: string, owner: string, patch: SyncStatePatch) {
  await db
    .update(mailAccounts)
    .set({ ...patch, syncLeaseOwner: null, syncLeaseUntil: null })
    .where(
      and(
        eq(mailAccounts.id, id),
        or(eq(mailAccounts.syncLeaseOwner, owner), isNull(mailAccounts.syncLeaseOwner)),
      ),
    );
}

export async function accountState(db: DbOrTx, id: string): Promise<TMailAccountState | null> {
  const [row] = await db
    .select({
      id: mailAccounts.id,
      organizationId: mailAccounts.organizationId,
      userId: mailAccounts.userId,
      emailAddress: mailAccounts.emailAddress,
      displayName: mailAccounts.displayName,
      signatureHtml: mailAccounts.signatureHtml,
      isPec: mailAccounts.isPec,
      syncStatus: mailAccounts.syncStatus,
      syncErrorCode: mailAccounts.syncErrorCode,
      lastSyncAt: mailAccounts.lastSyncAt,
      syncProgress: mailAccounts.syncProgress,
    })
    .from(mailAccounts)
    .where(eq(mailAccounts.id, id));
  if (!row) return null;
  const queue = (await pendingCounts(db, { orgId: row.organizationId, userId: row.userId }, [id])).get(id);
  const { organizationId: _org, userId: _user, ...state } = row;
  return {
    ...state,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    pendingChanges: queue?.pending ?? 0,
    failedChanges: queue?.failed ?? 0,
  };
}

/** The owner's accounts that IDLE may watch: syncing, and not failing on their password. */
export async function idleAccountsOf(db: DbOrTx, scope: Scope) {
  return db
    .select({ id: mailAccounts.id })
    .from(mailAccounts)
    .where(
      and(
        eq(mailAccounts.organizationId, scope.orgId),
        eq(mailAccounts.userId, scope.userId),
        eq(mailAccounts.syncEnabled, true),
        sql`coalesce(${mailAccounts.syncErrorCode}, '') <> 'AUTH_ERROR'`,
      ),
    );
}

/**
 * "Sync now": due at once. A user asking again after fixing the server is a new try, so an AUTH_ERROR is cleared
 * (the state stays "error" until the run says otherwise). Answers false when the account is not the caller's.
 */
export async function requestSync(db: DbOrTx, scope: Scope, id: string) {
  const rows = await db
    .update(mailAccounts)
    .set({
      nextSyncAt: new Date(),
      syncAttempts: 0,
      syncErrorCode: sql`case when ${mailAccounts.syncErrorCode} = 'AUTH_ERROR' then null else ${mailAccounts.syncErrorCode} end`,
    })
    .where(
      and(
        eq(mailAccounts.id, id),
        eq(mailAccounts.organizationId, scope.orgId),
        eq(mailAccounts.userId, scope.userId),
      ),
    )
    .returning({ id: mailAccounts.id });
  if (rows.length === 0) return false;
  // Changes given up are tried again: the user asking is a new try (the queue's order is kept).
  await db
    .update(mailPendingChanges)
    .set({ attempts: 0 })
    .where(
      and(
        eq(mailPendingChanges.accountId, id),
        sql`${mailPendingChanges.attempts} >= ${MAX_REPLAY_ATTEMPTS}`,
      ),
    );
  return true;
}

export async function ownsAccount(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: mailAccounts.id })
    .from(mailAccounts)
    .where(
      and(
        eq(mailAccounts.id, id),
        eq(mailAccounts.organizationId, scope.orgId),
        eq(mailAccounts.userId, scope.userId),
      ),
    );
  return !!row;
}

/** Takes the lease away from a running sync (its next batch sees it and stops); false when none runs. */
export async function revokeLease(db: DbOrTx, scope: Scope, id: string) {
  const rows = await db
    .update(mailAccounts)
    // Not due again at once either: a stopped sync waits for its next planned run.
    .set({
      syncLeaseOwner: null,
      syncLeaseUntil: null,
      nextSyncAt: sql`now() + make_interval(mins => ${mailAccounts.syncIntervalMinutes})`,
    })
    .where(
      and(
        eq(mailAccounts.id, id),
        eq(mailAccounts.organizationId, scope.orgId),
        eq(mailAccounts.userId, scope.userId),
        gt(mailAccounts.syncLeaseUntil, sql`now()`),
      ),
    )
    .returning({ id: mailAccounts.id });
  return rows.length > 0;
}

/* Folders */

export async function foldersOf(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: mailFolders.id,
      path: mailFolders.path,
      name: mailFolders.name,
      role: mailFolders.role,
      parentId: mailFolders.parentId,
      delimiter: mailFolders.delimiter,
      uidValidity: mailFolders.uidValidity,
      uidNext: mailFolders.uidNext,
      highestModseq: mailFolders.highestModseq,
      permanentFlags: mailFolders.permanentFlags,
      backfillBelowUid: mailFolders.backfillBelowUid,
      backfillDone: mailFolders.backfillDone,
    })
    .from(mailFolders)
    .where(eq(mailFolders.accountId, accountId));
}
export type SyncFolderRow = Awaited<ReturnType<typeof foldersOf>>[number];

export async function insertFolder(
  db: DbOrTx,
  scope: Scope,
  accountId: string,
  folder: { path: string; name: string; delimiter: string | null; role: MailFolderRole | null },
) {
  const [row] = await db
    .insert(mailFolders)
    .values({ organizationId: scope.orgId, userId: scope.userId, accountId, ...folder })
    .returning({ id: mailFolders.id });
  return row!.id;
}

export async function updateFolder(
  db: DbOrTx,
  id: string,
  patch: Partial<
    Pick<
      typeof mailFolders.$inferInsert,
      | 'name'
      | 'delimiter'
      | 'role'
      | 'parentId'
      | 'uidValidity'
      | 'uidNext'
      | 'highestModseq'
      | 'backfillBelowUid'
      | 'backfillDone'
      | 'lastSyncAt'
    >
  >,
) {
  await db
    .update(mailFolders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(mailFolders.id, id));
}

/** The PERMANENTFLAGS a folder's server answered when it was selected for writing (replay-changes.ts). */
export async function setFolderPermanentFlags(db: DbOrTx, accountId: string, path: string, flags: string[]) {
  await db
    .update(mailFolders)
    .set({ permanentFlags: flags, updatedAt: new Date() })
    .where(and(eq(mailFolders.accountId, accountId), eq(mailFolders.path, path)));
}

export async function deleteFolders(db: DbOrTx, ids: string[]) {
  if (ids.length) await db.delete(mailFolders).where(inArray(mailFolders.id, ids));
}

/** A folder's counts, as the trigger of migration 0018 keeps them (never a count over its messages). */
export async function folderCounts(db: DbOrTx, folderId: string) {
  const [row] = await db
    .select({ totalCount: mailFolders.totalCount, unreadCount: mailFolders.unreadCount })
    .from(mailFolders)
    .where(eq(mailFolders.id, folderId));
  return { totalCount: row?.totalCount ?? 0, unreadCount: row?.unreadCount ?? 0 };
}

/** The owner's labels by their IMAP keyword, lower-cased (sync/flags.ts splitLabels). */
export async function labelKeywords(db: DbOrTx, scope: Scope): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: mailLabels.id, keyword: mailLabels.keyword })
    .from(mailLabels)
    .where(and(eq(mailLabels.organizationId, scope.orgId), eq(mailLabels.userId, scope.userId)));
  return new Map(rows.map((r) => [r.keyword.toLowerCase(), r.id]));
}

/* Messages */

export async function countAccountMessages(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(mailMessages)
    .where(eq(mailMessages.accountId, accountId));
  return row?.n ?? 0;
}

/** Every stored UID of a folder (a number each: a 50,000-message folder is a few hundred KB). */
export async function storedUids(db: DbOrTx, folderId: string): Promise<number[]> {
  const rows = await db
    .select({ uid: mailMessages.uid })
    .from(mailMessages)
    .where(and(eq(mailMessages.folderId, folderId), sql`${mailMessages.uid} is not null`));
  return rows.map((r) => r.uid!);
}

export async function messagesByUid(db: DbOrTx, folderId: string, uids: number[]) {
  if (uids.length === 0) return [];
  return db
    .select({
      id: mailMessages.id,
      uid: mailMessages.uid,
      isRead: mailMessages.isRead,
      isStarred: mailMessages.isStarred,
      isImportant: mailMessages.isImportant,
      isAnswered: mailMessages.isAnswered,
      isDraft: mailMessages.isDraft,
      keywords: mailMessages.keywords,
      labelIds: mailMessages.labelIds,
    })
    .from(mailMessages)
    .where(and(eq(mailMessages.folderId, folderId), inArray(mailMessages.uid, uids)));
}

export async function updateMessageFlags(db: DbOrTx, id: string, flags: StoredFlags, modseq: string | null) {
  await db
    .update(mailMessages)
    .set({ ...flags, ...(modseq ? { modseq } : {}), updatedAt: new Date() })
    .where(eq(mailMessages.id, id));
}

/** The server's read status over ours (a queued read change that gave way); answers the message's folder. */
export async function setMessageRead(db: DbOrTx, id: string, isRead: boolean) {
  const rows = await db
    .update(mailMessages)
    .set({ isRead, updatedAt: new Date() })
    .where(eq(mailMessages.id, id))
    .returning({ folderId: mailMessages.folderId });
  return rows[0]?.folderId ?? null;
}

/**
 * Deletes the messages of a folder with these UIDs (or every message of the folder when uids is null). Answers
 * their ids, and the files (raw messages, attachments no remaining message of the owner uses) for the caller to
 * remove from the file store after the commit.
 */
export async function deleteMessages(db: DbOrTx, scope: Scope, folderId: string, uids: number[] | null) {
  if (uids && uids.length === 0) return { ids: [] as string[], files: [] as string[] };
  const where = uids
    ? and(eq(mailMessages.folderId, folderId), inArray(mailMessages.uid, uids))
    : eq(mailMessages.folderId, folderId);
  const attachmentRows = await db
    .selectDistinct({ key: mailAttachments.storageKey })
    .from(mailAttachments)
    .innerJoin(mailMessages, eq(mailMessages.id, mailAttachments.messageId))
    .where(where);
  // Attachment rows cascade with their messages.
  const deleted = await db
    .delete(mailMessages)
    .where(where)
    .returning({ id: mailMessages.id, rawKey: mailMessages.rawKey });
  const keys = attachmentRows.map((r) => r.key);
  const stillUsed = keys.length
    ? new Set(
        (
          await db
            .selectDistinct({ key: mailAttachments.storageKey })
            .from(mailAttachments)
            .where(
              and(
                eq(mailAttachments.organizationId, scope.orgId),
                eq(mailAttachments.userId, scope.userId),
                inArray(mailAttachments.storageKey, keys),
              ),
            )
        ).map((r) => r.key),
      )
    : new Set<string>();
  return {
    ids: deleted.map((d) => d.id),
    files: [
      ...deleted.map((d) => d.rawKey).filter((k): k is string => !!k),
      ...keys.filter((k) => !stillUsed.has(k)),
    ],
  };
}

/** The stored messages of a folder with these UIDs that have a Message-ID (a move elsewhere can be recognised). */
export async function messageIdsByUid(db: DbOrTx, folderId: string, uids: number[]) {
  if (uids.length === 0) return [];
  return db
    .select({ id: mailMessages.id, uid: mailMessages.uid, messageId: mailMessages.messageId })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.folderId, folderId),
        inArray(mailMessages.uid, uids),
        sql`${mailMessages.messageId} is not null`,
      ),
    );
}

/** A message found moved by another client: the same row, now in that folder with that UID and those flags. */
export async function relocateMessage(
  db: DbOrTx,
  id: string,
  to: { folderId: string; uid: number; modseq: string | null },
  flags: StoredFlags,
) {
  await db
    .update(mailMessages)
    .set({ ...flags, folderId: to.folderId, uid: to.uid, modseq: to.modseq, updatedAt: new Date() })
    .where(eq(mailMessages.id, id));
}

export async function setMessageUid(db: DbOrTx, id: string, uid: number | null) {
  await db.update(mailMessages).set({ uid, updatedAt: new Date() }).where(eq(mailMessages.id, id));
}

/* The write-back queue */

export async function pendingChanges(db: DbOrTx, accountId: string) {
  return db
    .select()
    .from(mailPendingChanges)
    .where(eq(mailPendingChanges.accountId, accountId))
    .orderBy(asc(mailPendingChanges.createdAt), asc(mailPendingChanges.id));
}
export type PendingChangeRecord = Awaited<ReturnType<typeof pendingChanges>>[number];

/** Messages with a change still to replay (not given up): the server's flags do not overwrite them meanwhile. */
export async function pendingMessageIds(db: DbOrTx, accountId: string) {
  const rows = await db
    .selectDistinct({ id: mailPendingChanges.messageRowId })
    .from(mailPendingChanges)
    .where(and(eq(mailPendingChanges.accountId, accountId), stillTried));
  return new Set(rows.map((r) => r.id).filter((id): id is string => !!id));
}

/** The folders deleted here whose delete the server has not taken yet: a sync does not bring them back. */
export async function pendingFolderDeletes(db: DbOrTx, accountId: string) {
  const rows = await db
    .select({ path: mailPendingChanges.folderPath })
    .from(mailPendingChanges)
    .where(
      and(
        eq(mailPendingChanges.accountId, accountId),
        eq(mailPendingChanges.kind, 'folderDelete'),
        stillTried,
      ),
    );
  return new Set(rows.map((r) => r.path));
}

export async function dropPendingChange(db: DbOrTx, id: string) {
  await db.delete(mailPendingChanges).where(eq(mailPendingChanges.id, id));
}

const stillTried = sql`${mailPendingChanges.attempts} < ${MAX_REPLAY_ATTEMPTS}`;

/**
 * A replay that did not go through: `attempt` when the server refused it (it counts towards the cap, and the next
 * retry's delay starts now),
 * `outage` when the server could not be reached (no attempt spent), `giveUp` when it can never go through as it is
 * (failed at once: no UID to address, or an earlier change of the same message failed).
 */
export async function failPendingChange(
  db: DbOrTx,
  id: string,
  error: string,
  how: 'attempt' | 'outage' | 'giveUp' = 'attempt',
) {
  const attempts =
    how === 'attempt'
      ? sql`${mailPendingChanges.attempts} + 1`
      : how === 'giveUp'
        ? sql`greatest(${mailPendingChanges.attempts}, ${MAX_REPLAY_ATTEMPTS})`
        : mailPendingChanges.attempts;
  await db
    .update(mailPendingChanges)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      ...(how === 'attempt' ? { lastAttemptAt: new Date() } : {}),
    })
    .where(eq(mailPendingChanges.id, id));
}

/**
 * After a move, the changes queued behind it for the same message address it where it is now (UID_AFTER_MOVE when
 * the server did not say the new UID: they cannot be addressed, and are given up).
 */
export async function repointPendingChanges(
  db: DbOrTx,
  messageRowId: string,
  folderPath: string,
  uid: number,
) {
  await db
    .update(mailPendingChanges)
    .set({ folderPath, uid })
    .where(eq(mailPendingChanges.messageRowId, messageRowId));
}

/**
 * Refreshes the planner's statistics of the stored mail. PGlite never runs autovacuum (and a PostgreSQL may run
 * without it): without statistics a mailbox that grew by thousands of messages is read by walking all of it (the
 * bench saw an Inbox page take 4.7 s at 20,000 messages, 0.9 ms after ANALYZE).
 */
export async function refreshMailStatistics(db: DbOrTx) {
  await db.execute(sql`analyze ${mailMessages}`);
}
