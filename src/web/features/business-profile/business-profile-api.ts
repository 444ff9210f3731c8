import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBusinessProfile,
  TBusinessProfileInput,
  TOnboardingSubmission,
} from '@shared/business-profile/contracts.ts';
import { api, ApiError } from '@web/app/api.ts';
import { meQueryKey } from '@web/app/session.ts';

export const businessProfileKey = (organizationId: string | null) =>
  ['business-profile', organizationId] as const;

/** The active organization's profile; null when it has none yet (404 is "no profile", spec §8). */
export async function fetchBusinessProfile(): Promise<TBusinessProfile | null> {
  try {
    return await api<TBusinessProfile>('/api/v1/business-profile');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useBusinessProfile(organizationId: string | null) {
  return useQuery({
    queryKey: businessProfileKey(organizationId),
    queryFn: fetchBusinessProfile,
    enabled: !!organizationId,
  });
}

export function useUpdateBusinessProfile(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TBusinessProfileInput) =>
      api<TBusinessProfile>('/api/v1/business-profile', { method: 'PUT', body: input }),
    onSuccess: (profile) => queryClient.setQueryData(businessProfileKey(organizationId), profile),
  });
}

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export function useUploadLogo(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api<TBusinessProfile>('/api/v1/business-profile/logo', { method: 'PUT', body: file }),
    onSuccess: (profile) => queryClient.setQueryData(businessProfileKey(organizationId), profile),
  });
}

export function useDeleteLogo(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/api/v1/business-profile/logo', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessProfileKey(organizationId) }),
  });
}

/** The wizard's submission: creates the organization when the user has none, and its profile. */
export function useSubmitOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: TOnboardingSubmission) =>
      api<{ organizationId: string; profile: TBusinessProfile }>('/api/v1/onboarding', {
        method: 'POST',
        body: submission,
      }),
    onSuccess: async ({ organizationId, profile }) => {
      queryClient.setQueryData(businessProfileKey(organizationId), profile);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
