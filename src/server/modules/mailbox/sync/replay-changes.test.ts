import { describe, expect, it } from 'vitest';
import { REPLAY_BASE_DELAY_MS, replayDue } from './replay-changes.ts';

describe('replayDue: a refused change waits longer after each refusal', () => {
  const createdAt = new Date('2026-11-27T09:00:00Z');
  const at = (minutes: number) => createdAt.getTime() + minutes * 60_000;
  it('is due at once before its first attempt', () => {
    expect(replayDue({ attempts: 0, createdAt }, at(0), REPLAY_BASE_DELAY_MS)).toBe(true);
  });
  it('waits 1, then 5, 21 and 85 minutes from its creation', () => {
    for (const [attempts, minutes] of [
      [1, 1],
      [2, 5],
      [3, 21],
      [4, 85],
    ] as const) {
      expect(replayDue({ attempts, createdAt }, at(minutes) - 1, REPLAY_BASE_DELAY_MS)).toBe(false);
      expect(replayDue({ attempts, createdAt }, at(minutes), REPLAY_BASE_DELAY_MS)).toBe(true);
    }
  });
});
