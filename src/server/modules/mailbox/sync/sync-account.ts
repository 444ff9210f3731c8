import type { ImapFlow } from 'imapflow';
import { isRetryable, retryDelayMs, RETRY_POLICY, type MailErrorCode } from '@shared/mail/delivery.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { topics } from '../../../platform/realtime.ts';
import { endpointsOf } from '../credentials.ts';
import { openImap, socketErrorOf } from '../imap-client.ts';
import { classifyImapError } from '../mail-errors.ts';
import { backfill } from './backfill.ts';
import { appendDrafts } from './draft-append.ts';
import { syncFolderHead } from './folder-head.ts';
import { refreshFolders, storedInbox } from './folder-list.ts';
import { syncOrder } from './folder-map.ts';
import { settleVanished } from './moved-elsewhere.ts';
import { replayChanges } from './replay-changes.ts';
import { SyncRun, SyncStopped, type SyncDeps, type SyncOptions } from './sync-run.ts';
import * as repo from './sync-repository.ts';

export { SYNC_BATCH_SIZE, type SyncDeps, type SyncOptions } from './sync-run.ts';

/**
 * One sync of one IMAP account (issue 15, spec §4 sync states, §7 mail channel, §8 errors, §9 retry). The caller
 * holds the account's lease (sync-jobs.ts). In order: the write-back queue is replayed (replay-changes.ts); the
 * folder list is mapped and stored (folder-list.ts); each folder (Inbox first) gets its new messages, flag changes
 * and deletions (folder-head.ts, flag-reconcile.ts), and the Inbox's newest messages on a first sync; then older
 * mail is backfilled newest first (backfill.ts). Every batch is its own transaction with the folder's position
 * (store-batch.ts), so a crash leaves nothing half-written and the next run goes on from there. Nothing here ever
 * deletes stored mail because the server is unreachable: the mail stays readable whatever happens.
 */

export type SyncOutcome =
  | { status: 'completed'; newEmails: number }
  | { status: 'stopped' }
  | { status: 'failed'; code: MailErrorCode; retryAt: Date | null };

export async function syncAccount(
  deps: SyncDeps,
  accountId: string,
  options: SyncOptions,
): Promise<SyncOutcome> {
  const account = await repo.accountForSync(deps.db, accountId);
  if (!account) return { status: 'stopped' };
  const scope = { orgId: account.organizationId, userId: account.userId };
  const publish = (message: TServerMessage) =>
    deps.hub.publish(topics.userMail(scope.orgId, scope.userId), message).catch(() => undefined);
  const pushState = async () => {
    const state = await repo.accountState(deps.db, accountId);
    if (state) await publish({ type: 'sync:progress', account: state });
  };
  const intervalMs = Math.max(1, account.syncIntervalMinutes) * 60_000;

  await repo.setSyncState(deps.db, accountId, { syncStatus: 'syncing' });
  await publish({ type: 'sync:started', accountId, timestamp: new Date().toISOString() });
  await pushState();

  let client: ImapFlow | null = null;
  try {
    const { imap } = endpointsOf(account, deps.mailCredentials);
    client = await openImap(imap, { timeouts: deps.imapTimeouts });
    const run = new SyncRun(deps, client, { account, scope, options, publish, pushState });
    const newEmails = await runSteps(run);
    await repo.finishSync(deps.db, accountId, options.owner, {
      syncStatus: 'idle',
      syncErrorCode: null,
      syncError: null,
      syncAttempts: 0,
      lastSyncAt: new Date(),
      nextSyncAt: new Date(Date.now() + intervalMs),
      ...(options.inboxOnly ? {} : { syncProgress: { ...run.progress, phase: 'done' } }),
    });
    await publish({ type: 'sync:completed', accountId, timestamp: new Date().toISOString(), newEmails });
    await pushState();
    return { status: 'completed', newEmails };
  } catch (err) {
    if (err instanceof SyncStopped) {
      await repo.finishSync(deps.db, accountId, options.owner, {
        syncStatus: 'idle',
        nextSyncAt: new Date(Date.now() + intervalMs),
      });
      await pushState();
      return { status: 'stopped' };
    }
    // The connection's own error names the cause (a timeout) where the failed command only says it is gone.
    const code = classifyImapError((client && socketErrorOf(client)) ?? err);
    // Spec §9: 3 retries with growing delays for the retryable classes; AUTH_ERROR waits for the user.
    const retry =
      code !== 'AUTH_ERROR' && isRetryable(code) && account.syncAttempts < RETRY_POLICY.maxRetries;
    const retryAt = retry ? new Date(Date.now() + retryDelayMs(account.syncAttempts + 1)) : null;
    deps.log?.warn(
      { accountId, code, attempt: account.syncAttempts + 1, reason: (err as Error)?.message },
      'mail sync failed',
    );
    await repo.finishSync(deps.db, accountId, options.owner, {
      syncStatus: 'error',
      syncErrorCode: code,
      syncError: String((err as Error)?.message ?? code).slice(0, 300),
      syncAttempts: retry ? account.syncAttempts + 1 : 0,
      nextSyncAt: retryAt ?? new Date(Date.now() + intervalMs),
    });
    await publish({ type: 'sync:error', accountId, error: code, timestamp: new Date().toISOString() });
    await pushState();
    return { status: 'failed', code, retryAt };
  } finally {
    if (client) {
      const open = client;
      await open.logout().catch(() => open.close());
    }
  }
}

/** The steps of a run, in order; answers how many new messages arrived. */
async function runSteps(run: SyncRun): Promise<number> {
  await replayChanges(run);
  // Drafts saved here go to the IMAP Drafts folder before it is read, taking their UIDs (no second row).
  await appendDrafts(run.deps, run.client, run.ctx.account, 0);
  run.pendingIds = await repo.pendingMessageIds(run.db, run.accountId);
  run.labels = await repo.labelKeywords(run.db, run.ctx.scope);
  const { folders, statuses } = run.ctx.options.inboxOnly
    ? await storedInbox(run)
    : await refreshFolders(run);
  run.progress = {
    phase: 'inbox',
    stored: await repo.countAccountMessages(run.db, run.accountId),
    total: [...statuses.values()].reduce((sum, s) => sum + (s.messages ?? 0), 0),
  };
  for (const folder of syncOrder(folders)) {
    await run.checkpoint();
    await syncFolderHead(run, folder, statuses.get(folder.path));
  }
  // Mail gone from a folder: moved elsewhere by another client (the same row follows), or deleted.
  await settleVanished(run);
  if (!run.ctx.options.inboxOnly) {
    run.progress = { ...run.progress, phase: 'backfill' };
    await run.saveProgress();
    // Older mail, newest first, Inbox first; folders already complete cost nothing.
    for (const folder of syncOrder(await repo.foldersOf(run.db, run.accountId))) {
      if (!folder.backfillDone) await backfill(run, folder, Infinity);
    }
  }
  await run.noteStored(0, true);
  return run.newEmails;
}
