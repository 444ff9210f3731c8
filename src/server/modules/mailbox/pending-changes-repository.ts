import { and, eq, inArray, sql } from 'drizzle-orm';
import { mailPendingChanges } from '../../db/schema/mailbox.ts';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The write-back queue: a change the user makes to a message of an IMAP account (flags, keywords, move, delete) or
 * to a custom folder (delete) is queued here in the same transaction as the local change, and the sync job replays
 * it on the server until the server takes it (oldest first, per account), so nothing is lost while the server is
 * unreachable.
 */
export type PendingChange =
  /**
   * IMAP flags and keywords to add and remove (\Seen, \Flagged, $Important, a label's keyword…). A read or unread
   * change also says whether the message was read here when it was made (readBefore): for the oldest one queued of
   * a message, what the server said at the last sync. Read status is the server's when both sides changed it (spec
   * §9): if the server's \Seen is no longer that when the change is replayed, the change gives way
   * (replay-changes.ts).
   */
  | { kind: 'flags'; payload: { add: string[]; remove: string[]; readBefore?: boolean } }
  /** Move to another folder of the same account; the replay stores the new UID (COPYUID) on the message row. */
  | { kind: 'move'; payload: { toPath: string; toFolderId: string } }
  /** Permanent delete: \Deleted and UID EXPUNGE. */
  | { kind: 'delete'; payload: Record<string, never> }
  /**
   * A custom folder deleted here (folder_path; uid 0, no message): replayed once no queued change addresses a path
   * in it any more (the moves of its mail, its subfolders' deletes); what the server still has in it goes to the
   * Inbox first (spec §4), then the folder is deleted there.
   */
  | { kind: 'folderDelete'; payload: { inboxPath: string; delimiter: string } };

/**
 * A change the server refused this many times is given up (failed): it is no longer replayed, the state says so,
 * and "sync now" gives it a new try. A server that cannot be reached spends no attempt.
 */
export const MAX_REPLAY_ATTEMPTS = 5;

/**
 * The UID of a change to a message whose move is queued and not yet confirmed by the server: unknown until that
 * move is replayed, which gives the changes queued behind it the message's folder and UID there.
 */
export const UID_AFTER_MOVE = 0;

export type PendingChangeRow = PendingChange & {
  organizationId: string;
  userId: string;
  accountId: string;
  /** Where the message is on the server now (before this change); the folder itself for folderDelete. */
  folderPath: string;
  uid: number;
  messageRowId: string | null;
};

export async function queueChanges(db: DbOrTx, rows: PendingChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(mailPendingChanges).values(rows);
}

/** How many changes of each of the user's accounts wait for the server, and how many were given up. */
export async function pendingCounts(
  db: DbOrTx,
  scope: { orgId: string; userId: string },
  accountIds: string[],
): Promise<Map<string, { pending: number; failed: number }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: mailPendingChanges.accountId,
      pending:
        sql<number>`count(*) filter (where ${mailPendingChanges.attempts} < ${MAX_REPLAY_ATTEMPTS})`.mapWith(
          Number,
        ),
      failed:
        sql<number>`count(*) filter (where ${mailPendingChanges.attempts} >= ${MAX_REPLAY_ATTEMPTS})`.mapWith(
          Number,
        ),
    })
    .from(mailPendingChanges)
    .where(
      and(
        eq(mailPendingChanges.organizationId, scope.orgId),
        eq(mailPendingChanges.userId, scope.userId),
        inArray(mailPendingChanges.accountId, accountIds),
      ),
    )
    .groupBy(mailPendingChanges.accountId);
  return new Map(rows.map((r) => [r.accountId, { pending: r.pending, failed: r.failed }]));
}
