import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSchedule, TScheduleInput, TScheduleList } from '@shared/reports/schedules.ts';
import { api } from '@web/app/api.ts';

/** TanStack Query hooks of the scheduled reports; the live channel's REPORT_* messages refresh this key. */
export const scheduleKeys = {
  all: (orgId: string | null) => ['report-schedules', orgId] as const,
  list: (orgId: string | null) => [...scheduleKeys.all(orgId), 'list'] as const,
  recipients: (orgId: string | null) => [...scheduleKeys.all(orgId), 'recipients'] as const,
};

export type ScheduleRecipient = { userId: string; name: string; email: string };
const path = (id: string, rest = '') => `/api/v1/reports/schedules/${encodeURIComponent(id)}${rest}`;
export const scheduleFilePath = (id: string) => path(id, '/file');

export function useReportSchedules(orgId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.list(orgId),
    queryFn: ({ signal }) => api<TScheduleList>('/api/v1/reports/schedules', { signal }),
    enabled: !!orgId,
  });
}

export function useScheduleRecipients(orgId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.recipients(orgId),
    queryFn: ({ signal }) =>
      api<{ items: ScheduleRecipient[] }>('/api/v1/reports/schedules/recipients', { signal }),
    enabled: !!orgId && enabled,
    staleTime: 60_000,
  });
}

function useScheduleMutation<TInput, TResult>(
  orgId: string | null,
  run: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.list(orgId) }),
  });
}

export function useSaveSchedule(orgId: string | null) {
  return useScheduleMutation(orgId, ({ id, input }: { id: string | null; input: TScheduleInput }) =>
    id
      ? api<TSchedule>(path(id), { method: 'PUT', body: input })
      : api<TSchedule>('/api/v1/reports/schedules', { body: input }),
  );
}

export function useDeleteSchedule(orgId: string | null) {
  return useScheduleMutation(orgId, (id: string) => api<null>(path(id), { method: 'DELETE' }));
}

export function useRunSchedule(orgId: string | null) {
  return useScheduleMutation(orgId, (id: string) => api<TSchedule>(path(id, '/run'), { method: 'POST' }));
}
