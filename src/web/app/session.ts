import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TMe, TSessionState } from '@shared/organizations/contracts.ts';
import { api } from './api.ts';

export type Me = TMe;

export const meQueryKey = ['me'] as const;

/**
 * The signed-in user with organizations and permissions; null when signed out. Asked through /api/v1/session,
 * which answers a signed-out visitor with 200 and null, so no page logs a 401 just for looking.
 */
export async function fetchMe(): Promise<Me | null> {
  const { me } = await api<TSessionState>('/api/v1/session');
  return me;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe });
}

/** The signed-in user (callers are below the auth guard, where the query has data). */
export function useSignedInMe(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInMe outside the signed-in area');
  return data;
}

/** After sign-in or sign-up: load the session before navigating, so the guard sees it. */
export async function refreshSession(queryClient: QueryClient): Promise<Me | null> {
  return queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
}

/** After sign-out: nothing of the previous user stays in the cache. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
}
