import type { TFunction } from 'i18next';
import type { HealthState } from '@shared/health/health-score.ts';
import type { TSubsystemStatus } from '@shared/health/system-status.ts';
import type { BadgeTone } from '@web/ui/badge.tsx';

/** The badge tone of each health state. */
export const STATE_TONES: Record<HealthState, BadgeTone> = {
  healthy: 'success',
  degraded: 'warning',
  offline: 'warning',
  unhealthy: 'danger',
  unknown: 'neutral',
};

/** The sentence saying why a subsystem is in its state, with its numbers. */
export function subsystemSentence(t: TFunction, status: TSubsystemStatus): string {
  return t(`system-status:codes.${status.code}`, {
    count: status.count ?? 0,
    percent: status.usedPercent ?? 0,
    latency: status.latencyMs ?? 0,
  });
}
