import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  QuoteStatus,
  TInvoice,
  TQuote,
  TQuoteInput,
  ZQuotePage,
  TSendResult,
} from '@shared/invoicing/contracts.ts';
import { api } from '@web/app/api.ts';
import { downloadFile } from '@web/features/invoicing/invoicing-api.ts';
import { useNotifications } from '@web/features/notifications/notifications-provider.tsx';
import { isPendingDelivery } from '@web/features/mail/mail-delivery.tsx';

export type TQuotePage = z.output<typeof ZQuotePage>;
/** The list's filters as they sit in the URL (`/quotes?q=&status=&from=&to=&page=`). */
export interface QuoteListParams {
  q?: string;
  status?: QuoteStatus;
  from?: string;
  to?: string;
  page?: number;
}

export const QUOTES_PAGE_SIZE = 10;

export const quotesKey = (orgId: string | null) => ['quotes', orgId] as const;

export function quoteQueryString(params: QuoteListParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  search.set('page', String(params.page ?? 1));
  search.set('pageSize', String(QUOTES_PAGE_SIZE));
  return search.toString();
}

export function useQuoteList(orgId: string | null, params: QuoteListParams) {
  return useQuery({
    queryKey: [...quotesKey(orgId), 'list', params],
    queryFn: ({ signal }) => api<TQuotePage>(`/api/v1/quotes?${quoteQueryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !!orgId,
  });
}

export function useQuote(orgId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: [...quotesKey(orgId), 'one', id],
    queryFn: ({ signal }) => api<TQuote>(`/api/v1/quotes/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!orgId && !!id, // A message still waiting for the mail server: look again until its fate is known.
    refetchInterval: (query) =>
      query.state.data?.activity.some((a) => isPendingDelivery(a.status)) ? 3000 : false,
  });
}

/**
 * A client's answer through the link arrives as a live notification linking to the quote: the quotes shown
 * are refetched then, so the open page does not keep showing "sent" under the notice that it was accepted.
 */
export function useQuotesLiveRefresh(orgId: string | null) {
  const queryClient = useQueryClient();
  const { notifications } = useNotifications();
  const about = notifications
    .filter((n) => n.data?.url?.startsWith('/quotes/'))
    .map((n) => n.id)
    .join(',');
  useEffect(() => {
    if (about) void queryClient.invalidateQueries({ queryKey: quotesKey(orgId) });
  }, [about, orgId, queryClient]);
}

/** Every change to a quote refreshes the lists and stores the answer as the quote itself. */
function useQuoteMutation<V>(orgId: string | null, fn: (v: V) => Promise<TQuote>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: async (quote) => {
      queryClient.setQueryData([...quotesKey(orgId), 'one', quote.id], quote);
      await queryClient.invalidateQueries({ queryKey: quotesKey(orgId) });
    },
  });
}

export function useSaveQuote(orgId: string | null) {
  return useQuoteMutation(orgId, ({ id, input }: { id?: string; input: TQuoteInput }) =>
    id
      ? api<TQuote>(`/api/v1/quotes/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
      : api<TQuote>('/api/v1/quotes', { method: 'POST', body: input }),
  );
}

export function useQuoteStatus(orgId: string | null, id: string) {
  return useQuoteMutation(orgId, (status: QuoteStatus) =>
    api<TQuote>(`/api/v1/quotes/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } }),
  );
}

/** Sends the quote by e-mail; the quote is fetched again (status, activity). */
export function useSendQuote(orgId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<TSendResult>(`/api/v1/quotes/${encodeURIComponent(id)}/send`, { method: 'POST', body: {} }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey(orgId) }),
  });
}

/** Converts an accepted quote into a draft invoice. */
export function useConvertQuote(orgId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<TInvoice>(`/api/v1/quotes/${encodeURIComponent(id)}/convert`, { method: 'POST', body: {} }),
    retry: false,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: quotesKey(orgId) });
      await queryClient.invalidateQueries({ queryKey: ['invoices', orgId] });
    },
  });
}

export function useDeleteQuote(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/v1/quotes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...quotesKey(orgId), 'one', id] });
      await queryClient.invalidateQueries({ queryKey: quotesKey(orgId) });
    },
  });
}

export function downloadQuotePdf(quote: Pick<TQuote, 'id' | 'number'>) {
  return downloadFile(`/api/v1/quotes/${encodeURIComponent(quote.id)}/pdf`, `Quote_${quote.number}.pdf`);
}
