import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '@web/ui/alert.tsx';
import { useSystemMode } from './system-status-api.ts';

/**
 * The shell's mode banner (spec §8): "System is running in offline mode due to connectivity issues", "System
 * experiencing issues. Operating in emergency mode.", "Email provider experiencing issues. Emails will be queued for
 * delivery.", with a link to the system status. Nothing while the system runs normally or the mode is unknown.
 */
export function SystemModeBanner({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { data } = useSystemMode(organizationId);
  if (!data || data.mode === 'normal') return null;
  return (
    <div className="mb-4" data-system-mode={data.mode}>
      <Alert tone={data.mode === 'emergency' ? 'error' : 'warning'}>
        <span>{t(`common:systemMode.${data.mode}`)}</span>
        {pathname === '/system-status' ? null : (
          <>
            {' '}
            <Link to="/system-status" className="font-medium underline underline-offset-2">
              {t('common:systemMode.link')}
            </Link>
          </>
        )}
      </Alert>
    </div>
  );
}
