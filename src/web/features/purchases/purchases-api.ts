import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPurchaseInvoice,
  TPurchaseInvoicePage,
  TPurchasePaymentInput,
} from '@shared/purchases/contracts.ts';
import { api, apiDownload } from '@web/app/api.ts';

/** The list's search and page as they sit in the URL (`/purchase-invoices?q=&page=`). */
export interface PurchaseListParams {
  q?: string;
  page?: number;
  /** One supplier's invoices (its page). */
  supplierId?: string;
}

export const PURCHASES_PAGE_SIZE = 20;

/** Every key of the received invoices starts with 'purchase-invoices' and the organization id. */
export const purchasesKey = (orgId: string | null) => ['purchase-invoices', orgId] as const;

/** One page of the received invoices, newest document date first; `q` matches the supplier or the number. */
export const purchaseInvoicesQuery = (orgId: string | null, params: PurchaseListParams) =>
  queryOptions({
    queryKey: [
      ...purchasesKey(orgId),
      'list',
      { q: params.q, page: params.page ?? 1, supplierId: params.supplierId },
    ],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(params.page ?? 1),
        pageSize: String(PURCHASES_PAGE_SIZE),
      });
      if (params.q) search.set('q', params.q);
      if (params.supplierId) search.set('supplierId', params.supplierId);
      return api<TPurchaseInvoicePage>(`/api/v1/purchase-invoices?${search.toString()}`, { signal });
    },
    staleTime: 30_000,
  });

export function usePurchaseInvoices(orgId: string | null, params: PurchaseListParams) {
  return useQuery({
    ...purchaseInvoicesQuery(orgId, params),
    placeholderData: keepPreviousData,
    enabled: !!orgId,
  });
}

export function usePurchaseInvoice(orgId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: [...purchasesKey(orgId), 'one', id],
    queryFn: ({ signal }) =>
      api<TPurchaseInvoice>(`/api/v1/purchase-invoices/${encodeURIComponent(id!)}`, { signal }),
    staleTime: 60_000,
    enabled: !!orgId && !!id,
  });
}

/** The file as the supplier sent it (.xml, or signed .xml.p7m), saved under its own name. */
export function downloadPurchaseFile(invoice: Pick<TPurchaseInvoice, 'id' | 'fileName'>) {
  return apiDownload(`/api/v1/purchase-invoices/${encodeURIComponent(invoice.id)}/file`, {
    fallbackName: invoice.fileName,
  });
}

/**
 * "Mark as paid": records a payment (its id made here, so a retry records it once) and its expense in the ledger;
 * the invoice, the ledger and the reports are fetched again.
 */
export function usePayPurchaseInvoice(orgId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TPurchasePaymentInput) =>
      api<TPurchaseInvoice>(`/api/v1/purchase-invoices/${encodeURIComponent(id)}/payments`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (invoice) => {
      queryClient.setQueryData([...purchasesKey(orgId), 'one', id], invoice);
      void queryClient.invalidateQueries({ queryKey: purchasesKey(orgId) });
      for (const root of ['transactions', 'reports', 'dashboard']) {
        void queryClient.invalidateQueries({ queryKey: [root, orgId] });
      }
    },
  });
}
