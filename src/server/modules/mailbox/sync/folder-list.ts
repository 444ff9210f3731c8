import { mapFolders } from './folder-map.ts';
import type { ListedStatus, SyncRun } from './sync-run.ts';
import * as repo from './sync-repository.ts';

/**
 * The account's folder list (issue 15): LIST with STATUS, mapped to roles (SPECIAL-USE, then names) and stored
 * with its hierarchy; a folder gone from the server goes here too, with its mail.
 */
export type FolderList = { folders: repo.SyncFolderRow[]; statuses: Map<string, ListedStatus> };

/** An IDLE run: only the stored Inbox (the whole list when none is stored yet). */
export async function storedInbox(run: SyncRun): Promise<FolderList> {
  const folders = (await repo.foldersOf(run.db, run.accountId)).filter((f) => f.role === 'inbox');
  if (folders.length === 0) return refreshFolders(run);
  return { folders, statuses: new Map<string, ListedStatus>() };
}

export async function refreshFolders(run: SyncRun): Promise<FolderList> {
  const listed = await run.client.list({
    statusQuery: { messages: true, uidNext: true, uidValidity: true, highestModseq: true },
  });
  run.ensureConnected();
  // Every IMAP account has an Inbox: a list without one is a failed answer, never "every folder was deleted".
  if (!listed.some((l) => l.path.toUpperCase() === 'INBOX'))
    throw Object.assign(new Error('LIST answered without INBOX'), { code: 'NoConnection' });
  const statuses = new Map<string, ListedStatus>(listed.map((l) => [l.path, l.status ?? {}]));
  // A folder deleted here whose delete the server has not taken yet stays deleted here.
  const deleting = await repo.pendingFolderDeletes(run.db, run.accountId);
  const mapped = mapFolders(
    listed
      .filter((l) => !deleting.has(l.path))
      .map((l) => ({
        path: l.path,
        name: l.name,
        delimiter: l.delimiter || null,
        specialUse: l.specialUse ?? null,
        flags: l.flags,
      })),
  );
  const existing = await repo.foldersOf(run.db, run.accountId);
  const byPath = new Map(existing.map((f) => [f.path, f]));
  const ids = new Map<string, string>();
  for (const m of mapped) {
    const known = byPath.get(m.path);
    if (known) {
      ids.set(m.path, known.id);
      if (known.name !== m.name || known.role !== m.role || known.delimiter !== m.delimiter)
        await repo.updateFolder(run.db, known.id, { name: m.name, role: m.role, delimiter: m.delimiter });
    } else {
      ids.set(m.path, await repo.insertFolder(run.db, run.ctx.scope, run.accountId, m));
    }
  }
  for (const m of mapped) {
    const parentId = m.parentPath ? (ids.get(m.parentPath) ?? null) : null;
    if ((byPath.get(m.path)?.parentId ?? null) !== parentId)
      await repo.updateFolder(run.db, ids.get(m.path)!, { parentId });
  }
  // A folder gone from the server (deleted or renamed elsewhere) goes here too, with its mail.
  const gone = existing.filter((f) => !ids.has(f.path));
  for (const folder of gone) await run.dropFolderMail(folder.id);
  await repo.deleteFolders(
    run.db,
    gone.map((f) => f.id),
  );
  return { folders: await repo.foldersOf(run.db, run.accountId), statuses };
}
