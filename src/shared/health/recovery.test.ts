import { describe, expect, it } from 'vitest';
import {
  DELAYED_RECOVERY_MS,
  MAX_RECOVERY_ATTEMPTS,
  RECOVERY_SETTLE_MS,
  RECOVERY_WINDOW_MS,
  needsProactiveRecovery,
  nextRecovery,
  systemMode,
  type RecoveryAttempt,
} from './recovery.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

/** Plays a persistent problem checked every 30 s for `minutes`, recording what nextRecovery decides. */
function play(minutes: number, start = T0, history: RecoveryAttempt[] = []) {
  const decisions: { at: number; action: string; level?: string }[] = [];
  for (let at = start; at <= start + minutes * MIN; at += 30_000) {
    const d = nextRecovery(history, at);
    if (d.action === 'run') history.push({ level: d.level, at });
    if (d.action === 'emergency') history.push({ level: 'emergency', at });
    if (d.action !== 'wait')
      decisions.push({ at, action: d.action, ...(d.action === 'run' ? { level: d.level } : {}) });
  }
  return { decisions, history };
}

describe('recovery escalation (spec §4, §9)', () => {
  it('escalates immediate → delayed → fallback, then the emergency fallback', () => {
    expect(MAX_RECOVERY_ATTEMPTS).toBe(3);
    expect(RECOVERY_WINDOW_MS).toBe(3_600_000);
    const first = nextRecovery([], T0);
    expect(first).toEqual({ action: 'run', level: 'immediate', attempt: 1, delayMs: 0 });
    const second = nextRecovery([{ level: 'immediate', at: T0 }], T0 + RECOVERY_SETTLE_MS.immediate);
    expect(second).toEqual({ action: 'run', level: 'delayed', attempt: 2, delayMs: DELAYED_RECOVERY_MS });
    const third = nextRecovery(
      [
        { level: 'immediate', at: T0 },
        { level: 'delayed', at: T0 + MIN },
      ],
      T0 + MIN + RECOVERY_SETTLE_MS.delayed,
    );
    expect(third).toMatchObject({ action: 'run', level: 'fallback', attempt: 3 });
    const history: RecoveryAttempt[] = [
      { level: 'immediate', at: T0 },
      { level: 'delayed', at: T0 + MIN },
      { level: 'fallback', at: T0 + 6 * MIN },
    ];
    expect(nextRecovery(history, T0 + 21 * MIN)).toEqual({ action: 'emergency' });
  });

  it('gives an attempt time to work before the next step', () => {
    const history: RecoveryAttempt[] = [{ level: 'immediate', at: T0 }];
    expect(nextRecovery(history, T0 + 30_000)).toEqual({
      action: 'wait',
      until: T0 + RECOVERY_SETTLE_MS.immediate,
    });
  });

  it('never makes more than 3 attempts per hour, and runs the emergency fallback once', () => {
    const { decisions } = play(59); // within the first hour
    const runs = decisions.filter((d) => d.action === 'run');
    expect(runs.map((d) => d.level)).toEqual(['immediate', 'delayed', 'fallback']);
    expect(decisions.filter((d) => d.action === 'emergency')).toHaveLength(1);
    // In any hour-long window, at most three attempts.
    const { history } = play(300);
    const attempts = history.filter((a) => a.level !== 'emergency');
    for (const a of attempts) {
      const inWindow = attempts.filter((b) => b.at >= a.at && b.at < a.at + RECOVERY_WINDOW_MS);
      expect(inWindow.length).toBeLessThanOrEqual(MAX_RECOVERY_ATTEMPTS);
    }
    expect(attempts.length).toBeGreaterThan(MAX_RECOVERY_ATTEMPTS); // it does try again in later hours
  });

  it('tries again once the oldest attempt leaves the hour, at the level the count says', () => {
    const history: RecoveryAttempt[] = [
      { level: 'immediate', at: T0 },
      { level: 'delayed', at: T0 + MIN },
      { level: 'fallback', at: T0 + 6 * MIN },
      { level: 'emergency', at: T0 + 21 * MIN },
    ];
    expect(nextRecovery(history, T0 + 59 * MIN)).toEqual({ action: 'wait', until: T0 + 60 * MIN });
    // Half a minute after the first attempt left the window: two remain, so the third level again.
    expect(nextRecovery(history, T0 + 60.5 * MIN)).toMatchObject({
      action: 'run',
      level: 'fallback',
      attempt: 3,
    });
  });

  it('starts again from immediate after a quiet hour', () => {
    const history: RecoveryAttempt[] = [
      { level: 'immediate', at: T0 },
      { level: 'delayed', at: T0 + MIN },
    ];
    expect(nextRecovery(history, T0 + 2 * RECOVERY_WINDOW_MS)).toMatchObject({
      level: 'immediate',
      attempt: 1,
    });
  });

  it('triggers proactive recovery below a score of 0.7', () => {
    expect(needsProactiveRecovery(0.69)).toBe(true);
    expect(needsProactiveRecovery(0.7)).toBe(false);
    expect(needsProactiveRecovery(1)).toBe(false);
  });
});

describe('system mode (spec §8 messages)', () => {
  const base = {
    score: 1,
    emergencyActive: false,
    remote: [],
    mail: 'healthy',
    providerFailures: 0,
  } as const;
  it('is normal when all is well', () => {
    expect(systemMode(base)).toBe('normal');
  });
  it('is emergency below the recovery threshold or after an emergency fallback', () => {
    expect(systemMode({ ...base, score: 0.6 })).toBe('emergency');
    expect(systemMode({ ...base, emergencyActive: true })).toBe('emergency');
  });
  it('is offline when every outside connection is offline', () => {
    expect(systemMode({ ...base, score: 0.93, remote: ['offline', 'offline'], mail: 'offline' })).toBe(
      'offline',
    );
    // One mail server down is the provider's trouble, not the server's connectivity.
    expect(systemMode({ ...base, score: 0.93, remote: ['offline'], mail: 'offline' })).toBe(
      'provider_issues',
    );
    expect(systemMode({ ...base, remote: ['offline', 'healthy'] })).toBe('normal');
  });
  it('names provider issues for the mail server or the caller’s failing accounts', () => {
    expect(systemMode({ ...base, mail: 'unhealthy' })).toBe('provider_issues');
    expect(systemMode({ ...base, providerFailures: 1 })).toBe('provider_issues');
    expect(systemMode({ ...base, mail: 'degraded' })).toBe('normal');
  });
});
