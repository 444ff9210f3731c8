import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { CONTROL_CHARACTER_MESSAGE_KEY, controlCharacterPaths } from '@shared/errors/control-characters.ts';
import { AppError } from './errors.ts';

/**
 * Routing, the access guard and the rate limits decide on the path Fastify sees; handlers that build a WHATWG
 * `URL` (better-auth) resolve it again. Both must read the same path (issue 12 §1), so the raw request path is
 * normalised once, before routing: dot segments, plain or percent-encoded, are removed as RFC 3986 §5.2.4 says,
 * a backslash counts as a slash (as WHATWG URL parsing treats it) and repeated slashes collapse. An encoded
 * slash, backslash or NUL has no honest use in our paths: such a request is refused with 400.
 */
const DOT_SEGMENT = /^(?:\.|%2e)$/i;
const DOUBLE_DOT_SEGMENT = /^(?:\.|%2e){2}$/i;
const NEEDS_NORMALISING = /\\|\/\/|(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
const REFUSED_IN_PATH = /%(?:2f|5c|00)/i;

export type NormalisedUrl = { url: string; refused: boolean };

export function normaliseRequestUrl(rawUrl: string): NormalisedUrl {
  const queryAt = rawUrl.search(/[?#]/);
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  const refused = REFUSED_IN_PATH.test(path);
  if (!path.startsWith('/') || !NEEDS_NORMALISING.test(path)) return { url: rawUrl, refused };

  const input = path.replaceAll('\\', '/').split('/').slice(1);
  const output: string[] = [];
  input.forEach((segment, index) => {
    const last = index === input.length - 1;
    if (DOUBLE_DOT_SEGMENT.test(segment)) output.pop();
    else if (!DOT_SEGMENT.test(segment) && (segment !== '' || last)) return void output.push(segment);
    // A final dot segment leaves a directory path: keep its trailing slash.
    if (last) output.push('');
  });
  const normalised = `/${output.join('/')}`.replace(/\/{2,}/g, '/');
  return { url: normalised + rest, refused };
}

const REFUSED = Symbol('refused request path');
type MarkedRequest = IncomingMessage & { [REFUSED]?: boolean };

/** Fastify's `rewriteUrl`: runs before routing. */
export function rewriteRequestUrl(this: unknown, request: IncomingMessage): string {
  const { url, refused } = normaliseRequestUrl(request.url ?? '/');
  if (refused) (request as MarkedRequest)[REFUSED] = true;
  return url;
}

/**
 * Registered first on the app: a refused path is answered before any guard or handler sees it, and text that
 * holds a control character no field may hold (issue 12 §2) is refused with the fields named, before schema
 * validation and for every route (better-auth's included), so no such value reaches the database.
 */
export function registerRequestHardening(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if ((request.raw as MarkedRequest)[REFUSED]) {
      throw new AppError('VALIDATION_ERROR', [{ path: 'url', message: 'validation.pathNotAllowed' }]);
    }
  });
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...controlCharacterPaths(request.params, 'params'),
      ...controlCharacterPaths(request.query, 'query'),
      ...controlCharacterPaths(request.body),
    ];
    if (paths.length > 0) {
      throw new AppError(
        'VALIDATION_ERROR',
        paths.map((path) => ({ path, message: CONTROL_CHARACTER_MESSAGE_KEY })),
      );
    }
  });
}
