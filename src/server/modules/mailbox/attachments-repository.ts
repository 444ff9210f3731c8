import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mailAttachments } from '../../db/schema/mailbox.ts';
import type { MailScope } from './folders-repository.ts';

const owned = (scope: MailScope) =>
  and(eq(mailAttachments.organizationId, scope.orgId), eq(mailAttachments.userId, scope.userId));

const columns = {
  id: mailAttachments.id,
  messageId: mailAttachments.messageId,
  filename: mailAttachments.filename,
  contentType: mailAttachments.contentType,
  size: mailAttachments.size,
  contentId: mailAttachments.contentId,
  isInline: mailAttachments.isInline,
  checksum: mailAttachments.checksum,
  storageKey: mailAttachments.storageKey,
};
export type AttachmentRow = {
  id: string;
  messageId: string;
  filename: string;
  contentType: string;
  size: number;
  contentId: string | null;
  isInline: boolean;
  checksum: string;
  storageKey: string;
};

export async function findAttachment(
  db: DbOrTx,
  scope: MailScope,
  id: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(mailAttachments)
    .where(and(owned(scope), eq(mailAttachments.id, id)));
  return row;
}

/** The user's attachments of these ids (those not the user's are simply not there). */
export async function attachmentsByIds(
  db: DbOrTx,
  scope: MailScope,
  ids: string[],
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(mailAttachments)
    .where(and(owned(scope), inArray(mailAttachments.id, [...new Set(ids)])));
}

export async function attachmentsOf(
  db: DbOrTx,
  scope: MailScope,
  messageId: string,
): Promise<AttachmentRow[]> {
  return db
    .select(columns)
    .from(mailAttachments)
    .where(and(owned(scope), eq(mailAttachments.messageId, messageId)))
    .orderBy(asc(mailAttachments.filename), asc(mailAttachments.id));
}

/** The storage keys of some messages' attachments (before the messages are deleted). */
export async function storageKeysOf(db: DbOrTx, scope: MailScope, messageIds: string[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ key: mailAttachments.storageKey })
    .from(mailAttachments)
    .where(and(owned(scope), inArray(mailAttachments.messageId, messageIds)));
  return rows.map((r) => r.key);
}

/** Of these storage keys, the ones another message of the user still has (checksum index). */
export async function keysStillUsed(db: DbOrTx, scope: MailScope, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: mailAttachments.storageKey })
    .from(mailAttachments)
    .where(and(owned(scope), inArray(mailAttachments.storageKey, keys)));
  return new Set(rows.map((r) => r.key));
}

export async function insertAttachments(
  db: DbOrTx,
  scope: MailScope,
  rows: Omit<AttachmentRow, 'id'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(mailAttachments)
    .values(rows.map((r) => ({ ...r, organizationId: scope.orgId, userId: scope.userId })));
}
