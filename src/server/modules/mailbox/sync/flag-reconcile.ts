import type { MailboxObject } from 'imapflow';
import type { TMessageSummary } from '@shared/mailbox/contracts.ts';
import { flagColumns, keywordStorable, sameFlags, splitLabels } from './flags.ts';
import type { SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * Flags changed and messages deleted or moved away by another client since the last sync (issue 15): QRESYNC
 * (changed flags and VANISHED), else CONDSTORE (changed flags, then a UID comparison for deletions), else the
 * flags of the newest FLAG_WINDOW messages and a UID comparison.
 */

/** Without CONDSTORE, the flags of the newest this many messages are compared at each sync. */
const FLAG_WINDOW = 300;

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

type ChangedFlags = { uid: number; flags: Set<string>; modseq: string | null };

export async function reconcileChanges(run: SyncRun, folder: repo.SyncFolderRow, mailbox: MailboxObject) {
  const { client } = run;
  const condstore =
    !run.ctx.options.forceUidCompare &&
    client.enabled.has('CONDSTORE') &&
    !mailbox.noModseq &&
    mailbox.highestModseq !== undefined &&
    folder.highestModseq !== null;
  const qresync = condstore && client.enabled.has('QRESYNC');
  const changed: ChangedFlags[] = [];
  const vanished: number[] = [];
  let needUidCompare = !qresync;

  if (condstore) {
    if (mailbox.highestModseq!.toString() !== folder.highestModseq) {
      const onExpunge = (event: { path: string; uid?: number; vanished: boolean }) => {
        if (event.path !== folder.path) return;
        if (event.vanished && event.uid) vanished.push(event.uid);
        else needUidCompare = true;
      };
      client.on('expunge', onExpunge);
      try {
        for await (const msg of client.fetch(
          '1:*',
          { uid: true, flags: true },
          { uid: true, changedSince: BigInt(folder.highestModseq!) },
        )) {
          changed.push({
            uid: msg.uid,
            flags: msg.flags ?? new Set(),
            modseq: msg.modseq?.toString() ?? null,
          });
        }
        run.ensureConnected();
      } finally {
        client.off('expunge', onExpunge);
      }
    }
  } else if (mailbox.exists > 0) {
    const from = Math.max(1, mailbox.exists - FLAG_WINDOW + 1);
    for await (const msg of client.fetch(`${from}:*`, { uid: true, flags: true })) {
      changed.push({ uid: msg.uid, flags: msg.flags ?? new Set(), modseq: msg.modseq?.toString() ?? null });
    }
    run.ensureConnected();
  }

  await applyFlags(run, folder, changed);
  if (vanished.length) await run.dropFolderMail(folder.id, vanished, true);

  if (!needUidCompare) {
    // A safety net: the server's count must match ours once the folder is complete.
    const counts = await repo.folderCounts(run.db, folder.id);
    needUidCompare = folder.backfillDone && counts.totalCount !== mailbox.exists;
  }
  if (needUidCompare) {
    const onServer = new Set(await run.searchUids({ all: true }));
    const gone = (await repo.storedUids(run.db, folder.id)).filter((u) => !onServer.has(u));
    if (gone.length) await run.dropFolderMail(folder.id, gone, true);
  }
  await repo.updateFolder(run.db, folder.id, { highestModseq: mailbox.highestModseq?.toString() ?? null });
}

/** The server's flags onto the stored rows, 500 at a time, each slice in one transaction; email:updated each. */
async function applyFlags(run: SyncRun, folder: repo.SyncFolderRow, changed: ChangedFlags[]) {
  const keywordOf = new Map([...run.labels].map(([keyword, id]) => [id, keyword]));
  /** Labels whose keyword this folder's server cannot hold: ours alone, whatever its flags say. */
  const oursAlone = (labelIds: string[]) =>
    labelIds.filter((id) => {
      const keyword = keywordOf.get(id);
      return keyword !== undefined && !keywordStorable(folder.permanentFlags, keyword);
    });
  for (let i = 0; i < changed.length; i += 500) {
    const slice = changed.slice(i, i + 500);
    const rows = new Map(
      (
        await repo.messagesByUid(
          run.db,
          folder.id,
          slice.map((c) => c.uid),
        )
      ).map((r) => [r.uid!, r]),
    );
    const updates: { emailId: string; updates: Partial<TMessageSummary> }[] = [];
    await run.db.transaction(async (tx) => {
      for (const c of slice) {
        const row = rows.get(c.uid);
        // A change of ours still queued for the server: its replay settles the conflict (spec §9, replay-changes.ts).
        if (!row || run.pendingIds.has(row.id)) continue;
        const columns = flagColumns(c.flags);
        // Keywords that are the owner's labels are those labels (set or removed in another client too).
        const read = splitLabels(columns.keywords, run.labels);
        const keywords = read.keywords;
        const labelIds = [...new Set([...read.labelIds, ...oursAlone(row.labelIds)])].sort();
        const next = { ...columns, keywords };
        const sameLabels = sameSet(labelIds, row.labelIds);
        if (sameLabels && sameFlags(next, { ...row, keywords: [...row.keywords].sort() })) continue;
        await repo.updateMessageFlags(tx, row.id, { ...next, labelIds }, c.modseq);
        updates.push({
          emailId: row.id,
          updates: {
            isRead: next.isRead,
            isStarred: next.isStarred,
            isImportant: next.isImportant,
            isDraft: next.isDraft,
            ...(sameLabels ? {} : { labelIds }),
          },
        });
      }
    });
    for (const u of updates) await run.ctx.publish({ type: 'email:updated', ...u });
  }
}
