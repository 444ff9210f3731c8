import type { AttachedFile, MailedXmlFile } from '../pec/xml-files.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { TMailProgress } from '@shared/mailbox/types.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import type { Db } from '../../../db/database.ts';
import type { RealtimeHub } from '../../../platform/realtime.ts';
import type { SealedBox } from '../../../platform/sealed-box.ts';
import type { FileStore } from '../../../platform/storage.ts';
import type { ImapTimeouts } from '../imap-client.ts';
import type { AnalyzeHook } from '../ingest/store-message.ts';
import type { LabelKeywords } from './flags.ts';
import * as repo from './sync-repository.ts';

/**
 * What every step of one account's sync shares (issue 15): the open IMAP session, the run's options and progress,
 * and the few helpers each step needs — a UID SEARCH that never passes a failure off as "no messages", the
 * between-batches checkpoint (stop, lease), and the pushes on the owner's mail channel. The steps themselves are
 * in their own modules (replay-changes, folder-list, folder-head, flag-reconcile, backfill, store-batch).
 */

export type SyncDeps = {
  db: Db;
  files: FileStore;
  hub: RealtimeHub;
  mailCredentials: SealedBox;
  analyze?: AnalyzeHook;
  log?: FastifyBaseLogger;
  imapTimeouts?: ImapTimeouts;
  /**
   * Waits while the app's users have requests in flight, and paces work that took `pacedWorkMs` while they use
   * the app (platform/foreground.ts); none: never waits.
   */
  giveWay?: (pacedWorkMs: number) => Promise<void>;
  /**
   * An iCalendar REPLY arrived (a guest answered an invitation from a calendar app): the calendar applies it
   * (issue 16). Called after the batch's transaction, never inside it.
   */
  calendarReply?: (input: {
    orgId: string;
    from: string | null;
    ics: string;
    receivedAt: Date;
  }) => Promise<unknown>;
  /**
   * XML files arrived in an account (the SDI's notifications, e-invoices: issue 16): the invoicing module reads
   * them. Called after the batch's transaction, once per message that has any.
   */
  /**
   * New messages with attached files stored in a folder (issue 17: a folder may import them into documents).
   * Called after the batch's transaction, once per batch.
   */
  newAttachments?: (input: {
    orgId: string;
    userId: string;
    folderId: string;
    messages: { messageRowId: string; files: AttachedFile[] }[];
  }) => Promise<unknown>;
  xmlFiles?: (input: {
    orgId: string;
    /** The mailbox's owner. */
    userId: string;
    accountId: string;
    files: MailedXmlFile[];
    receivedAt: Date;
    /** The stored message they came in. */
    messageRowId: string;
  }) => Promise<unknown>;
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
  /**
   * At most this many messages per transaction, when fewer than a batch: PGlite has one connection, and every other
   * request waits while a transaction holds it.
   */
  transactionSize?: number;
  /**
   * The database has one connection (PGlite): a request waits for a transaction of the sync to end, so the sync
   * never gives way inside one (it would only wait for itself).
   */
  oneConnection?: boolean;
  /** Compare UID lists even when the server offers CONDSTORE/QRESYNC (the fallback path, for tests). */
  forceUidCompare?: boolean;
  /** The first retry delay of a refused queued change (replay-changes.ts; shorter in tests). */
  replayBaseDelayMs?: number;
  /** When the planner's statistics are refreshed (noteStored; smaller in tests). */
  statistics?: { every: number; growth: number; afterRun: number };
  /** How often a folder filling in a backfill pushes its counts (COUNTS_PUSH_MS; longer in tests). */
  countsEveryMs?: number;
};

export const SYNC_BATCH_SIZE = 50;
/**
 * The planner's statistics of the stored mail are refreshed once a run has stored 2,000 messages, then each time it
 * has stored half as many again as it had (2,000, 4,000, 6,000, 9,000, … : 9 times over a 50,000-message first sync
 * instead of 25), and at its end once it stored 100 (a run bringing a few new messages leaves them as they are).
 * A plan changes with the table's order of magnitude, not with every 2,000 rows; each ANALYZE of a large mail table
 * holds a processor for a second or so, which the people using the app meanwhile feel.
 */
