import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * The logger of the app, with the redaction done here, once, whatever fails (issue 12 §6): no secret or token
 * may reach a log line.
 * - Headers that carry credentials are redacted by path.
 * - Errors are serialised without what can hold user data: the parameters of a failed query (Drizzle puts them
 *   in the message and in `params`: session tokens, e-mail addresses), PostgreSQL's `detail`/`where`.
 * - Request URLs keep their route but not the token of a link (public quote, RSVP, invitation, calendar feed,
 *   password reset) nor a `token`-like query value.
 * - Any string logged (messages, better-auth's arguments) goes through the same scrubbing.
 */
const REDACTED = '[redacted]';

const TOKEN_IN_PATH =
  /(\/api\/public\/(?:quotes|rsvp|calendar|team-invitations)\/|\/api\/v1\/team-invitations\/|\/api\/auth\/reset-password\/)[^/?#\s]+/g;
const TOKEN_IN_QUERY = /([?&](?:token|resetToken|code|secret|password)=)[^&#\s]*/gi;
const QUERY_PARAMS = /params: [\s\S]*?(?=\n\s+at |$)/g;

export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, `params: ${REDACTED}`)
    .replace(TOKEN_IN_PATH, `$1${REDACTED}`)
    .replace(TOKEN_IN_QUERY, `$1${REDACTED}`);
}

const ERROR_FIELDS_WITH_DATA = new Set([
  'params',
  'parameters',
  'detail',
  'where',
  'internalQuery',
  'body',
  'headers',
]);

/** An error as a plain object: type, scrubbed message and stack, safe own fields, its causes. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return scrubValue(err, depth);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message: scrubText(err.message),
  };
  if (err.stack) out.stack = scrubText(err.stack);
  for (const [key, value] of Object.entries(err)) {
    if (ERROR_FIELDS_WITH_DATA.has(key) || key === 'cause') continue;
    out[key] = scrubValue(value, depth + 1);
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return serializeError(value, depth);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  // Class instances (the request, the reply) are left to their serializers.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrubValue(v, depth + 1);
  return out;
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      // Passwords by name wherever an object logged carries one (mail account bodies nest them one level down).
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        'smtpPassword',
        '*.password',
        '*.smtpPassword',
        '*.*.password',
        '*.*.smtpPassword',
      ],
      censor: REDACTED,
    },
    serializers: {
      err: (err: Error) => serializeError(err) as { type: string; message: string; stack: string },
      req: (req: { method: string; url: string; hostname?: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: scrubText(req.url),
        hostname: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    formatters: {
      log: (object: Record<string, unknown>) => scrubValue(object, 0) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
}
