import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '@web/ui/spinner.tsx';
import { useMe } from './session.ts';

/**
 * Protected-route rule (spec §2): a full-screen spinner while the session loads; signed out → /login with
 * the origin remembered, to return there after sign-in.
 */
export function RequireAuth() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const me = useMe();
  if (me.isPending) return <FullScreenSpinner label={t('common:loadingSession')} />;
  if (me.isError) throw me.error;
  if (!me.data) {
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  return <Outlet />;
}
