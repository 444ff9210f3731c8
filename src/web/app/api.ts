/**
 * The one fetch wrapper of the web app: same-origin JSON with the session cookie, the interface language
 * in Accept-Language, and a typed ApiError carrying the server's code and message
 * (`{ error: { code, message, details? } }`, or better-auth's flat `{ code, message }`).
 */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  /** Seconds, from Retry-After on 429 answers. */
  readonly retryAfter?: number;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    retryAfter?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Worth retrying: the network or the server, never the user's own mistakes (4xx). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500;
}

function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'ALREADY_EXISTS';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION_ERROR';
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable value, or a Blob/File sent as is (with its own type). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const raw = body instanceof Blob || body instanceof FormData;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || 'it',
    ...(body !== undefined && !raw ? { 'Content-Type': 'application/json' } : {}),
    ...(body instanceof Blob && body.type ? { 'Content-Type': body.type } : {}),
    ...options.headers,
  };
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: 'Network error: failed to fetch' });
  }

  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const envelope = (data ?? {}) as { error?: unknown; code?: unknown; message?: unknown };
    const err = (envelope.error && typeof envelope.error === 'object' ? envelope.error : envelope) as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
    };
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError({
      status: response.status,
      code: typeof err.code === 'string' && err.code ? err.code : fallbackCode(response.status),
      message: typeof err.message === 'string' && err.message ? err.message : response.statusText,
      details: err.details,
      retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    });
  }
  return data as T;
}
