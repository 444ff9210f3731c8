import { isOutage } from '@shared/mail/delivery.ts';
import { classifyImapError } from '../mail-errors.ts';
import { MAX_REPLAY_ATTEMPTS, UID_AFTER_MOVE } from '../pending-changes-repository.ts';
import { keywordStorable } from './flags.ts';
import type { SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * The write-back queue replayed on the server at the start of a run (issue 15): the user's changes (flags and
 * keywords, moves, permanent deletes, custom folders deleted), oldest first. A change the server takes leaves the
 * queue. One it refuses stays with its error and is tried again after a growing delay, at most
 * MAX_REPLAY_ATTEMPTS times, then is given up (failed: the state says so, "sync now" tries again). When the server
 * or the session is gone the run fails and the queue waits for the next, spending no attempt.
 *
 * Order per message: a change waits while an earlier change of the same message is still queued, so a change made
 * to a message whose move is not confirmed yet goes where the move put it (the move's replay gives it the folder
 * and the new UID), never to the old folder and UID. A folder's delete waits until no queued change addresses a
 * path in it (its mail moved out first, its subfolders deleted first).
 *
 * Conflicts (spec §9): starred, moves and deletes are ours (replayed as they are); labels merge (their keywords are
 * added or removed one by one, so a label set in another client stays); read status is the server's — see
 * serverKeepsRead.
 */

/** The first retry of a refused change waits this long, each next one four times longer (1, 4, 16, 64 min). */
export const REPLAY_BASE_DELAY_MS = 60_000;

/**
 * Whether a change refused `attempts` times is due again: base × 4^(attempts−1) after the last refusal, so a change
 * made while the server answers is tried 1, 5, 21 and 85 min after it was made. Counted from the refusal, not from
 * the change's creation: a change queued through a long outage would otherwise spend all its tries in a row once
 * the server is back. (A change refused before last_attempt_at existed counts from its creation.)
 */
export function replayDue(
  change: { attempts: number; createdAt: Date; lastAttemptAt: Date | null },
  now: number,
  baseMs: number,
) {
  if (change.attempts === 0) return true;
  const since = (change.lastAttemptAt ?? change.createdAt).getTime();
  return now >= since + baseMs * 4 ** (change.attempts - 1);
}

type Change = repo.PendingChangeRecord;
type Address = { folderPath: string; uid: number };
type FlagsPayload = { add?: string[]; remove?: string[]; readBefore?: boolean };
/** Per message row, decided once a run: the server's read status when it won, null when ours is replayed. */
type ReadDecisions = Map<string, boolean | null>;
/** What a run learns as it replays: read conflicts decided, folders whose PERMANENTFLAGS were stored. */
type ReplayState = { reads: ReadDecisions; permanentKnown: Set<string> };

const isSeen = (flag: string) => flag.toLowerCase() === '\\seen';

export async function replayChanges(run: SyncRun) {
  const changes = await repo.pendingChanges(run.db, run.accountId);
  const now = Date.now();
  const baseMs = run.ctx.options.replayBaseDelayMs ?? REPLAY_BASE_DELAY_MS;
  const queued = new Map(changes.map((c) => [c.id, c]));
  const state: ReplayState = { reads: new Map(), permanentKnown: new Set() };
  /** Messages with an earlier change still queued: true when that change was given up. */
  const held = new Map<string, boolean>();
  const hold = (change: Change, failed: boolean) => {
    if (change.messageRowId) held.set(change.messageRowId, failed || held.get(change.messageRowId) === true);
  };
  let waiting: Change[] = [];
  for (const change of changes) {
    if (change.attempts >= MAX_REPLAY_ATTEMPTS) {
      hold(change, true);
      continue;
    }
    if (change.messageRowId && held.has(change.messageRowId)) {
      if (held.get(change.messageRowId)) {
        const why = 'BLOCKED: an earlier change of this message failed';
        await repo.failPendingChange(run.db, change.id, why, 'giveUp');
      }
      continue;
    }
    if (!replayDue(change, now, baseMs)) {
      hold(change, false);
      continue;
    }
    if (change.kind !== 'folderDelete' && change.uid === UID_AFTER_MOVE) {
      // Behind a move that did not tell the new UID (no UIDPLUS): it cannot be addressed.
      await repo.failPendingChange(
        run.db,
        change.id,
        'NO_UID: the message has no UID on the server',
        'giveUp',
      );
      hold(change, true);
      continue;
    }
    if (change.kind === 'folderDelete' && waitsForOthers(change, [...queued.values()])) waiting.push(change);
    else if (!(await replayAndDrop(run, change, changes, queued, state))) hold(change, false);
  }
  // Folder deletes made possible by the changes after them (a subfolder's delete queued after its parent's).
  for (let progress = true; progress && waiting.length;) {
    const ready = waiting.filter((c) => !waitsForOthers(c, [...queued.values()]));
    waiting = waiting.filter((c) => !ready.includes(c));
    progress = false;
    for (const change of ready)
      progress = (await replayAndDrop(run, change, changes, queued, state)) || progress;
  }
}

