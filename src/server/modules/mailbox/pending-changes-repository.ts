import { mailPendingChanges } from '../../db/schema/mailbox.ts';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The write-back queue: a change the user makes to a message of an IMAP account (flags, keywords, move, delete) is
 * queued here in the same transaction as the local change, and the sync job replays it on the server until the
 * server takes it (oldest first, per account), so nothing is lost while the server is unreachable.
 */
export type PendingChange =
  /** IMAP flags and keywords to add and remove (\Seen, \Flagged, $Important, a label's keyword…). */
  | { kind: 'flags'; payload: { add: string[]; remove: string[] } }
  /** Move to another folder of the same account; the replay stores the new UID (COPYUID) on the message row. */
  | { kind: 'move'; payload: { toPath: string; toFolderId: string } }
  /** Permanent delete: \Deleted and UID EXPUNGE. */
  | { kind: 'delete'; payload: Record<string, never> };

export type PendingChangeRow = PendingChange & {
  organizationId: string;
  userId: string;
  accountId: string;
  /** Where the message is on the server now (before this change). */
  folderPath: string;
  uid: number;
  messageRowId: string | null;
};

export async function queueChanges(db: DbOrTx, rows: PendingChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(mailPendingChanges).values(rows);
}
