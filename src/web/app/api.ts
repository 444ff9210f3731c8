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

/**
 * Step-up (core-app spec §6): a sensitive action answered STEP_UP_REQUIRED asks the user to confirm their
 * identity through the handler the app registers (the step-up dialog), then the request is sent once more.
 * Requests that need it at the same moment share one dialog.
 */
export type StepUpHandler = (details: unknown) => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;
let pendingStepUp: Promise<boolean> | null = null;

export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

async function confirmIdentity(error: ApiError): Promise<boolean> {
  if (error.code !== 'STEP_UP_REQUIRED' || !stepUpHandler) return false;
  pendingStepUp ??= stepUpHandler(error.details).finally(() => {
    pendingStepUp = null;
  });
  return pendingStepUp;
}

function requestHeaders(body: unknown, raw: boolean, extra?: Record<string, string>) {
  return {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || 'it',
    ...(body !== undefined && !raw ? { 'Content-Type': 'application/json' } : {}),
    ...(body instanceof Blob && body.type ? { 'Content-Type': body.type } : {}),
    ...extra,
  };
}

/** How long after the page's start an answer index.html asked for is still taken instead of asking again. */
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

type EarlyResponses = { __earlyResponses?: Record<string, Promise<Response>> };

/**
 * The answer to a GET that index.html's first script asked for while the code loaded (the session, the
 * dashboard's data), taken once and only in the page's first seconds. Any other request (a sign-in, a sign-out, a
 * change) may change what they answered, so it drops them all.
 */
function takeEarlyResponse(path: string, method: string): Promise<Response> | undefined {
  const holder = globalThis as EarlyResponses;
  const early = holder.__earlyResponses;
  if (!early) return undefined;
  if (method !== 'GET' || performance.now() > EARLY_RESPONSE_MAX_AGE_MS) {
    delete holder.__earlyResponses;
    return undefined;
  }
  const response = early[path];
  delete early[path];
  return response;
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const raw = body instanceof Blob || body instanceof FormData;
  try {
    const early = takeEarlyResponse(path, method);
    if (early) return await early;
    return await fetch(path, {
      method,
      headers: requestHeaders(body, raw, options.headers),
      credentials: 'same-origin',
      body: body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: 'Network error: failed to fetch' });
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The ApiError of a refused response: our envelope, better-auth's flat shape, or the status alone. */
async function errorOf(response: Response): Promise<ApiError> {
  const data = parseJson(await response.text().catch(() => ''));
  const envelope = (data && typeof data === 'object' ? data : {}) as {
    error?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const err = (envelope.error && typeof envelope.error === 'object' ? envelope.error : envelope) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
  };
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError({
    status: response.status,
    code: typeof err.code === 'string' && err.code ? err.code : fallbackCode(response.status),
    message: typeof err.message === 'string' && err.message ? err.message : response.statusText,
    details: err.details,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  });
}

/** Sends the request; a STEP_UP_REQUIRED answer is retried once after the user confirmed their identity. */
async function sendAccepted(path: string, options: ApiOptions): Promise<Response> {
  const response = await send(path, options);
  if (response.ok) return response;
  const error = await errorOf(response);
  if (!(await confirmIdentity(error))) throw error;
  const retried = await send(path, options);
  if (!retried.ok) throw await errorOf(retried);
  return retried;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await sendAccepted(path, options);
  return parseJson(response.status === 204 ? '' : await response.text()) as T;
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const header = disposition ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  return (
    /filename\s*=\s*"([^"]+)"/.exec(header)?.[1] ??
    /filename\s*=\s*([^;]+)/.exec(header)?.[1]?.trim() ??
    fallback
  );
}

export interface DownloadOptions extends Omit<ApiOptions, 'signal'> {
  /** Used when the answer names no file. */
  fallbackName: string;
  /** The share received (0–1) when the size is known, null otherwise. */
  onProgress?: (share: number | null) => void;
}

async function readBody(response: Response, onProgress?: (share: number | null) => void): Promise<Blob> {
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!reader) return response.blob();
  const total = Number(response.headers.get('content-length')) || 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress?.(total ? Math.min(1, received / total) : null);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/**
 * Downloads a file of the API (PDF, XML, CSV, XLSX, ZIP, JSON) through fetch and saves it under the server's
 * file name, so a refusal arrives as an ApiError with its code and details instead of a JSON page in a tab.
 */
export async function apiDownload(path: string, options: DownloadOptions): Promise<{ fileName: string }> {
  const { fallbackName, onProgress, ...request } = options;
  const response = await sendAccepted(path, request);
  const blob = await readBody(response, onProgress);
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveFile(blob, fileName);
  return { fileName };
}

/** Saves a file made or received in the browser under the given name, through a temporary link. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
