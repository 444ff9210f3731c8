import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAccountSessionList,
  TBackupCodes,
  TRevokedSessions,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@shared/security/account-contracts.ts';
import type { TSecuritySummary } from '@shared/organizations/team-contracts.ts';
import { api } from '@web/app/api.ts';

/** One's own account security: per user, not per organization. */
const securityKey = ['account-security'] as const;
const twoFactorKey = [...securityKey, 'two-factor'] as const;
const sessionsKey = [...securityKey, 'sessions'] as const;
/** Counts one's own two-factor too: refreshed when it is turned on or off. */
const organizationSummaryKey = [...securityKey, 'organization-summary'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api<TTwoFactorStatus>('/api/v1/security/two-factor', { signal }),
    staleTime: 30_000,
  });
}

/** The setup starts with the password; the answer (secret, QR code, backup codes) is shown once. */
export function useStartTwoFactorSetup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<TTwoFactorSetup>('/api/v1/security/two-factor/enable', { body: { password } }),
    // A wrong password is the user's to retype, never retried.
    retry: false,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export function useConfirmTwoFactorSetup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<TTwoFactorStatus>('/api/v1/security/two-factor/verify', { body: { code } }),
    retry: false,
    onSuccess: (status) => {
      client.setQueryData(twoFactorKey, status);
      // Turning two-factor on replaced this session (better-auth): the list shows the new one.
      void client.invalidateQueries({ queryKey: sessionsKey });
      void client.invalidateQueries({ queryKey: organizationSummaryKey });
    },
  });
}

/** Step-up (password and code) is asked by api() when the server wants it. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TTwoFactorStatus>('/api/v1/security/two-factor/disable', { method: 'POST' }),
    retry: false,
    onSuccess: (status) => {
      client.setQueryData(twoFactorKey, status);
      void client.invalidateQueries({ queryKey: organizationSummaryKey });
    },
  });
}

export function useRegenerateBackupCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TBackupCodes>('/api/v1/security/two-factor/backup-codes', { method: 'POST' }),
    retry: false,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

/** How many members of the active organization use two-factor authentication (view_security_settings). */
export function useOrganizationSecuritySummary(orgId: string) {
  return useQuery({
    queryKey: [...organizationSummaryKey, orgId],
    queryFn: ({ signal }) => api<TSecuritySummary>('/api/v1/organization/security-summary', { signal }),
    staleTime: 60_000,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api<TAccountSessionList>('/api/v1/security/sessions', { signal }),
    staleTime: 30_000,
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/v1/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TRevokedSessions>('/api/v1/security/sessions/revoke-others', { method: 'POST' }),
    retry: false,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
