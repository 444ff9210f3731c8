import { useQuery } from '@tanstack/react-query';
import type { TSystemMode, TSystemStatus } from '@shared/health/system-status.ts';
import { api } from '@web/app/api.ts';

/** The monitor checks every 30 s: the screen follows it, the shell's banner looks every minute. */
const STATUS_REFRESH_MS = 30_000;
const MODE_REFRESH_MS = 60_000;

export const systemStatusKey = (orgId: string | null) => ['system-status', orgId] as const;

export function useSystemStatus(orgId: string | null) {
  return useQuery({
    queryKey: [...systemStatusKey(orgId), 'full'],
    queryFn: ({ signal }) => api<TSystemStatus>('/api/v1/system-status', { signal }),
    enabled: !!orgId,
    staleTime: STATUS_REFRESH_MS,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

export function useSystemMode(orgId: string | null) {
  return useQuery({
    queryKey: [...systemStatusKey(orgId), 'mode'],
    queryFn: ({ signal }) => api<TSystemMode>('/api/v1/system-status/mode', { signal }),
    enabled: !!orgId,
    staleTime: MODE_REFRESH_MS,
    refetchInterval: MODE_REFRESH_MS,
    // The banner is a hint: a failed look leaves it as it was, without retries piling up.
    retry: false,
  });
}
