import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDraftContent } from '@shared/mailbox/drafts.ts';
import type { DbOrTx } from '../../db/database.ts';
import { mailAccounts, mailDrafts, mailFolders, mailMessages } from '../../db/schema/mailbox.ts';
import type { MailScope } from './folders-repository.ts';

/**
 * The drafts kept on the server (issue 16, mail_drafts) and the columns of their copies in a Drafts folder. Every
 * query of the API is scoped by organization and user; the IMAP job's (pendingImapDrafts, claimDraftAccount,
 * recordImapCopy) address the rows of the one account it holds the lease of.
 */

const owned = (scope: MailScope) =>
  and(eq(mailDrafts.organizationId, scope.orgId), eq(mailDrafts.userId, scope.userId));

const draftColumns = {
  id: mailDrafts.id,
  accountId: mailDrafts.accountId,
  messageId: mailDrafts.messageId,
  inReplyToId: mailDrafts.inReplyToId,
  content: mailDrafts.content,
  sealedContent: mailDrafts.sealedContent,
  isConfidential: mailDrafts.isConfidential,
  revision: mailDrafts.revision,
  imapRevision: mailDrafts.imapRevision,
  updatedAt: mailDrafts.updatedAt,
};
export type DraftRow = {
  id: string;
  accountId: string | null;
  messageId: string | null;
  inReplyToId: string | null;
  content: Record<string, unknown>;
  sealedContent: string | null;
  isConfidential: boolean;
  revision: number;
  imapRevision: number;
  updatedAt: Date;
};

/** A new draft at revision 1; undefined when the id is taken (the caller's own draft, or someone else's). */
export async function insertDraft(
  db: DbOrTx,
  scope: MailScope,
  values: {
    id: string;
    accountId: string | null;
    inReplyToId: string | null;
    content: TDraftContent;
    sealedContent?: string | null;
    isConfidential?: boolean;
  },
): Promise<DraftRow | undefined> {
  const [row] = await db
    .insert(mailDrafts)
    .values({ ...values, organizationId: scope.orgId, userId: scope.userId, revision: 1, imapRevision: 0 })
    .onConflictDoNothing({ target: mailDrafts.id })
    .returning(draftColumns);
  return row;
}

/** One of the user's drafts, locked for the rest of the transaction when `forUpdate`. */
export async function findDraft(
  db: DbOrTx,
  scope: MailScope,
  id: string,
  forUpdate = false,
): Promise<DraftRow | undefined> {
  const query = db
    .select(draftColumns)
    .from(mailDrafts)
    .where(and(owned(scope), eq(mailDrafts.id, id)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/** The user's draft whose copy is this message, if any. */
export async function findDraftOfMessage(
  db: DbOrTx,
  scope: MailScope,
  messageId: string,
): Promise<DraftRow | undefined> {
  const [row] = await db
    .select(draftColumns)
    .from(mailDrafts)
    .where(and(owned(scope), eq(mailDrafts.messageId, messageId)))
    .orderBy(asc(mailDrafts.createdAt))
    .limit(1);
  return row;
}

export async function updateDraft(
  db: DbOrTx,
  scope: MailScope,
  id: string,
  values: Partial<{
    accountId: string | null;
    inReplyToId: string | null;
    content: TDraftContent;
    sealedContent: string | null;
    isConfidential: boolean;
    revision: number;
    imapRevision: number;
    messageId: string | null;
  }>,
): Promise<DraftRow | undefined> {
  const [row] = await db
    .update(mailDrafts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(owned(scope), eq(mailDrafts.id, id)))
    .returning(draftColumns);
  return row;
}

/** A draft taken over from a message already in a Drafts folder (made in another client, synced): revision 1. */
export async function insertDraftOfMessage(
  db: DbOrTx,
  scope: MailScope,
  values: {
    id: string;
    accountId: string | null;
    messageId: string;
    inReplyToId: string | null;
    content: TDraftContent;
  },
): Promise<DraftRow> {
  const [row] = await db
    .insert(mailDrafts)
    .values({
      ...values,
      organizationId: scope.orgId,
      userId: scope.userId,
      revision: 1,
      // The server already holds this very message: nothing to append until it changes.
      imapRevision: 1,
    })
    .returning(draftColumns);
  return row!;
}

export async function deleteDraft(db: DbOrTx, scope: MailScope, id: string): Promise<DraftRow | undefined> {
  const [row] = await db
    .delete(mailDrafts)
    .where(and(owned(scope), eq(mailDrafts.id, id)))
    .returning(draftColumns);
  return row;
}

/** The message row of a draft's copy: its folder and where it is on the IMAP server. */
export async function draftCopy(db: DbOrTx, scope: MailScope, messageId: string) {
  const [row] = await db
    .select({
      id: mailMessages.id,
      folderId: mailMessages.folderId,
      accountId: mailMessages.accountId,
      uid: mailMessages.uid,
      role: mailFolders.role,
    })
    .from(mailMessages)
    .innerJoin(mailFolders, eq(mailFolders.id, mailMessages.folderId))
    .where(
      and(
        eq(mailMessages.organizationId, scope.orgId),
        eq(mailMessages.userId, scope.userId),
        eq(mailMessages.id, messageId),
      ),
    );
  return row;
}

/** Locks a message row of the user's (the draft made from it is made once, whoever asks at the same time). */
export async function lockMessage(db: DbOrTx, scope: MailScope, messageId: string): Promise<boolean> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.organizationId, scope.orgId),
        eq(mailMessages.userId, scope.userId),
        eq(mailMessages.id, messageId),
      ),
    )
    .for('update');
  return rows.length > 0;
}

