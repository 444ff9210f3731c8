import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow, MailboxObject } from 'imapflow';
import {
  isOutage,
  isRetryable,
  retryDelayMs,
  RETRY_POLICY,
  type MailErrorCode,
} from '@shared/mail/delivery.ts';
import type { TMessageSummary } from '@shared/mailbox/contracts.ts';
import type { TMailProgress } from '@shared/mailbox/types.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import type { Db } from '../../../db/database.ts';
import { topics, type RealtimeHub } from '../../../platform/realtime.ts';
import type { SealedBox } from '../../../platform/sealed-box.ts';
import type { FileStore } from '../../../platform/storage.ts';
import { endpointsOf } from '../credentials.ts';
import { openImap, type ImapTimeouts } from '../imap-client.ts';
import { classifyImapError } from '../mail-errors.ts';
import { parseMessage, type ParsedMessage } from '../ingest/parse-message.ts';
import { messageSummary, storeMessage, type AnalyzeHook } from '../ingest/store-message.ts';
import { flagColumns, sameFlags } from './flags.ts';
import { mapFolders, syncOrder } from './folder-map.ts';
import * as repo from './sync-repository.ts';

/**
 * One sync of one IMAP account (issue 15, spec §4 sync states, §7 mail channel, §8 errors, §9 retry). The caller
 * holds the account's lease (sync-jobs.ts). In order: the write-back queue is replayed; the folder list is mapped
 * and stored; each folder (Inbox first) gets its new messages, flag changes and deletions (QRESYNC/CONDSTORE when
 * the server has them, else a UID comparison), and the Inbox's newest messages on a first sync; then older mail
 * is backfilled newest first. Every batch is its own transaction with the folder's position (uid_next,
 * backfill_below_uid), so a crash leaves nothing half-written and the next run goes on from there. Nothing here
 * ever deletes stored mail because the server is unreachable: the mail stays readable whatever happens.
 */

export type SyncDeps = {
  db: Db;
  files: FileStore;
  hub: RealtimeHub;
  mailCredentials: SealedBox;
  analyze?: AnalyzeHook;
  log?: FastifyBaseLogger;
  imapTimeouts?: ImapTimeouts;
};

export type SyncOptions = {
  /** The lease owner this run holds the account as. */
  owner: string;
  leaseSeconds: number;
  /** Only the Inbox's new messages and changes (an IDLE event). */
  inboxOnly?: boolean;
  /** Aborted by "stop" on this instance. */
  signal?: AbortSignal;
  /** Messages per batch (and per transaction). */
  batchSize?: number;
  /** Compare UID lists even when the server offers CONDSTORE/QRESYNC (the fallback path, for tests). */
  forceUidCompare?: boolean;
};

export type SyncOutcome =
  | { status: 'completed'; newEmails: number }
  | { status: 'stopped' }
  | { status: 'failed'; code: MailErrorCode; retryAt: Date | null };

export const SYNC_BATCH_SIZE = 50;
/** A batch's sources are fetched together up to this many bytes (a 30 MB message goes alone). */
const BATCH_BYTES = 20 * 1024 * 1024;
/** Without CONDSTORE, the flags of the newest this many messages are compared at each sync. */
const FLAG_WINDOW = 300;

class SyncStopped extends Error {}

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
    const run = new AccountRun(deps, client, { account, scope, options, publish, pushState });
    const newEmails = await run.sync();
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
    const code = classifyImapError(err);
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

type RunContext = {
  account: repo.SyncAccountRow;
  scope: repo.Scope;
  options: SyncOptions;
  publish: (message: TServerMessage) => Promise<unknown>;
  pushState: () => Promise<void>;
};

type ListedStatus = { messages?: number; uidNext?: number; uidValidity?: bigint; highestModseq?: bigint };

class AccountRun {
  progress: TMailProgress = { phase: 'inbox', stored: 0, total: 0 };
  private newEmails = 0;
  private readonly batchSize: number;
  private pendingIds = new Set<string>();

