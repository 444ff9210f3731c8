import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentType,
  ReadingStatus,
  TBulkAction,
  TDocument,
  TDocumentPage,
  TDocumentTag,
  TDocumentUpdate,
  TRule,
  TRuleInput,
  TUploadResult,
  LinkRecordType,
} from '@shared/documents/contracts.ts';
import type { TChannel, TServerMessage } from '@shared/realtime/messages.ts';
import type { TTransactionFormValues } from '@shared/transactions/contracts.ts';
import { api, apiDownload, ApiError, NETWORK_ERROR } from '@web/app/api.ts';
import { useNotifications } from '@web/features/notifications/notifications-provider.tsx';
import { mergeDocumentLists } from './linked-records.ts';

/** TanStack Query hooks of the documents area; every key starts with 'documents' and the organization id. */
const root = (orgId: string | null) => ['documents', orgId] as const;
export const documentKeys = {
  all: root,
  lists: (orgId: string | null) => [...root(orgId), 'list'] as const,
  list: (orgId: string | null, query: string) => [...root(orgId), 'list', query] as const,
  detail: (orgId: string | null, id: string) => [...root(orgId), 'detail', id] as const,
  tags: (orgId: string | null) => [...root(orgId), 'tags'] as const,
  rules: (orgId: string | null) => [...root(orgId), 'rules'] as const,
  correspondents: (orgId: string | null, q: string) => [...root(orgId), 'correspondents', q] as const,
};

const path = (id: string, rest = '') => `/api/v1/documents/${encodeURIComponent(id)}${rest}`;

/** The stored file: inline for the preview, as an attachment with `download`. */
export const documentFileUrl = (id: string, download = false) =>
  path(id, `/file${download ? '?download=1' : ''}`);

export function useDocuments(orgId: string | null, query: string, enabled = true) {
  return useQuery({
    queryKey: documentKeys.list(orgId, query),
    queryFn: ({ signal }) => api<TDocumentPage>(`/api/v1/documents?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled: !!orgId && enabled,
  });
}

export function useDocument(orgId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: documentKeys.detail(orgId, id ?? ''),
    queryFn: ({ signal }) => api<TDocument>(path(id!), { signal }),
    enabled: !!orgId && !!id,
    staleTime: 15_000,
  });
}

export function useTags(orgId: string | null) {
  return useQuery({
    queryKey: documentKeys.tags(orgId),
    queryFn: async ({ signal }) =>
      (await api<{ items: TDocumentTag[] }>('/api/v1/document-tags', { signal })).items,
    enabled: !!orgId,
  });
}

export function useRules(orgId: string | null, enabled = true) {
  return useQuery({
    queryKey: documentKeys.rules(orgId),
    queryFn: async ({ signal }) =>
      (await api<{ items: TRule[] }>('/api/v1/document-rules', { signal })).items,
    enabled: !!orgId && enabled,
  });
}

export type Correspondent = { kind: 'client' | 'supplier'; id: string; name: string };

export function useCorrespondents(orgId: string | null, q: string, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.correspondents(orgId, q),
    queryFn: async ({ signal }) =>
      (
        await api<{ items: Correspondent[] }>(
          `/api/v1/documents/correspondents?${new URLSearchParams(q.trim() ? { q: q.trim() } : {})}`,
          { signal },
        )
      ).items,
    enabled: !!orgId && enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** After a change the lists refetch and the changed document takes the server's answer. */
function useApplyDocument(orgId: string | null) {
  const queryClient = useQueryClient();
  return (document?: TDocument | null) => {
    if (document) queryClient.setQueryData(documentKeys.detail(orgId, document.id), document);
    return queryClient.invalidateQueries({ queryKey: documentKeys.lists(orgId) });
  };
}

export function useUpdateDocument(orgId: string | null, id: string) {
  const apply = useApplyDocument(orgId);
  return useMutation({
    mutationFn: (update: TDocumentUpdate) => api<TDocument>(path(id), { method: 'PATCH', body: update }),
    onSuccess: (document) => apply(document),
  });
}

/** Moves to the trash, restores, cancels or retries the reading: the answer is the document (or nothing). */
export function useDocumentAction(orgId: string | null) {
  const queryClient = useQueryClient();
  const apply = useApplyDocument(orgId);
  return useMutation({
    mutationFn: async ({
      id,
      action,
    }: {
      id: string;
      action: 'delete' | 'restore' | 'permanent' | 'cancelReading' | 'retryReading';
    }) => {
      switch (action) {
        case 'delete':
          return api<null>(path(id), { method: 'DELETE' });
        case 'permanent':
          return api<null>(path(id, '/permanent'), { method: 'DELETE' });
        case 'restore':
          return api<TDocument>(path(id, '/restore'), { method: 'POST' });
        case 'cancelReading':
          return api<TDocument>(path(id, '/reading/cancel'), { method: 'POST' });
        case 'retryReading':
          return api<TDocument>(path(id, '/reading/retry'), { method: 'POST' });
      }
    },
    onSuccess: (document, { id, action }) => {
      if (action === 'delete' || action === 'permanent')
        void queryClient.invalidateQueries({ queryKey: documentKeys.detail(orgId, id) });
      return apply(document);
    },
  });
}

export function useAddLink(orgId: string | null, id: string) {
  const apply = useApplyDocument(orgId);
  return useMutation({
    mutationFn: (link: { recordType: LinkRecordType; recordId: string }) =>
      api<TDocument>(path(id, '/links'), { method: 'POST', body: link }),
    onSuccess: (document) => apply(document),
  });
}

export function useRemoveLink(orgId: string | null, id: string) {
  const apply = useApplyDocument(orgId);
  return useMutation({
    mutationFn: (linkId: string) =>
      api<TDocument>(path(id, `/links/${encodeURIComponent(linkId)}`), { method: 'DELETE' }),
    onSuccess: (document) => apply(document),
  });
}

export function useBulkAction(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TBulkAction) =>
      api<{ count: number }>('/api/v1/documents/bulk', { method: 'POST', body: action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root(orgId) }),
  });
}

export function downloadZip(ids: string[]) {
  return apiDownload('/api/v1/documents/download', {
    method: 'POST',
    body: { ids },
    fallbackName: 'documenti.zip',
  });
}

export function downloadDocument(id: string, fileName: string) {
  return apiDownload(documentFileUrl(id, true), { fallbackName: fileName });
}

/** The expense made from a receipt: the transactions form's values, answered with the new entry's id. */
export function useCreateExpense(orgId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TTransactionFormValues) =>
      api<{ transactionId: string }>(path(id, '/expense'), { method: 'POST', body: values }),
    // Creating twice because a retry followed a slow answer would book the expense twice.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.detail(orgId, id) }),
        queryClient.invalidateQueries({ queryKey: ['transactions', orgId] }),
      ]),
  });
}

export function useSaveTag(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      values,
    }: {
      id: string | null;
      values: { name: string; color: TDocumentTag['color'] };
    }) =>
      id
        ? api<TDocumentTag>(`/api/v1/document-tags/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: values,
          })
        : api<TDocumentTag>('/api/v1/document-tags', { method: 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root(orgId) }),
  });
}

