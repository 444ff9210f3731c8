import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { focusFirstInvalid } from '@web/app/form-errors.ts';
import { refreshSession } from '@web/app/session.ts';
import { APP_NAME } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { FullScreenSpinner, Spinner } from '@web/ui/spinner.tsx';
import { forgetSessionRevoked, wasSessionRevoked } from '@web/features/security/session-revoked.ts';
import { AuthLayout, AuthSwitchLink } from './auth-layout.tsx';
import { signIn, usePublicConfig } from './auth-api.ts';
import { EMAIL_PATTERN, useErrorText, type FieldErrors } from './auth-form-text.ts';
import { PasswordInput } from './password-input.tsx';
import { useReturnPath, useSignInState } from './use-signed-in-redirect.ts';

// Only accounts with two-factor on need the second step: it stays out of the login page's first load.
// Forgotten and new password forms load when asked for: /login's first load stays within its budget.
const ForgotPasswordForm = lazy(() =>
  import('./password-forms.tsx').then((module) => ({ default: module.ForgotPasswordForm })),
);
const SetNewPasswordForm = lazy(() =>
  import('./password-forms.tsx').then((module) => ({ default: module.SetNewPasswordForm })),
);
const TwoFactorStep = lazy(() =>
  import('./two-factor-step.tsx').then((module) => ({ default: module.TwoFactorStep })),
);

/** The spec sets the login page title to the Italian login title, whatever the interface language. */
export const LOGIN_PAGE_TITLE = `Accedi · ${APP_NAME}`;

export function LoginPage() {
  const { t } = useTranslation(['auth', 'forms', 'buttons', 'common', 'security']);
  const [params] = useSearchParams();
  const resetToken = params.get('resetToken');
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in');
  const [notice, setNotice] = useState<string | null>(null);
  // Ended from another device (live channel): say so once, on this page.
  const [revoked] = useState(wasSessionRevoked);
  const state = useSignInState();
  const returnPath = useReturnPath();

  useEffect(() => {
    document.title = LOGIN_PAGE_TITLE;
    forgetSessionRevoked();
  }, []);

  if (state === 'pending') return <FullScreenSpinner label={t('common:loadingSession')} />;
  if (state === 'signed-in' && !resetToken) return <Navigate to={returnPath} replace />;

  return (
    <AuthLayout>
      <Suspense fallback={<Spinner label={t('common:loading')} />}>
        {resetToken ? (
          <SetNewPasswordForm token={resetToken} />
        ) : view === 'forgot' ? (
          <ForgotPasswordForm
            onBack={(message) => {
              setNotice(message ?? null);
              setView('sign-in');
            }}
          />
        ) : (
          <SignInForm
            notice={notice}
            info={revoked ? t('security:signIn.revoked') : null}
            onForgot={() => setView('forgot')}
          />
        )}
      </Suspense>
    </AuthLayout>
  );
}

function SignInForm({
  notice,
  info,
  onForgot,
}: {
  notice: string | null;
  info: string | null;
  onForgot: () => void;
}) {
  const { t } = useTranslation(['auth', 'forms', 'buttons']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const config = usePublicConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password was right and two-factor is on: the code comes next.
  const [secondStep, setSecondStep] = useState(false);
  const demo = config.data?.demo ?? null;

  async function finishSignIn() {
    await refreshSession(queryClient);
    navigate(returnPath, { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!email.trim()) next.email = t('forms:errors.emailRequired');
    else if (!EMAIL_PATTERN.test(email.trim())) next.email = t('forms:errors.email');
    if (!password) next.password = t('forms:errors.passwordRequired');
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      const result = await signIn(email.trim(), password);
      if (result?.twoFactorRedirect) {
        setBusy(false);
        setSecondStep(true);
        return;
      }
      await finishSignIn();
    } catch (error) {
      setFailure(errorText(error));
      setBusy(false);
    }
  }

  if (secondStep) {
    return (
      <Suspense fallback={<Spinner label={t('common:loading')} className="mx-auto flex py-12" />}>
        <TwoFactorStep
          errorText={errorText}
          onVerified={finishSignIn}
          onRestart={(message) => {
            setSecondStep(false);
            setPassword('');
            setFailure(message ?? null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('auth:login.title')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('auth:login.subtitle')}</p>

      {info ? (
        <Alert tone="info" className="mt-6">
          {info}
        </Alert>
      ) : null}

      {notice ? (
        <Alert tone="success" className="mt-6">
          {notice}
        </Alert>
      ) : null}

      {demo ? (
        <div className="mt-6 rounded-lg border border-primary/30 bg-primary-soft p-4 text-sm text-primary-soft-foreground">
          <p className="font-semibold">{t('auth:demo.title')}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>{t('forms:labels.email')}</dt>
            <dd className="font-mono break-all">{demo.email}</dd>
            <dt>{t('forms:labels.password')}</dt>
            <dd className="font-mono break-all">{demo.password}</dd>
          </dl>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => {
              setEmail(demo.email);
              setPassword(demo.password);
              setErrors({});
            }}
          >
            {t('auth:demo.use')}
          </Button>
        </div>
      ) : null}

      <form ref={formRef} noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label={t('forms:labels.email')} error={errors.email} required>
          {(props) => (
            <Input
              {...props}
              type="email"
              name="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('forms:labels.password')} error={errors.password} required>
          {(props) => (
            <PasswordInput
              {...props}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <div className="-mt-1 flex justify-end">
          <Button variant="link" className="text-sm" onClick={onForgot}>
            {t('auth:login.forgot')}
          </Button>
        </div>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {busy ? null : <LogIn aria-hidden="true" className="size-4" />}
          {busy ? t('auth:login.submitting') : t('auth:login.submit')}
        </Button>
      </form>

      <AuthSwitchLink question={t('auth:login.noAccount')} to="/register" label={t('auth:login.register')} />
    </div>
  );
}

/** The key and the title over the two password-reset forms. */
