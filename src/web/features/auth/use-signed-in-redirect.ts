import { useLocation } from 'react-router';
import { safeReturnPath } from '@shared/navigation/routes.ts';
import { useMe } from '@web/app/session.ts';

/** Where a signed-in visitor of a sign-in page goes: the page they came from, otherwise /dashboard. */
export function useReturnPath(): string {
  const location = useLocation();
  return safeReturnPath((location.state as { from?: unknown } | null)?.from);
}

/** The session as the sign-in pages see it: pending, signed in (redirect) or signed out (show the form). */
export function useSignInState(): 'pending' | 'signed-in' | 'signed-out' {
  const me = useMe();
  if (me.isPending) return 'pending';
  return me.data ? 'signed-in' : 'signed-out';
}
