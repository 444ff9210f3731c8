/**
 * Health score (email-client spec §9): weights database 0.4, network 0.3, storage 0.2, mail 0.1;
 * healthy counts 1, degraded half, offline 0.3, unhealthy and unknown 0.
 * The server reports database, storage and mail (it cannot see the visitor's network); the score is
 * normalised over the subsystems reported, so a caller that adds `network` gets the spec's full formula.
 */
export const HEALTH_STATES = ['healthy', 'degraded', 'offline', 'unhealthy', 'unknown'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const SUBSYSTEM_WEIGHTS = { database: 0.4, network: 0.3, storage: 0.2, mail: 0.1 } as const;
export type Subsystem = keyof typeof SUBSYSTEM_WEIGHTS;

const STATE_VALUE: Record<HealthState, number> = {
  healthy: 1,
  degraded: 0.5,
  offline: 0.3,
  unhealthy: 0,
  unknown: 0,
};

/** Below this score the spec triggers proactive recovery; we report the system as degraded. */
export const RECOVERY_THRESHOLD = 0.7;

export function healthScore(states: Partial<Record<Subsystem, HealthState>>): number {
  let weighted = 0;
  let total = 0;
  for (const [name, state] of Object.entries(states) as [Subsystem, HealthState][]) {
    const weight = SUBSYSTEM_WEIGHTS[name];
    weighted += weight * STATE_VALUE[state];
    total += weight;
  }
  if (total === 0) return 0;
  return Math.round((weighted / total) * 1000) / 1000;
}

/** Overall state: unhealthy when the database is not usable, otherwise by score. */
export function overallState(states: Partial<Record<Subsystem, HealthState>>): HealthState {
  const db = states.database;
  if (db === 'unhealthy' || db === 'offline' || db === 'unknown') return 'unhealthy';
  const score = healthScore(states);
  if (score >= 0.999) return 'healthy';
  return score >= RECOVERY_THRESHOLD ? 'degraded' : 'unhealthy';
}

/** The API is usable (200) whenever the database answers; 503 otherwise. */
export function isUsable(states: Partial<Record<Subsystem, HealthState>>): boolean {
  return states.database === 'healthy' || states.database === 'degraded';
}
