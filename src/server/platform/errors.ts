import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  codeForSqlState,
  errorMessage,
  localeFromAcceptLanguage,
  type ErrorCode,
} from '@shared/errors/error-codes.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';

/** The one error type of the server: a code from the shared catalogue, optional details. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly details?: unknown,
    message?: string,
    /** Values of the message's {placeholders} (e.g. the invoice id). */
    public readonly params?: Record<string, string>,
  ) {
    super(message ?? errorMessage(code, 'en', params));
  }

  static withParams(code: ErrorCode, params: Record<string, string>, details?: unknown): AppError {
    return new AppError(code, details, undefined, params);
  }
  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

export const notFound = () => new AppError('NOT_FOUND');

/**
 * The unique index a PostgreSQL error names, when it is a unique violation (23505); node-postgres and PGlite set
 * `constraint`, Drizzle wraps the error in its own (hence the walk down `cause`).
 */
export function violatedUniqueConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}
export const forbidden = () => new AppError('FORBIDDEN');

type ErrorBody = { error: { code: string; message: string; details?: unknown } };
type FieldIssue = { path: string; message: string; key?: string; params?: Record<string, string> };

/**
 * Field messages are translation keys in the shared contracts; answer with the text (its {{placeholders}}, or
 * single-brace {placeholders}, filled from the issue's params) and keep the key and the params.
 */
function localiseIssues(issues: FieldIssue[], locale: 'it' | 'en'): FieldIssue[] {
  return issues.map((issue) => {
    const text = fieldMessage(issue.message, locale);
    if (text === undefined) return issue;
    const params = issue.params;
    const message = params
      ? text.replace(
          /\{\{(\w+)\}\}|\{(\w+)\}/g,
          (m, double: string | undefined, single: string | undefined) => params[double ?? single ?? ''] ?? m,
        )
      : text;
    return { path: issue.path, message, key: issue.message, ...(params ? { params } : {}) };
  });
}

function sqlStateOf(err: unknown): string | undefined {
  // node-postgres and PGlite put SQLSTATE on `code`; Drizzle wraps it in `cause`.
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Node and node-postgres errors of a database that cannot be reached (they carry no SQLSTATE). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** Seconds a client is asked to wait when the database is unreachable (health probes every few seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function errorHandler(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  const send = (status: number, code: string, message: string, details?: unknown) => {
    const body: ErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
    return reply.status(status).send(body);
  };

  if (err instanceof AppError) {
    // Field issues (validation, duplicates, stock) carry translation keys: answer with the text and the key.
    const details = Array.isArray(err.details)
      ? localiseIssues(err.details as FieldIssue[], locale)
      : err.details;
    return send(err.status, err.code, errorMessage(err.code, locale, err.params), details);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    return send(
      400,
      'VALIDATION_ERROR',
      errorMessage('VALIDATION_ERROR', locale),
      localiseIssues(details, locale),
    );
  }
  const fastifyErr = err as FastifyError;
  if (fastifyErr.statusCode === 429) {
    return send(429, 'RATE_LIMITED', errorMessage('RATE_LIMITED', locale));
  }
  if (fastifyErr.statusCode && fastifyErr.statusCode >= 400 && fastifyErr.statusCode < 500) {
    // Fastify's own client errors (bad JSON, too large, wrong content type).
    return send(fastifyErr.statusCode, 'VALIDATION_ERROR', errorMessage('VALIDATION_ERROR', locale), [
      { path: '', message: fastifyErr.message },
    ]);
  }
  const sqlCode = isDatabaseUnavailable(err) ? 'SERVICE_UNAVAILABLE' : codeForSqlState(sqlStateOf(err));
  if (sqlCode === 'SERVICE_UNAVAILABLE') {
    // Logged without the query's parameters (platform/logging.ts); the client is told when to try again.
    request.log.warn({ err }, 'database unavailable');
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  }
  if (sqlCode !== 'INTERNAL') {
    return send(ERROR_CODES[sqlCode].status, sqlCode, errorMessage(sqlCode, locale));
  }
  request.log.error({ err }, 'unhandled error');
  return send(500, 'INTERNAL', errorMessage('INTERNAL', locale));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  return reply.status(404).send({ error: { code: 'NOT_FOUND', message: errorMessage('NOT_FOUND', locale) } });
}
