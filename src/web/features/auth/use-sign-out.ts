import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { clearSession } from '@web/app/session.ts';
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
    clearSession(queryClient);
    navigate('/login', { replace: true });
  };
}