export function useDeleteTag(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/v1/document-tags/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root(orgId) }),
  });
}

export function useSaveRule(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: TRuleInput }) =>
      id
        ? api<TRule>(`/api/v1/document-rules/${encodeURIComponent(id)}`, { method: 'PUT', body: values })
        : api<TRule>('/api/v1/document-rules', { method: 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.rules(orgId) }),
  });
}

export function useDeleteRule(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/v1/document-rules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.rules(orgId) }),
  });
}

/**
 * Sends one file (POST /api/v1/documents, multipart, field `file` after the text fields) with XMLHttpRequest,
 * whose upload events give the progress that fetch cannot. Refusals come back as ApiError, as with `api`.
 */
export function uploadDocument(
  file: File,
  options: { allowDuplicate?: boolean; onProgress?: (share: number) => void; signal?: AbortSignal },
): Promise<TUploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (options.allowDuplicate) form.append('allowDuplicate', 'true');
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'it');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as TUploadResult);
      const err = ((body as { error?: { code?: string; message?: string; details?: unknown } } | null)
        ?.error ?? {}) as { code?: string; message?: string; details?: unknown };
      reject(
        new ApiError({
          status: xhr.status,
          code:
            err.code ?? (xhr.status === 413 ? 'FILE_TOO_LARGE' : xhr.status >= 500 ? 'INTERNAL' : 'UNKNOWN'),
          message: err.message ?? xhr.statusText,
          details: err.details,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: NETWORK_ERROR, message: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The live reading progress (websocket channel `documents`, message DOCUMENT_READING). */
export type ReadingUpdate = { documentId: string; status: ReadingStatus; progress: number };

const DOCUMENTS_CHANNEL = 'documents' as TChannel;

/**
 * Listens to the `documents` channel on the app's one live connection while a documents screen is open: each
 * DOCUMENT_READING goes to `onReading`, the open document's cache takes the new status and progress, and a
 * finished reading refetches the lists and that document (its text and suggestions arrived).
 */
export function useDocumentsLive(orgId: string | null, onReading?: (update: ReadingUpdate) => void) {
  const queryClient = useQueryClient();
  const { subscribeLive } = useNotifications();
  const callback = useRef(onReading);
  useEffect(() => {
    callback.current = onReading;
  });
  useEffect(() => {
    if (!orgId) return;
    const onMessage = (message: TServerMessage) => {
      const m = message as unknown as { type: string } & Partial<ReadingUpdate>;
      if (m.type !== 'DOCUMENT_READING' || !m.documentId || !m.status) return;
      const update: ReadingUpdate = { documentId: m.documentId, status: m.status, progress: m.progress ?? 0 };
      callback.current?.(update);
      const key = documentKeys.detail(orgId, update.documentId);
      queryClient.setQueryData<TDocument>(key, (doc) =>
        doc ? { ...doc, readingStatus: update.status, readingProgress: update.progress } : doc,
      );
      // The lists on screen show the progress too, without asking the server again.
      queryClient.setQueriesData<TDocumentPage>({ queryKey: documentKeys.lists(orgId) }, (page) =>
        page?.items.some((item) => item.id === update.documentId)
          ? {
              ...page,
              items: page.items.map((item) =>
                item.id === update.documentId
                  ? { ...item, readingStatus: update.status, readingProgress: update.progress }
                  : item,
              ),
            }
          : page,
      );
      if (update.status !== 'pending' && update.status !== 'running') {
        void queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: documentKeys.lists(orgId) });
      }
    };
    return subscribeLive(DOCUMENTS_CHANNEL, {
      onMessage,
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: root(orgId) }),
    });
  }, [orgId, subscribeLive, queryClient]);
}

