import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod, TDashboard } from '@shared/reports/contracts.ts';
import { api } from '@web/app/api.ts';

export const dashboardKey = (orgId: string | null, period: DashboardPeriod) =>
  ['dashboard', orgId, period] as const;

/** The dashboard's figures; refetched when the window regains focus, so a returning user sees fresh numbers. */
export function useDashboard(orgId: string | null, period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKey(orgId, period),
    queryFn: ({ signal }) => api<TDashboard>(`/api/v1/dashboard?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !!orgId,
  });
}