  constructor(
    private readonly deps: SyncDeps,
    private readonly client: ImapFlow,
    private readonly ctx: RunContext,
  ) {
    this.batchSize = Math.max(1, ctx.options.batchSize ?? SYNC_BATCH_SIZE);
  }

  private get db() {
    return this.deps.db;
  }
  private get accountId() {
    return this.ctx.account.id;
  }

  /**
   * UID SEARCH that never passes a failure off as "no messages" (imapflow answers false then): an empty answer
   * read as the truth would delete the stored mail or end a backfill early.
   */
  private async searchUids(query: Parameters<ImapFlow['search']>[0]): Promise<number[]> {
    const found = await this.client.search(query, { uid: true });
    if (!Array.isArray(found)) throw Object.assign(new Error('SEARCH failed'), { code: 'NoConnection' });
    this.ensureConnected();
    return found;
  }

  /** A fetch whose connection dropped ends early rather than failing: what it answered is not the whole truth. */
  private ensureConnected() {
    if (!this.client.usable) throw Object.assign(new Error('Connection closed'), { code: 'NoConnection' });
  }

  /** Between batches: stop when asked here, or when the lease was taken away (stop on another instance). */
  private async checkpoint() {
    if (this.ctx.options.signal?.aborted) throw new SyncStopped();
    const held = await repo.renewLease(
      this.db,
      this.accountId,
      this.ctx.options.owner,
      this.ctx.options.leaseSeconds,
    );
    if (!held) throw new SyncStopped();
  }

  async sync(): Promise<number> {
    await this.replay();
    this.pendingIds = await repo.pendingMessageIds(this.db, this.accountId);
    const { folders, statuses } = this.ctx.options.inboxOnly
      ? await this.storedInbox()
      : await this.refreshFolders();
    this.progress = {
      phase: 'inbox',
      stored: await repo.countAccountMessages(this.db, this.accountId),
      total: [...statuses.values()].reduce((sum, s) => sum + (s.messages ?? 0), 0),
    };
    for (const folder of syncOrder(folders)) {
      await this.checkpoint();
      await this.syncFolderHead(folder, statuses.get(folder.path));
    }
    if (!this.ctx.options.inboxOnly) {
      this.progress = { ...this.progress, phase: 'backfill' };
      await this.saveProgress();
      // Older mail, newest first, Inbox first; folders already complete cost nothing.
      for (const folder of syncOrder(await repo.foldersOf(this.db, this.accountId))) {
        if (!folder.backfillDone) await this.backfill(folder, Infinity);
      }
    }
    return this.newEmails;
  }

  private async saveProgress() {
    await repo.setSyncState(this.db, this.accountId, { syncProgress: this.progress });
    await this.ctx.pushState();
  }

  /* The write-back queue */

  private async replay() {
    const changes = await repo.pendingChanges(this.db, this.accountId);
    for (const change of changes) {
      try {
        await this.replayOne(change);
        await repo.dropPendingChange(this.db, change.id);
      } catch (err) {
        const code = classifyImapError(err);
        await repo.failPendingChange(this.db, change.id, `${code}: ${(err as Error)?.message ?? ''}`);
        // The server or the session is gone: the run fails and retries; the change stays queued.
        if (isOutage(code) || code === 'TIMEOUT_ERROR' || code === 'AUTH_ERROR' || !this.client.usable)
          throw err;
      }
    }
  }

