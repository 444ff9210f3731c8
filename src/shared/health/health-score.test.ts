import { describe, expect, it } from 'vitest';
import {
  HEALTH_STATES,
  RECOVERY_THRESHOLD,
  SUBSYSTEM_WEIGHTS,
  healthScore,
  isUsable,
  overallState,
  type HealthState,
} from './health-score.ts';

describe('health score (email-client spec §9)', () => {
  it('uses the spec weights and states', () => {
    expect(SUBSYSTEM_WEIGHTS).toEqual({ database: 0.4, network: 0.3, storage: 0.2, mail: 0.1 });
    expect([...HEALTH_STATES]).toEqual(['healthy', 'degraded', 'offline', 'unhealthy', 'unknown']);
    expect(RECOVERY_THRESHOLD).toBe(0.7);
  });

  it('values a single subsystem by its state: healthy 1, degraded half, offline 0.3, others 0', () => {
    const value: Record<HealthState, number> = {
      healthy: 1,
      degraded: 0.5,
      offline: 0.3,
      unhealthy: 0,
      unknown: 0,
    };
    for (const state of HEALTH_STATES) expect(healthScore({ mail: state })).toBe(value[state]);
  });

  it('applies the full four-subsystem formula', () => {
    expect(
      healthScore({ database: 'healthy', network: 'healthy', storage: 'healthy', mail: 'healthy' }),
    ).toBe(1);
    // 0.4·1 + 0.3·0.3 + 0.2·0.5 + 0.1·0 = 0.59
    expect(
      healthScore({ database: 'healthy', network: 'offline', storage: 'degraded', mail: 'unknown' }),
    ).toBe(0.59);
    // 0.4·0.5 + 0.3·1 + 0.2·1 + 0.1·0.3 = 0.73
    expect(
      healthScore({ database: 'degraded', network: 'healthy', storage: 'healthy', mail: 'offline' }),
    ).toBe(0.73);
    expect(
      healthScore({ database: 'unhealthy', network: 'unhealthy', storage: 'unknown', mail: 'unhealthy' }),
    ).toBe(0);
  });

  it('normalises over the subsystems reported (the server has no network)', () => {
    // (0.4·1 + 0.2·1 + 0.1·0.5) / 0.7 = 0.9286 → 0.929
    expect(healthScore({ database: 'healthy', storage: 'healthy', mail: 'degraded' })).toBe(0.929);
    // (0.4·0 + 0.2·1 + 0.1·0) / 0.7 = 0.2857 → 0.286
    expect(healthScore({ database: 'unhealthy', storage: 'healthy', mail: 'unknown' })).toBe(0.286);
    expect(healthScore({ database: 'offline' })).toBe(0.3);
    expect(healthScore({ database: 'healthy', storage: 'healthy', mail: 'healthy' })).toBe(1);
  });

  it('scores nothing reported as 0', () => {
    expect(healthScore({})).toBe(0);
  });
});

describe('overallState and isUsable', () => {
  it('is healthy when everything is healthy', () => {
    const states = { database: 'healthy', storage: 'healthy', mail: 'healthy' } as const;
    expect(overallState(states)).toBe('healthy');
    expect(isUsable(states)).toBe(true);
  });

  it('is degraded at or above the recovery threshold, unhealthy below it', () => {
    expect(overallState({ database: 'healthy', storage: 'healthy', mail: 'degraded' })).toBe('degraded');
    // (0.4 + 0 + 0) / 0.7 = 0.571 < 0.7
    expect(overallState({ database: 'healthy', storage: 'unhealthy', mail: 'unknown' })).toBe('unhealthy');
    // 0.73 ≥ 0.7
    expect(
      overallState({ database: 'degraded', network: 'healthy', storage: 'healthy', mail: 'offline' }),
    ).toBe('degraded');
  });

  it.each(['unhealthy', 'offline', 'unknown'] as const)(
    'is unhealthy and not usable when the database is %s, whatever the rest',
    (database) => {
      const states = { database, network: 'healthy', storage: 'healthy', mail: 'healthy' } as const;
      expect(overallState(states)).toBe('unhealthy');
      expect(isUsable(states)).toBe(false);
    },
  );

  it('is usable whenever the database answers, even slowly', () => {
    expect(isUsable({ database: 'healthy', storage: 'unhealthy', mail: 'unhealthy' })).toBe(true);
    expect(isUsable({ database: 'degraded', storage: 'unhealthy', mail: 'unhealthy' })).toBe(true);
    expect(isUsable({ storage: 'healthy', mail: 'healthy' })).toBe(false);
  });
});
