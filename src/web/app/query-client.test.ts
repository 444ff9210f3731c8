import { describe, expect, it } from 'vitest';
import { ApiError, isRetryable } from './api.ts';
import { createQueryClient, retryDelay } from './query-client.ts';

describe('query settings', () => {
  it('doubles the retry delay and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries network and server failures, never the user’s own mistakes', () => {
    expect(isRetryable(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '' }))).toBe(true);
    expect(isRetryable(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: '' }))).toBe(true);
    expect(isRetryable(new ApiError({ status: 400, code: 'VALIDATION_ERROR', message: '' }))).toBe(false);
    expect(isRetryable(new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: '' }))).toBe(false);
  });

  it('uses the spec defaults', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(5 * 60_000);
    expect(options.queries?.refetchOnWindowFocus).toBe(false);
  });
});
