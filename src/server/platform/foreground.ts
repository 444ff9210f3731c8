import type { FastifyInstance } from 'fastify';
import { onApiRequestSpan } from './api-request-span.ts';

/**
 * Background work gives way to the people using the app (issue 15: the rest of the app while a large mail sync
 * runs). The server counts the API requests in flight; a background job calls `giveWay()` between two small units
 * of its work (a message parsed, a message stored, a transaction begun), which waits while any request is being
 * answered. The request then has the event loop, the processor and (on PGlite) the one database connection to
 * itself instead of sharing them with the job for its whole length. A job never waits longer than `maxWaitMs` at a
 * time, so a steady stream of requests slows it but never starves it.
 */
export type Foreground = {
  /** Requests being answered now. */
  readonly inFlight: number;
  enter(): void;
  leave(): void;
  /** Resolves when no request is in flight, or after `maxWaitMs` (default FOREGROUND_MAX_WAIT_MS). */
  giveWay(maxWaitMs?: number): Promise<void>;
};

export const FOREGROUND_MAX_WAIT_MS = 250;

export function createForeground(): Foreground {
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  const wakeAll = () => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
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
      // On a later turn: the answer is written and the next request of a burst may come in first.
      if (inFlight === 0 && waiters.length > 0) setImmediate(() => inFlight === 0 && wakeAll());
    },
    giveWay(maxWaitMs = FOREGROUND_MAX_WAIT_MS) {
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
