import { describe, expect, it } from 'vitest';
import { MAIL_STATISTICS, statisticsDue } from './sync-run.ts';

/** Where a run storing `total` messages in batches of `batch` refreshes the statistics (its end included). */
function refreshPoints(total: number, batch: number) {
  const points: number[] = [];
  let stored = 0;
  let since = 0;
  while (stored < total) {
    const n = Math.min(batch, total - stored);
    stored += n;
    since += n;
    if (statisticsDue(stored, since, false)) {
      points.push(stored);
      since = 0;
    }
  }
  if (statisticsDue(stored, since, true)) points.push(stored);
  return points;
}

describe('statisticsDue', () => {
  it('refreshes a 50,000-message first sync 9 times as it grows by half, not every 2,000 messages', () => {
    expect(refreshPoints(50_000, 50)).toEqual([
      2_000, 4_000, 6_000, 9_000, 13_500, 20_250, 30_400, 45_600, 50_000,
    ]);
  });

  it('leaves a run of a few new messages alone, and refreshes after one of a hundred or more', () => {
    expect(refreshPoints(99, 50)).toEqual([]);
    expect(refreshPoints(MAIL_STATISTICS.afterRun, 50)).toEqual([MAIL_STATISTICS.afterRun]);
    expect(refreshPoints(1_500, 50)).toEqual([1_500]);
  });
});
