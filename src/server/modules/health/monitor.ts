import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { healthScore, overallState, type HealthState } from '@shared/health/health-score.ts';
import {
  RECOVERY_WINDOW_MS,
  needsProactiveRecovery,
  nextRecovery,
  type RecoveryErrorType,
} from '@shared/health/recovery.ts';
import type { MonitoredSubsystem, SubsystemCode, TSubsystems } from '@shared/health/system-status.ts';
import type { Db } from '../../db/database.ts';
import type { MailPort } from '../../platform/mail.ts';
import type { FileStore } from '../../platform/storage.ts';
import { checkDatabase, checkJobs, checkMail, checkRedis, checkStorage } from './monitor-checks.ts';
import * as repo from './monitor-repository.ts';

/**
 * The health monitor (issue 18, email-client spec §4 and §9): every 30 s it checks the database, the file store,
 * mail (the installation's server and the connected accounts), Redis when used and the job runner; records the
 * check as its 30-s slot's sample (the worst of the instances' checks wins the slot), opens and closes incidents,
 * and runs recovery: stuck jobs at once, and everything it can act on when the score falls below 0.7.
 */

export const HEALTH_CHECK_MS = 30_000;
const SLOT_MS = 30_000;
export const SAMPLES_KEPT_MS = 24 * 60 * 60 * 1000;
export const EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Pruning runs on every this many checks (about every 10 minutes). */
const PRUNE_EVERY = 20;
/**
 * States that say how the installation is set up, not that something broke (mail kept in the outbox without an SMTP
 * server, the embedded default): shown on the cards, never an incident that would stay open for ever.
 */
const CONFIGURATION_CODES: ReadonlySet<SubsystemCode> = new Set(['no_smtp', 'not_configured']);
/** Accounts or stuck syncs acted on per check, at most. */
const RECOVERY_BATCH = 20;

/** What recovery may ask of the rest of the app (wired in app.ts). */
export type RecoveryActions = {
  /** The mail sync runner looks for due accounts now (an account made due, a lease expired). */
  wakeSync(): void;
  /** The mail dispatcher sends what is due now (the provider is back). */
  drainOutbox(): Promise<unknown>;
  /** The documents reader claims what is claimable now (a lease ran out). */
  wakeReader(): void;
};

export type HealthMonitorDeps = {
  db: Db;
  ping: () => Promise<void>;
  files: FileStore;
  /** The local file store's folder (its disk is measured); null for a bucket. */
  localFilesDir: string | null;
  mail: MailPort;
  /** REDIS_URL in use: its PING. Undefined: no Redis (single instance), not shown. */
  redisPing?: () => Promise<void>;
  actions: RecoveryActions;
  log: FastifyBaseLogger;
};

export type HealthMonitorOptions = {
  intervalMs?: number;
  /** The name recorded with samples and events (tests give two monitors distinct names). */
  instance?: string;
  /** The clock (tests move it). */
  now?: () => Date;
};

export type CheckResult = {
  checkedAt: Date;
  status: HealthState;
  score: number;
  subsystems: TSubsystems;
  /** This check became its slot's sample. */
  recorded: boolean;
  recoveries: { errorType: RecoveryErrorType; level: string; target: string | null }[];
};

type Issue = {
  errorType: RecoveryErrorType;
  subsystem: MonitoredSubsystem;
  subjectKey: string;
  orgId: string | null;
  userId: string | null;
  target: string | null;
  /** The step itself: answers whether it did something. */
  act: () => Promise<unknown>;
};