/** A record a document can be linked to, as the link dialog lists it. */
export type RecordOption = { id: string; label: string; detail: string };

type Paged<T> = { items: T[] };

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

/** Each record type searched through its own list API (the first 10 matches). */
async function searchRecords(type: LinkRecordType, q: string, signal: AbortSignal): Promise<RecordOption[]> {
  const text = q.trim();
  const query = new URLSearchParams({ pageSize: '10', ...(text ? { q: text } : {}) });
  switch (type) {
    case 'client':
    case 'supplier': {
      const found = await api<Paged<Correspondent>>(
        `/api/v1/documents/correspondents?${new URLSearchParams(text ? { q: text } : {})}`,
        { signal },
      );
      return found.items.filter((c) => c.kind === type).map((c) => ({ id: c.id, label: c.name, detail: '' }));
    }
    case 'invoice': {
      const found = await api<
        Paged<{ id: string; number: string | null; issueDate: string; client: { name: string } }>
      >(`/api/v1/invoices?${query}`, { signal });
      return found.items.map((i) => ({
        id: i.id,
        label: i.number ?? '—',
        detail: `${i.client.name} · ${i.issueDate}`,
      }));
    }
    case 'quote': {
      const found = await api<
        Paged<{ id: string; number: string; issueDate: string; client: { name: string } }>
      >(`/api/v1/quotes?${query}`, { signal });
      return found.items.map((i) => ({
        id: i.id,
        label: i.number,
        detail: `${i.client.name} · ${i.issueDate}`,
      }));
    }
    case 'transaction': {
      const found = await api<
        Paged<{ id: string; occurredOn: string; description: string | null; amountCents: number }>
      >(`/api/v1/transactions?${query}`, { signal });
      return found.items.map((i) => ({
        id: i.id,
        label: i.description || i.occurredOn,
        detail: `${i.occurredOn} · ${(i.amountCents / 100).toFixed(2)} €`,
      }));
    }
    case 'event': {
      const found = await api<Paged<{ eventId: string; title: string; date: string }>>(
        `/api/v1/events?${new URLSearchParams({ from: isoDay(-200), to: isoDay(199) })}`,
        { signal },
      );
      const seen = new Set<string>();
      const needle = text.toLocaleLowerCase();
      return found.items
        .filter((e) => !needle || e.title.toLocaleLowerCase().includes(needle))
        .filter((e) => !seen.has(e.eventId) && !!seen.add(e.eventId))
        .slice(0, 10)
        .map((e) => ({ id: e.eventId, label: e.title, detail: e.date }));
    }
    case 'inventory_item': {
      const found = await api<Paged<{ id: string; name: string; sku: string }>>(
        `/api/v1/inventory?${query}`,
        {
          signal,
        },
      );
      return found.items.map((i) => ({ id: i.id, label: i.name, detail: i.sku }));
    }
    case 'purchase_invoice': {
      const found = await api<Paged<{ id: string; number: string; supplierName: string; issueDate: string }>>(
        `/api/v1/purchase-invoices?${query}`,
        { signal },
      );
      return found.items.map((i) => ({
        id: i.id,
        label: i.number,
        detail: `${i.supplierName} · ${i.issueDate}`,
      }));
    }
  }
}

