import type { FastifyInstance } from 'fastify';
import { onApiRequestSpan } from './api-request-span.ts';

/**
 * Background work gives way to the people using the app (issue 15: the rest of the app while a large mail sync
 * runs). The server counts the API requests in flight; a background job calls `giveWay()` between two small units
 * of its work (a message parsed, a message stored, a transaction begun), which waits while any request is being
 * answered. The request then has the event loop, the processor and (on PGlite) the one database connection to
 * itself instead of sharing them with the job for its whole length. A job never waits longer than `maxWaitMs` at a
 * time, so a steady stream of requests slows it but never starves it.
 *
 * Work nobody is waiting for (a backfill of old mail) is also paced: while people use the app (a request within
 * FOREGROUND_RECENT_MS), it rests as long as it just worked (at most PACE_MAX_MS at a time), so it takes about half
 * of the processor instead of all of it, and the next request rarely finds the machine busy with it. With nobody
 * using the app it runs at full speed.
 */
export type Foreground = {
  /** Requests being answered now. */
  readonly inFlight: number;
  enter(): void;
  leave(): void;
  /**
   * Resolves when no request is in flight, or after `maxWaitMs` (default FOREGROUND_MAX_WAIT_MS); then, for
   * paced work that has just worked `pacedWorkMs`, after its rest if the app is in use.
   */
  giveWay(options?: { maxWaitMs?: number; pacedWorkMs?: number }): Promise<void>;
};

export const FOREGROUND_MAX_WAIT_MS = 250;
/** How long after a request the app counts as in use. */
export const FOREGROUND_RECENT_MS = 3_000;
/** The longest rest of paced work at a time. */
export const PACE_MAX_MS = 100;

export function createForeground(now: () => number = () => performance.now()): Foreground {
  let inFlight = 0;
  let lastLeftAt = -Infinity;
  let waiters: Array<() => void> = [];
  const wakeAll = () => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const whileInFlight = (maxWaitMs: number) => {
    if (inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, maxWaitMs);
      function done() {
        clearTimeout(timer);
        waiters = waiters.filter((w) => w !== done);
        resolve();
      }
      waiters.push(done);
    });
  };
  return {
    get inFlight() {
      return inFlight;
    },
    enter() {
      inFlight++;
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
      lastLeftAt = now();
      // On a later turn: the answer is written and the next request of a burst may come in first.
      if (inFlight === 0 && waiters.length > 0) setImmediate(() => inFlight === 0 && wakeAll());
    },
    async giveWay({ maxWaitMs = FOREGROUND_MAX_WAIT_MS, pacedWorkMs = 0 } = {}) {
      await whileInFlight(maxWaitMs);
      const inUse = inFlight > 0 || now() - lastLeftAt < FOREGROUND_RECENT_MS;
      if (pacedWorkMs <= 0 || !inUse) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pacedWorkMs, PACE_MAX_MS)));
    },
  };
}

/** Counts every API request (not the live channel's long-lived socket) from its arrival to its socket's close. */
export function registerForeground(app: FastifyInstance, foreground: Foreground) {
  onApiRequestSpan(
    app,
    () => foreground.enter(),
    () => foreground.leave(),
  );
}
