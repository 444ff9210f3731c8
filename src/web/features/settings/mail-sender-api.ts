import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TSenderSettings,
  TSenderSettingsInput,
  TSenderTestResult,
} from '@shared/mail/sender-settings.ts';
import { api } from '@web/app/api.ts';

/** The organization's sender (issue 16): Settings → Email sending, for members who manage the organization. */
const senderKey = (orgId: string | null) => ['mail-sender-settings', orgId] as const;

export function useSenderSettings(orgId: string | null) {
  return useQuery({
    queryKey: senderKey(orgId),
    queryFn: ({ signal }) => api<TSenderSettings>('/api/v1/mail/sender-settings', { signal }),
    enabled: !!orgId,
  });
}

/** Saves the whole form (an empty password keeps the stored one); the answer replaces the cached settings. */
export function useSaveSenderSettings(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TSenderSettingsInput) =>
      api<TSenderSettings>('/api/v1/mail/sender-settings', { method: 'PUT', body: values }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(senderKey(orgId), saved);
      // Whether the organization's mail is sent or kept (what the screens say after an invitation) may change.
      await queryClient.invalidateQueries({ queryKey: ['mail-sending', orgId] });
    },
  });
}

/** "Send a test message": the form's values, saved or not, to the signed-in user's own address. */
export function useTestSender() {
  return useMutation({
    mutationFn: (values: TSenderSettingsInput) =>
      api<TSenderTestResult>('/api/v1/mail/sender-settings/test', { method: 'POST', body: values }),
  });
}
