import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailQuestion } from 'lucide-react';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { FullScreenSpinner } from '@web/ui/spinner.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useSignInState } from './use-signed-in-redirect.ts';

export const RESET_REDIRECT_SECONDS = 5;

/**
 * /reset-password (spec §2): resets now start from the login page's "Forgot password?" link. Signed-in
 * visitors go to /dashboard; everyone else to /login after 5 seconds, or at once with Go to Login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'buttons', 'common']);
  useDocumentTitle(t('auth:resetNotice.title'));
  const state = useSignInState();
  const navigate = useNavigate();
  const [left, setLeft] = useState(RESET_REDIRECT_SECONDS);

  useEffect(() => {
    if (state !== 'signed-out') return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = RESET_REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (remaining <= 0) {
        window.clearInterval(timer);
        navigate('/login', { replace: true });
      } else setLeft(remaining);
    }, 250);
    return () => window.clearInterval(timer);
  }, [state, navigate]);

  if (state === 'pending') return <FullScreenSpinner label={t('common:loadingSession')} />;
  if (state === 'signed-in') return <Navigate to="/dashboard" replace />;

  return (
    <AuthLayout marketing={false}>
      <div className="rounded-lg border border-border bg-surface p-8 text-center shadow-card">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <MailQuestion aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">
          {t('auth:resetNotice.title')}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">{t('auth:resetNotice.text')}</p>
        <p className="mt-4 text-sm text-muted-foreground">
          {t('auth:resetNotice.redirect', { count: left })}
        </p>
        <Link to="/login" replace className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          {t('buttons:goToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
