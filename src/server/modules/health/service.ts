import fs from 'node:fs/promises';
import path from 'node:path';
import { healthScore, isUsable, overallState, type HealthState } from '@shared/health/health-score.ts';
import type { MailHealth, MailPort } from '../../platform/mail.ts';

export type SubsystemReport = {
  status: HealthState;
  latencyMs?: number;
  detail?: string;
  queue?: MailHealth['queue'];
};
export type HealthReport = {
  status: HealthState;
  score: number;
  usable: boolean;
  checkedAt: string;
  subsystems: { database: SubsystemReport; storage: SubsystemReport; mail: SubsystemReport };
};

const SLOW_DATABASE_MS = 1000;
const PROBE_TIMEOUT_MS = 3000;
const STORAGE_DEGRADED_RATIO = 0.9; // spec §9: degraded above 90% use

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}

async function checkDatabase(ping: () => Promise<void>): Promise<SubsystemReport> {
  const start = performance.now();
  try {
    await withTimeout(ping(), PROBE_TIMEOUT_MS);
    const latencyMs = Math.round(performance.now() - start);
    return { status: latencyMs > SLOW_DATABASE_MS ? 'degraded' : 'healthy', latencyMs };
  } catch {
    return { status: 'unhealthy', detail: 'database did not answer' };
  }
}

async function checkStorage(dataDir: string): Promise<SubsystemReport> {
  try {
    await fs.mkdir(dataDir, { recursive: true });
    const probe = path.join(dataDir, '.health-probe');
    await fs.writeFile(probe, String(Date.now()));
    await fs.rm(probe, { force: true });
    const stats = await fs.statfs(dataDir);
    const used = 1 - stats.bavail / stats.blocks;
    const detail = `${Math.round(used * 100)}% of disk used`;
    return { status: used > STORAGE_DEGRADED_RATIO ? 'degraded' : 'healthy', detail };
  } catch {
    return { status: 'unhealthy', detail: 'data folder not writable' };
  }
}

/**
 * Mail health is read fresh on every check: the queue (oldest waiting message, failures of the last day)
 * and what the SMTP server last answered to the dispatcher (the port checks the server itself at most
 * every 30 s, spec: health check every 30 s).
 */
export function createHealthService(deps: { ping: () => Promise<void>; dataDir: string; mail: MailPort }) {
  async function checkMail(): Promise<SubsystemReport> {
    try {
      return await withTimeout(deps.mail.probe(), PROBE_TIMEOUT_MS);
    } catch {
      return { status: 'unknown', detail: 'mail status could not be read' };
    }
  }

  return async function check(): Promise<HealthReport> {
    const [database, storage] = await Promise.all([checkDatabase(deps.ping), checkStorage(deps.dataDir)]);
    // The mail probe reads the database; skip it when the database is down.
    const mail: SubsystemReport =
      database.status === 'unhealthy'
        ? { status: 'unknown', detail: 'database unavailable' }
        : await checkMail();
    const states = { database: database.status, storage: storage.status, mail: mail.status };
    return {
      status: overallState(states),
      score: healthScore(states),
      usable: isUsable(states),
      checkedAt: new Date().toISOString(),
      subsystems: { database, storage, mail },
    };
  };
}
