import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPublicInvitation, TRsvpFormValues } from '@shared/calendar/contracts.ts';
import { api, isRetryable } from '@web/app/api.ts';

/** The invitation behind a guest's link: no session, the token is the only key. */
export const rsvpKey = (token: string) => ['rsvp', token] as const;

const path = (token: string) => `/api/public/rsvp/${encodeURIComponent(token)}`;

export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: rsvpKey(token),
    queryFn: ({ signal }) => api<TPublicInvitation>(path(token), { signal }),
    // A link that is not valid stays so; only network and server failures are worth another try.
    retry: (count, error) => count < 2 && isRetryable(error),
    staleTime: 60_000,
  });
}

/** The answer; the invitation as it now stands replaces the cached one (spec §4). */
export function useSubmitRsvp(token: string, language: 'it' | 'en') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: TRsvpFormValues) =>
      api<TPublicInvitation>(path(token), {
        method: 'POST',
        body: answer,
        // Errors come back in the invitation's language.
        headers: { 'Accept-Language': language },
      }),
    retry: false,
    onSuccess: (invitation) => queryClient.setQueryData(rsvpKey(token), invitation),
  });
}
