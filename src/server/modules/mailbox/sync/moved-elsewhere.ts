import type { TMessageSummary } from '@shared/mailbox/contracts.ts';
import { flagColumns, splitLabels } from './flags.ts';
import { syncOrder } from './folder-map.ts';
import type { SyncRun, VanishedRow } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * Moves made in another client, recognised as moves (issue 15): a message gone from a folder during the run is
 * looked for in the account's other folders by its Message-ID at the end of the run. Found, the same row moves
 * there (its new UID and flags), so its client link, labels, analysis and attachments stay, and the mailbox hears
 * email:updated with the new folder; a copy stored meanwhile as new mail in that folder (it was synced first) goes.
 * A message arriving in a folder synced after the one it vanished from takes its row at once (takeVanished).
 * Not found, it is deleted as before. Beyond MAX_LOOKED_FOR messages at once (a folder emptied elsewhere) they are
 * deleted without looking: one SEARCH per folder for each is not worth it.
 */
const MAX_LOOKED_FOR = 50;

type Found = { row: VanishedRow; folderId: string; uid: number; flags: Set<string>; modseq: string | null };

const normalId = (id: string) => id.trim().toLowerCase();

/**
 * A message arriving in a folder with the Message-ID of one that vanished from another this run: its row (taken
 * out of the run's vanished ones), for the caller to move here instead of storing a copy.
 */
export function takeVanished(run: SyncRun, messageId: string | null): VanishedRow | null {
  if (!messageId) return null;
  const key = normalId(messageId);
  for (const row of run.vanished.values()) {
    if (normalId(row.messageId) !== key) continue;
    run.vanished.delete(row.id);
    return row;
  }
  return null;
}

export async function settleVanished(run: SyncRun) {
  const pool = [...run.vanished.values()];
  run.vanished.clear();
  if (pool.length === 0) return;
  const found = pool.length <= MAX_LOOKED_FOR ? await lookElsewhere(run, pool) : [];
  const touched = new Set<string>();
  for (const f of found) {
    const columns = flagColumns(f.flags);
    const { keywords, labelIds } = splitLabels(columns.keywords, run.labels);
    const next = { ...columns, keywords, labelIds };
    const copy = await run.db.transaction(async (tx) => {
      const stored = await repo.deleteMessages(tx, run.ctx.scope, f.folderId, [f.uid]);
      await repo.relocateMessage(tx, f.row.id, { folderId: f.folderId, uid: f.uid, modseq: f.modseq }, next);
      return stored;
    });
    for (const key of copy.files) await run.deps.files.remove(key).catch(() => undefined);
    for (const id of copy.ids) await run.ctx.publish({ type: 'email:deleted', emailId: id });
    const updates: Partial<TMessageSummary> = {
      folderId: f.folderId,
      isRead: next.isRead,
      isStarred: next.isStarred,
      isImportant: next.isImportant,
      isDraft: next.isDraft,
      labelIds,
    };
    await run.ctx.publish({ type: 'email:updated', emailId: f.row.id, updates });
    touched.add(f.row.folderId).add(f.folderId);
  }
  // Not found anywhere: deleted (or moved out of reach), as before.
  const moved = new Set(found.map((f) => f.row.id));
  const byFolder = new Map<string, number[]>();
  for (const row of pool) {
    if (moved.has(row.id)) continue;
    byFolder.set(row.folderId, [...(byFolder.get(row.folderId) ?? []), row.uid]);
  }
  for (const [folderId, uids] of byFolder) {
    await run.dropFolderMail(folderId, uids);
    touched.add(folderId);
  }
  for (const folderId of touched) await run.publishCounts(folderId);
}

/** One SEARCH HEADER Message-ID per folder (all the ids at once), the matches confirmed by their envelope. */
async function lookElsewhere(run: SyncRun, pool: VanishedRow[]): Promise<Found[]> {
  const wanted = new Map<string, VanishedRow[]>();
  for (const row of pool) {
    const key = normalId(row.messageId);
    wanted.set(key, [...(wanted.get(key) ?? []), row]);
  }
  const found: Found[] = [];
  for (const folder of syncOrder(await repo.foldersOf(run.db, run.accountId))) {
    if (wanted.size === 0) break;
    let mailbox;
    try {
      mailbox = await run.client.mailboxOpen(folder.path, { readOnly: true });
    } catch (err) {
      run.ensureConnected();
      // A folder gone meanwhile: the next run's folder list drops it.
      if ((err as { serverResponseCode?: string })?.serverResponseCode === 'NONEXISTENT') continue;
      throw err;
    }
    // Renumbered since it was stored: its next sync starts it again, the mail is found there then.
    if (folder.uidValidity !== null && Number(mailbox.uidValidity) !== folder.uidValidity) continue;
    if (mailbox.exists === 0) continue;
    const ids = [...new Set([...wanted.values()].flat().map((r) => r.messageId))];
    const criteria = ids.map((id) => ({ header: { 'message-id': id } }));
    const uids = await run.searchUids(criteria.length === 1 ? criteria[0]! : { or: criteria });
    if (uids.length === 0) continue;
    for await (const msg of run.client.fetch(
      uids.join(','),
      { uid: true, flags: true, envelope: true },
      { uid: true },
    )) {
      const key = msg.envelope?.messageId ? normalId(msg.envelope.messageId) : null;
      const rows = key ? wanted.get(key) : undefined;
      if (!key || !rows?.length) continue;
      const row = rows.shift()!;
      if (rows.length === 0) wanted.delete(key);
      found.push({
        row,
        folderId: folder.id,
        uid: msg.uid,
        flags: msg.flags ?? new Set(),
        modseq: msg.modseq?.toString() ?? null,
      });
    }
    run.ensureConnected();
  }
  return found;
}