export function createHealthMonitor(deps: HealthMonitorDeps, options: HealthMonitorOptions = {}) {
  const instance = options.instance ?? `${os.hostname()}:${process.pid}`;
  const now = options.now ?? (() => new Date());
  const timers = new Set<NodeJS.Timeout>();
  let interval: NodeJS.Timeout | null = null;
  let running: Promise<CheckResult | null> | null = null;
  let stopped = false;
  let checks = 0;
  let previousMail: HealthState | null = null;

  async function check(): Promise<CheckResult | null> {
    const at = now();
    const database = await checkDatabase(deps.ping);
    // Nothing can be read or recorded without the database; /api/health says so on its own.
    if (database.status === 'unhealthy') return null;
    const [storage, mail, redis, jobs] = await Promise.all([
      checkStorage(deps.files, deps.localFilesDir),
      checkMail(deps.db, deps.mail),
      checkRedis(deps.redisPing),
      checkJobs(deps.db, at),
    ]);
    const subsystems: TSubsystems = {
      database,
      storage,
      mail,
      jobs: jobs.status,
      ...(redis ? { redis } : {}),
    };
    const weighted = { database: database.status, storage: storage.status, mail: mail.status };
    const score = healthScore(weighted);
    const status = overallState(weighted);
    const recorded = await repo.recordSample(deps.db, {
      slot: new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS),
      checkedAt: at,
      instance,
      status,
      score,
      subsystems,
    });
    if (recorded) await trackIncidents(subsystems, at);

    const recoveries = await recover({ at, score, mail: mail.status, stuck: jobs.stuck });
    previousMail = mail.status;
    if (++checks % PRUNE_EVERY === 1) {
      await repo.pruneHealth(
        deps.db,
        new Date(at.getTime() - SAMPLES_KEPT_MS),
        new Date(at.getTime() - EVENTS_KEPT_MS),
      );
    }
    return { checkedAt: at, status, score, subsystems, recorded, recoveries };
  }

  /** A subsystem out of healthy opens an incident; back to healthy closes it; a change of state updates it. */
  async function trackIncidents(subsystems: TSubsystems, at: Date) {
    const open = new Map((await repo.openIncidents(deps.db)).map((i) => [i.subsystem, i]));
    for (const [name, state] of Object.entries(subsystems)) {
      const incident = open.get(name);
      if (state.status === 'healthy' || CONFIGURATION_CODES.has(state.code)) {
        if (incident) await repo.closeIncident(deps.db, incident.id, at);
      } else if (!incident) {
        await repo.openIncident(deps.db, {
          subsystem: name,
          status: state.status,
          code: state.code,
          instance,
          at,
        });
      } else if (incident.status !== state.status || incident.code !== state.code) {
        await repo.updateIncident(deps.db, incident.id, { status: state.status, code: state.code });
      }
    }
    // A subsystem no longer checked (Redis removed) leaves no incident open.
    for (const [name, incident] of open) {
      if (!(name in subsystems)) await repo.closeIncident(deps.db, incident.id, at);
    }
  }

  async function recover(input: {
    at: Date;
    score: number;
    mail: HealthState;
    stuck: { readings: number; outbox: number; syncs: number };
  }): Promise<CheckResult['recoveries']> {
    const proactive = needsProactiveRecovery(input.score);
    const providerAnswers = input.mail !== 'offline' && input.mail !== 'unhealthy';
    const providerBack = providerAnswers && (previousMail === 'offline' || previousMail === 'unhealthy');
    const issues: Issue[] = [];
    const system = { subjectKey: 'system', orgId: null, userId: null, target: null };

    // Restart a stuck sync: its lease is expired and the account due now.
    if (input.stuck.syncs > 0 || proactive) {
      for (const account of await repo.stuckSyncs(deps.db, RECOVERY_BATCH)) {
        issues.push({
          errorType: 'sync_stuck',
          subsystem: 'jobs',
          subjectKey: account.userId,
          orgId: account.orgId,
          userId: account.userId,
          target: account.id,
          act: async () => {
            if (await repo.expireSyncLease(deps.db, account.id)) deps.actions.wakeSync();
          },
        });
      }
    }
    if (input.stuck.readings > 0) {
      issues.push({
        ...system,
        errorType: 'reading_stuck',
        subsystem: 'jobs',
        act: async () => deps.actions.wakeReader(),
      });
    }
    // Drain the outgoing queue when the provider answers again (or the queue is overdue while it answers).
    if (providerAnswers && (input.stuck.outbox > 0 || providerBack || proactive)) {
      issues.push({
        ...system,
        errorType: 'outbox_stalled',
        subsystem: 'mail',
        act: () => deps.actions.drainOutbox(),
      });
    }
    // Reconnect IMAP: a failing account's sync runs again (proactive only: the sync's own retries handle one account).
    if (proactive) {
      for (const account of await repo.failingAccounts(deps.db, RECOVERY_BATCH)) {
        issues.push({
          errorType: 'imap_connection',
          subsystem: 'mail',
          subjectKey: account.userId,
          orgId: account.orgId,
          userId: account.userId,
          target: account.id,
          act: async () => {
            if (await repo.requestAccountSync(deps.db, account.id)) deps.actions.wakeSync();
          },
        });
      }
    }

    const done: CheckResult['recoveries'] = [];
    for (const issue of issues) {
      const step = await runStep(issue, proactive, input.at);
      if (step) done.push({ errorType: issue.errorType, level: step, target: issue.target });
    }
    return done;
  }

  /** Decides and records the next step for the issue's error type and subject, then runs it. */
  async function runStep(issue: Issue, proactive: boolean, at: Date) {
    const decided = await deps.db.transaction(async (tx) => {
      await repo.lockRecoveryKey(tx, `${issue.errorType}:${issue.subjectKey}`);
      const history = await repo.recoveryHistory(
        tx,
        issue.errorType,
        issue.subjectKey,
        new Date(at.getTime() - RECOVERY_WINDOW_MS),
      );
      const decision = nextRecovery(history, at.getTime());
      if (decision.action === 'wait') return null;
      const level = decision.action === 'emergency' ? 'emergency' : decision.level;
      const outcome = level === 'immediate' ? 'done' : level === 'delayed' ? 'scheduled' : 'noted';
      const id = await repo.insertRecovery(tx, {
        subsystem: issue.subsystem,
        errorType: issue.errorType,
        level,
        outcome,
        proactive,
        subjectKey: issue.subjectKey,
        organizationId: issue.orgId,
        userId: issue.userId,
        target: issue.target,
        instance,
        at,
      });
      return { id, level, delayMs: decision.action === 'run' ? decision.delayMs : 0 };
    });
    if (!decided) return null;
    const { id, level, delayMs } = decided;
    if (level === 'emergency') {
      // Past the limit: no more attempts this hour; the app shell says it runs in emergency mode.
      deps.log.error(
        { errorType: issue.errorType, subject: issue.subjectKey === 'system' ? 'system' : 'user' },
        'recovery attempts exhausted: emergency fallback',
      );
    } else if (level === 'fallback') {
      // The work is left to its own schedule; the app says the service is degraded (provider issues, queued mail).
      deps.log.warn({ errorType: issue.errorType }, 'recovery fallback: left to the job’s own schedule');
    } else if (level === 'immediate') {
      await attempt(issue, id);
    } else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopped) void attempt(issue, id);
      }, delayMs);
      timer.unref();
      timers.add(timer);
    }
    return level;
  }

  async function attempt(issue: Issue, id: string) {
    try {
      await issue.act();
      await repo.setRecoveryOutcome(deps.db, id, 'done');
    } catch (err) {
      deps.log.warn({ err, errorType: issue.errorType }, 'recovery step failed');
      await repo.setRecoveryOutcome(deps.db, id, 'failed').catch(() => undefined);
    }
  }

  /** One check now (tests; the timer); a check already running is awaited instead of started twice. */
  function checkNow(): Promise<CheckResult | null> {
    if (!running) {
      running = check()
        .catch((err: unknown) => {
          deps.log.error({ err }, 'health check failed');
          return null;
        })
        .finally(() => (running = null));
    }
    return running;
  }

  return {
    instance,
    checkNow,
    start() {
      stopped = false;
      interval = setInterval(() => void checkNow(), options.intervalMs ?? HEALTH_CHECK_MS);
      interval.unref();
      const first = setTimeout(() => {
        timers.delete(first);
        void checkNow();
      }, 2_000);
      first.unref();
      timers.add(first);
      return this;
    },
    async stop() {
      stopped = true;
      if (interval) clearInterval(interval);
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
      await running;
    },
  };
}
export type HealthMonitor = ReturnType<typeof createHealthMonitor>;
