import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';
import type { DateRange } from '@shared/reports/periods.ts';
import { api } from '@web/app/api.ts';

/**
 * Under ['reports', …]: the live channel's DASHBOARD_UPDATE invalidates ['reports'] (notifications provider), so
 * an open /analytics refetches when an invoice is issued or paid, a quote answered or stock moved.
 */
export const analyticsKey = (orgId: string | null, range: DateRange) =>
  ['reports', 'analytics', orgId, range.from, range.to] as const;

export const analyticsQuery = (orgId: string | null, range: DateRange) =>
  queryOptions({
    queryKey: analyticsKey(orgId, range),
    queryFn: ({ signal }) =>
      api<TAnalytics>(`/api/v1/analytics?from=${range.from}&to=${range.to}`, { signal }),
    staleTime: 60_000,
  });

export function useAnalytics(orgId: string | null, range: DateRange, enabled: boolean) {
  return useQuery({
    ...analyticsQuery(orgId, range),
    placeholderData: keepPreviousData,
    enabled: !!orgId && enabled,
  });
}
