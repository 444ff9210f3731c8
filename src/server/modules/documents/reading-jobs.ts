import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import type { Db } from '../../platform/db.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';
import type { FileStore } from '../../platform/storage.ts';
import { kindOfName } from './file-kinds.ts';
import { readFile } from './read-file.ts';
import { isReadingError } from './reading/errors.ts';
import { closeOcrEngine } from './reading/ocr-engine.ts';
import { fileReadingDone } from './filing.ts';
import { claimNext, markReadingFailed, recordProgress, type Claimed } from './reading-repository.ts';

/**
 * The reading job (issue 17): reads the text of new documents (PDF text layer, OCR) one at a time per instance, so
 * a small machine keeps its CPU for the rest of the app. A document is claimed with a lease on its row (one
 * conditional update, SKIP LOCKED: two instances never read one document); a lease that runs out (the instance
 * stopped) lets another pass take it again, so reading resumes after a restart, at most READING_ATTEMPTS times.
 * Cancelling sets the row's status; the progress update notices it and stops the OCR, on whichever instance.
 */

export type ReadingDeps = {
  db: Db;
  files: FileStore;
  hub: RealtimeHub;
  log: FastifyBaseLogger;
};

export const READING_POLL_MS = 30_000;
export const READING_LEASE_SECONDS = 600;
export const READING_ATTEMPTS = 3;
/** Progress reaches the database and the sockets at most this often. */
const PROGRESS_EVERY_MS = 500;

function publish(
  deps: ReadingDeps,
  orgId: string,
  message: Omit<Extract<TServerMessage, { type: 'DOCUMENT_READING' }>, 'type' | 'timestamp'>,
) {
  return deps.hub.publish(topics.orgDocuments(orgId), {
    type: 'DOCUMENT_READING',
    ...message,
    timestamp: new Date().toISOString(),
  });
}

async function readOne(deps: ReadingDeps, doc: Claimed, signal: AbortSignal, controller: AbortController) {
  const orgId = doc.organizationId;
  await publish(deps, orgId, { documentId: doc.id, status: 'running', progress: 0 });
  const content = await deps.files.get(doc.fileKey);
  if (!content) {
    await markReadingFailed(deps.db, doc.id, 'FILE_MISSING');
    await publish(deps, orgId, { documentId: doc.id, status: 'failed', progress: 0 });
    return;
  }
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  const onProgress = (fraction: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    const progress = Math.max(1, Math.min(99, Math.round(fraction * 100)));
    pending = pending.then(async () => {
      if (!(await recordProgress(deps.db, doc.id, progress))) controller.abort();
      else await publish(deps, orgId, { documentId: doc.id, status: 'running', progress });
    });
  };
  try {
    const outcome = await readFile(content, kindOfName(doc.fileName), doc.fileName, { onProgress, signal });
    await pending;
    signal.throwIfAborted();
    await fileReadingDone(deps, doc, outcome, content);
    await publish(deps, orgId, { documentId: doc.id, status: 'done', progress: 100 });
  } catch (err) {
    await pending.catch(() => undefined);
    if (signal.aborted) {
      // Cancelled by the user (the row says so already) or the instance is stopping (the lease will run out).
      return;
    }
    const code = isReadingError(err) ? err.code : 'READING_FAILED';
    if (!isReadingError(err)) deps.log.error({ err, documentId: doc.id }, 'document reading failed');
    await markReadingFailed(deps.db, doc.id, code);
    await publish(deps, orgId, { documentId: doc.id, status: 'failed', progress: 0 });
  }
}

export type ReadingRunner = ReturnType<typeof createReadingRunner>;

export function createReadingRunner(
  deps: ReadingDeps,
  options: { intervalMs?: number; leaseSeconds?: number } = {},
) {
  const leaseSeconds = options.leaseSeconds ?? READING_LEASE_SECONDS;
  const owner = randomUUID();
  let running: Promise<unknown> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let interval: NodeJS.Timeout | null = null;
  let current: { id: string; controller: AbortController } | null = null;

  async function runDue(): Promise<number> {
    let ran = 0;
    while (!stopped) {
      const doc = await claimNext(deps.db, leaseSeconds, READING_ATTEMPTS);
      if (!doc) break;
      const controller = new AbortController();
      current = { id: doc.id, controller };
      try {
        await readOne(deps, doc, controller.signal, controller);
      } finally {
        current = null;
      }
      ran++;
    }
    return ran;
  }

  function wake() {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDue()
      .catch((err: unknown) => deps.log.error({ err }, 'document reading job failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    owner,
    wake,
    /** One pass now, whether started or not (tests). */
    runDue: () => {
      const pass = (running ?? Promise.resolve()).then(() => runDue());
      running = pass.catch(() => undefined).finally(() => (running = null));
      return pass;
    },
    /** The reading of this document was cancelled: stop it at once if it runs here. */
    cancelled(id: string) {
      if (current?.id === id) current.controller.abort();
    },
    start() {
      started = true;
      interval = setInterval(wake, options.intervalMs ?? READING_POLL_MS);
      interval.unref();
      wake();
      return this;
    },
    async stop() {
      stopped = true;
      if (interval) clearInterval(interval);
      current?.controller.abort();
      await running;
      await closeOcrEngine();
    },
  };
}
