import fs from 'node:fs';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Hashes of the inline scripts of the built index.html (the theme script that runs before paint), so the
 * CSP allows exactly them and nothing else inline. Read at start-up: any edit of the script is followed.
 */
export function inlineScriptHashes(indexHtmlPath: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(indexHtmlPath, 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

/** Security headers and the Origin check on state-changing API requests (DESIGN.md §8). */
export async function registerSecurity(
  app: FastifyInstance,
  trustedOrigins: string[],
  indexHtmlPath: string,
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(indexHtmlPath)],
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
