import { hasPermission, type Role } from '@shared/auth/permissions.ts';
import type { HealthState } from '@shared/health/health-score.ts';
import { RECOVERY_WINDOW_MS, systemMode, type SystemMode } from '@shared/health/recovery.ts';
import type {
  MonitoredSubsystem,
  SubsystemCode,
  TSystemMode,
  TSystemStatus,
} from '@shared/health/system-status.ts';
import type { RecoveryErrorType, RecoveryLevel } from '@shared/health/recovery.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './monitor-repository.ts';
import { SAMPLES_KEPT_MS } from './monitor.ts';

/** The /system-status screen (issue 18): read from what the monitor recorded, never a check of its own. */

/** The chart's resolution: the worst check of each 5 minutes (288 points a day). */
const HISTORY_BUCKET_SECONDS = 300;
const LIST_LIMIT = 30;
const LIST_SINCE_MS = 7 * 24 * 60 * 60 * 1000;
/** A sample older than this is not "now": the monitor stopped (or never ran here). */
const STALE_MS = 5 * 60_000;

export type StatusDeps = { db: Db; bucketStore: boolean; smtpConfigured: boolean };
type Scope = { orgId: string; userId: string; role: Role };

async function currentMode(deps: StatusDeps, scope: Scope, now: Date) {
  const [sample, providerFailures, emergencies] = await Promise.all([
    repo.latestSample(deps.db),
    repo.providerFailuresOf(deps.db, scope),
    repo.emergencySince(deps.db, new Date(now.getTime() - RECOVERY_WINDOW_MS)),
  ]);
  const fresh = sample && now.getTime() - sample.checkedAt.getTime() <= STALE_MS ? sample : null;
  if (!fresh) return { sample: null, providerFailures, mode: 'normal' as SystemMode };
  const s = fresh.subsystems;
  // An emergency fallback counts for the installation's own trouble and the caller's, while its subsystem is unwell.
  const emergencyActive = emergencies.some(
    (e) =>
      (e.organizationId === null || e.userId === scope.userId) &&
      s[e.subsystem as MonitoredSubsystem]?.status !== 'healthy',
  );
  const remote: HealthState[] = [
    ...(deps.smtpConfigured ? [s.mail.status] : []),
    ...(s.redis ? [s.redis.status] : []),
    ...(deps.bucketStore ? [s.storage.status] : []),
  ];
  const mode = systemMode({
    score: fresh.score,
    emergencyActive,
    remote,
    mail: s.mail.status,
    providerFailures,
  });
  return { sample: fresh, providerFailures, mode };
}

export async function systemModeOf(deps: StatusDeps, scope: Scope): Promise<TSystemMode> {
  const { sample, mode } = await currentMode(deps, scope, new Date());
  return { mode, checkedAt: sample?.checkedAt.toISOString() ?? null };
}

export async function systemStatus(deps: StatusDeps, scope: Scope): Promise<TSystemStatus> {
  const now = new Date();
  const since = new Date(now.getTime() - LIST_SINCE_MS);
  const [{ sample, providerFailures, mode }, history, incidents, recoveries] = await Promise.all([
    currentMode(deps, scope, now),
    repo.sampleHistory(deps.db, new Date(now.getTime() - SAMPLES_KEPT_MS), HISTORY_BUCKET_SECONDS),
    repo.recentIncidents(deps.db, since, LIST_LIMIT),
    repo.recentRecoveries(deps.db, scope.orgId, since, LIST_LIMIT),
  ]);
  const canSeeQueue = hasPermission(scope.role, 'manage_organization');
  return {
    checkedAt: sample?.checkedAt.toISOString() ?? null,
    status: (sample?.status as HealthState | undefined) ?? 'unknown',
    score: sample?.score ?? 0,
    mode,
    subsystems: sample?.subsystems ?? null,
    providerFailures,
    history: history.map((h) => ({
      at: h.bucket.toISOString(),
      score: h.score,
      status: h.status as HealthState,
      states: Object.fromEntries(Object.entries(h.subsystems).map(([k, v]) => [k, v.status])),
    })),
    incidents: incidents.map((i) => ({
      id: i.id,
      subsystem: i.subsystem as MonitoredSubsystem,
      status: (i.status ?? 'unknown') as HealthState,
      code: i.code as SubsystemCode,
      startedAt: i.startedAt.toISOString(),
      endedAt: i.endedAt?.toISOString() ?? null,
    })),
    recoveries: recoveries.map((r) => ({
      id: r.id,
      errorType: r.code as RecoveryErrorType,
      level: r.level as RecoveryLevel,
      outcome: (r.outcome ?? 'noted') as TSystemStatus['recoveries'][number]['outcome'],
      proactive: r.proactive,
      at: r.startedAt.toISOString(),
    })),
    ...(canSeeQueue ? { queue: await repo.organizationQueue(deps.db, scope.orgId) } : {}),
  };
}
