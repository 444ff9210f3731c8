import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSupplierDetail, TSupplierPage, TSupplierUpdateBody } from '@shared/suppliers/contracts.ts';
import { api } from '@web/app/api.ts';

/** The suppliers' list as it sits in the URL (`/clients?view=suppliers&q=&page=`). */
export interface SupplierListParams {
  q?: string;
  page?: number;
}

export const SUPPLIERS_PAGE_SIZE = 10;

/** Every key of the suppliers starts with 'suppliers' and the organization id. */
export const suppliersKey = (orgId: string | null) => ['suppliers', orgId] as const;

export function useSupplierList(orgId: string | null, params: SupplierListParams) {
  return useQuery({
    queryKey: [...suppliersKey(orgId), 'list', { q: params.q, page: params.page ?? 1 }],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(params.page ?? 1),
        pageSize: String(SUPPLIERS_PAGE_SIZE),
      });
      if (params.q) search.set('q', params.q);
      return api<TSupplierPage>(`/api/v1/suppliers?${search.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !!orgId,
  });
}

export function useSupplier(orgId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: [...suppliersKey(orgId), 'one', id],
    queryFn: ({ signal }) => api<TSupplierDetail>(`/api/v1/suppliers/${encodeURIComponent(id!)}`, { signal }),
    staleTime: 60_000,
    enabled: !!orgId && !!id,
  });
}

/** The supplier that is this client too (same P.IVA or codice fiscale), or null. */
export function useSupplierOfClient(orgId: string | null, clientId: string) {
  return useQuery({
    queryKey: [...suppliersKey(orgId), 'of-client', clientId],
    queryFn: async ({ signal }) => {
      const page = await api<TSupplierPage>(
        `/api/v1/suppliers?clientId=${encodeURIComponent(clientId)}&pageSize=1`,
        { signal },
      );
      return page.items[0] ?? null;
    },
    staleTime: 60_000,
    enabled: !!orgId,
  });
}

/** Corrects a supplier's name or address; the lists (suppliers, received invoices) are fetched again. */
export function useUpdateSupplier(orgId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TSupplierUpdateBody) =>
      api<TSupplierDetail>(`/api/v1/suppliers/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: (supplier) => {
      queryClient.setQueryData([...suppliersKey(orgId), 'one', id], supplier);
      void queryClient.invalidateQueries({ queryKey: suppliersKey(orgId) });
      void queryClient.invalidateQueries({ queryKey: ['purchase-invoices', orgId] });
    },
  });
}