  private async replayOne(change: repo.PendingChangeRecord) {
    const lock = await this.client.getMailboxLock(change.folderPath);
    try {
      const uid = String(change.uid);
      if (change.kind === 'flags') {
        const payload = change.payload as { add?: string[]; remove?: string[] };
        // imapflow answers false when the server refuses: the change stays queued.
        if (payload.add?.length && !(await this.client.messageFlagsAdd(uid, payload.add, { uid: true })))
          throw new Error('STORE refused');
        if (
          payload.remove?.length &&
          !(await this.client.messageFlagsRemove(uid, payload.remove, { uid: true }))
        )
          throw new Error('STORE refused');
      } else if (change.kind === 'move') {
        const payload = change.payload as { toPath: string };
        const result = await this.client.messageMove(uid, payload.toPath, { uid: true });
        if (!result) throw new Error('MOVE refused');
        const newUid = result.uidMap?.get(change.uid) ?? null;
        if (change.messageRowId) {
          await this.db.transaction(async (tx) => {
            await repo.setMessageUid(tx, change.messageRowId!, newUid);
            if (newUid !== null)
              await repo.repointPendingChanges(tx, change.messageRowId!, payload.toPath, newUid);
          });
        }
      } else if (change.kind === 'delete') {
        if (!(await this.client.messageDelete(uid, { uid: true }))) throw new Error('EXPUNGE refused');
      }
    } finally {
      lock.release();
    }
  }

  /* Folders */

  private async storedInbox() {
    const folders = (await repo.foldersOf(this.db, this.accountId)).filter((f) => f.role === 'inbox');
    if (folders.length === 0) return this.refreshFolders();
    return { folders, statuses: new Map<string, ListedStatus>() };
  }

  private async refreshFolders() {
    const listed = await this.client.list({
      statusQuery: { messages: true, uidNext: true, uidValidity: true, highestModseq: true },
    });
    this.ensureConnected();
    // Every IMAP account has an Inbox: a list without one is a failed answer, never "every folder was deleted".
    if (!listed.some((l) => l.path.toUpperCase() === 'INBOX'))
      throw Object.assign(new Error('LIST answered without INBOX'), { code: 'NoConnection' });
    const statuses = new Map<string, ListedStatus>(listed.map((l) => [l.path, l.status ?? {}]));
    const mapped = mapFolders(
      listed.map((l) => ({
        path: l.path,
        name: l.name,
        delimiter: l.delimiter || null,
        specialUse: l.specialUse ?? null,
        flags: l.flags,
      })),
    );
    const existing = await repo.foldersOf(this.db, this.accountId);
    const byPath = new Map(existing.map((f) => [f.path, f]));
    const ids = new Map<string, string>();
    for (const m of mapped) {
      const known = byPath.get(m.path);
      if (known) {
        ids.set(m.path, known.id);
        if (known.name !== m.name || known.role !== m.role || known.delimiter !== m.delimiter)
          await repo.updateFolder(this.db, known.id, { name: m.name, role: m.role, delimiter: m.delimiter });
      } else {
        ids.set(m.path, await repo.insertFolder(this.db, this.ctx.scope, this.accountId, m));
      }
    }
    for (const m of mapped) {
      const parentId = m.parentPath ? (ids.get(m.parentPath) ?? null) : null;
      if ((byPath.get(m.path)?.parentId ?? null) !== parentId)
        await repo.updateFolder(this.db, ids.get(m.path)!, { parentId });
    }
    // A folder gone from the server (deleted or renamed elsewhere) goes here too, with its mail.
    const gone = existing.filter((f) => !ids.has(f.path));
    for (const folder of gone) await this.dropFolderMail(folder.id);
    await repo.deleteFolders(
      this.db,
      gone.map((f) => f.id),
    );
    return { folders: await repo.foldersOf(this.db, this.accountId), statuses };
  }

  private async dropFolderMail(folderId: string, uids: number[] | null = null) {
    const { ids, files } = await this.db.transaction((tx) =>
      repo.deleteMessages(tx, this.ctx.scope, folderId, uids),
    );
    for (const key of files) await this.deps.files.remove(key).catch(() => undefined);
    for (const id of ids) await this.ctx.publish({ type: 'email:deleted', emailId: id });
    this.progress.stored = Math.max(0, this.progress.stored - ids.length);
    return ids.length;
  }

