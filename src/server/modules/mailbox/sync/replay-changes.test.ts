import { describe, expect, it } from 'vitest';
import { REPLAY_BASE_DELAY_MS, replayDue } from './replay-changes.ts';

describe('replayDue: a refused change waits longer after each refusal', () => {
  const createdAt = new Date('2026-11-27T09:00:00Z');
  const minutes = (n: number) => n * 60_000;
  const at = (n: number) => createdAt.getTime() + minutes(n);
  const due = (attempts: number, lastAttemptAt: Date | null, now: number) =>
    replayDue({ attempts, createdAt, lastAttemptAt }, now, REPLAY_BASE_DELAY_MS);

  it('is due at once before its first attempt', () => {
    expect(due(0, null, at(0))).toBe(true);
  });

  it('tried on time, it is retried 1, 5, 21 and 85 minutes after it was made', () => {
    let last = new Date(at(0));
    for (const [attempts, retryAt] of [
      [1, 1],
      [2, 5],
      [3, 21],
      [4, 85],
    ] as const) {
      expect(due(attempts, last, at(retryAt) - 1)).toBe(false);
      expect(due(attempts, last, at(retryAt))).toBe(true);
      last = new Date(at(retryAt));
    }
  });

  it('counts the delay from the last refusal, not from its creation', () => {
    // Queued two hours ago through an outage, refused for the first time just now.
    const refused = new Date(at(120));
    expect(due(1, refused, at(120) + minutes(1) - 1)).toBe(false);
    expect(due(1, refused, at(120) + minutes(1))).toBe(true);
    expect(due(3, refused, at(120) + minutes(16) - 1)).toBe(false);
  });
});