/** Replays one change; answers whether the server took it (it then leaves the queue). */
async function replayAndDrop(
  run: SyncRun,
  change: Change,
  changes: Change[],
  queued: Map<string, Change>,
  state: ReplayState,
) {
  try {
    const moved = await replayOne(run, change, state);
    await repo.dropPendingChange(run.db, change.id);
    queued.delete(change.id);
    // The changes behind a move, as loaded for this run, follow it as their rows did.
    if (moved)
      for (const later of changes)
        if (later.messageRowId === change.messageRowId) Object.assign(later, moved);
    return true;
  } catch (err) {
    const code = classifyImapError(err);
    const gone = isOutage(code) || code === 'TIMEOUT_ERROR' || code === 'AUTH_ERROR' || !run.client.usable;
    const error = `${code}: ${(err as Error)?.message ?? ''}`;
    await repo.failPendingChange(run.db, change.id, error, gone ? 'outage' : 'attempt');
    // The server or the session is gone: the run fails and retries; the change stays queued.
    if (gone) throw err;
    return false;
  }
}

type FolderDeletePayload = { inboxPath: string; delimiter: string };

const within = (path: string, folder: string, delimiter: string) =>
  path === folder || path.startsWith(folder + delimiter);

/** A folder's delete waits while another queued change addresses the folder or a folder under it. */
function waitsForOthers(change: Change, queued: Change[]) {
  const { delimiter } = change.payload as FolderDeletePayload;
  return queued.some(
    (other) =>
      other.id !== change.id &&
      (within(other.folderPath, change.folderPath, delimiter) ||
        (other.kind === 'move' &&
          within((other.payload as { toPath: string }).toPath, change.folderPath, delimiter))),
  );
}

/** Replays one change on the server; a move answers where the message is now (for the changes behind it). */
async function replayOne(run: SyncRun, change: Change, state: ReplayState): Promise<Address | null> {
  if (change.kind === 'folderDelete') {
    await deleteFolderOnServer(run, change);
    return null;
  }
  const { client } = run;
  const lock = await client.getMailboxLock(change.folderPath);
  try {
    const uid = String(change.uid);
    if (change.kind === 'flags') {
      const payload = change.payload as FlagsPayload;
      // Keywords (labels) the folder cannot hold stay ours alone (queued before its PERMANENTFLAGS were known).
      const permanent = await notePermanentFlags(run, change.folderPath, state);
      const storable = (f: string) => f.startsWith('\\') || keywordStorable(permanent, f);
      let add = (payload.add ?? []).filter(storable);
      let remove = (payload.remove ?? []).filter(storable);
      if (await serverKeepsRead(run, change, payload, state.reads)) {
        add = add.filter((f) => !isSeen(f));
        remove = remove.filter((f) => !isSeen(f));
      }
      // imapflow answers false when the server refuses: the change stays queued.
      if (add.length && !(await client.messageFlagsAdd(uid, add, { uid: true })))
        throw new Error('STORE refused');
      if (remove.length && !(await client.messageFlagsRemove(uid, remove, { uid: true })))
        throw new Error('STORE refused');
    } else if (change.kind === 'move') {
      const payload = change.payload as { toPath: string };
      const result = await client.messageMove(uid, payload.toPath, { uid: true });
      if (!result) throw new Error('MOVE refused');
      const newUid = result.uidMap?.get(change.uid) ?? null;
      if (!change.messageRowId) return null;
      const moved = { folderPath: payload.toPath, uid: newUid ?? UID_AFTER_MOVE };
      await run.db.transaction(async (tx) => {
        await repo.setMessageUid(tx, change.messageRowId!, newUid);
        await repo.repointPendingChanges(tx, change.messageRowId!, moved.folderPath, moved.uid);
      });
      return moved;
    } else if (change.kind === 'delete') {
      if (!(await client.messageDelete(uid, { uid: true }))) throw new Error('EXPUNGE refused');
    }
    return null;
  } finally {
    lock.release();
  }
}

