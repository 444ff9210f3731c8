import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isRetryable } from './api.ts';

/** The spec's data settings: stale after 5 min, 3 retries with exponential delay capped at 30 s, no refetch on focus, mutations retried once. */
export const STALE_TIME_MS = 5 * 60_000;
export const MAX_RETRY_DELAY_MS = 30_000;
const ME_KEY = 'me';

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  // A 401 anywhere means the session ended: reload the session so the guard sends the user to /login.
  const onError = (error: unknown, key?: readonly unknown[]) => {
    if (error instanceof ApiError && error.status === 401 && key?.[0] !== ME_KEY) {
      void client.invalidateQueries({ queryKey: [ME_KEY] });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: (failureCount, error) => failureCount < 3 && isRetryable(error),
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
        retryDelay,
      },
    },
  });
  return client;
}
