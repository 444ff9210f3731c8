import type { FastifyInstance } from 'fastify';
import { onApiRequestSpan } from './api-request-span.ts';

/**
 * Admission control for the embedded database (issue 12 §9). PGlite runs every query on one connection in this
 * process; with hundreds of requests in flight, each request's few queries (session, membership, the page,
 * its count) queue behind everyone else's, so every request waits many times over and some starve past 30 s
 * while memory fills with half-done work. Letting a few API requests at a time reach the database, in arrival
 * order, gives each one its queries back to back: the same throughput, answers in arrival order, bounded memory.
 * Nothing is cached, so a revoked session or a changed role still takes effect on the very next request.
 * PostgreSQL has a pool of connections and needs none of this.
 *
 * A free slot is handed over on a later turn of the event loop, never inside the turn that freed it. PGlite
 * answers within microtasks, so a request let in at once runs to its answer before the loop moves on, and the
 * next one after it: one turn of the loop then serves every waiting request. libuv accepts one new connection
 * per turn, so under 200 connections a newcomer waited in the kernel's accept queue for a turn per connection
 * already in (up to 20 s in the bench). Granting from `setImmediate` keeps turns short and new connections
 * accepted within milliseconds.
 */
export function createFifoGate(limit: number) {
  let active = 0;
  let scheduled = false;
  const waiting: Array<() => void> = [];
  const admit = () => {
    scheduled = false;
    while (waiting.length > 0 && active < limit) {
      active++;
      waiting.shift()!();
    }
  };
  const scheduleAdmission = () => {
    if (scheduled || waiting.length === 0 || active >= limit) return;
    scheduled = true;
    setImmediate(admit);
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    acquire(): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        scheduleAdmission();
      });
    },
    release() {
      active--;
      scheduleAdmission();
    },
  };
}

export function registerAdmissionGate(app: FastifyInstance, limit: number) {
  const gate = createFifoGate(limit);
  onApiRequestSpan(
    app,
    () => gate.acquire(),
    () => gate.release(),
  );
  return gate;
}