  private async publishCounts(folderId: string) {
    const counts = await repo.folderCounts(this.db, folderId);
    await this.ctx.publish({ type: 'folder:updated', folderId, updates: counts });
  }

  /** New messages, flag changes and deletions of one folder; on a first sync, the Inbox's newest batch. */
  private async syncFolderHead(stored: repo.SyncFolderRow, status: ListedStatus | undefined) {
    let folder = stored;
    const unchanged =
      status &&
      folder.uidNext !== null &&
      status.uidValidity !== undefined &&
      Number(status.uidValidity) === folder.uidValidity &&
      status.uidNext === folder.uidNext &&
      status.highestModseq !== undefined &&
      folder.highestModseq === status.highestModseq.toString() &&
      !this.ctx.options.forceUidCompare;
    if (unchanged) return; // CONDSTORE says nothing changed here: no need to open it

    const mailbox = await this.client.mailboxOpen(folder.path, { readOnly: true });
    const uidValidity = Number(mailbox.uidValidity);
    if (folder.uidValidity !== null && folder.uidValidity !== uidValidity) {
      // The server renumbered the folder: what we hold of it is no longer addressable. Start it again.
      await this.dropFolderMail(folder.id);
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
      await repo.updateFolder(this.db, folder.id, patch);
      const initial = { ...folder, ...patch };
      // The newest messages of the Inbox first, so the mailbox is usable within seconds.
      if (folder.role === 'inbox' && !initial.backfillDone) await this.backfill(initial, 1);
      await this.publishCounts(folder.id);
      return;
    }

    await this.fetchNew(folder, mailbox);
    await this.syncChanges(folder, mailbox);
    await repo.updateFolder(this.db, folder.id, { lastSyncAt: new Date() });
    await this.publishCounts(folder.id);
  }

  /** Messages that arrived since the last sync (UID ≥ uid_next), oldest first, announced as email:new. */
  private async fetchNew(folder: repo.SyncFolderRow, mailbox: MailboxObject) {
    if (mailbox.uidNext <= folder.uidNext!) return;
    const found = await this.searchUids({ uid: `${folder.uidNext}:*` });
    // "n:*" always answers the last message, even below n.
    const uids = found.filter((u) => u >= folder.uidNext!).sort((a, b) => a - b);
    for (let i = 0; i < uids.length; i += this.batchSize) {
      await this.checkpoint();
      const batch = uids.slice(i, i + this.batchSize);
      const summaries = await this.storeBatch(folder, batch, { uidNext: batch[batch.length - 1]! + 1 });
      this.newEmails += summaries.length;
      for (const email of summaries) await this.ctx.publish({ type: 'email:new', email });
    }
    await repo.updateFolder(this.db, folder.id, { uidNext: mailbox.uidNext });
  }

