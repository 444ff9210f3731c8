import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPublicQuote } from '@shared/invoicing/contracts.ts';
import { api, isRetryable } from '@web/app/api.ts';

/** The quote behind a signed link: no session, the token is the only key. */
export const publicQuoteKey = (token: string) => ['public-quote', token] as const;

const path = (token: string, rest = '') => `/api/public/quotes/${encodeURIComponent(token)}${rest}`;

export function usePublicQuote(token: string) {
  return useQuery({
    queryKey: publicQuoteKey(token),
    queryFn: ({ signal }) => api<TPublicQuote>(path(token), { signal }),
    // A link that is not valid stays so; only network and server failures are worth another try.
    retry: (count, error) => count < 2 && isRetryable(error),
    staleTime: 60_000,
  });
}

export function useRespondToQuote(token: string, language: 'it' | 'en') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { response: 'accepted' | 'rejected'; message: string }) =>
      api<TPublicQuote>(path(token, '/respond'), {
        method: 'POST',
        body: { response: input.response, message: input.message.trim() || null },
        // The organization is told in its own language; the answer's errors come in the quote's.
        headers: { 'Accept-Language': language },
      }),
    retry: false,
    onSuccess: (quote) => queryClient.setQueryData(publicQuoteKey(token), quote),
  });
}

export const publicQuotePdfPath = (token: string) => path(token, '/pdf');
export const publicQuoteLogoPath = (token: string) => path(token, '/logo');
