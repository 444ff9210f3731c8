import type { z } from 'zod';
import { organizationTimeZone } from '../organizations/index.ts';
import type { TMailFolder, TMailboxOverview, ZFolderInput } from '@shared/mailbox/contracts.ts';
import { AppError } from '../../platform/errors.ts';
import type { SealedBox } from '../../platform/sealed-box.ts';
import { endpointsOf } from './credentials.ts';
import { openImap } from './imap-client.ts';
import {
  accountStates,
  deleteFolders,
  ensureLocalFolders,
  findAccountConnection,
  findFolder,
  findRoleFolder,
  folderCounts,
  insertFolder,
  listFolders,
  updateFolder as updateFolderRow,
  type FolderRow,
  type MailScope,
} from './folders-repository.ts';
import { listLabels } from './labels-repository.ts';
import { moveFolderContents } from './messages-repository.ts';
import { publishFolderCounts, type MailboxDeps } from './messages-service.ts';
import { pendingCounts, queueChanges, UID_AFTER_MOVE } from './pending-changes-repository.ts';
import { topics } from '../../platform/realtime.ts';

export type FolderDeps = MailboxDeps & { mailCredentials: SealedBox };
type FolderInput = z.infer<typeof ZFolderInput>;

function toFolder(row: FolderRow, counts: { unread: number; total: number } | undefined): TMailFolder {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    path: row.path,
    role: row.role,
    parentId: row.parentId,
    color: row.color,
    unreadCount: counts?.unread ?? 0,
    totalCount: counts?.total ?? 0,
  };
}

/** GET /mail/folders: the accounts' sync state, every folder with its counts (kept by the database), the labels. */
export async function mailboxOverview(deps: MailboxDeps, scope: MailScope): Promise<TMailboxOverview> {
  await ensureLocalFolders(deps.db, scope);
  const [accounts, folders, counts, labels, timeZone] = await Promise.all([
    accountStates(deps.db, scope),
    listFolders(deps.db, scope),
    folderCounts(deps.db, scope),
    listLabels(deps.db, scope),
    organizationTimeZone(deps.db, scope.orgId),
  ]);
  const pending = await pendingCounts(
    deps.db,
    scope,
    accounts.map((a) => a.id),
  );
  return {
    accounts: accounts.map((a) => ({
      id: a.id,
      emailAddress: a.emailAddress,
      displayName: a.displayName,
      signatureHtml: a.signatureHtml,
      isPec: a.isPec,
      syncStatus: a.syncStatus,
      syncErrorCode: a.syncErrorCode,
      lastSyncAt: a.lastSyncAt ? a.lastSyncAt.toISOString() : null,
      syncProgress: a.syncProgress ?? null,
      pendingChanges: pending.get(a.id)?.pending ?? 0,
      failedChanges: pending.get(a.id)?.failed ?? 0,
    })),
    folders: folders.map((f) => toFolder(f, counts.get(f.id))),
    labels: labels.map((l) => ({ id: l.id, name: l.name, color: l.color })),
    timeZone,
  };
}

/** A folder's name is one level of the path: no delimiter in it. */
function checkName(name: string, delimiter: string) {
  if (name.includes(delimiter) || name.includes('/')) throw new AppError('MAIL_FOLDER_NAME_INVALID');
}

/** Runs one command on the account's IMAP server; a server that cannot be reached changes nothing here. */
async function onImapServer(
  deps: FolderDeps,
  scope: MailScope,
  accountId: string,
  run: (client: Awaited<ReturnType<typeof openImap>>) => Promise<unknown>,
) {
  const account = await findAccountConnection(deps.db, scope, accountId);
  if (!account) throw new AppError('NOT_FOUND');
  let client: Awaited<ReturnType<typeof openImap>> | null = null;
  try {
    client = await openImap(endpointsOf(account, deps.mailCredentials).imap);
    await run(client);
  } catch {
    throw new AppError('MAIL_SERVER_UNREACHABLE');
  } finally {
    await client?.logout().catch(() => client?.close());
  }
}

/** Which account a new folder goes to: its parent's, or the one named (the local mailbox when none). */
async function parentOf(deps: MailboxDeps, scope: MailScope, parentId: string | null | undefined) {
  if (!parentId) return null;
  const parent = await findFolder(deps.db, scope, parentId);
  if (!parent) throw new AppError('NOT_FOUND');
  return parent;
}

export async function createFolder(
  deps: FolderDeps,
  input: MailScope & { body: FolderInput },
): Promise<TMailFolder> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const { body } = input;
  await ensureLocalFolders(deps.db, scope);
  const parent = await parentOf(deps, scope, body.parentId);
  const accountId = parent ? parent.accountId : (body.accountId ?? null);
  if (
    parent &&
    body.accountId !== undefined &&
    body.accountId !== null &&
    body.accountId !== parent.accountId
  ) {
    throw new AppError('MAIL_FOLDER_INVALID_PARENT');
  }
  if (accountId && !(await findAccountConnection(deps.db, scope, accountId))) throw new AppError('NOT_FOUND');
  let delimiter = parent?.delimiter ?? '/';
  if (!parent && accountId) {
    delimiter = (await findRoleFolder(deps.db, scope, accountId, 'inbox'))?.delimiter ?? '/';
  }
  checkName(body.name, delimiter);
  const path = parent ? `${parent.path}${delimiter}${body.name}` : body.name;
  if (accountId) {
    // The folder is made on the account's server first: the next sync then finds it there.
    await onImapServer(deps, scope, accountId, (client) => client.mailboxCreate(path));
  }
  const row = await insertFolder(deps.db, scope, {
    accountId,
    name: body.name,
    path,
    delimiter,
    parentId: parent?.id ?? null,
    color: body.color ?? null,
  });
  await deps.hub.publish(topics.userMail(scope.orgId, scope.userId), {
    type: 'folder:updated',
    folderId: row.id,
    updates: { unreadCount: 0, totalCount: 0 },
  });
  return toFolder(row, undefined);
}

