import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mailAccounts, mailAttachments, mailMessages } from '../../db/schema/mailbox.ts';

/**
 * Mail accounts (issue 15): every function takes the owner, organization AND user, since mail is the user's own
 * (an administrator of the organization never reaches another member's account). The sealed passwords are read
 * only by `accountSecrets`, for connecting; the list and detail columns never include them.
 */
export type Owner = { orgId: string; userId: string };

export type AccountValues = Omit<
  typeof mailAccounts.$inferInsert,
  | 'id'
  | 'organizationId'
  | 'userId'
  | 'createdAt'
  | 'updatedAt'
  | 'syncStatus'
  | 'syncErrorCode'
  | 'syncError'
  | 'syncAttempts'
  | 'lastSyncAt'
  | 'nextSyncAt'
  | 'syncLeaseUntil'
  | 'syncLeaseOwner'
  | 'syncProgress'
>;

const columns = {
  id: mailAccounts.id,
  emailAddress: mailAccounts.emailAddress,
  displayName: mailAccounts.displayName,
  signatureHtml: mailAccounts.signatureHtml,
  provider: mailAccounts.provider,
  imapHost: mailAccounts.imapHost,
  imapPort: mailAccounts.imapPort,
  imapSecurity: mailAccounts.imapSecurity,
  imapUsername: mailAccounts.imapUsername,
  smtpHost: mailAccounts.smtpHost,
  smtpPort: mailAccounts.smtpPort,
  smtpSecurity: mailAccounts.smtpSecurity,
  smtpUsername: mailAccounts.smtpUsername,
  hasSmtpPassword: sql<boolean>`${mailAccounts.smtpPasswordSealed} is not null`,
  isPec: mailAccounts.isPec,
  syncEnabled: mailAccounts.syncEnabled,
  syncIntervalMinutes: mailAccounts.syncIntervalMinutes,
  dailySendLimit: mailAccounts.dailySendLimit,
  monthlySendLimit: mailAccounts.monthlySendLimit,
  syncStatus: mailAccounts.syncStatus,
  syncErrorCode: mailAccounts.syncErrorCode,
  lastSyncAt: mailAccounts.lastSyncAt,
  syncProgress: mailAccounts.syncProgress,
  createdAt: mailAccounts.createdAt,
  updatedAt: mailAccounts.updatedAt,
};

export type AccountRow = {
  [K in keyof typeof columns]: K extends 'hasSmtpPassword'
    ? boolean
    : (typeof mailAccounts.$inferSelect)[K & keyof typeof mailAccounts.$inferSelect];
};

const owned = (owner: Owner, id?: string) =>
  and(
    eq(mailAccounts.organizationId, owner.orgId),
    eq(mailAccounts.userId, owner.userId),
    ...(id ? [eq(mailAccounts.id, id)] : []),
  );

export async function listAccounts(db: DbOrTx, owner: Owner): Promise<AccountRow[]> {
  return db
    .select(columns)
    .from(mailAccounts)
    .where(owned(owner))
    .orderBy(asc(mailAccounts.createdAt), asc(mailAccounts.id));
}

export async function findAccount(db: DbOrTx, owner: Owner, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(columns).from(mailAccounts).where(owned(owner, id));
  return row;
}

/** The columns connecting needs, sealed passwords included: for endpointsOf, never for an answer. */
export async function accountSecrets(db: DbOrTx, owner: Owner, id: string) {
  const [row] = await db
    .select({
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
    .where(owned(owner, id));
  return row;
}

/** Another account of the owner with this address (case-insensitive), other than `exceptId`. */
export async function addressTaken(
  db: DbOrTx,
  owner: Owner,
  emailAddress: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mailAccounts.id })
    .from(mailAccounts)
    .where(
      and(
        owned(owner),
        sql`lower(${mailAccounts.emailAddress}) = lower(${emailAddress})`,
        ...(exceptId ? [ne(mailAccounts.id, exceptId)] : []),
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertAccount(db: DbOrTx, owner: Owner, values: AccountValues): Promise<string> {
  const [row] = await db
    .insert(mailAccounts)
    .values({ ...values, organizationId: owner.orgId, userId: owner.userId })
    .returning({ id: mailAccounts.id });
  return row!.id;
}

/**
 * Saves the account's settings. `resetSync`: the connection changed (host, username or password), so the last
 * failure no longer holds (an AUTH_ERROR stops blocking) and the next sync is due now.
 */
export async function updateAccount(
  db: DbOrTx,
  owner: Owner,
  id: string,
  values: Partial<AccountValues>,
  options: { resetSync: boolean },
): Promise<boolean> {
  const reset = options.resetSync
    ? {
        syncErrorCode: null,
        syncError: null,
        syncAttempts: 0,
        nextSyncAt: sql`now()`,
        syncStatus: sql<'idle'>`case when ${mailAccounts.syncStatus} = 'error' then 'idle' else ${mailAccounts.syncStatus} end`,
      }
    : {};
  const rows = await db
    .update(mailAccounts)
    .set({ ...values, ...reset, updatedAt: sql`now()` })
    .where(owned(owner, id))
    .returning({ id: mailAccounts.id });
  return rows.length > 0;
}

/** The file-store keys of the account's raw messages. */
export async function rawKeysOfAccount(db: DbOrTx, owner: Owner, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ key: mailMessages.rawKey })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.organizationId, owner.orgId),
        eq(mailMessages.userId, owner.userId),
        eq(mailMessages.accountId, accountId),
        isNotNull(mailMessages.rawKey),
      ),
    );
  return rows.map((r) => r.key!);
}

/** The attachment files (checksum and key) of the account's messages. */
export async function attachmentsOfAccount(db: DbOrTx, owner: Owner, accountId: string) {
  return db
    .selectDistinct({ checksum: mailAttachments.checksum, storageKey: mailAttachments.storageKey })
    .from(mailAttachments)
    .innerJoin(mailMessages, eq(mailMessages.id, mailAttachments.messageId))
    .where(
      and(
        eq(mailAttachments.organizationId, owner.orgId),
        eq(mailAttachments.userId, owner.userId),
        eq(mailMessages.accountId, accountId),
      ),
    );
}

/** Of these checksums, the ones some remaining message of the owner still references. */
export async function checksumsStillUsed(
  db: DbOrTx,
  owner: Owner,
  checksums: string[],
): Promise<Set<string>> {
  if (checksums.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ checksum: mailAttachments.checksum })
    .from(mailAttachments)
    .where(
      and(
        eq(mailAttachments.organizationId, owner.orgId),
        eq(mailAttachments.userId, owner.userId),
        inArray(mailAttachments.checksum, checksums),
      ),
    );
  return new Set(rows.map((r) => r.checksum));
}

/** Deletes the account; its folders, messages, attachments rows and pending changes go with it (FK cascade). */
export async function deleteAccount(db: DbOrTx, owner: Owner, id: string): Promise<boolean> {
  const rows = await db.delete(mailAccounts).where(owned(owner, id)).returning({ id: mailAccounts.id });
  return rows.length > 0;
}
