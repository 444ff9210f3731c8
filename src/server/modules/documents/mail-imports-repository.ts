import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { documentMailImports } from '../../db/schema/documents.ts';

/** Which of a user's mail folders import the attachments of new mail into documents (mail-imports.ts). */

export type MailImportRow = typeof documentMailImports.$inferSelect;

export function mailImportsOf(db: DbOrTx, orgId: string, userId: string): Promise<MailImportRow[]> {
  return db
    .select()
    .from(documentMailImports)
    .where(and(eq(documentMailImports.organizationId, orgId), eq(documentMailImports.userId, userId)));
}

export async function mailImportOfFolder(
  db: DbOrTx,
  scope: { orgId: string; userId: string },
  folderId: string,
): Promise<MailImportRow | null> {
  const [row] = await db
    .select()
    .from(documentMailImports)
    .where(
      and(
        eq(documentMailImports.organizationId, scope.orgId),
        eq(documentMailImports.userId, scope.userId),
        eq(documentMailImports.folderId, folderId),
      ),
    );
  return row ?? null;
}

export async function upsertMailImport(
  db: DbOrTx,
  scope: { orgId: string; userId: string },
  folderId: string,
  values: { assignType: string | null; assignTagIds: string[] },
): Promise<MailImportRow> {
  const [row] = await db
    .insert(documentMailImports)
    .values({ organizationId: scope.orgId, userId: scope.userId, folderId, ...values })
    .onConflictDoUpdate({ target: documentMailImports.folderId, set: values })
    .returning();
  return row!;
}

export async function deleteMailImport(
  db: DbOrTx,
  scope: { orgId: string; userId: string },
  folderId: string,
): Promise<boolean> {
  const removed = await db
    .delete(documentMailImports)
    .where(
      and(
        eq(documentMailImports.organizationId, scope.orgId),
        eq(documentMailImports.userId, scope.userId),
        eq(documentMailImports.folderId, folderId),
      ),
    )
    .returning({ id: documentMailImports.id });
  return removed.length > 0;
}
