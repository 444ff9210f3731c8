import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import { isoDateIn } from '@shared/dates/dates.ts';
import { expireSentQuotes } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Stores as expired every sent quote whose validity ended before `today` (ISO date), across organizations, in
 * one idempotent UPDATE. Returns how many quotes changed.
 */
export function expireQuotes(db: Db, today: string): Promise<number> {
  return expireSentQuotes(db, today);
}

/**
 * The date that has already begun in every time zone (UTC−12's): a quote is expired for its organization from
 * the day after validUntil in the organization's zone, so with this date the job never expires one early.
 * It may store the status up to a day late; reads show a sent quote past its validity as expired meanwhile.
 */
export function jobToday(now: Date = new Date()): string {
  return isoDateIn('Etc/GMT+12', now);
}

export type QuoteJobs = {
  /** One run now (the timer's runs skip while one is in progress). */
  runNow(): Promise<number>;
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
};

/** Expires quotes at start and every hour (the timer does not keep the process alive). */
export function startQuoteJobs(deps: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  everyMs?: number;
}): QuoteJobs {
  let running: Promise<number> | null = null;
  let stopped = false;

  function runNow(): Promise<number> {
    if (running) return running;
    running = expireQuotes(deps.db, jobToday())
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'quotes expired');
        return count;
      })
      .catch((err: unknown) => {
        deps.log.error({ err }, 'quote expiry job failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) void runNow();
  }, deps.everyMs ?? HOUR_MS);
  timer.unref();
  void runNow();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
