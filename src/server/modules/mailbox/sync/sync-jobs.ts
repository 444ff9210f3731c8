import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { userMailTopicOwner } from '../../../platform/realtime.ts';
import { DRAFT_IMAP_QUIET_MS } from '@shared/mailbox/drafts.ts';
import { endpointsOf } from '../credentials.ts';
import { openImap } from '../imap-client.ts';
import { appendDueDrafts } from './draft-append.ts';
import { syncAccount, type SyncDeps, type SyncOptions, type SyncOutcome } from './sync-account.ts';
import * as repo from './sync-repository.ts';

/**
 * The mail sync job (issue 15): every ~30 s it claims one due account at a time with a lease (one conditional
 * update, SKIP LOCKED: two instances never sync one account at once) and syncs it; one sync per instance at a time,
 * so a small machine keeps its database and CPU for the rest of the app. "Sync now" and IMAP IDLE wake it. A failed
 * run that may be retried (spec §9) wakes it again when its retry is due.
 */

export type SyncRunnerOptions = {
  /** Lease owner name (tests give two runners distinct names). */
  owner?: string;
  intervalMs?: number;
  leaseSeconds?: number;
  /** How long after a draft's last save its account's IMAP Drafts folder receives it (draft-append.ts). */
  draftQuietMs?: number;
  /** Passed to every run. */
  sync?: Pick<
    SyncOptions,
    'batchSize' | 'transactionSize' | 'oneConnection' | 'forceUidCompare' | 'replayBaseDelayMs'
  >;
};

export type SyncRunner = ReturnType<typeof createSyncRunner>;

export const SYNC_POLL_MS = 30_000;
export const SYNC_LEASE_SECONDS = 300;
/** IMAP IDLE asked for an Inbox sync while the account's lease was held: try again after this. */
const BUSY_RETRY_MS = 2_000;
/** An IDLE connection is quiet for long stretches: its socket may wait this long. */
const IDLE_SOCKET_MS = 30 * 60_000;

export function createSyncRunner(
  deps: SyncDeps & { log: FastifyBaseLogger },
  options: SyncRunnerOptions = {},
) {
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? SYNC_LEASE_SECONDS;
  const draftQuietMs = options.draftQuietMs ?? DRAFT_IMAP_QUIET_MS;
  const inboxRequests = new Set<string>();
  const controllers = new Map<string, AbortController>();
  const timers = new Set<NodeJS.Timeout>();
  let running: Promise<unknown> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let interval: NodeJS.Timeout | null = null;

  const later = (ms: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      wake();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  async function runOne(accountId: string, extra: Partial<SyncOptions>): Promise<SyncOutcome> {
    const controller = new AbortController();
    controllers.set(accountId, controller);
    try {
      const outcome = await syncAccount(deps, accountId, {
        owner,
        leaseSeconds,
        signal: controller.signal,
        ...options.sync,
        ...extra,
      });
      if (outcome.status === 'failed' && outcome.retryAt) later(outcome.retryAt.getTime() - Date.now());
      return outcome;
    } finally {
      controllers.delete(accountId);
    }
  }

  /** Syncs what is asked and due, one account at a time, until nothing is left. Answers how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    const busy: string[] = [];
    for (const accountId of [...inboxRequests]) {
      inboxRequests.delete(accountId);
      if (stopped) break;
      if (await repo.claimAccount(deps.db, accountId, owner, leaseSeconds)) {
        await runOne(accountId, { inboxOnly: true });
        ran++;
      } else busy.push(accountId);
    }
    for (;;) {
      if (stopped) break;
      const accountId = await repo.claimDueAccount(deps.db, owner, leaseSeconds);
      if (!accountId) break;
      inboxRequests.delete(accountId); // a full sync covers the Inbox too
      await runOne(accountId, {});
      ran++;
    }
    if (busy.length) {
      busy.forEach((id) => inboxRequests.add(id));
      later(BUSY_RETRY_MS);
    }
    // Drafts saved and left alone for a moment go to their accounts' IMAP Drafts (a sync run appends them too).
    if (!stopped) await appendDueDrafts(deps, owner, leaseSeconds, draftQuietMs, () => stopped);
    return ran;
  }

  function wake() {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDue()
      .catch((err: unknown) => deps.log.error({ err }, 'mail sync job failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    owner,
    wake,
    /** One pass now, whether started or not (tests, and the first run). */
    runDue: () => {
      const pass = (running ?? Promise.resolve()).then(() => runDue());
      running = pass.catch(() => undefined).finally(() => (running = null));
      return pass;
    },
    /** A draft of an account was saved: its IMAP copy follows once the typing pauses (debounced by the pass). */
    draftsSaved() {
      later(draftQuietMs + 500);
    },
    /** IMAP IDLE saw the Inbox change (new mail, flags, a deletion): sync it as soon as possible. */
    syncInbox(accountId: string) {
      inboxRequests.add(accountId);
      wake();
    },
    /** Stops the account's sync if it runs here; answers whether it did. */
    abort(accountId: string) {
      const controller = controllers.get(accountId);
      controller?.abort();
      return !!controller;
    },
    start() {
      started = true;
      interval = setInterval(wake, options.intervalMs ?? SYNC_POLL_MS);
      interval.unref();
      later(1_000);
      return this;
    },
    async stop() {
      stopped = true;
      if (interval) clearInterval(interval);
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
      controllers.forEach((c) => c.abort());
      await running;
    },
  };
}

