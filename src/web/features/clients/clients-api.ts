import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClient, TClientInput } from '@shared/clients/contracts.ts';
import type {
  ClientExportFormat,
  TClientImportRequest,
  TClientImportResult,
} from '@shared/clients/import-export.ts';
import type { TClientTimeline } from '@shared/clients/timeline.ts';
import type { TSendResult } from '@shared/invoicing/contracts.ts';
import { api, ApiError, isRetryable, NETWORK_ERROR, saveFile } from '@web/app/api.ts';
import { detailFieldIssues, type FieldIssue } from '@web/app/form-errors.ts';
import { isQueuedOffline, sendOrQueue } from '@web/features/offline/offline-queue.ts';

export interface ClientPage {
  items: TClient[];
  total: number;
  page: number;
  pageSize: number;
}

/** The list's filters as they sit in the URL (strings; absent = default). */
export interface ClientListParams {
  q?: string;
  sort?: string;
  type?: string;
  archived?: string;
  country?: string;
  page?: number;
}

export const clientsKey = (organizationId: string | null) => ['clients', organizationId] as const;

/** The query string of the filters; defaults are left out so URLs stay short. */
export function clientQueryString(params: ClientListParams, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.sort && params.sort !== 'name') search.set('sort', params.sort);
  if (params.type) search.set('type', params.type);
  if (params.archived && params.archived !== 'active') search.set('archived', params.archived);
  if (params.country) search.set('country', params.country);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  for (const [k, v] of Object.entries(extra)) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function useClientList(organizationId: string | null, params: ClientListParams) {
  return useQuery({
    queryKey: [...clientsKey(organizationId), 'list', params],
    queryFn: ({ signal }) => api<ClientPage>(`/api/v1/clients${clientQueryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useClient(organizationId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: [...clientsKey(organizationId), 'one', id],
    queryFn: ({ signal }) => api<TClient>(`/api/v1/clients/${id}`, { signal }),
    enabled: !!id,
  });
}

export function useClientTimeline(organizationId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: [...clientsKey(organizationId), 'timeline', id],
    queryFn: ({ signal }) => api<TClientTimeline>(`/api/v1/clients/${id}/timeline`, { signal }),
    enabled: !!id,
    staleTime: 30_000,
  });
}

/** E-mails the client a statement of its open invoices; the timeline shows the message afterwards. */
export function useSendStatement(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<TSendResult>(`/api/v1/clients/${id}/statement`, { method: 'POST', body: {} }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey(organizationId) }),
  });
}

/**
 * Create (no id) or replace (id) a client; every list and the client itself are refreshed. A new client carries an
 * Idempotency-Key; offline it is queued and the mutation fails with QueuedOfflineError (issue 18).
 */
export function useSaveClient(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    // Once more on a server error, as every mutation; a create queued offline is not tried again.
    retry: (failureCount, error) => failureCount < 1 && !isQueuedOffline(error) && isRetryable(error),
    mutationFn: ({ id, values }: { id?: string; values: TClientInput }) =>
      id
        ? api<TClient>(`/api/v1/clients/${id}`, { method: 'PUT', body: values })
        : sendOrQueue({ kind: 'client.create', payload: values }, (key) =>
            api<TClient>('/api/v1/clients', {
              method: 'POST',
              body: values,
              headers: { 'Idempotency-Key': key },
            }),
          ),
    onSuccess: async (client) => {
      queryClient.setQueryData([...clientsKey(organizationId), 'one', client.id], client);
      await queryClient.invalidateQueries({ queryKey: clientsKey(organizationId) });
    },
  });
}

export function useArchiveClient(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api<TClient>(`/api/v1/clients/${id}/${archived ? 'archive' : 'restore'}`, { method: 'POST' }),
    onSuccess: async (client) => {
      queryClient.setQueryData([...clientsKey(organizationId), 'one', client.id], client);
      await queryClient.invalidateQueries({ queryKey: clientsKey(organizationId) });
    },
  });
}

export function useDeleteClient(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/v1/clients/${id}`, { method: 'DELETE' }),
    // A refused delete is the user's answer to act on (IN_USE), never retried.
    retry: false,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...clientsKey(organizationId), 'one', id] });
      await queryClient.invalidateQueries({ queryKey: clientsKey(organizationId) });
    },
  });
}

export function useImportClients(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientImportRequest) =>
      api<TClientImportResult>('/api/v1/clients/import', { method: 'POST', body }),
    // Writing twice would only find duplicates, but a dry run is cheap to ask again by hand.
    retry: false,
    onSuccess: async (result) => {
      if (!result.dryRun && result.imported > 0)
        await queryClient.invalidateQueries({ queryKey: clientsKey(organizationId) });
    },
  });
}

/**
 * Downloads the filtered list as a file: the server names it (clienti-YYYY-MM-DD.csv) and writes headers in the
 * interface language.
 */
export async function downloadClientExport(format: ClientExportFormat, params: ClientListParams) {
  const { page: _page, ...filters } = params;
  let response: Response;
  try {
    response = await fetch(`/api/v1/clients/export${clientQueryString(filters, { format })}`, {
      credentials: 'same-origin',
      headers: { 'Accept-Language': document.documentElement.lang || 'it' },
    });
  } catch {
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: 'Network error: failed to fetch' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw new ApiError({
      status: response.status,
      code: body.error?.code ?? 'INTERNAL',
      message: body.error?.message ?? response.statusText,
    });
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `clienti.${format}`;
  saveFile(blob, fileName);
  return { fileName, count: Number(response.headers.get('x-total-count') ?? 0) };
}

/**
 * Field problems of a failed save: validation errors and duplicates (409 with the field that clashed), as
 * translation keys when the server gave one.
 */
export function clientFieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  if (error.code !== 'VALIDATION_ERROR' && error.code !== 'ALREADY_EXISTS') return [];
  return detailFieldIssues(error);
}
