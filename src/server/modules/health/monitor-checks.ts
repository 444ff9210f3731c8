import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { HealthState } from '@shared/health/health-score.ts';
import type { TSubsystemStatus } from '@shared/health/system-status.ts';
import type { Db } from '../../db/database.ts';
import type { MailPort } from '../../platform/mail.ts';
import type { FileStore } from '../../platform/storage.ts';
import * as repo from './monitor-repository.ts';

/** One check of each subsystem (issue 18); monitor.ts runs them every 30 s. */

export const SLOW_DATABASE_MS = 1000;
export const CHECK_TIMEOUT_MS = 3000;
/** Spec §9: storage is degraded above 90% use. */
export const STORAGE_DEGRADED_PERCENT = 90;
/** Outgoing mail due this long ago and not yet tried counts as a stuck job. */
export const OUTBOX_OVERDUE_MS = 5 * 60_000;

/** Worst first: healthy beats degraded beats offline beats unhealthy and unknown (the score's order). */
const RANK: Record<HealthState, number> = { healthy: 4, degraded: 3, offline: 2, unhealthy: 1, unknown: 0 };
export function worse(a: TSubsystemStatus, b: TSubsystemStatus): TSubsystemStatus {
  return RANK[b.status] < RANK[a.status] ? b : a;
}

export function withTimeout<T>(promise: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function checkDatabase(ping: () => Promise<void>): Promise<TSubsystemStatus> {
  const start = performance.now();
  try {
    await withTimeout(ping());
    const latencyMs = Math.round(performance.now() - start);
    return latencyMs > SLOW_DATABASE_MS
      ? { status: 'degraded', code: 'slow', latencyMs }
      : { status: 'healthy', code: 'ok', latencyMs };
  } catch {
    return { status: 'unhealthy', code: 'no_answer' };
  }
}

/**
 * The file store as the app uses it: a probe file written, read back and removed (an object in the bucket in server
 * mode). With the local store, the data folder's file system is also measured (fs.statfs): above 90% used it is
 * degraded; a bucket has no quota we can read.
 */
export async function checkStorage(files: FileStore, localDir: string | null): Promise<TSubsystemStatus> {
  const start = performance.now();
  const key = `health/probe-${randomUUID()}`;
  const content = Buffer.from(`health probe ${new Date().toISOString()}`);
  try {
    await withTimeout(
      (async () => {
        await files.put(key, content);
        const back = await files.get(key);
        if (!back || !back.equals(content)) throw new Error('probe read back differs');
      })(),
    );
  } catch {
    await files.remove(key).catch(() => undefined);
    return { status: 'unhealthy', code: 'probe_failed' };
  }
  await withTimeout(files.remove(key)).catch(() => undefined);
  const latencyMs = Math.round(performance.now() - start);
  if (!localDir) return { status: 'healthy', code: 'ok', latencyMs };
  try {
    const stats = await fs.statfs(localDir);
    const usedPercent = stats.blocks > 0 ? Math.round((1 - stats.bavail / stats.blocks) * 100) : 0;
    return usedPercent > STORAGE_DEGRADED_PERCENT
      ? { status: 'degraded', code: 'quota_high', latencyMs, usedPercent }
      : { status: 'healthy', code: 'ok', latencyMs, usedPercent };
  } catch {
    return { status: 'degraded', code: 'not_checked', latencyMs };
  }
}

/**
 * Mail: the installation's server as the dispatcher last found it (MailPort.probe, which asks the server at most
 * every 30 s) and the connected accounts as their last sync left them. No connection is opened for the check.
 */
export async function checkMail(db: Db, mail: MailPort): Promise<TSubsystemStatus> {
  let server: TSubsystemStatus;
  try {
    const probe = await withTimeout(mail.probe());
    const waiting = probe.queue?.waiting;
    server =
      probe.queue === undefined
        ? { status: probe.status, code: probe.status === 'healthy' ? 'ok' : 'no_smtp' }
        : probe.status === 'offline'
          ? { status: 'offline', code: 'smtp_unreachable', count: waiting }
          : probe.status === 'unhealthy'
            ? { status: 'unhealthy', code: 'smtp_refused', count: waiting }
            : probe.status === 'degraded'
              ? (probe.queue.oldestWaitingSeconds ?? 0) > 60
                ? { status: 'degraded', code: 'queue_stuck', count: waiting }
                : { status: 'degraded', code: 'send_failures', count: probe.queue.failedLastDay }
              : { status: 'healthy', code: 'ok', count: waiting };
  } catch {
    server = { status: 'unknown', code: 'not_checked' };
  }
  const accounts = await repo.accountHealth(db);
  const failing = accounts.provider + accounts.auth;
  let own: TSubsystemStatus = { status: 'healthy', code: 'ok' };
  if (accounts.total > 0 && failing === accounts.total)
    own =
      accounts.auth > 0
        ? { status: 'unhealthy', code: 'accounts_auth', count: failing }
        : { status: 'offline', code: 'accounts_failing', count: failing };
  else if (accounts.provider > 0) own = { status: 'degraded', code: 'accounts_failing', count: failing };
  else if (accounts.auth > 0) own = { status: 'degraded', code: 'accounts_auth', count: failing };
  // On a tie the accounts say more than "no SMTP server" (the embedded default's permanent note).
  return RANK[own.status] <= RANK[server.status] && own.code !== 'ok' ? own : server;
}

export async function checkRedis(
  ping: (() => Promise<void>) | undefined,
): Promise<TSubsystemStatus | undefined> {
  if (!ping) return undefined;
  const start = performance.now();
  try {
    await withTimeout(ping());
    return { status: 'healthy', code: 'ok', latencyMs: Math.round(performance.now() - start) };
  } catch {
    return { status: 'offline', code: 'redis_unreachable' };
  }
}

export async function checkJobs(db: Db, now: Date) {
  const stuck = await repo.stuckJobCounts(db, new Date(now.getTime() - OUTBOX_OVERDUE_MS));
  const count = stuck.readings + stuck.outbox + stuck.syncs;
  const status: TSubsystemStatus =
    count > 0
      ? { status: 'degraded', code: 'jobs_stuck', count }
      : { status: 'healthy', code: 'ok', count: 0 };
  return { status, stuck };
}
