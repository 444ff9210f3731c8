import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSdiState } from '@shared/invoicing/sdi.ts';
import { ApiError, api } from '@web/app/api.ts';
import { invoicesKey } from './invoices-api.ts';
import { isAwaitingSdi, sdiRefetchInterval } from './sdi-texts.ts';

/** An invoice's exchange with the SDI, under the invoices' key: a change to the invoice refreshes it too. */
export const sdiKey = (orgId: string | null, invoiceId: string) =>
  [...invoicesKey(orgId), 'sdi', invoiceId] as const;

const sdiPath = (invoiceId: string) => `/api/v1/invoices/${encodeURIComponent(invoiceId)}/sdi`;

/** The notification's file as the SDI sent it (an attachment: a plain link downloads it). */
export const sdiNotificationPath = (invoiceId: string, notificationId: string) =>
  `${sdiPath(invoiceId)}/notifications/${encodeURIComponent(notificationId)}`;

/**
 * GET /api/v1/invoices/:id/sdi. While the SDI's answer to the latest file is awaited the state is looked at again
 * (often while the PEC message leaves, then every 15 s) and whenever the window regains the focus; never otherwise.
 */
export function useSdiState(orgId: string | null, invoiceId: string) {
  return useQuery({
    queryKey: sdiKey(orgId, invoiceId),
    queryFn: ({ signal }) => api<TSdiState>(sdiPath(invoiceId), { signal }),
    enabled: !!orgId,
    refetchInterval: (query) => sdiRefetchInterval(query.state.data),
    refetchOnWindowFocus: (query) => (isAwaitingSdi(query.state.data) ? 'always' : false),
  });
}

/**
 * POST /api/v1/invoices/:id/sdi ("Send to SDI", from the chosen PEC account): the answer is the new state. A
 * conflict (already sent, no PEC account any more) means the state shown is old: it is fetched again.
 */
export function useSendToSdi(orgId: string | null, invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string | undefined) =>
      api<TSdiState>(sdiPath(invoiceId), { method: 'POST', body: accountId ? { accountId } : {} }),
    retry: false,
    onSuccess: (state) => queryClient.setQueryData(sdiKey(orgId, invoiceId), state),
    onError: (error) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: sdiKey(orgId, invoiceId) })
        : undefined,
  });
}
