import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TInventorySettings,
  TItem,
  TItemFormValues,
  TItemPage,
  TMovementPage,
  TRecordedMovement,
  TStockMovementInput,
} from '@shared/inventory/contracts.ts';
import type {
  ExportFormat,
  TItemImportRequestInput,
  TItemImportResult,
} from '@shared/inventory/import-export.ts';
import { api, apiDownload, ApiError } from '@web/app/api.ts';
import { postWithProgress } from '@web/features/imports/imports-api.ts';
import { useSignedInMe } from '@web/app/session.ts';

/** The list's filters as they live in the URL (`/inventory?q=&category=&kind=&lowStock=1&active=&page=`). */
export interface ItemFilters {
  q: string;
  category: string;
  kind: '' | 'goods' | 'service';
  lowStock: boolean;
  active: 'active' | 'inactive' | 'all';
  sort: string;
  page: number;
}

export const PAGE_SIZE = 10;

export function filtersToQuery(f: Partial<ItemFilters>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.category) params.set('category', f.category);
  if (f.kind) params.set('kind', f.kind);
  if (f.lowStock) params.set('lowStock', 'true');
  if (f.active && f.active !== 'active') params.set('active', f.active);
  if (f.sort && f.sort !== 'name') params.set('sort', f.sort);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every inventory query of the active organization starts with this key, so one invalidation refreshes all. */
export function useInventoryKey() {
  const me = useSignedInMe();
  return ['inventory', me.activeOrganizationId] as const;
}

export function useItems(filters: ItemFilters) {
  const key = useInventoryKey();
  return useQuery({
    queryKey: [...key, 'list', filters],
    queryFn: ({ signal }) =>
      api<TItemPage>(
        `/api/v1/inventory${filtersToQuery(filters, { page: String(filters.page), pageSize: String(PAGE_SIZE) })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** How many active goods are at or below their threshold (the low-stock card). */
export function useLowStockCount() {
  const key = useInventoryKey();
  return useQuery({
    queryKey: [...key, 'low-stock-count'],
    queryFn: ({ signal }) =>
      api<TItemPage>('/api/v1/inventory?lowStock=true&pageSize=1', { signal }).then((p) => p.total),
    staleTime: 15_000,
  });
}

export function useItem(id: string) {
  const key = useInventoryKey();
  return useQuery({
    queryKey: [...key, 'item', id],
    queryFn: ({ signal }) => api<TItem>(`/api/v1/inventory/${encodeURIComponent(id)}`, { signal }),
    staleTime: 15_000,
  });
}

export function useMovements(id: string, page: number) {
  const key = useInventoryKey();
  return useQuery({
    queryKey: [...key, 'movements', id, page],
    queryFn: ({ signal }) =>
      api<TMovementPage>(
        `/api/v1/inventory/${encodeURIComponent(id)}/movements?page=${page}&pageSize=${PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useCategories() {
  const key = useInventoryKey();
  return useQuery({
    queryKey: [...key, 'categories'],
    queryFn: ({ signal }) => api<{ categories: string[] }>('/api/v1/inventory/categories', { signal }),
  });
}

export function useInventorySettings() {
  const key = useInventoryKey();
  return useQuery({
    queryKey: [...key, 'settings'],
    queryFn: ({ signal }) => api<TInventorySettings>('/api/v1/inventory/settings', { signal }),
  });
}

/** The item of a scanned or typed code; null when no item has it. */
export async function lookupCode(code: string, signal?: AbortSignal): Promise<TItem | null> {
  try {
    return await api<TItem>(`/api/v1/inventory/lookup?code=${encodeURIComponent(code)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** After any write: the lists, the item pages, the categories and the scan panel read fresh data. */
function useInvalidate() {
  const queryClient = useQueryClient();
  const key = useInventoryKey();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useSaveItem() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const key = useInventoryKey();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: TItemFormValues }) =>
      id
        ? api<TItem>(`/api/v1/inventory/${encodeURIComponent(id)}`, { method: 'PUT', body: values })
        : api<TItem>('/api/v1/inventory', { method: 'POST', body: values }),
    onSuccess: async (item) => {
      queryClient.setQueryData([...key, 'item', item.id], item);
      await invalidate();
    },
  });
}

export function useDeleteItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/v1/inventory/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}

export function useRecordMovement() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const key = useInventoryKey();
  return useMutation({
    mutationFn: ({ id, movement }: { id: string; movement: TStockMovementInput }) =>
      api<TRecordedMovement>(`/api/v1/inventory/${encodeURIComponent(id)}/movements`, {
        method: 'POST',
        body: movement,
      }),
    // A refused stock-out must not be sent twice.
    retry: false,
    onSuccess: async (recorded) => {
      queryClient.setQueryData([...key, 'item', recorded.item.id], recorded.item);
      await invalidate();
    },
  });
}

export function useSaveInventorySettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (settings: TInventorySettings) =>
      api<TInventorySettings>('/api/v1/inventory/settings', { method: 'PUT', body: settings }),
    onSuccess: () => invalidate(),
  });
}

export function useImportItems() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      request,
      onUpload,
    }: {
      request: TItemImportRequestInput;
      onUpload: (share: number) => void;
    }) => postWithProgress<TItemImportResult>('/api/v1/inventory/import', request, onUpload),
    retry: false,
    onSuccess: (result) => (result.committed ? invalidate() : undefined),
  });
}

/** Downloads the filtered list as CSV or XLSX, reporting the share received when the size is known. */
export async function downloadExport(
  filters: Partial<ItemFilters>,
  format: ExportFormat,
  onProgress: (share: number | null) => void,
): Promise<void> {
  await apiDownload(`/api/v1/inventory/export${filtersToQuery(filters, { format })}`, {
    fallbackName: `inventory.${format}`,
    onProgress,
  });
}
