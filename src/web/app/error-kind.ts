import { ApiError, NETWORK_ERROR } from './api.ts';

/** Which error screen an error gets (core-app spec §8). */
export type ErrorKind = 'chunk' | 'network' | 'other';

const CHUNK_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk [\w-]+ failed/i,
  /unable to preload css/i,
];

const NETWORK_PATTERNS = [
  /failed to fetch/i,
  /networkerror/i,
  /network error/i,
  /load failed/i,
  /network request failed/i,
];

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  return '';
}

export function classifyError(error: unknown): ErrorKind {
  if (error instanceof ApiError)
    return error.code === NETWORK_ERROR || error.status === 0 ? 'network' : 'other';
  const text = messageOf(error);
  if (error instanceof Error && error.name === 'ChunkLoadError') return 'chunk';
  if (CHUNK_PATTERNS.some((p) => p.test(text))) return 'chunk';
  if (NETWORK_PATTERNS.some((p) => p.test(text))) return 'network';
  return 'other';
}
