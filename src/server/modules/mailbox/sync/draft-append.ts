import type { ImapFlow } from 'imapflow';
import { fromHeader } from '../../../platform/mail.ts';
import { endpointsOf } from '../credentials.ts';
import {
  claimDraftAccount,
  pendingImapDrafts,
  recordImapCopy,
  type PendingImapDraft,
} from '../drafts-repository.ts';
import { contentOf, draftFiles, draftRaw } from '../drafts-service.ts';
import { openImap } from '../imap-client.ts';
import { queueChanges } from '../pending-changes-repository.ts';
import type { SyncDeps } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * Drafts to the account's IMAP Drafts folder (issue 16). A draft whose revision the server does not hold yet
 * (revision > imap_revision) is appended as it reads now (\Draft, \Seen); its copy in the mailbox takes the UID the
 * server gives (so the sync knows it as that message, never a second row: an APPEND that answers no UID leaves the
 * copy without one, and the sync finds it by its Message-ID, as the Sent copy) and the previous IMAP copy is
 * deleted. Always under the account's sync lease: from a sync run (sync-account.ts), or claimed for it alone
 * (claimDraftAccount, once the typing paused), so two instances never append one revision twice and no sync stores
 * the new message meanwhile.
 */

/** Appends the account's pending drafts on an open session; answers how many the server now holds. */
export async function appendDrafts(
  deps: Pick<SyncDeps, 'db' | 'files' | 'log'>,
  client: ImapFlow,
  account: { id: string; emailAddress: string; displayName: string | null },
  quietMs: number,
): Promise<number> {
  const from = account.displayName
    ? fromHeader(account.displayName, account.emailAddress)
    : account.emailAddress;
  let appended = 0;
  for (const draft of await pendingImapDrafts(deps.db, account.id, quietMs)) {
    try {
      if (await appendOne(deps, client, account.id, from, draft)) appended++;
    } catch (err) {
      // The session is gone: the caller's run fails (and is retried); one message refused: the next goes on.
      if (!client.usable) throw err;
      deps.log?.warn({ draftId: draft.id, reason: (err as Error)?.message }, 'a draft was not appended');
    }
  }
  return appended;
}

async function appendOne(
  deps: Pick<SyncDeps, 'db' | 'files' | 'log'>,
  client: ImapFlow,
  accountId: string,
  from: string,
  draft: PendingImapDraft,
): Promise<boolean> {
  const scope = { orgId: draft.organizationId, userId: draft.userId };
  const content = contentOf(draft.content);
  const raw = await draftRaw(content, {
    from,
    messageId: draft.internetMessageId ?? `<draft.${draft.id}@localhost>`,
    threading: { inReplyTo: draft.inReplyTo, references: draft.references },
    date: new Date(),
    attachments: await draftFiles(deps, scope, content),
  });
  const result = await client.append(draft.folderPath, raw, ['\\Draft', '\\Seen']);
  if (!result) throw new Error('APPEND refused');
  const uid = result.uid ? Number(result.uid) : null;
  const recorded = await deps.db.transaction((tx) =>
    recordImapCopy(
      tx,
      { id: draft.id, messageRowId: draft.messageRowId, folderId: draft.folderId, revision: draft.revision },
      uid,
    ),
  );
  // Sent, discarded or moved meanwhile: the message just appended is not wanted there.
  if (!recorded) {
    if (uid) await deleteOnServer(deps, client, { accountId, scope, folderPath: draft.folderPath, uid });
    return false;
  }
  if (draft.uid && draft.uid !== uid)
    await deleteOnServer(deps, client, { accountId, scope, folderPath: draft.folderPath, uid: draft.uid });
  return true;
}

/** Deletes a message from the server now; if it cannot, the delete is queued for the next sync's replay. */
async function deleteOnServer(
  deps: Pick<SyncDeps, 'db'>,
  client: ImapFlow,
  target: { accountId: string; scope: { orgId: string; userId: string }; folderPath: string; uid: number },
) {
  try {
    const lock = await client.getMailboxLock(target.folderPath);
    try {
      if (await client.messageDelete(String(target.uid), { uid: true })) return;
    } finally {
      lock.release();
    }
  } catch {
    // refused, or the session is gone: queued below
  }
  await queueChanges(deps.db, [
    {
      organizationId: target.scope.orgId,
      userId: target.scope.userId,
      accountId: target.accountId,
      folderPath: target.folderPath,
      uid: target.uid,
      messageRowId: null,
      kind: 'delete',
      payload: {},
    },
  ]);
}

/**
 * The job's own pass (sync-jobs.ts): claims an account with drafts to append whose typing paused (quietMs), appends
 * them on a session of its own and frees the lease. Answers the accounts done; a server that cannot be reached
 * leaves the drafts pending for the next pass.
 */
export async function appendDueDrafts(
  deps: SyncDeps,
  owner: string,
  leaseSeconds: number,
  quietMs: number,
  stopped: () => boolean,
): Promise<number> {
  let done = 0;
  const tried = new Set<string>();
  while (!stopped()) {
    // One try per account and pass: drafts a server refuses wait for the next pass.
    const accountId = await claimDraftAccount(deps.db, owner, leaseSeconds, quietMs, [...tried]);
    if (!accountId) break;
    tried.add(accountId);
    try {
      const account = await repo.accountForSync(deps.db, accountId);
      if (!account) continue;
      const client = await openImap(endpointsOf(account, deps.mailCredentials).imap, {
        timeouts: deps.imapTimeouts,
      });
      try {
        await appendDrafts(deps, client, account, quietMs);
        done++;
      } finally {
        await client.logout().catch(() => client.close());
      }
    } catch (err) {
      deps.log?.warn({ accountId, reason: (err as Error)?.message }, 'drafts not appended to IMAP');
    } finally {
      await repo.finishSync(deps.db, accountId, owner, {});
    }
  }
  return done;
}
