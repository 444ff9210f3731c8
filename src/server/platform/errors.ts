import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  codeForSqlState,
  errorMessage,
  localeFromAcceptLanguage,
  type ErrorCode,
} from '@shared/errors/error-codes.ts';

/** The one error type of the server: a code from the shared catalogue, optional details. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly details?: unknown,
    message?: string,
  ) {
    super(message ?? ERROR_CODES[code].en);
  }
  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

function sqlStateOf(err: unknown): string | undefined {
  // node-postgres and PGlite put SQLSTATE on `code`; Drizzle wraps it in `cause`.
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function errorHandler(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  const send = (status: number, code: string, message: string, details?: unknown) => {
    const body: ErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
    return reply.status(status).send(body);
  };

  if (err instanceof AppError) {
    return send(err.status, err.code, errorMessage(err.code, locale), err.details);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message,
    }));
    return send(400, 'VALIDATION_ERROR', errorMessage('VALIDATION_ERROR', locale), details);
  }
  const fastifyErr = err as FastifyError;
  if (fastifyErr.statusCode === 429) {
    return send(429, 'RATE_LIMITED', errorMessage('RATE_LIMITED', locale));
  }
  if (fastifyErr.statusCode && fastifyErr.statusCode >= 400 && fastifyErr.statusCode < 500) {
    // Fastify's own client errors (bad JSON, too large, wrong content type).
    return send(fastifyErr.statusCode, 'VALIDATION_ERROR', fastifyErr.message);
  }
  const sqlCode = codeForSqlState(sqlStateOf(err));
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
