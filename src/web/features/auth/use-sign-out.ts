import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { clearSession, meQueryKey, type Me } from '@web/app/session.ts';
import { signOut } from './auth-api.ts';

/** Sign out, forget everything cached for the user, go to /login. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await signOut();
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
      return;
    }
    // Nothing of the user stays in this browser either: the offline snapshots go with the session (offline-cache.ts),
    // and their queued changes with them (sent already while online).
    const userId = queryClient.getQueryData<Me | null>(meQueryKey)?.user.id;
    if (userId) {
      void import('@web/features/offline/offline-queue.ts')
        .then((m) => m.clearQueue(userId))
        .catch(() => undefined);
    }
    clearSession(queryClient);
    navigate('/login', { replace: true });
  };
}
