import { RECOVERY_THRESHOLD, type HealthState } from './health-score.ts';

/**
 * Recovery (email-client spec §4, §9): per error type and user, attempts escalate immediate → delayed → fallback;
 * at most 3 attempts within one hour, beyond which an emergency fallback runs (once per hour). Pure: the monitor
 * (src/server/modules/health/monitor.ts) passes the attempts it recorded and runs what this decides.
 */

/** The kinds of trouble the monitor can act on, each with its own attempt count per user. */
export const RECOVERY_ERROR_TYPES = [
  /** A connected account's IMAP connection fails with a retryable class: its sync is run again. */
  'imap_connection',
  /** A sync whose lease ran out without finishing (the instance stopped): the lease is expired, the sync re-run. */
  'sync_stuck',
  /** Outgoing mail overdue while the provider answers: the dispatcher is woken to drain the queue. */
  'outbox_stalled',
  /** A document reading whose lease ran out: the reader is woken to resume it. */
  'reading_stuck',
] as const;
export type RecoveryErrorType = (typeof RECOVERY_ERROR_TYPES)[number];

export const RECOVERY_LEVELS = ['immediate', 'delayed', 'fallback', 'emergency'] as const;
export type RecoveryLevel = (typeof RECOVERY_LEVELS)[number];

/** Spec §9: at most 3 recovery attempts per error type and user within 1 hour. */
export const MAX_RECOVERY_ATTEMPTS = 3;
export const RECOVERY_WINDOW_MS = 60 * 60 * 1000;
/** The delayed step waits the spec's longest retry delay (§9: retries capped at 30 s) before it acts. */
export const DELAYED_RECOVERY_MS = 30_000;
/**
 * How long an attempt is given to work before the next step: a check (30 s) and then some. Without it one
 * persistent problem would climb the whole ladder in three checks (90 s).
 */
export const RECOVERY_SETTLE_MS: Record<Exclude<RecoveryLevel, 'emergency'>, number> = {
  immediate: 60_000,
  delayed: 5 * 60_000,
  fallback: 15 * 60_000,
};

/** One recorded step for an error type and user. */
export type RecoveryAttempt = { level: RecoveryLevel; at: number };

export type RecoveryDecision =
  | { action: 'run'; level: Exclude<RecoveryLevel, 'emergency'>; attempt: number; delayMs: number }
  | { action: 'emergency' }
  /** Nothing now: the last attempt is still settling, or the emergency fallback already ran this hour. */
  | { action: 'wait'; until: number };

/** The attempts (not the emergency fallbacks) inside the window ending at `now`. */
export function attemptsInWindow(history: readonly RecoveryAttempt[], now: number): RecoveryAttempt[] {
  return history.filter((a) => a.level !== 'emergency' && a.at > now - RECOVERY_WINDOW_MS && a.at <= now);
}

/**
 * The next step for one error type and user, from the steps recorded for them. The n-th attempt of the hour is
 * the n-th level; once three attempts were made within the hour the emergency fallback runs, once, and then
 * nothing until the oldest attempt leaves the window.
 */
export function nextRecovery(history: readonly RecoveryAttempt[], now: number): RecoveryDecision {
  const attempts = attemptsInWindow(history, now).sort((a, b) => a.at - b.at);
  const last = attempts.at(-1);
  if (last && last.level !== 'emergency') {
    const settled = last.at + RECOVERY_SETTLE_MS[last.level];
    if (now < settled) return { action: 'wait', until: settled };
  }
  if (attempts.length >= MAX_RECOVERY_ATTEMPTS) {
    const lastEmergency = history
      .filter((a) => a.level === 'emergency' && a.at > now - RECOVERY_WINDOW_MS && a.at <= now)
      .at(-1);
    // The window frees a slot when its oldest attempt is an hour old.
    const freed = attempts[attempts.length - MAX_RECOVERY_ATTEMPTS]!.at + RECOVERY_WINDOW_MS;
    if (lastEmergency) return { action: 'wait', until: freed };
    return { action: 'emergency' };
  }
  const level = (['immediate', 'delayed', 'fallback'] as const)[attempts.length]!;
  return {
    action: 'run',
    level,
    attempt: attempts.length + 1,
    delayMs: level === 'delayed' ? DELAYED_RECOVERY_MS : 0,
  };
}

/** Spec §9: a score below 0.7 triggers proactive recovery. */
export function needsProactiveRecovery(score: number): boolean {
  return score < RECOVERY_THRESHOLD;
}

/**
 * The mode the app shell announces (spec §8): emergency ("System experiencing issues. Operating in emergency
 * mode."), offline ("System is running in offline mode due to connectivity issues"), provider issues ("Email
 * provider experiencing issues. Emails will be queued for delivery."), or normal.
 */
export const SYSTEM_MODES = ['normal', 'provider_issues', 'offline', 'emergency'] as const;
export type SystemMode = (typeof SYSTEM_MODES)[number];

export function systemMode(input: {
  /** The weighted score of the latest check. */
  score: number;
  /** An emergency fallback ran within the hour for a problem that is still there. */
  emergencyActive: boolean;
  /** The subsystems that reach another machine (mail server, Redis, an S3 bucket) and their states. */
  remote: readonly HealthState[];
  /** The mail subsystem's state. */
  mail: HealthState;
  /** Connected accounts of the caller failing to reach their provider. */
  providerFailures: number;
}): SystemMode {
  if (input.emergencyActive || input.score < RECOVERY_THRESHOLD) return 'emergency';
  // Every outside connection lost at once says the server's own connectivity is gone, not one provider's.
  if (input.remote.length >= 2 && input.remote.every((s) => s === 'offline')) return 'offline';
  if (input.mail === 'offline' || input.mail === 'unhealthy' || input.providerFailures > 0)
    return 'provider_issues';
  return 'normal';
}
