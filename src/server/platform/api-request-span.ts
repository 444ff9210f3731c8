import type { FastifyInstance } from 'fastify';

/**
 * Calls `start` when an API request arrives and `end` exactly once when its socket closes, whatever happened:
 * answered, failed, or the client went away. The live channel's socket is left out: it stays open for hours.
 * `start` may wait (the admission gate holds the request there until a slot is free). Used by the admission gate
 * (platform/admission.ts) and by the count of requests in flight that background jobs give way to
 * (platform/foreground.ts).
 */
export function onApiRequestSpan(
  app: FastifyInstance,
  start: () => void | Promise<void>,
  end: () => void,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.headers.upgrade) return;
    await start();
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      end();
    };
    reply.raw.once('close', finish);
    if (reply.raw.writableEnded || request.raw.destroyed) finish();
  });
}