export function useRecordSearch(orgId: string | null, type: LinkRecordType, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...root(orgId), 'record-search', type, q],
    queryFn: ({ signal }) => searchRecords(type, q, signal),
    enabled: !!orgId && enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Links one document to a record (the record pages' "Link a document" and "Upload"). */
export function useLinkDocument(orgId: string | null) {
  const apply = useApplyDocument(orgId);
  return useMutation({
    mutationFn: ({
      documentId,
      ...link
    }: {
      documentId: string;
      recordType: LinkRecordType;
      recordId: string;
    }) => api<TDocument>(path(documentId, '/links'), { method: 'POST', body: link }),
    onSuccess: (document) => apply(document),
  });
}

/** The signed-in user's mail attachment kept as a document: created, or the same file already stored. */
export function useSaveFromMail(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) =>
      api<TUploadResult>('/api/v1/documents/from-mail', { method: 'POST', body: { attachmentId } }),
    // Saving twice because a retry followed a slow answer would only find the duplicate; still, one request.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists(orgId) }),
  });
}

/** A mail folder whose new messages' attachments are filed as documents. */
export type MailImport = { folderId: string; assignType: DocumentType | null; assignTagIds: string[] };

const mailImportsKey = (orgId: string | null) => [...root(orgId), 'mail-imports'] as const;

export function useMailImports(orgId: string | null, enabled = true) {
  return useQuery({
    queryKey: mailImportsKey(orgId),
    queryFn: async ({ signal }) =>
      (await api<{ items: MailImport[] }>('/api/v1/documents/mail-imports', { signal })).items,
    enabled: !!orgId && enabled,
    staleTime: 60_000,
  });
}

/** Turns a folder's import on (PUT) or off (DELETE). */
export function useSetMailImport(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, on }: { folderId: string; on: boolean }) => {
      const url = `/api/v1/documents/mail-imports/${encodeURIComponent(folderId)}`;
      return on ? api<MailImport>(url, { method: 'PUT', body: {} }) : api<null>(url, { method: 'DELETE' });
    },
    onSuccess: (answer, { folderId, on }) => {
      queryClient.setQueryData<MailImport[]>(mailImportsKey(orgId), (items) => {
        const others = (items ?? []).filter((i) => i.folderId !== folderId);
        return on ? [...others, answer ?? { folderId, assignType: null, assignTagIds: [] }] : others;
      });
    },
  });
}

/** How many documents a record page shows (the rest open in the documents list). */
export const RECORD_DOCUMENTS_PAGE = 50;

/**
 * The documents of one record for its page: those linked to it and, for a client, also those filed with it as
 * correspondent (two requests, merged). `more`: the API holds more than were fetched.
 */
export function useRecordDocuments(
  orgId: string | null,
  recordType: LinkRecordType,
  recordId: string,
  enabled = true,
) {
  const size = String(RECORD_DOCUMENTS_PAGE);
  const linked = useDocuments(
    orgId,
    new URLSearchParams({ linkedType: recordType, linkedId: recordId, pageSize: size }).toString(),
    enabled,
  );
  // A contact's documents are also those filed with it as correspondent.
  const contact = recordType === 'client' || recordType === 'supplier';
  const filed = useDocuments(
    orgId,
    new URLSearchParams({
      [recordType === 'supplier' ? 'supplierId' : 'clientId']: recordId,
      pageSize: size,
    }).toString(),
    enabled && contact,
  );
  const parts = contact ? [linked, filed] : [linked];
  const failed = parts.find((p) => p.isError);
  return {
    isPending: parts.some((p) => p.isPending),
    error: failed?.error ?? null,
    items: mergeDocumentLists(...parts.map((p) => p.data?.items ?? [])),
    more: parts.some((p) => !!p.data && p.data.total > p.data.items.length),
    refetch: () => Promise.all(parts.map((p) => p.refetch())),
  };
}
