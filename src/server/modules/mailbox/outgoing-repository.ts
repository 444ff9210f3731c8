import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TMailDelivery } from '@shared/mail/outbox.ts';
import type { DbOrTx } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { emailActivity } from '../../db/schema/invoicing.ts';
import { mailAccounts, mailFolders, mailMessages } from '../../db/schema/mailbox.ts';

/** The delivery of an outbox row; `sendAt` only while it waits to leave (scheduled, or queued). */
export function deliveryFromRow(row: {
  outboxId: string;
  status: string;
  errorCode: string | null;
  lastError: string | null;
  nextAttemptAt: Date;
}): TMailDelivery {
  const { nextAttemptAt, ...rest } = row;
  const waiting = rest.status === 'scheduled' || rest.status === 'queued';
  return { ...rest, sendAt: waiting ? nextAttemptAt.toISOString() : null } as TMailDelivery;
}

/**
 * An outbox row with the copy in its sender's mailbox: what the delivery hooks need to append the copy to the
 * account's IMAP Sent folder and to tell the open mailbox the new state. Undefined for mail with no such copy.
 */
export async function outgoingCopy(db: DbOrTx, outboxId: string) {
  const o = mailOutbox;
  const m = mailMessages;
  const [row] = await db
    .select({
      orgId: m.organizationId,
      userId: m.userId,
      messageRowId: m.id,
      uid: m.uid,
      rawKey: m.rawKey,
      folderPath: mailFolders.path,
      folderAccountId: mailFolders.accountId,
      accountId: o.accountId,
      provider: mailAccounts.provider,
      receivedAt: m.receivedAt,
      delivery: {
        outboxId: o.id,
        status: o.status,
        errorCode: o.errorCode,
        lastError: o.lastError,
        nextAttemptAt: o.nextAttemptAt,
      },
    })
    .from(o)
    .innerJoin(
      m,
      and(eq(m.id, o.mailMessageId), eq(m.organizationId, o.organizationId), eq(m.userId, o.userId)),
    )
    .innerJoin(mailFolders, eq(mailFolders.id, m.folderId))
    .leftJoin(mailAccounts, eq(mailAccounts.id, o.accountId))
    .where(eq(o.id, outboxId));
  return row ? { ...row, delivery: deliveryFromRow(row.delivery) } : undefined;
}

/**
 * Mail sent from here whose copy waits in this folder without a UID (its APPEND answered none, or a provider such
 * as Gmail files sent mail itself), among the Message-IDs of a batch the sync fetched: Message-ID → the copy's row.
 * One query per batch, by the owner's Message-ID index.
 */
export async function ownCopiesAmong(
  db: DbOrTx,
  scope: { orgId: string; userId: string },
  folderId: string,
  messageIds: (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(messageIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const m = mailMessages;
  const rows = await db
    .select({ id: m.id, messageId: m.messageId })
    .from(m)
    .where(
      and(
        eq(m.organizationId, scope.orgId),
        eq(m.userId, scope.userId),
        inArray(m.messageId, ids),
        eq(m.folderId, folderId),
        isNull(m.uid),
      ),
    );
  return new Map(rows.map((r) => [r.messageId!, r.id]));
}

/**
 * The copy takes the server's UID (from its APPEND, or found by the sync): the sync then knows it as the server's
 * message, instead of storing a second row for it.
 */
export async function claimOwnCopy(
  db: DbOrTx,
  messageRowId: string,
  position: { uid: number; modseq: string | null },
): Promise<void> {
  await db
    .update(mailMessages)
    .set({ uid: position.uid, modseq: position.modseq, updatedAt: new Date() })
    .where(and(eq(mailMessages.id, messageRowId), isNull(mailMessages.uid)));
}

/** A message composed in the mailbox, recorded as the spec's email_activity says (issue 16). */
export async function insertComposedActivity(
  db: DbOrTx,
  values: {
    organizationId: string;
    userId: string;
    clientId: string | null;
    outboxId: string;
    recipientEmail: string;
    subject: string;
    status: string;
    details: Record<string, unknown>;
  },
) {
  await db.insert(emailActivity).values({ ...values, type: 'composed', templateType: 'none' });
}

/** The client a stored message is linked to, if any. */
export async function clientOfMessage(db: DbOrTx, scope: { orgId: string; userId: string }, id: string) {
  const [row] = await db
    .select({ clientId: mailMessages.clientId })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.organizationId, scope.orgId),
        eq(mailMessages.userId, scope.userId),
        eq(mailMessages.id, id),
      ),
    );
  return row?.clientId ?? null;
}