  /** Flags changed and messages deleted or moved away by another client since the last sync. */
  private async syncChanges(folder: repo.SyncFolderRow, mailbox: MailboxObject) {
    const condstore =
      !this.ctx.options.forceUidCompare &&
      this.client.enabled.has('CONDSTORE') &&
      !mailbox.noModseq &&
      mailbox.highestModseq !== undefined &&
      folder.highestModseq !== null;
    const qresync = condstore && this.client.enabled.has('QRESYNC');
    const changed: { uid: number; flags: Set<string>; modseq: string | null }[] = [];
    const vanished: number[] = [];
    let needUidCompare = !qresync;

    if (condstore) {
      if (mailbox.highestModseq!.toString() !== folder.highestModseq) {
        const onExpunge = (event: { path: string; uid?: number; vanished: boolean }) => {
          if (event.path !== folder.path) return;
          if (event.vanished && event.uid) vanished.push(event.uid);
          else needUidCompare = true;
        };
        this.client.on('expunge', onExpunge);
        try {
          for await (const msg of this.client.fetch(
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
          this.ensureConnected();
        } finally {
          this.client.off('expunge', onExpunge);
        }
      }
    } else if (mailbox.exists > 0) {
      const from = Math.max(1, mailbox.exists - FLAG_WINDOW + 1);
      for await (const msg of this.client.fetch(`${from}:*`, { uid: true, flags: true })) {
        changed.push({ uid: msg.uid, flags: msg.flags ?? new Set(), modseq: msg.modseq?.toString() ?? null });
      }
      this.ensureConnected();
    }

    await this.applyFlags(folder, changed);
    if (vanished.length) await this.dropFolderMail(folder.id, vanished);

    if (!needUidCompare) {
      // A safety net: the server's count must match ours once the folder is complete.
      const counts = await repo.folderCounts(this.db, folder.id);
      needUidCompare = folder.backfillDone && counts.totalCount !== mailbox.exists;
    }
    if (needUidCompare) {
      const onServer = new Set(await this.searchUids({ all: true }));
      const gone = (await repo.storedUids(this.db, folder.id)).filter((u) => !onServer.has(u));
      if (gone.length) await this.dropFolderMail(folder.id, gone);
    }
    await repo.updateFolder(this.db, folder.id, { highestModseq: mailbox.highestModseq?.toString() ?? null });
  }

  private async applyFlags(
    folder: repo.SyncFolderRow,
    changed: { uid: number; flags: Set<string>; modseq: string | null }[],
  ) {
    for (let i = 0; i < changed.length; i += 500) {
      const slice = changed.slice(i, i + 500);
      const rows = new Map(
        (
          await repo.messagesByUid(
            this.db,
            folder.id,
            slice.map((c) => c.uid),
          )
        ).map((r) => [r.uid!, r]),
      );
      const updates: { emailId: string; updates: Partial<TMessageSummary> }[] = [];
      await this.db.transaction(async (tx) => {
        for (const c of slice) {
          const row = rows.get(c.uid);
          // A change of ours still queued for the server wins over what the server says (spec §9 conflicts).
          if (!row || this.pendingIds.has(row.id)) continue;
          const next = flagColumns(c.flags);
          if (sameFlags(next, { ...row, keywords: [...row.keywords].sort() })) continue;
          await repo.updateMessageFlags(tx, row.id, next, c.modseq);
          updates.push({
            emailId: row.id,
            updates: {
              isRead: next.isRead,
              isStarred: next.isStarred,
              isImportant: next.isImportant,
              isDraft: next.isDraft,
            },
          });
        }
      });
      for (const u of updates) await this.ctx.publish({ type: 'email:updated', ...u });
    }
  }

  /* Backfill: older mail, newest first, in batches; each batch moves backfill_below_uid down. */

  private async backfill(folder: repo.SyncFolderRow, maxBatches: number) {
    if (folder.backfillDone || folder.uidNext === null) return;
    const below = folder.backfillBelowUid ?? folder.uidNext;
    const mailbox = await this.client.mailboxOpen(folder.path, { readOnly: true });
    if (Number(mailbox.uidValidity) !== folder.uidValidity) return; // renumbered meanwhile: the next run resyncs
    const found = below > 1 ? await this.searchUids({ uid: `1:${below - 1}` }) : [];
    const uids = found.filter((u) => u < below).sort((a, b) => b - a);
    let batches = 0;
    for (let i = 0; i < uids.length && batches < maxBatches; i += this.batchSize, batches++) {
      await this.checkpoint();
      const batch = uids.slice(i, i + this.batchSize);
      const last = i + this.batchSize >= uids.length;
      await this.storeBatch(folder, batch, {
        backfillBelowUid: batch[batch.length - 1]!,
        backfillDone: last,
      });
      await this.saveProgress();
      await this.publishCounts(folder.id);
    }
    if (uids.length === 0)
      await repo.updateFolder(this.db, folder.id, { backfillDone: true, backfillBelowUid: 1 });
  }

  /**
   * Fetches and stores the messages with these UIDs, in sub-batches bounded by size, each in one transaction with
   * the folder's new position. UIDs already stored (a move replayed by us, a resumed batch) are skipped.
   */
  private async storeBatch(
    folder: repo.SyncFolderRow,
    uids: number[],
    position: { uidNext?: number; backfillBelowUid?: number; backfillDone?: boolean },
  ): Promise<TMessageSummary[]> {
    const summaries: TMessageSummary[] = [];
    const sizes: { uid: number; size: number }[] = [];
    for await (const msg of this.client.fetch(uids.join(','), { uid: true, size: true }, { uid: true })) {
      sizes.push({ uid: msg.uid, size: msg.size ?? 0 });
    }
    this.ensureConnected();
    sizes.sort((a, b) => uids.indexOf(a.uid) - uids.indexOf(b.uid));
    const groups: number[][] = [];
    let current: number[] = [];
    let bytes = 0;
    for (const { uid, size } of sizes) {
      if (current.length && bytes + size > BATCH_BYTES) {
        groups.push(current);
        current = [];
        bytes = 0;
      }
      current.push(uid);
      bytes += size;
    }
    if (current.length) groups.push(current);

    for (const [index, group] of groups.entries()) {
      const fetched: {
        uid: number;
        flags: Set<string>;
        internalDate: Date;
        modseq: string | null;
        raw: Buffer;
      }[] = [];
      for await (const msg of this.client.fetch(
        group.join(','),
        { uid: true, flags: true, internalDate: true, source: true },
        { uid: true },
      )) {
        if (!msg.source) continue;
        const date = msg.internalDate ? new Date(msg.internalDate) : new Date();
        fetched.push({
          uid: msg.uid,
          flags: msg.flags ?? new Set(),
          internalDate: Number.isNaN(date.getTime()) ? new Date() : date,
          modseq: msg.modseq?.toString() ?? null,
          raw: msg.source,
        });
      }
      this.ensureConnected();
      // In the order asked: newest first for the backfill, oldest first for new mail.
      fetched.sort((a, b) => group.indexOf(a.uid) - group.indexOf(b.uid));
      const parsed: ParsedMessage[] = [];
      for (const f of fetched) parsed.push(await parseMessage(f.raw));
      const lastGroup = index === groups.length - 1;
      await this.db.transaction(async (tx) => {
        const present = new Set(
          (
            await repo.messagesByUid(
              tx,
              folder.id,
              fetched.map((f) => f.uid),
            )
          ).map((r) => r.uid),
        );
        for (const [i, f] of fetched.entries()) {
          if (present.has(f.uid)) continue;
          const row = await storeMessage(
            { db: tx, files: this.deps.files, analyze: this.deps.analyze },
            {
              scope: this.ctx.scope,
              folder: { id: folder.id, accountId: this.accountId },
              raw: f.raw,
              parsed: parsed[i],
              flags: f.flags,
              uid: f.uid,
              modseq: f.modseq,
              receivedAt: f.internalDate,
            },
          );
          summaries.push(messageSummary(row));
        }
        const groupLow = Math.min(...group);
        await repo.updateFolder(
          tx,
          folder.id,
          position.backfillBelowUid !== undefined
            ? {
                backfillBelowUid: lastGroup ? position.backfillBelowUid : groupLow,
                backfillDone: lastGroup ? !!position.backfillDone : false,
              }
            : { uidNext: Math.max(...group) + 1 },
        );
      });
      this.progress.stored += fetched.length;
    }
    if (groups.length === 0) {
      // Every message of the batch vanished meanwhile: the position still moves on.
      await repo.updateFolder(
        this.db,
        folder.id,
        position.backfillBelowUid !== undefined
          ? { backfillBelowUid: position.backfillBelowUid, backfillDone: !!position.backfillDone }
          : { uidNext: position.uidNext },
      );
    }
    return summaries;
  }
}
