import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  TDeleteAccountRequest,
  TDeleteAccountResult,
  TDeletionPlan,
} from '@shared/privacy/contracts.ts';
import { api, apiDownload, isApiError } from '@web/app/api.ts';

export const deletionPlanKey = ['privacy', 'deletion-plan'] as const;

/** Today as YYYY-MM-DD, for the file names used when the server names none. */
function today() {
  return new Date().toISOString().slice(0, 10);
}

export function downloadMyData() {
  return apiDownload('/api/v1/privacy/my-data', { fallbackName: `personal-data-${today()}.zip` });
}

export function downloadOrganizationData() {
  return apiDownload('/api/v1/privacy/organization-export', {
    fallbackName: `organization-data-${today()}.zip`,
  });
}

/** A download the user stopped at the identity check: nothing to report. */
export function cancelledStepUp(error: unknown): boolean {
  return isApiError(error) && error.code === 'STEP_UP_REQUIRED';
}

export function useDeletionPlan(enabled: boolean) {
  return useQuery({
    queryKey: deletionPlanKey,
    queryFn: () => api<TDeletionPlan>('/api/v1/privacy/delete-account/plan'),
    enabled,
    staleTime: 0,
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: TDeleteAccountRequest) =>
      api<TDeleteAccountResult>('/api/v1/privacy/delete-account', { method: 'POST', body }),
  });
}
