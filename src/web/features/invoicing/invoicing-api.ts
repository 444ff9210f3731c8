import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientDisplayName, type TClient } from '@shared/clients/contracts.ts';
import type { TItem, TItemPage } from '@shared/inventory/contracts.ts';
import type { TInvoicingSettings, TInvoicingSettingsState } from '@shared/invoicing/contracts.ts';
import type { TaxSettings } from '@shared/invoicing/document.ts';
import { api, apiDownload } from '@web/app/api.ts';

/** GET /api/v1/invoicing/context: what the editor needs for live totals and defaults (client optional). */
export interface InvoicingContext {
  regime: string;
  splitPayment: boolean;
  stampDutyChargedToClient: boolean;
  defaultWithholding: TaxSettings['withholding'];
  defaultPensionFund: TaxSettings['pensionFund'];
  paymentTermsDays: number;
  language: 'it' | 'en';
  quoteValidityDays: number;
}

export const invoicingKey = (orgId: string | null) => ['invoicing', orgId] as const;

export function useInvoicingContext(orgId: string | null, clientId: string | null) {
  return useQuery({
    queryKey: [...invoicingKey(orgId), 'context', clientId],
    queryFn: ({ signal }) =>
      api<InvoicingContext>(
        `/api/v1/invoicing/context${clientId ? `?clientId=${encodeURIComponent(clientId)}` : ''}`,
        { signal },
      ),
    enabled: !!orgId,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useInvoicingSettings(orgId: string | null) {
  return useQuery({
    queryKey: [...invoicingKey(orgId), 'settings'],
    queryFn: ({ signal }) => api<TInvoicingSettingsState>('/api/v1/invoicing/settings', { signal }),
    enabled: !!orgId,
  });
}

export function useSaveInvoicingSettings(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TInvoicingSettings) =>
      api<TInvoicingSettingsState>('/api/v1/invoicing/settings', { method: 'PUT', body: values }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...invoicingKey(orgId), 'settings'], saved);
      // Defaults (validity, withholding, stamp duty) feed the editor's context.
      await queryClient.invalidateQueries({ queryKey: [...invoicingKey(orgId), 'context'] });
    },
  });
}

/** One client's display name (for a client filter kept in the URL by id). */
export function useClientName(orgId: string | null, id: string | null) {
  return useQuery({
    queryKey: ['clients', orgId, 'one', id],
    queryFn: ({ signal }) => api<TClient>(`/api/v1/clients/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!orgId && !!id,
    select: (c) => clientDisplayName(c) || c.email || '—',
    retry: false,
  });
}

/** Active inventory items matching the text, to copy into a line (GET /api/v1/inventory?q=). */
export function useInventoryOptions(orgId: string | null, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['inventory', orgId, 'invoicing-picker', q],
    queryFn: async ({ signal }): Promise<TItem[]> => {
      const params = new URLSearchParams({ pageSize: '10' });
      if (q.trim()) params.set('q', q.trim());
      return (await api<TItemPage>(`/api/v1/inventory?${params}`, { signal })).items;
    },
    enabled: !!orgId && enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Downloads a file of the API (PDF, XML, CSV, XLSX); a refusal arrives as an ApiError with its details. */
export function downloadFile(path: string, fallbackName: string): Promise<{ fileName: string }> {
  return apiDownload(path, { fallbackName });
}