/**
 * The selected folder's PERMANENTFLAGS (null when the server sent none: every flag is permanent, RFC 3501), stored
 * on the folder once a run so that later label changes are not queued where the server cannot hold them.
 */
async function notePermanentFlags(run: SyncRun, path: string, state: ReplayState) {
  const mailbox = run.client.mailbox;
  if (!mailbox || mailbox.readOnly || !mailbox.permanentFlags) return null;
  const flags = [...mailbox.permanentFlags].sort();
  if (!state.permanentKnown.has(path)) {
    await repo.setFolderPermanentFlags(run.db, run.accountId, path, flags);
    state.permanentKnown.add(path);
  }
  return flags;
}

/**
 * Read status, the server's (spec §9): whether a queued read or unread change gives way. Decided once per message and
 * run, at its oldest queued read change, whose readBefore is the read status the server had at the last sync (the
 * changes behind it were made on top of it): the server's \Seen now differs from it → another client changed it
 * meanwhile, so the server's stays, the row takes it (email:updated, the folder's counts) and every queued read
 * change of the message this run gives way (their other flags still go). Unchanged there → ours are replayed. A
 * message the server no longer has, or a change queued without readBefore, is replayed as before.
 */
async function serverKeepsRead(run: SyncRun, change: Change, payload: FlagsPayload, reads: ReadDecisions) {
  const id = change.messageRowId;
  const touchesRead = [...(payload.add ?? []), ...(payload.remove ?? [])].some(isSeen);
  if (!id || !touchesRead) return false;
  if (!reads.has(id)) {
    if (payload.readBefore === undefined) {
      // Queued before changes said what they were made on: ours, as then.
      reads.set(id, null);
      return false;
    }
    const found = await run.client.fetchOne(String(change.uid), { uid: true, flags: true }, { uid: true });
    // A dropped connection is an outage, not a message the server no longer has.
    run.ensureConnected();
    const serverRead = found ? [...(found.flags ?? [])].some(isSeen) : null;
    const wins = serverRead !== null && serverRead !== payload.readBefore ? serverRead : null;
    if (wins !== null) {
      const folderId = await repo.setMessageRead(run.db, id, wins);
      await run.ctx.publish({ type: 'email:updated', emailId: id, updates: { isRead: wins } });
      if (folderId) await run.publishCounts(folderId);
    }
    reads.set(id, wins);
  }
  return reads.get(id) !== null;
}

/** The server answered that the folder does not exist (deleted there already): nothing is left to do. */
const nonexistent = (err: unknown) =>
  (err as { serverResponseCode?: string })?.serverResponseCode === 'NONEXISTENT';

/**
 * A custom folder deleted here: what the server still has in it (delivered there after our moves were queued, or
 * never synced) goes to the Inbox first, as the spec says of a deleted folder's mail; then the folder goes.
 */
async function deleteFolderOnServer(run: SyncRun, change: Change) {
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
