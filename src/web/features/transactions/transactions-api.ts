import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBankStatementMappingInput } from '@shared/imports/mapping.ts';
import type {
  TBankImportPreview,
  TBankImportRequestInput,
  TBankImportResult,
} from '@shared/transactions/bank-import.ts';
import type {
  ExportFormat,
  TBankImportMapping,
  TTransaction,
  TTransactionCategory,
  TTransactionCategoryInput,
  TTransactionFormValues,
  TTransactionMonthly,
  TTransactionPage,
} from '@shared/transactions/contracts.ts';
import { api, apiDownload } from '@web/app/api.ts';
import { apiQuery, rangeIsValid, type LedgerFilters } from './filters.ts';

/** TanStack Query hooks of the ledger; every key starts with 'transactions' and the organization id. */
const root = (orgId: string | null) => ['transactions', orgId] as const;
export const keys = {
  all: root,
  list: (orgId: string | null, query: string) => [...root(orgId), 'list', query] as const,
  monthly: (orgId: string | null, query: string) => [...root(orgId), 'monthly', query] as const,
  categories: (orgId: string | null) => [...root(orgId), 'categories'] as const,
  mappings: (orgId: string | null) => [...root(orgId), 'mappings'] as const,
};

export function useTransactions(orgId: string | null, query: string, enabled = true) {
  return useQuery({
    queryKey: keys.list(orgId, query),
    queryFn: ({ signal }) => api<TTransactionPage>(`/api/v1/transactions?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !!orgId && enabled,
  });
}

export function useMonthly(orgId: string | null, query: string, enabled = true) {
  return useQuery({
    queryKey: keys.monthly(orgId, query),
    queryFn: ({ signal }) => api<TTransactionMonthly>(`/api/v1/transactions/monthly?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !!orgId && enabled,
  });
}

export function useCategories(orgId: string | null) {
  return useQuery({
    queryKey: keys.categories(orgId),
    queryFn: async () =>
      (await api<{ items: TTransactionCategory[] }>('/api/v1/transactions/categories')).items,
    enabled: !!orgId,
  });
}

/** After any change of entries, the lists, totals and chart refetch. */
function useInvalidateLedger(orgId: string | null) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: root(orgId) });
}

/**
 * The ledger page's data for its filters: one page of entries (with the totals of the whole range), the monthly
 * sums of the range and the categories. Nothing is asked while a custom range ends before it starts.
 */
export function useLedger(orgId: string | null, filters: LedgerFilters, today: Date, pageSize: number) {
  const valid = rangeIsValid(filters);
  const rangeQuery = apiQuery(filters, today);
  const listQuery = apiQuery(filters, today, { page: String(filters.page), pageSize: String(pageSize) });
  return {
    valid,
    rangeQuery,
    list: useTransactions(orgId, listQuery, valid),
    monthly: useMonthly(orgId, rangeQuery, valid),
    categories: useCategories(orgId),
  };
}

export function useSaveTransaction(orgId: string | null) {
  const invalidate = useInvalidateLedger(orgId);
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: TTransactionFormValues }) =>
      id
        ? api<TTransaction>(`/api/v1/transactions/${encodeURIComponent(id)}`, { method: 'PUT', body: values })
        : api<TTransaction>('/api/v1/transactions', { method: 'POST', body: values }),
    onSuccess: invalidate,
  });
}

export function useDeleteTransaction(orgId: string | null) {
  const invalidate = useInvalidateLedger(orgId);
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/v1/transactions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSaveCategory(orgId: string | null) {
  const invalidate = useInvalidateLedger(orgId);
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: TTransactionCategoryInput }) =>
      id
        ? api<TTransactionCategory>(`/api/v1/transactions/categories/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: values,
          })
        : api<TTransactionCategory>('/api/v1/transactions/categories', { method: 'POST', body: values }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory(orgId: string | null) {
  const invalidate = useInvalidateLedger(orgId);
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/v1/transactions/categories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useMappings(orgId: string | null, enabled = true) {
  return useQuery({
    queryKey: keys.mappings(orgId),
    queryFn: async () =>
      (await api<{ items: TBankImportMapping[] }>('/api/v1/transactions/import/mappings')).items,
    enabled: !!orgId && enabled,
  });
}

export function useSaveMapping(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; mapping: TBankStatementMappingInput }) =>
      api<TBankImportMapping>('/api/v1/transactions/import/mappings', { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.mappings(orgId) }),
  });
}

export function useDeleteMapping(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/v1/transactions/import/mappings/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.mappings(orgId) }),
  });
}

export function previewImport(input: Omit<TBankImportRequestInput, 'categoryIds'>) {
  return api<TBankImportPreview>('/api/v1/transactions/import/preview', { method: 'POST', body: input });
}

export function useImportStatement(orgId: string | null) {
  const invalidate = useInvalidateLedger(orgId);
  return useMutation({
    mutationFn: (input: TBankImportRequestInput) =>
      api<TBankImportResult>('/api/v1/transactions/import', { method: 'POST', body: input }),
    // An import must not run twice because a retry followed a slow answer (it would be harmless, but slow).
    retry: false,
    onSuccess: invalidate,
  });
}

/** Downloads the export through fetch, so a failure shows as a message instead of a JSON page. */
export async function downloadExport(query: string, format: ExportFormat): Promise<void> {
  await apiDownload(`/api/v1/transactions/export?${query}${query ? '&' : ''}format=${format}`, {
    fallbackName: `export.${format}`,
  });
}