/**
 * IMAP IDLE on the Inbox of each account whose owner listens on the `mail` live channel: one connection per such
 * account, opened when the owner's first socket subscribes and closed when the last one leaves. New mail (EXISTS),
 * a flag changed (FETCH) or a message deleted (EXPUNGE) by another client asks the runner for an Inbox sync, so
 * each shows within seconds. A dropped connection is opened again while the owner still listens.
 */
export function createIdleWatcher(
  deps: Pick<SyncDeps, 'db' | 'hub' | 'mailCredentials' | 'imapTimeouts'> & {
    log: FastifyBaseLogger;
    onInboxChange: (accountId: string) => void;
    reconnectMs?: number;
  },
) {
  type Watch = { closed: boolean; client: ImapFlow | null; timer: NodeJS.Timeout | null };
  const byTopic = new Map<string, Map<string, Watch>>();
  let unwatch: (() => void) | null = null;

  async function connect(accountId: string, watch: Watch) {
    if (watch.closed) return;
    const retry = () => {
      if (watch.closed) return;
      watch.timer = setTimeout(() => void connect(accountId, watch), deps.reconnectMs ?? 30_000);
      watch.timer.unref();
    };
    let opened: ImapFlow | null = null;
    try {
      const account = await repo.accountForSync(deps.db, accountId);
      if (!account || !account.syncEnabled || account.syncErrorCode === 'AUTH_ERROR') return;
      const client = await openImap(endpointsOf(account, deps.mailCredentials).imap, {
        timeouts: { ...deps.imapTimeouts, socketMs: IDLE_SOCKET_MS },
      });
      if (watch.closed) {
        client.close();
        return;
      }
      opened = client;
      watch.client = client;
      const changed = () => deps.onInboxChange(accountId);
      client.on('exists', (event: { count: number; prevCount: number }) => {
        if (event.count > event.prevCount) changed();
      });
      client.on('flags', changed);
      client.on('expunge', changed);
      client.on('close', () => {
        watch.client = null;
        retry();
      });
      await client.mailboxOpen('INBOX', { readOnly: true });
      // idle() returns when the server or imapflow ends it (a timer renews it); go on while the socket lives.
      while (!watch.closed && client.usable) await client.idle();
    } catch (err) {
      deps.log.debug({ accountId, reason: (err as Error)?.message }, 'mail IDLE connection failed');
      // Once open, its 'close' event schedules the next try.
      if (opened) opened.close();
      else retry();
    }
  }

  async function open(topic: string, scope: repo.Scope) {
    const watches = new Map<string, Watch>();
    byTopic.set(topic, watches);
    const accounts = await repo.idleAccountsOf(deps.db, scope).catch(() => []);
    if (byTopic.get(topic) !== watches) return; // the owner left meanwhile
    for (const { id } of accounts) {
      const watch: Watch = { closed: false, client: null, timer: null };
      watches.set(id, watch);
      void connect(id, watch);
    }
  }

  function close(topic: string) {
    const watches = byTopic.get(topic);
    byTopic.delete(topic);
    for (const watch of watches?.values() ?? []) {
      watch.closed = true;
      if (watch.timer) clearTimeout(watch.timer);
      watch.client?.close();
    }
  }

  return {
    start() {
      unwatch = deps.hub.watchTopics((topic, active) => {
        const scope = userMailTopicOwner(topic);
        if (!scope) return;
        if (active) void open(topic, scope);
        else close(topic);
      });
      return this;
    },
    /** Accounts with an open IDLE connection now (tests). */
    watching(): string[] {
      return [...byTopic.values()].flatMap((w) =>
        [...w.entries()].filter(([, x]) => x.client).map(([id]) => id),
      );
    },
    stop() {
      unwatch?.();
      unwatch = null;
      for (const topic of [...byTopic.keys()]) close(topic);
    },
  };
}
