import type { MailboxObject } from 'imapflow';
import { backfill } from './backfill.ts';
import { reconcileChanges } from './flag-reconcile.ts';
import { storeBatch } from './store-batch.ts';
import type { ListedStatus, SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * The head of one folder at each run (issue 15): on its first sync its position is taken (and the Inbox's newest
 * batch stored at once, so the mailbox is usable within seconds); after that, the messages that arrived since
 * (UID ≥ uid_next), then flag changes and deletions (flag-reconcile.ts). A UIDVALIDITY change starts it again.
 */
export async function syncFolderHead(
  run: SyncRun,
  stored: repo.SyncFolderRow,
  status: ListedStatus | undefined,
) {
  let folder = stored;
  const unchanged =
    status &&
    folder.uidNext !== null &&
    status.uidValidity !== undefined &&
    Number(status.uidValidity) === folder.uidValidity &&
    status.uidNext === folder.uidNext &&
    status.highestModseq !== undefined &&
    folder.highestModseq === status.highestModseq.toString() &&
    !run.ctx.options.forceUidCompare;
  if (unchanged) return; // CONDSTORE says nothing changed here: no need to open it

  const mailbox = await run.client.mailboxOpen(folder.path, { readOnly: true });
  const uidValidity = Number(mailbox.uidValidity);
  if (folder.uidValidity !== null && folder.uidValidity !== uidValidity) {
    // The server renumbered the folder: what we hold of it is no longer addressable. Start it again.
    await run.dropFolderMail(folder.id);
    folder = { ...folder, uidValidity: null, uidNext: null, highestModseq: null };
  }
  if (folder.uidNext === null) {
    const patch = {
      uidValidity,
      uidNext: mailbox.uidNext,
      highestModseq: mailbox.highestModseq?.toString() ?? null,
      backfillBelowUid: mailbox.uidNext,
      backfillDone: mailbox.exists === 0,
      lastSyncAt: new Date(),
    };
    await repo.updateFolder(run.db, folder.id, patch);
    const initial = { ...folder, ...patch };
    // The newest messages of the Inbox first, so the mailbox is usable within seconds.
    if (folder.role === 'inbox' && !initial.backfillDone) await backfill(run, initial, 1);
    await run.publishCounts(folder.id);
    return;
  }

  await fetchNew(run, folder, mailbox);
  await reconcileChanges(run, folder, mailbox);
  await repo.updateFolder(run.db, folder.id, { lastSyncAt: new Date() });
  await run.publishCounts(folder.id);
}

/** Messages that arrived since the last sync (UID ≥ uid_next), oldest first, announced as email:new. */
async function fetchNew(run: SyncRun, folder: repo.SyncFolderRow, mailbox: MailboxObject) {
  if (mailbox.uidNext <= folder.uidNext!) return;
  const found = await run.searchUids({ uid: `${folder.uidNext}:*` });
  // "n:*" always answers the last message, even below n.
  const uids = found.filter((u) => u >= folder.uidNext!).sort((a, b) => a - b);
  for (let i = 0; i < uids.length; i += run.batchSize) {
    await run.checkpoint();
    const batch = uids.slice(i, i + run.batchSize);
    const summaries = await storeBatch(run, folder, batch, { uidNext: batch[batch.length - 1]! + 1 });
    run.newEmails += summaries.length;
    for (const email of summaries) await run.ctx.publish({ type: 'email:new', email });
  }
  await repo.updateFolder(run.db, folder.id, { uidNext: mailbox.uidNext });
}