/** The folder and every folder under it (by parent links). */
async function subtree(deps: MailboxDeps, scope: MailScope, root: FolderRow): Promise<FolderRow[]> {
  const all = await listFolders(deps.db, scope);
  const result: FolderRow[] = [root];
  for (let i = 0; i < result.length; i++) {
    for (const f of all) if (f.parentId === result[i]!.id) result.push(f);
  }
  return result;
}

/** Rename, colour, parent. System folders take only a colour. */
export async function updateFolder(
  deps: FolderDeps,
  input: MailScope & { id: string; body: Partial<FolderInput> },
): Promise<TMailFolder> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const { body } = input;
  const folder = await findFolder(deps.db, scope, input.id);
  if (!folder) throw new AppError('NOT_FOUND');
  const renames = body.name !== undefined && body.name !== folder.name;
  const reparents = body.parentId !== undefined && body.parentId !== folder.parentId;
  if (folder.role && (renames || reparents)) throw new AppError('MAIL_SYSTEM_FOLDER');
  if (body.accountId !== undefined && body.accountId !== folder.accountId) {
    throw new AppError('MAIL_FOLDER_INVALID_PARENT');
  }
  const delimiter = folder.delimiter ?? '/';
  const values: { name?: string; path?: string; parentId?: string | null; color?: string | null } = {};
  if (body.color !== undefined) values.color = body.color;
  if (renames || reparents) {
    const name = body.name ?? folder.name;
    checkName(name, delimiter);
    const tree = await subtree(deps, scope, folder);
    const parentId = reparents ? (body.parentId ?? null) : folder.parentId;
    const parent = await parentOf(deps, scope, parentId);
    if (parent && (parent.accountId !== folder.accountId || tree.some((f) => f.id === parent.id))) {
      throw new AppError('MAIL_FOLDER_INVALID_PARENT');
    }
    const path = parent ? `${parent.path}${delimiter}${name}` : name;
    if (folder.accountId) {
      await onImapServer(deps, scope, folder.accountId, (client) => client.mailboxRename(folder.path, path));
    }
    Object.assign(values, { name, path, parentId });
    await deps.db.transaction(async (tx) => {
      await updateFolderRow(tx, scope, folder.id, values);
      // The folders under it follow the new path.
      for (const child of tree.slice(1)) {
        await updateFolderRow(tx, scope, child.id, { path: path + child.path.slice(folder.path.length) });
      }
    });
  } else if (Object.keys(values).length) {
    await updateFolderRow(deps.db, scope, folder.id, values);
  }
  const updated = (await findFolder(deps.db, scope, folder.id))!;
  const counts = await folderCounts(deps.db, scope, [folder.id]);
  return toFolder(updated, counts.get(folder.id));
}

/**
 * Deletes a custom folder and the folders under it; their mail moves to the Inbox of the same account (spec §4).
 * For an IMAP account the moves are queued for the server, and after them the folders' deletes (deepest first):
 * the sync replays them once the moves are done (sync/replay-changes.ts), and until then does not bring the
 * folders back.
 */
export async function deleteFolder(deps: MailboxDeps, input: MailScope & { id: string }): Promise<void> {
  const scope = { orgId: input.orgId, userId: input.userId };
  const folder = await findFolder(deps.db, scope, input.id);
  if (!folder) throw new AppError('NOT_FOUND');
  if (folder.role) throw new AppError('MAIL_SYSTEM_FOLDER');
  await ensureLocalFolders(deps.db, scope);
  const inbox = await findRoleFolder(deps.db, scope, folder.accountId, 'inbox');
  if (!inbox) throw new AppError('MAIL_SYSTEM_FOLDER');
  const tree = await subtree(deps, scope, folder);
  const ids = tree.map((f) => f.id);
  const moved = await deps.db.transaction(async (tx) => {
    const before = await moveFolderContents(tx, scope, ids, inbox.id);
    await queueChanges(
      tx,
      before
        .filter((m) => m.accountId !== null)
        .map((m) => ({
          organizationId: scope.orgId,
          userId: scope.userId,
          accountId: m.accountId!,
          folderPath: m.folderPath,
          // A message whose move here is not confirmed yet: queued behind that move.
          uid: m.uid ?? UID_AFTER_MOVE,
          messageRowId: m.id,
          kind: 'move' as const,
          payload: { toPath: inbox.path, toFolderId: inbox.id },
        })),
    );
    if (folder.accountId) {
      await queueChanges(
        tx,
        [...tree]
          .sort((a, b) => b.path.length - a.path.length)
          .map((f) => ({
            organizationId: scope.orgId,
            userId: scope.userId,
            accountId: folder.accountId!,
            folderPath: f.path,
            uid: 0,
            messageRowId: null,
            kind: 'folderDelete' as const,
            payload: { inboxPath: inbox.path, delimiter: f.delimiter ?? '/' },
          })),
      );
    }
    await deleteFolders(tx, scope, ids);
    return before;
  });
  const topic = topics.userMail(scope.orgId, scope.userId);
  for (const m of moved) {
    await deps.hub.publish(topic, { type: 'email:updated', emailId: m.id, updates: { folderId: inbox.id } });
  }
  await publishFolderCounts(deps, scope, [inbox.id]);
}