export const MAIL_STATISTICS = { every: 2_000, growth: 0.5, afterRun: 100 };

/**
 * A folder filling in a backfill pushes its counts at most this often, and once more when its backfill ends: a
 * count reads every message of the folder (about 100 ms at 50,000, on PGlite and PostgreSQL alike), so a count
 * per batch of 50 would read 25 million rows over a 50,000-message first sync, holding PGlite's one connection.
 */
export const COUNTS_PUSH_MS = 2_000;

/** Whether a run that stored `stored` messages, `since` of them after its last refresh, refreshes now. */
export function statisticsDue(
  stored: number,
  since: number,
  final: boolean,
  { every, growth, afterRun }: typeof MAIL_STATISTICS = MAIL_STATISTICS,
): boolean {
  return since >= (final ? afterRun : Math.max(every, growth * (stored - since)));
}

/** Thrown at a checkpoint when the run was stopped (here, or by its lease taken away). */
export class SyncStopped extends Error {}

export type RunContext = {
  account: repo.SyncAccountRow;
  scope: repo.Scope;
  options: SyncOptions;
  publish: (message: TServerMessage) => Promise<unknown>;
  pushState: () => Promise<void>;
};

/** A message gone from where it was stored, which another client may have moved (sync-run.ts vanished). */
export type VanishedRow = { id: string; folderId: string; uid: number; messageId: string };

/** A folder's STATUS as LIST answered it. */
export type ListedStatus = {
  messages?: number;
  uidNext?: number;
  uidValidity?: bigint;
  highestModseq?: bigint;
};

export class SyncRun {
  progress: TMailProgress = { phase: 'inbox', stored: 0, total: 0 };
  newEmails = 0;
  /** Messages stored since the planner's statistics were last refreshed by this run, and in all. */
  storedSinceStatistics = 0;
  storedThisRun = 0;
  /** When this run last gave way (or began): how long it has worked since, for pacing. */
  private workingSince = performance.now();
  readonly batchSize: number;
  readonly transactionSize: number;
  /** Messages with a change of ours still queued for the server: the server's flags do not overwrite them. */
  pendingIds = new Set<string>();
  /**
   * Messages gone from a folder that may have been moved by another client, by row id: kept until the end of the
   * run, when they are looked for in the other folders (moved-elsewhere.ts) and deleted only if not found.
   */
  vanished = new Map<string, VanishedRow>();
  /** The owner's labels by keyword: keywords read from the server that are labels become those labels. */
  labels: LabelKeywords = new Map();
  /** When each folder's counts were last pushed, and whether a throttled push was skipped since. */
  private countsPushed = new Map<string, { at: number; skipped: boolean }>();

  constructor(
    readonly deps: SyncDeps,
    readonly client: ImapFlow,
    readonly ctx: RunContext,
  ) {
    this.batchSize = Math.max(1, ctx.options.batchSize ?? SYNC_BATCH_SIZE);
    this.transactionSize = Math.max(1, Math.min(this.batchSize, ctx.options.transactionSize ?? Infinity));
  }

  get db() {
    return this.deps.db;
  }

  /**
   * Between two units of work: the requests of the people using the app go first (platform/foreground.ts). A
   * backfill (older mail, which nobody is waiting for) is also paced while they use the app; the Inbox's newest
   * messages and new mail are not.
   */
  async giveWay(inTransaction = false) {
    if (inTransaction && this.ctx.options.oneConnection) return;
    const worked = this.progress.phase === 'backfill' ? performance.now() - this.workingSince : 0;
    await this.deps.giveWay?.(worked);
    this.workingSince = performance.now();
  }

  get accountId() {
    return this.ctx.account.id;
  }