/** The columns a draft's copy shows in the list and the reader (built from its content: drafts-service.ts). */
export type DraftCopyColumns = {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  threadId: string;
  subject: string;
  snippet: string;
  fromName: string | null;
  fromAddress: string | null;
  to: { name: string | null; address: string }[];
  cc: { name: string | null; address: string }[];
  bcc: { name: string | null; address: string }[];
  addressText: string;
  textBody: string | null;
  htmlBody: string | null;
  /** A confidential draft's copy: its text and HTML sealed (confidential.ts), the body columns empty. */
  sealedContent: string | null;
  isConfidential: boolean;
  hasRemoteImages: boolean;
  hasAttachments: boolean;
  attachmentNames: string;
  size: number;
  receivedAt: Date;
};

/** Rewrites a draft's copy in place (its id, folder and UID stay): the list shows the latest save. */
export async function updateDraftCopy(
  db: DbOrTx,
  scope: MailScope,
  id: string,
  columns: DraftCopyColumns,
): Promise<void> {
  await db
    .update(mailMessages)
    .set({ ...columns, isDraft: true, updatedAt: new Date() })
    .where(
      and(
        eq(mailMessages.organizationId, scope.orgId),
        eq(mailMessages.userId, scope.userId),
        eq(mailMessages.id, id),
      ),
    );
}

// The IMAP job (sync/draft-append.ts).

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Claims, with the account's sync lease, an account that has a draft the IMAP Drafts folder does not hold yet
 * (revision > imap_revision), saved at least `quietMs` ago (a draft being typed waits for a pause), whose copy is
 * in the account's own Drafts folder. One conditional update, SKIP LOCKED: two instances never append one draft
 * twice, and no sync of the account runs meanwhile (it would store the appended message a second time).
 */
export async function claimDraftAccount(
  db: DbOrTx,
  owner: string,
  leaseSeconds: number,
  quietMs: number,
  skip: string[] = [],
) {
  const others = skip.length
    ? sql`and a.id not in (${sql.join(
        skip.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<{ id: string }>(sql`
    update ${mailAccounts}
    set sync_lease_until = now() + make_interval(secs => ${leaseSeconds}), sync_lease_owner = ${owner}
    where id = (
      select a.id from ${mailAccounts} a
      where a.sync_enabled and (a.sync_lease_until is null or a.sync_lease_until < now())
        and coalesce(a.sync_error_code, '') <> 'AUTH_ERROR' ${others}
        and exists (
          select 1 from ${mailDrafts} d
          join ${mailMessages} m on m.id = d.message_id
          join ${mailFolders} f on f.id = m.folder_id and f.account_id = d.account_id
          where d.account_id = a.id and d.revision > d.imap_revision and not d.is_confidential
            and d.updated_at <= now() - make_interval(secs => ${quietMs / 1000})
        )
      limit 1
      for update of a skip locked
    )
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** The drafts of an account the IMAP Drafts folder does not hold yet, with their copy's folder and UID. */
export async function pendingImapDrafts(db: DbOrTx, accountId: string, quietMs: number) {
  return db
    .select({
      id: mailDrafts.id,
      organizationId: mailDrafts.organizationId,
      userId: mailDrafts.userId,
      revision: mailDrafts.revision,
      content: mailDrafts.content,
      inReplyToId: mailDrafts.inReplyToId,
      messageRowId: mailMessages.id,
      internetMessageId: mailMessages.messageId,
      inReplyTo: mailMessages.inReplyTo,
      references: mailMessages.references,
      uid: mailMessages.uid,
      folderId: mailFolders.id,
      folderPath: mailFolders.path,
    })
    .from(mailDrafts)
    .innerJoin(mailMessages, eq(mailMessages.id, mailDrafts.messageId))
    .innerJoin(
      mailFolders,
      and(eq(mailFolders.id, mailMessages.folderId), eq(mailFolders.accountId, mailDrafts.accountId)),
    )
    .where(
      and(
        eq(mailDrafts.accountId, accountId),
        isNotNull(mailDrafts.messageId),
        sql`${mailDrafts.revision} > ${mailDrafts.imapRevision}`,
        eq(mailDrafts.isConfidential, false),
        sql`${mailDrafts.updatedAt} <= now() - make_interval(secs => ${quietMs / 1000})`,
      ),
    )
    .orderBy(asc(mailDrafts.updatedAt))
    .limit(50);
}
export type PendingImapDraft = Awaited<ReturnType<typeof pendingImapDrafts>>[number];

/**
 * The IMAP Drafts folder holds `revision` now, as `uid`: recorded on the draft (imap_revision) and its copy (the
 * UID, so the sync knows the message as this row), only if the draft still has that copy in that folder and no
 * newer revision was recorded. False: nothing changed (the draft was sent, discarded or moved meanwhile). Runs on
 * the caller's transaction: the draft row is locked first, so a save waits for it.
 */
export async function recordImapCopy(
  tx: DbOrTx,
  draft: { id: string; messageRowId: string; folderId: string; revision: number },
  uid: number | null,
): Promise<boolean> {
  const [current] = await tx
    .select({ id: mailDrafts.id })
    .from(mailDrafts)
    .where(
      and(
        eq(mailDrafts.id, draft.id),
        eq(mailDrafts.messageId, draft.messageRowId),
        sql`${mailDrafts.imapRevision} < ${draft.revision}`,
      ),
    )
    .for('update');
  if (!current) return false;
  const copy = await tx
    .update(mailMessages)
    .set({ uid, modseq: null, updatedAt: new Date() })
    .where(and(eq(mailMessages.id, draft.messageRowId), eq(mailMessages.folderId, draft.folderId)))
    .returning({ id: mailMessages.id });
  if (copy.length === 0) return false;
  await tx.update(mailDrafts).set({ imapRevision: draft.revision }).where(eq(mailDrafts.id, draft.id));
  return true;
}
