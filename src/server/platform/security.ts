import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers and the Origin check on state-changing API requests (DESIGN.md §8). */
export async function registerSecurity(app: FastifyInstance, trustedOrigins: string[]) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The API reference page renders its own inline script and styles.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/docs')) reply.removeHeader('content-security-policy');
  });

  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    // A request without cookies carries no ambient authority, so only cookie-bearing ones need an Origin.
    if (origin ? !trusted.has(origin) : !!request.headers.cookie) throw new AppError('ORIGIN_REJECTED');
  });
}
