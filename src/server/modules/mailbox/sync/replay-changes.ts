import { isOutage } from '@shared/mail/delivery.ts';
import { classifyImapError } from '../mail-errors.ts';
import type { SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * The write-back queue replayed on the server at the start of a run (issue 15): the user's changes (flags and
 * keywords, moves, permanent deletes, custom folders deleted), oldest first. A change the server takes leaves the
 * queue; one it refuses stays with its error; when the server or the session is gone the run fails and the queue
 * waits for the next. A folder's delete waits until no queued change addresses a path in it (its mail moved out
 * first, its subfolders deleted first).
 */
export async function replayChanges(run: SyncRun) {
  const changes = await repo.pendingChanges(run.db, run.accountId);
  const queued = new Map(changes.map((c) => [c.id, c]));
  let waiting: repo.PendingChangeRecord[] = [];
  for (const change of changes) {
    if (change.kind === 'folderDelete' && waitsForOthers(change, [...queued.values()])) waiting.push(change);
    else await replayAndDrop(run, change, queued);
  }
  // Folder deletes made possible by the changes after them (a subfolder's delete queued after its parent's).
  for (let progress = true; progress && waiting.length;) {
    const ready = waiting.filter((c) => !waitsForOthers(c, [...queued.values()]));
    waiting = waiting.filter((c) => !ready.includes(c));
    progress = false;
    for (const change of ready) progress = (await replayAndDrop(run, change, queued)) || progress;
  }
}

/** Replays one change; answers whether the server took it (it then leaves the queue). */
async function replayAndDrop(
  run: SyncRun,
  change: repo.PendingChangeRecord,
  queued: Map<string, repo.PendingChangeRecord>,
) {
  try {
    await replayOne(run, change);
    await repo.dropPendingChange(run.db, change.id);
    queued.delete(change.id);
    return true;
  } catch (err) {
    const code = classifyImapError(err);
    await repo.failPendingChange(run.db, change.id, `${code}: ${(err as Error)?.message ?? ''}`);
    // The server or the session is gone: the run fails and retries; the change stays queued.
    if (isOutage(code) || code === 'TIMEOUT_ERROR' || code === 'AUTH_ERROR' || !run.client.usable) throw err;
    return false;
  }
}

type FolderDeletePayload = { inboxPath: string; delimiter: string };

const within = (path: string, folder: string, delimiter: string) =>
  path === folder || path.startsWith(folder + delimiter);

/** A folder's delete waits while another queued change addresses the folder or a folder under it. */
function waitsForOthers(change: repo.PendingChangeRecord, queued: repo.PendingChangeRecord[]) {
  const { delimiter } = change.payload as FolderDeletePayload;
  return queued.some(
    (other) =>
      other.id !== change.id &&
      (within(other.folderPath, change.folderPath, delimiter) ||
        (other.kind === 'move' &&
          within((other.payload as { toPath: string }).toPath, change.folderPath, delimiter))),
  );
}

async function replayOne(run: SyncRun, change: repo.PendingChangeRecord) {
  if (change.kind === 'folderDelete') return deleteFolderOnServer(run, change);
  const { client } = run;
  const lock = await client.getMailboxLock(change.folderPath);
  try {
    const uid = String(change.uid);
    if (change.kind === 'flags') {
      const payload = change.payload as { add?: string[]; remove?: string[] };
      // imapflow answers false when the server refuses: the change stays queued.
      if (payload.add?.length && !(await client.messageFlagsAdd(uid, payload.add, { uid: true })))
        throw new Error('STORE refused');
      if (payload.remove?.length && !(await client.messageFlagsRemove(uid, payload.remove, { uid: true })))
        throw new Error('STORE refused');
    } else if (change.kind === 'move') {
      const payload = change.payload as { toPath: string };
      const result = await client.messageMove(uid, payload.toPath, { uid: true });
      if (!result) throw new Error('MOVE refused');
      const newUid = result.uidMap?.get(change.uid) ?? null;
      if (change.messageRowId) {
        await run.db.transaction(async (tx) => {
          await repo.setMessageUid(tx, change.messageRowId!, newUid);
          if (newUid !== null)
            await repo.repointPendingChanges(tx, change.messageRowId!, payload.toPath, newUid);
        });
      }
    } else if (change.kind === 'delete') {
      if (!(await client.messageDelete(uid, { uid: true }))) throw new Error('EXPUNGE refused');
    }
  } finally {
    lock.release();
  }
}

/** The server answered that the folder does not exist (deleted there already): nothing is left to do. */
const nonexistent = (err: unknown) =>
  (err as { serverResponseCode?: string })?.serverResponseCode === 'NONEXISTENT';

/**
 * A custom folder deleted here: what the server still has in it (delivered there after our moves were queued, or
 * never synced) goes to the Inbox first, as the spec says of a deleted folder's mail; then the folder goes.
 */
async function deleteFolderOnServer(run: SyncRun, change: repo.PendingChangeRecord) {
  const { client } = run;
  const { inboxPath } = change.payload as FolderDeletePayload;
  let lock: Awaited<ReturnType<typeof client.getMailboxLock>>;
  try {
    lock = await client.getMailboxLock(change.folderPath);
  } catch (err) {
    if (nonexistent(err)) return;
    throw err;
  }
  try {
    const exists = client.mailbox ? client.mailbox.exists : 0;
    if (exists > 0 && !(await client.messageMove('1:*', inboxPath))) throw new Error('MOVE refused');
  } finally {
    lock.release();
  }
  try {
    await client.mailboxDelete(change.folderPath);
  } catch (err) {
    if (!nonexistent(err)) throw err;
  }
}
