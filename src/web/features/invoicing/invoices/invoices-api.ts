import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceStatus,
  ReminderType,
  TInvoice,
  TInvoiceInput,
  TInvoicePage,
  TInvoiceTotals,
  TPaymentInput,
  TSendResult,
} from '@shared/invoicing/contracts.ts';
import { api } from '@web/app/api.ts';
import { downloadFile } from '@web/features/invoicing/invoicing-api.ts';
import { isPendingDelivery } from '@web/features/mail/mail-delivery.tsx';

/** The list's filters as they sit in the URL (`/invoices?q=&status=&type=&clientId=&from=&to=&dueFrom=&dueTo=&open=&openOn=&phase=&page=`). */
export interface InvoiceListParams {
  q?: string;
  status?: InvoiceStatus;
  /** Issued documents of any status (drafts left out): where a report's figure leads. */
  phase?: 'issued';
  documentType?: 'TD01' | 'TD04';
  clientId?: string;
  from?: string;
  to?: string;
  /** Due between (the cash-flow forecast's drill-down); `open`: only what is still to collect. */
  dueFrom?: string;
  dueTo?: string;
  open?: true;
  /** Open at the end of this day (the receivables report's drill-down). */
  openOn?: string;
  page?: number;
}

export const INVOICES_PAGE_SIZE = 10;

export const invoicesKey = (orgId: string | null) => ['invoices', orgId] as const;

/** The API query of the filters; without `page` it is the export's. */
export function invoiceQueryString(params: InvoiceListParams, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  if (params.documentType) search.set('documentType', params.documentType);
  if (params.clientId) search.set('clientId', params.clientId);
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  if (params.dueFrom) search.set('dueFrom', params.dueFrom);
  if (params.dueTo) search.set('dueTo', params.dueTo);
  if (params.open) search.set('open', 'true');
  if (params.openOn) search.set('openOn', params.openOn);
  if (params.phase) search.set('phase', params.phase);
  for (const [k, v] of Object.entries(extra)) search.set(k, v);
  return search.toString();
}

export function useInvoiceList(orgId: string | null, params: InvoiceListParams) {
  return useQuery({
    queryKey: [...invoicesKey(orgId), 'list', params],
    queryFn: ({ signal }) =>
      api<TInvoicePage>(
        `/api/v1/invoices?${invoiceQueryString(params, {
          page: String(params.page ?? 1),
          pageSize: String(INVOICES_PAGE_SIZE),
        })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !!orgId,
  });
}

/** Issued, collected, outstanding and overdue of the filtered invoices: a request of its own beside the page. */
export function useInvoiceTotals(orgId: string | null, params: InvoiceListParams) {
  const { page: _page, ...filters } = params;
  return useQuery({
    queryKey: [...invoicesKey(orgId), 'totals', filters],
    queryFn: ({ signal }) =>
      api<TInvoiceTotals>(`/api/v1/invoices/totals?${invoiceQueryString(filters)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: !!orgId,
  });
}

export function useInvoice(orgId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: [...invoicesKey(orgId), 'one', id],
    queryFn: ({ signal }) => api<TInvoice>(`/api/v1/invoices/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!orgId && !!id, // A message still waiting for the mail server: look again until its fate is known.
    refetchInterval: (query) =>
      query.state.data?.activity.some((a) => isPendingDelivery(a.status)) ? 3000 : false,
  });
}

/** Every change to an invoice stores the answer, and refreshes the lists (and the ledger, for payments). */
function useInvoiceMutation<V>(orgId: string | null, fn: (v: V) => Promise<TInvoice>, ledger = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: async (invoice) => {
      queryClient.setQueryData([...invoicesKey(orgId), 'one', invoice.id], invoice);
      await queryClient.invalidateQueries({ queryKey: invoicesKey(orgId) });
      // Each payment is a ledger entry.
      if (ledger) await queryClient.invalidateQueries({ queryKey: ['transactions', orgId] });
    },
  });
}

const path = (id: string, rest = '') => `/api/v1/invoices/${encodeURIComponent(id)}${rest}`;

export function useSaveInvoice(orgId: string | null) {
  return useInvoiceMutation(orgId, ({ id, input }: { id?: string; input: TInvoiceInput }) =>
    id
      ? api<TInvoice>(path(id), { method: 'PUT', body: input })
      : api<TInvoice>('/api/v1/invoices', { method: 'POST', body: input }),
  );
}

export function useIssueInvoice(orgId: string | null, id: string) {
  return useInvoiceMutation(orgId, () => api<TInvoice>(path(id, '/issue'), { method: 'POST', body: {} }));
}

export function useCreditNote(orgId: string | null, id: string) {
  return useInvoiceMutation(orgId, () =>
    api<TInvoice>(path(id, '/credit-note'), { method: 'POST', body: {} }),
  );
}

export function useRecordPayment(orgId: string | null, id: string) {
  return useInvoiceMutation(
    orgId,
    (input: TPaymentInput) => api<TInvoice>(path(id, '/payments'), { method: 'POST', body: input }),
    true,
  );
}

export function useDeletePayment(orgId: string | null, id: string) {
  return useInvoiceMutation(
    orgId,
    (paymentId: string) =>
      api<TInvoice>(path(id, `/payments/${encodeURIComponent(paymentId)}`), { method: 'DELETE' }),
    true,
  );
}

/** E-mails the client a confirmation of one payment; the invoice is fetched again (activity). */
export function useConfirmPayment(orgId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api<TSendResult>(path(id, `/payments/${encodeURIComponent(paymentId)}/confirmation`), {
        method: 'POST',
        body: {},
      }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesKey(orgId) }),
  });
}

/** Sends the invoice, or a reminder of the given type; the invoice is fetched again (status, activity). */
export function useSendInvoice(orgId: string | null, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminder: ReminderType | null) =>
      reminder
        ? api<TSendResult>(path(id, '/reminders'), { method: 'POST', body: { type: reminder } })
        : api<TSendResult>(path(id, '/send'), { method: 'POST', body: {} }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesKey(orgId) }),
  });
}

/** A reminder for any invoice of a list (the dashboard's invoices to chase); the lists and figures refresh. */
export function useSendReminder(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type }: { id: string; type: ReminderType }) =>
      api<TSendResult>(path(id, '/reminders'), { method: 'POST', body: { type } }),
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoicesKey(orgId) }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

export function useDeleteInvoice(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(path(id), { method: 'DELETE' }),
    retry: false,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...invoicesKey(orgId), 'one', id] });
      await queryClient.invalidateQueries({ queryKey: invoicesKey(orgId) });
    },
  });
}

export function downloadInvoiceExport(format: 'csv' | 'xlsx', params: InvoiceListParams) {
  const { page: _page, ...filters } = params;
  return downloadFile(
    `/api/v1/invoices/export?${invoiceQueryString(filters, { format })}`,
    `invoices.${format}`,
  );
}

/** The invoice's PDF or FatturaPA XML; a refusal (missing e-invoice data) arrives as an ApiError. */
export function downloadInvoiceFile(invoice: Pick<TInvoice, 'id' | 'number'>, kind: 'pdf' | 'xml') {
  return downloadFile(path(invoice.id, `/${kind}`), `${invoice.number ?? 'invoice'}.${kind}`);
}
