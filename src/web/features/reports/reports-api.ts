import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TReceivables,
  TSalesRegister,
  TVatSettlement,
  VatPeriodicityValue,
} from '@shared/reports/contracts.ts';
import type { TCashFlow } from '@shared/reports/cash-flow-contracts.ts';
import type { TProfitAndLoss } from '@shared/reports/profit-and-loss-contracts.ts';
import type { TInventoryReport, TRevenue } from '@shared/reports/revenue-contracts.ts';
import type { TPurchaseRegister } from '@shared/reports/purchase-register-contracts.ts';
import { api } from '@web/app/api.ts';

/** TanStack Query hooks of the reports; every key starts with 'reports' and the organization id. */
const root = (orgId: string | null) => ['reports', orgId] as const;
export const reportKeys = {
  all: root,
  vatSettlement: (orgId: string | null, year: number, periodicity: VatPeriodicityValue | undefined) =>
    [...root(orgId), 'vat-settlement', year, periodicity] as const,
  receivables: (orgId: string | null, asOf?: string) =>
    [...root(orgId), 'receivables', asOf ?? 'today'] as const,
  salesRegister: (orgId: string | null, query: string) => [...root(orgId), 'sales-register', query] as const,
  purchaseRegister: (orgId: string | null, query: string) =>
    [...root(orgId), 'purchase-register', query] as const,
  profitAndLoss: (orgId: string | null, query: string) => [...root(orgId), 'profit-and-loss', query] as const,
  cashFlow: (orgId: string | null, query: string) => [...root(orgId), 'cash-flow', query] as const,
  revenue: (orgId: string | null, query: string) => [...root(orgId), 'revenue', query] as const,
  inventory: (orgId: string | null, query: string) => [...root(orgId), 'inventory', query] as const,
};

/** Reports change only when documents do: five minutes fresh (email-client.md §9, report cache). */
const REPORT_STALE_MS = 5 * 60_000;

/** Without a periodicity the server uses the business's own setting. */
export const vatSettlementQuery = (
  orgId: string | null,
  year: number,
  periodicity: VatPeriodicityValue | undefined,
) =>
  queryOptions({
    queryKey: reportKeys.vatSettlement(orgId, year, periodicity),
    queryFn: ({ signal }) =>
      api<TVatSettlement>(
        `/api/v1/reports/vat-settlement?year=${year}${periodicity ? `&periodicity=${periodicity}` : ''}`,
        { signal },
      ),
    staleTime: REPORT_STALE_MS,
  });

export function useVatSettlement(
  orgId: string | null,
  year: number,
  periodicity: VatPeriodicityValue | undefined,
) {
  return useQuery({
    ...vatSettlementQuery(orgId, year, periodicity),
    placeholderData: keepPreviousData,
    enabled: !!orgId,
  });
}

/** Receivables at the end of `asOf` (the organization's today when left out); a valid date only. */
export function useReceivables(orgId: string | null, asOf: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.receivables(orgId, asOf),
    queryFn: ({ signal }) =>
      api<TReceivables>(`/api/v1/reports/receivables${asOf ? `?asOf=${asOf}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
    enabled: !!orgId && enabled,
  });
}

export function useSalesRegister(orgId: string | null, query: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.salesRegister(orgId, query),
    queryFn: ({ signal }) => api<TSalesRegister>(`/api/v1/reports/sales-register?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
    enabled: !!orgId && enabled,
  });
}

/** `query`: `from=…&to=…&page=…&pageSize=…`. */
export function usePurchaseRegister(orgId: string | null, query: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.purchaseRegister(orgId, query),
    queryFn: ({ signal }) => api<TPurchaseRegister>(`/api/v1/reports/purchase-register?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
    enabled: !!orgId && enabled,
  });
}

/** `query`: `from=…&to=…`. */
export function useProfitAndLoss(orgId: string | null, query: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.profitAndLoss(orgId, query),
    queryFn: ({ signal }) => api<TProfitAndLoss>(`/api/v1/reports/profit-and-loss?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
    enabled: !!orgId && enabled,
  });
}

/** Revenue by client, item or category (`query`: from, to, by, page, pageSize). */
export function useRevenue(orgId: string | null, query: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.revenue(orgId, query),
    queryFn: ({ signal }) => api<TRevenue>(`/api/v1/reports/revenue?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
    enabled: !!orgId && enabled,
  });
}

/** `query`: `from=…&to=…` (the actual months; the forecast always starts today). */
export function useCashFlow(orgId: string | null, query: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.cashFlow(orgId, query),
    queryFn: ({ signal }) => api<TCashFlow>(`/api/v1/reports/cash-flow?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
    enabled: !!orgId && enabled,
  });
}

/** Inventory valuation and movements (`query`: from, to, page, pageSize). */
export function useInventoryReport(orgId: string | null, query: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.inventory(orgId, query),
    queryFn: ({ signal }) => api<TInventoryReport>(`/api/v1/reports/inventory?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
    enabled: !!orgId && enabled,
  });
}
