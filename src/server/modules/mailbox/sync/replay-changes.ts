import { isOutage } from '@shared/mail/delivery.ts';
import { classifyImapError } from '../mail-errors.ts';
import type { SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * The write-back queue replayed on the server at the start of a run (issue 15): the user's changes (flags and
 * keywords, moves, permanent deletes), oldest first. A change the server takes leaves the queue; one it refuses
 * stays with its error; when the server or the session is gone the run fails and the queue waits for the next.
 */
export async function replayChanges(run: SyncRun) {
  const changes = await repo.pendingChanges(run.db, run.accountId);
  for (const change of changes) {
    try {
      await replayOne(run, change);
      await repo.dropPendingChange(run.db, change.id);
    } catch (err) {
      const code = classifyImapError(err);
      await repo.failPendingChange(run.db, change.id, `${code}: ${(err as Error)?.message ?? ''}`);
      // The server or the session is gone: the run fails and retries; the change stays queued.
      if (isOutage(code) || code === 'TIMEOUT_ERROR' || code === 'AUTH_ERROR' || !run.client.usable)
        throw err;
    }
  }
}

async function replayOne(run: SyncRun, change: repo.PendingChangeRecord) {
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
