import type { FastifyInstance } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Graceful shutdown (issue 12 §4). SIGTERM must not reset a request a client has already sent: closing the
 * listening socket at once would reset every connection still waiting in the kernel's accept queue (a busy
 * event loop accepts them late), and a keep-alive socket left open keeps `server.close()` waiting for
 * Fastify's 72 s keep-alive timeout. So, in order:
 * 1. drain: background work stops taking jobs; requests keep being served, each answer with
 *    `Connection: close`; the listener stays open until no connection has arrived for a quiet spell (the accept
 *    queue is empty), bounded;
 * 2. close (`app.close()`): the listener closes, requests still in flight finish, idle sockets are closed as
 *    they become idle, live sockets are told (1001 Going Away) and closed, then the jobs and the database.
 */
export type Shutdown = {
  readonly draining: boolean;
  /** Stops background work and waits until the accept queue is empty; then call `app.close()`. */
  drain(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
};

export function registerShutdown(app: FastifyInstance, stopBackgroundWork: () => Promise<unknown>): Shutdown {
  let draining = false;
  let lastConnectionAt = 0;
  app.server.on('connection', () => (lastConnectionAt = Date.now()));
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));

  return {
    get draining() {
      return draining;
    },
    async drain({ quietMs = 300, maxMs = 3_000 } = {}) {
      draining = true;
      const started = Date.now();
      lastConnectionAt = Math.max(lastConnectionAt, started);
      await stopBackgroundWork();
      for (;;) {
        const tick = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 50));
        // A late timer means the event loop was busy and may not have accepted what is queued yet.
        const loopWasFree = Date.now() - tick < 100;
        if (Date.now() - started >= maxMs) return;
        if (loopWasFree && Date.now() - lastConnectionAt >= quietMs) return;
      }
    },
  };
}

/** @fastify/websocket's preClose: every live socket is told why (1001) and closed, forcibly after a second. */
export function closeLiveSockets(this: FastifyInstance & { websocketServer: WebSocketServer }) {
  const server = this.websocketServer;
  const sockets = [...server.clients] as WebSocket[];
  for (const socket of sockets) socket.close(1001, 'Server shutting down');
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      for (const socket of sockets) socket.terminate();
      resolve();
    }, 1_000);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
