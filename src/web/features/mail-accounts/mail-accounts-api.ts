import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMailAccount,
  TMailAccountInput,
  TMailAccountList,
  TMailAccountUpdate,
  TMailConnectionTest,
} from '@shared/mailbox/accounts.ts';
import { api } from '@web/app/api.ts';
import { useSignedInMe } from '@web/app/session.ts';

/**
 * The signed-in member's mail accounts (issue 15): Settings → Mail accounts and the mailbox read the same list
 * (`useMailAccounts`), so a change made in one shows in the other.
 */
export const mailAccountsKey = (orgId: string | null) => ['mail-accounts', orgId] as const;

export function useMailAccounts(options: { refetchInterval?: number | false } = {}) {
  const orgId = useSignedInMe().activeOrganizationId;
  return useQuery({
    queryKey: mailAccountsKey(orgId),
    queryFn: ({ signal }) => api<TMailAccountList>('/api/v1/mail/accounts', { signal }).then((r) => r.items),
    enabled: !!orgId,
    // A sync in progress changes the state shown: look again while one runs.
    refetchInterval:
      options.refetchInterval ??
      ((query) => (query.state.data?.some((a) => a.syncStatus === 'syncing') ? 5_000 : false)),
  });
}

/** Create (no id) or update; the saved account replaces its row in the cached list. */
export function useSaveMailAccount() {
  const orgId = useSignedInMe().activeOrganizationId;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: TMailAccountInput | TMailAccountUpdate }) =>
      id
        ? api<TMailAccount>(`/api/v1/mail/accounts/${id}`, { method: 'PATCH', body: values })
        : api<TMailAccount>('/api/v1/mail/accounts', { method: 'POST', body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TMailAccount[]>(mailAccountsKey(orgId), (items) =>
        items?.some((a) => a.id === saved.id)
          ? items.map((a) => (a.id === saved.id ? saved : a))
          : [...(items ?? []), saved],
      );
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
    },
  });
}

/** Removes an account and its stored mail (the server wants the explicit confirmation). */
export function useDeleteMailAccount() {
  const orgId = useSignedInMe().activeOrganizationId;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/v1/mail/accounts/${id}`, { method: 'DELETE', body: { confirm: true } }),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<TMailAccount[]>(mailAccountsKey(orgId), (items) =>
        items?.filter((a) => a.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
    },
  });
}

/**
 * "Sync now" and "Stop sync" of one account: the server answers at once (the sync runs in the background) and the
 * state shown is read again, so "Syncing" appears when the sync really started.
 */
export function useAccountSync() {
  const orgId = useSignedInMe().activeOrganizationId;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stop }: { id: string; stop?: boolean }) =>
      api<unknown>(`/api/v1/mail/accounts/${encodeURIComponent(id)}/sync${stop ? '/stop' : ''}`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailAccountsKey(orgId) }),
  });
}

/** "Test connection": the form's values, for a new account or an existing one (stored passwords when empty). */
export function useTestMailAccount() {
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: TMailAccountInput | TMailAccountUpdate }) =>
      api<TMailConnectionTest>(id ? `/api/v1/mail/accounts/${id}/test` : '/api/v1/mail/accounts/test', {
        method: 'POST',
        body: values,
      }),
  });
}

export const mailAccountsApi = {
  useMailAccounts,
  useSaveMailAccount,
  useDeleteMailAccount,
  useAccountSync,
  useTestMailAccount,
};
