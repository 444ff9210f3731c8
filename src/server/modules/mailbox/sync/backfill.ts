import { storeBatch } from './store-batch.ts';
import type { SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * Backfill (issue 15): a folder's older mail, newest first, in batches; each batch moves backfill_below_uid down
 * in the transaction that stores it, so a run stopped or crashed goes on from there. At most `maxBatches`.
 */
export async function backfill(run: SyncRun, folder: repo.SyncFolderRow, maxBatches: number) {
  if (folder.backfillDone || folder.uidNext === null) return;
  const below = folder.backfillBelowUid ?? folder.uidNext;
  const mailbox = await run.client.mailboxOpen(folder.path, { readOnly: true });
  if (Number(mailbox.uidValidity) !== folder.uidValidity) return; // renumbered meanwhile: the next run resyncs
  const found = below > 1 ? await run.searchUids({ uid: `1:${below - 1}` }) : [];
  const uids = found.filter((u) => u < below).sort((a, b) => b - a);
  let batches = 0;
  for (let i = 0; i < uids.length && batches < maxBatches; i += run.batchSize, batches++) {
    await run.checkpoint();
    const batch = uids.slice(i, i + run.batchSize);
    const last = i + run.batchSize >= uids.length;
    await storeBatch(run, folder, batch, {
      backfillBelowUid: batch[batch.length - 1]!,
      backfillDone: last,
    });
    await run.saveProgress();
    await run.publishCounts(folder.id, true);
  }
  await run.settleCounts(folder.id);
  if (uids.length === 0)
    await repo.updateFolder(run.db, folder.id, { backfillDone: true, backfillBelowUid: 1 });
}
