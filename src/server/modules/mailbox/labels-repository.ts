import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mailFolders, mailLabels, mailMessages } from '../../db/schema/mailbox.ts';
import type { MailScope } from './folders-repository.ts';

const labelColumns = {
  id: mailLabels.id,
  name: mailLabels.name,
  color: mailLabels.color,
  keyword: mailLabels.keyword,
};
export type LabelRow = { id: string; name: string; color: string; keyword: string };

const owned = (scope: MailScope) =>
  and(eq(mailLabels.organizationId, scope.orgId), eq(mailLabels.userId, scope.userId));

export async function listLabels(db: DbOrTx, scope: MailScope): Promise<LabelRow[]> {
  return db
    .select(labelColumns)
    .from(mailLabels)
    .where(owned(scope))
    .orderBy(asc(sql`lower(${mailLabels.name})`));
}

export async function findLabel(db: DbOrTx, scope: MailScope, id: string): Promise<LabelRow | undefined> {
  const [row] = await db
    .select(labelColumns)
    .from(mailLabels)
    .where(and(owned(scope), eq(mailLabels.id, id)));
  return row;
}

export async function insertLabel(
  db: DbOrTx,
  scope: MailScope,
  values: { name: string; color: string; keyword: string },
): Promise<LabelRow> {
  const [row] = await db
    .insert(mailLabels)
    .values({ organizationId: scope.orgId, userId: scope.userId, ...values })
    .returning(labelColumns);
  return row!;
}

export async function updateLabel(
  db: DbOrTx,
  scope: MailScope,
  id: string,
  values: Partial<{ name: string; color: string }>,
): Promise<LabelRow | undefined> {
  const [row] = await db
    .update(mailLabels)
    .set(values)
    .where(and(owned(scope), eq(mailLabels.id, id)))
    .returning(labelColumns);
  return row;
}

export async function deleteLabel(db: DbOrTx, scope: MailScope, id: string): Promise<boolean> {
  const rows = await db
    .delete(mailLabels)
    .where(and(owned(scope), eq(mailLabels.id, id)))
    .returning({ id: mailLabels.id });
  return rows.length > 0;
}

/**
 * Takes a label off every message of the user that has it (GIN mail_messages_labels_idx); returns those messages
 * with where they are on the server, so the caller can queue the keyword's removal.
 */
export async function removeLabelFromMessages(db: DbOrTx, scope: MailScope, labelId: string) {
  return db
    .update(mailMessages)
    .set({ labelIds: sql`array_remove(${mailMessages.labelIds}, ${labelId}::uuid)`, updatedAt: new Date() })
    .from(mailFolders)
    .where(
      and(
        eq(mailMessages.organizationId, scope.orgId),
        eq(mailMessages.userId, scope.userId),
        sql`${mailMessages.labelIds} @> array[${labelId}::uuid]`,
        eq(mailFolders.id, mailMessages.folderId),
      ),
    )
    .returning({
      id: mailMessages.id,
      accountId: mailMessages.accountId,
      uid: mailMessages.uid,
      folderPath: mailFolders.path,
      permanentFlags: mailFolders.permanentFlags,
    });
}
