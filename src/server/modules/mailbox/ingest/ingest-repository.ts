import { and, eq, inArray } from 'drizzle-orm';
import { mailAttachments, mailMessages } from '../../../db/schema/mailbox.ts';
import type { DbOrTx } from '../../../db/database.ts';

/** The mail store's writes of the ingest: one message row and its attachments, scoped by organization and user. */
export type Scope = { orgId: string; userId: string };

export type NewMessageRow = typeof mailMessages.$inferInsert;
export type NewAttachmentRow = typeof mailAttachments.$inferInsert;

/** The conversation of a stored message with this Message-ID, if the owner has one. */
export async function threadOfMessageId(db: DbOrTx, scope: Scope, messageId: string): Promise<string | null> {
  const [row] = await db
    .select({ threadId: mailMessages.threadId })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.organizationId, scope.orgId),
        eq(mailMessages.userId, scope.userId),
        eq(mailMessages.messageId, messageId),
      ),
    )
    .limit(1);
  return row?.threadId ?? null;
}

/** Which of these checksums the owner already has a stored attachment of (its file is in the store). */
export async function knownChecksums(db: DbOrTx, scope: Scope, checksums: string[]): Promise<Set<string>> {
  if (checksums.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ checksum: mailAttachments.checksum })
    .from(mailAttachments)
    .where(
      and(
        eq(mailAttachments.organizationId, scope.orgId),
        eq(mailAttachments.userId, scope.userId),
        inArray(mailAttachments.checksum, checksums),
      ),
    );
  return new Set(rows.map((r) => r.checksum));
}

export async function insertMessage(db: DbOrTx, row: NewMessageRow) {
  const [stored] = await db.insert(mailMessages).values(row).returning({
    id: mailMessages.id,
    accountId: mailMessages.accountId,
    folderId: mailMessages.folderId,
    threadId: mailMessages.threadId,
    subject: mailMessages.subject,
    snippet: mailMessages.snippet,
    fromName: mailMessages.fromName,
    fromAddress: mailMessages.fromAddress,
    to: mailMessages.to,
    receivedAt: mailMessages.receivedAt,
    isRead: mailMessages.isRead,
    isStarred: mailMessages.isStarred,
    isImportant: mailMessages.isImportant,
    isConfidential: mailMessages.isConfidential,
    isDraft: mailMessages.isDraft,
    hasAttachments: mailMessages.hasAttachments,
    isCertified: mailMessages.isCertified,
    labelIds: mailMessages.labelIds,
    clientId: mailMessages.clientId,
    securityAnalysis: mailMessages.securityAnalysis,
  });
  return stored!;
}
export type StoredMessageRow = Awaited<ReturnType<typeof insertMessage>>;

export async function insertAttachments(db: DbOrTx, rows: NewAttachmentRow[]): Promise<void> {
  if (rows.length) await db.insert(mailAttachments).values(rows);
}
