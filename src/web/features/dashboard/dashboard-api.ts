import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod, TDashboard } from '@shared/reports/contracts.ts';
import { api } from '@web/app/api.ts';

export const dashboardKey = (orgId: string | null, period: DashboardPeriod) =>
  ['dashboard', orgId, period] as const;

/** The dashboard's figures of a period: what the page reads and what a hover on its link prefetches. */
export const dashboardQuery = (orgId: string | null, period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardKey(orgId, period),
    queryFn: ({ signal }) => api<TDashboard>(`/api/v1/dashboard?period=${period}`, { signal }),
    staleTime: 30_000,
  });

/** The dashboard's figures; refetched when the window regains focus, so a returning user sees fresh numbers. */
export function useDashboard(orgId: string | null, period: DashboardPeriod) {
  return useQuery({ ...dashboardQuery(orgId, period), placeholderData: keepPreviousData, enabled: !!orgId });
}