  /**
   * Counts stored messages and refreshes the planner's statistics as MAIL_STATISTICS says (`final`: the run's
   * end), so the mailbox stays fast while a large first sync fills it.
   */
  async noteStored(count: number, final = false) {
    this.storedSinceStatistics += count;
    this.storedThisRun += count;
    const schedule = this.ctx.options.statistics ?? MAIL_STATISTICS;
    if (statisticsDue(this.storedThisRun, this.storedSinceStatistics, final, schedule)) {
      this.storedSinceStatistics = 0;
      await repo.refreshMailStatistics(this.db);
    }
  }

  /**
   * UID SEARCH that never passes a failure off as "no messages" (imapflow answers false then): an empty answer
   * read as the truth would delete the stored mail or end a backfill early.
   */
  async searchUids(query: Parameters<ImapFlow['search']>[0]): Promise<number[]> {
    const found = await this.client.search(query, { uid: true });
    if (!Array.isArray(found)) throw Object.assign(new Error('SEARCH failed'), { code: 'NoConnection' });
    this.ensureConnected();
    return found;
  }

  /** A fetch whose connection dropped ends early rather than failing: what it answered is not the whole truth. */
  ensureConnected() {
    if (!this.client.usable) throw Object.assign(new Error('Connection closed'), { code: 'NoConnection' });
  }

  /** Between batches: stop when asked here, or when the lease was taken away (stop on another instance). */
  async checkpoint() {
    if (this.ctx.options.signal?.aborted) throw new SyncStopped();
    const held = await repo.renewLease(
      this.db,
      this.accountId,
      this.ctx.options.owner,
      this.ctx.options.leaseSeconds,
    );
    if (!held) throw new SyncStopped();
  }

  async saveProgress() {
    await repo.setSyncState(this.db, this.accountId, { syncProgress: this.progress });
    await this.ctx.pushState();
  }

  /**
   * Deletes stored messages of a folder (all, or these UIDs), their files after the commit; email:deleted each.
   * `mayHaveMoved`: those with a Message-ID wait for the end of the run instead (a move elsewhere keeps its row).
   */
  async dropFolderMail(folderId: string, uids: number[] | null = null, mayHaveMoved = false) {
    if (mayHaveMoved && uids?.length) {
      const rows = await repo.messageIdsByUid(this.db, folderId, uids);
      for (const r of rows)
        this.vanished.set(r.id, { id: r.id, folderId, uid: r.uid!, messageId: r.messageId! });
      const waiting = new Set(rows.map((r) => r.uid));
      uids = uids.filter((u) => !waiting.has(u));
      if (uids.length === 0) return 0;
    }
    const { ids, files } = await this.db.transaction((tx) =>
      repo.deleteMessages(tx, this.ctx.scope, folderId, uids),
    );
    for (const key of files) await this.deps.files.remove(key).catch(() => undefined);
    for (const id of ids) await this.ctx.publish({ type: 'email:deleted', emailId: id });
    this.progress.stored = Math.max(0, this.progress.stored - ids.length);
    return ids.length;
  }

  /** Pushes a folder's counts; `throttled` (a backfill's batches): at most every COUNTS_PUSH_MS. */
  async publishCounts(folderId: string, throttled = false) {
    const last = this.countsPushed.get(folderId);
    const everyMs = this.ctx.options.countsEveryMs ?? COUNTS_PUSH_MS;
    if (throttled && last && Date.now() - last.at < everyMs) {
      last.skipped = true;
      return;
    }
    const counts = await repo.folderCounts(this.db, folderId);
    await this.ctx.publish({ type: 'folder:updated', folderId, updates: counts });
    this.countsPushed.set(folderId, { at: Date.now(), skipped: false });
  }

  /** The counts a throttled push left out, pushed now. */
  async settleCounts(folderId: string) {
    if (this.countsPushed.get(folderId)?.skipped) await this.publishCounts(folderId);
  }
}
