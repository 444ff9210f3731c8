import { describe, expect, it } from 'vitest';
import { MAX_SEND_ATTEMPTS, retryDelayMs } from './mail.ts';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

describe('retryDelayMs', () => {
  it('starts at 1 s and doubles', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1, 2, 4, 8, 16].map((s) => s * SECOND));
  });

  it('waits an hour from the sixth attempt on', () => {
    for (let attempt = 6; attempt <= MAX_SEND_ATTEMPTS; attempt++) expect(retryDelayMs(attempt)).toBe(HOUR);
  });

  it('never waits longer than 30 s before switching to hourly, and never shrinks', () => {
    let previous = 0;
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
      const delay = retryDelayMs(attempt);
      expect(delay).toBeGreaterThanOrEqual(previous);
      if (delay !== HOUR) expect(delay).toBeLessThanOrEqual(30 * SECOND);
      previous = delay;
    }
  });

  it('gives up after ten attempts', () => {
    expect(MAX_SEND_ATTEMPTS).toBe(10);
  });
});
