import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { MailFolderRole } from '@shared/mailbox/types.ts';
import type { DbOrTx } from '../../db/database.ts';
import { mailAccounts, mailFolders } from '../../db/schema/mailbox.ts';

/** Every mail query names the organization and the user: mail is the user's own (issue 15). */
export type MailScope = { orgId: string; userId: string };

/** The local mailbox's system folders (spec §9 default folders), made on first use. */
export const LOCAL_SYSTEM_FOLDERS: { path: string; name: string; role: MailFolderRole }[] = [
  { path: 'INBOX', name: 'Inbox', role: 'inbox' },
  { path: 'Sent', name: 'Sent', role: 'sent' },
  { path: 'Drafts', name: 'Drafts', role: 'drafts' },
  { path: 'Trash', name: 'Trash', role: 'trash' },
  { path: 'Spam', name: 'Spam', role: 'spam' },
];

const folderColumns = {
  id: mailFolders.id,
  accountId: mailFolders.accountId,
  name: mailFolders.name,
  path: mailFolders.path,
  delimiter: mailFolders.delimiter,
  role: mailFolders.role,
  parentId: mailFolders.parentId,
  color: mailFolders.color,
};
export type FolderRow = {
  id: string;
  accountId: string | null;
  name: string;
  path: string;
  delimiter: string | null;
  role: MailFolderRole | null;
  parentId: string | null;
  color: string | null;
};

const owned = (scope: MailScope) =>
  and(eq(mailFolders.organizationId, scope.orgId), eq(mailFolders.userId, scope.userId));

/** Creates the local system folders that are missing; a second call (or a concurrent one) changes nothing. */
export async function ensureLocalFolders(db: DbOrTx, scope: MailScope): Promise<void> {
  await db
    .insert(mailFolders)
    .values(
      LOCAL_SYSTEM_FOLDERS.map((f) => ({
        organizationId: scope.orgId,
        userId: scope.userId,
        accountId: null,
        path: f.path,
        name: f.name,
        role: f.role,
        delimiter: '/',
      })),
    )
    .onConflictDoNothing();
}

export async function listFolders(db: DbOrTx, scope: MailScope): Promise<FolderRow[]> {
  return db
    .select(folderColumns)
    .from(mailFolders)
    .where(owned(scope))
    .orderBy(asc(mailFolders.accountId), asc(mailFolders.path));
}

/** Unread and total messages per folder: columns kept by a trigger on mail_messages (migration 0018). */
export async function folderCounts(
  db: DbOrTx,
  scope: MailScope,
  folderIds?: string[],
): Promise<Map<string, { unread: number; total: number }>> {
  if (folderIds && folderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: mailFolders.id, unread: mailFolders.unreadCount, total: mailFolders.totalCount })
    .from(mailFolders)
    .where(and(owned(scope), folderIds ? inArray(mailFolders.id, folderIds) : undefined));
  return new Map(rows.map((r) => [r.id, { unread: r.unread, total: r.total }]));
}

export async function findFolder(db: DbOrTx, scope: MailScope, id: string): Promise<FolderRow | undefined> {
  const [row] = await db
    .select(folderColumns)
    .from(mailFolders)
    .where(and(owned(scope), eq(mailFolders.id, id)));
  return row;
}

/** The folder of a role in an account (accountId set) or in the local mailbox (null). */
export async function findRoleFolder(
  db: DbOrTx,
  scope: MailScope,
  accountId: string | null,
  role: MailFolderRole,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select(folderColumns)
    .from(mailFolders)
    .where(
      and(
        owned(scope),
        accountId ? eq(mailFolders.accountId, accountId) : isNull(mailFolders.accountId),
        eq(mailFolders.role, role),
      ),
    )
    .orderBy(asc(mailFolders.path))
    .limit(1);
  return row;
}

export async function foldersOfRole(db: DbOrTx, scope: MailScope, role: MailFolderRole) {
  return db
    .select({ id: mailFolders.id })
    .from(mailFolders)
    .where(and(owned(scope), eq(mailFolders.role, role)));
}

export async function insertFolder(
  db: DbOrTx,
  scope: MailScope,
  values: {
    accountId: string | null;
    name: string;
    path: string;
    delimiter: string;
    parentId: string | null;
    color: string | null;
  },
): Promise<FolderRow> {
  const [row] = await db
    .insert(mailFolders)
    .values({ organizationId: scope.orgId, userId: scope.userId, role: null, ...values })
    .returning(folderColumns);
  return row!;
}

export async function updateFolder(
  db: DbOrTx,
  scope: MailScope,
  id: string,
  values: Partial<{ name: string; path: string; parentId: string | null; color: string | null }>,
): Promise<void> {
  await db
    .update(mailFolders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(owned(scope), eq(mailFolders.id, id)));
}

export async function deleteFolders(db: DbOrTx, scope: MailScope, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(mailFolders).where(and(owned(scope), inArray(mailFolders.id, ids)));
}

/** The user's accounts as the folder pane shows them (never a password column). */
export async function accountStates(db: DbOrTx, scope: MailScope) {
  return db
    .select({
      id: mailAccounts.id,
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
    .where(and(eq(mailAccounts.organizationId, scope.orgId), eq(mailAccounts.userId, scope.userId)))
    .orderBy(asc(mailAccounts.createdAt));
}

/** The connection columns of one of the user's accounts (for creating a folder on its server). */
export async function findAccountConnection(db: DbOrTx, scope: MailScope, accountId: string) {
  const [row] = await db
    .select({
      id: mailAccounts.id,
      imapHost: mailAccounts.imapHost,
      imapPort: mailAccounts.imapPort,
      imapSecurity: mailAccounts.imapSecurity,
      imapUsername: mailAccounts.imapUsername,
      smtpHost: mailAccounts.smtpHost,
      smtpPort: mailAccounts.smtpPort,
      smtpSecurity: mailAccounts.smtpSecurity,
      smtpUsername: mailAccounts.smtpUsername,
      passwordSealed: mailAccounts.passwordSealed,
      smtpPasswordSealed: mailAccounts.smtpPasswordSealed,
    })
    .from(mailAccounts)
    .where(
      and(
        eq(mailAccounts.organizationId, scope.orgId),
        eq(mailAccounts.userId, scope.userId),
        eq(mailAccounts.id, accountId),
      ),
    );
  return row;
}
