// Over 300 lines: /login's first load is at its 150 KB gzip budget (docs/BENCHMARKS.md), so its three forms stay in one module rather than add imports to it.
import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogIn } from 'lucide-react';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { focusFirstInvalid } from '@web/app/form-errors.ts';
import { refreshSession } from '@web/app/session.ts';
import { APP_NAME } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { FullScreenSpinner, Spinner } from '@web/ui/spinner.tsx';
import { forgetSessionRevoked, wasSessionRevoked } from '@web/features/security/session-revoked.ts';
import { AuthLayout, AuthSwitchLink } from './auth-layout.tsx';
import { authErrorKey, requestPasswordReset, resetPassword, signIn, usePublicConfig } from './auth-api.ts';
import { EmailField, NewPasswordFields, newPasswordErrors } from './account-fields.tsx';
import { PasswordInput } from './password-input.tsx';
import { useReturnPath, useSignInState } from './use-signed-in-redirect.ts';

// Only accounts with two-factor on need the second step: it stays out of the login page's first load.
const TwoFactorStep = lazy(() =>
  import('./two-factor-step.tsx').then((module) => ({ default: module.TwoFactorStep })),
);

/** The spec sets the login page title to the Italian login title, whatever the interface language. */
export const LOGIN_PAGE_TITLE = `Accedi · ${APP_NAME}`;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldErrors = Partial<Record<'email' | 'password' | 'confirm', string>>;

function useErrorText() {
  const { t } = useTranslation(['auth', 'forms', 'common', 'security']);
  return (error: unknown) => {
    if (error instanceof ApiError) {
      const key = authErrorKey(error.code);
      if (key) return t(key);
    }
    return apiErrorMessage(error, t);
  };
}

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
        <EmailField error={errors.email} autoComplete="username" value={email} onValue={setEmail} />
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
function KeyHeading({ title }: { title: string }) {
  return (
    <>
      <div className="mb-5 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <KeyRound aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
    </>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: (message?: string) => void }) {
  const { t } = useTranslation(['auth', 'forms', 'buttons']);
  const errorText = useErrorText();
  const config = usePublicConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const value = email.trim();
    const problem = !value
      ? t('forms:errors.emailRequired')
      : EMAIL_PATTERN.test(value)
        ? undefined
        : t('forms:errors.email');
    setError(problem);
    if (problem) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await requestPasswordReset(value);
      setSentTo(value);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <KeyHeading title={t('auth:forgot.title')} />
      <p className="mt-2 text-sm text-muted-foreground">{t('auth:forgot.subtitle')}</p>
      {sentTo ? (
        <div className="mt-6 flex flex-col gap-4">
          <Alert tone="success">{t('auth:forgot.sent', { email: sentTo })}</Alert>
          {config.data?.mailMode === 'outbox' ? (
            <Alert tone="info">{t('auth:forgot.outboxHint')}</Alert>
          ) : null}
          <Button variant="outline" onClick={() => onBack()}>
            {t('auth:forgot.back')}
          </Button>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <EmailField error={error} autoComplete="email" autoFocus value={email} onValue={setEmail} />
          <Button type="submit" size="lg" loading={busy} className="w-full">
            {t('auth:forgot.submit')}
          </Button>
          <Button variant="ghost" onClick={() => onBack()}>
            {t('auth:forgot.back')}
          </Button>
        </form>
      )}
    </div>
  );
}

function SetNewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'forms', 'buttons']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FieldErrors = newPasswordErrors(password, confirm, t);
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <KeyHeading title={t('auth:setPassword.title')} />
      {done ? (
        <div className="mt-6 flex flex-col gap-4">
          <Alert tone="success">{t('auth:setPassword.done')}</Alert>
          <Button onClick={() => navigate('/login', { replace: true })}>{t('buttons:goToLogin')}</Button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{t('auth:setPassword.subtitle')}</p>
          <form ref={formRef} noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <NewPasswordFields
              label={t('forms:labels.newPassword')}
              name="new-password"
              password={password}
              confirm={confirm}
              errors={errors}
              onPassword={setPassword}
              onConfirm={setConfirm}
            />
            <Button type="submit" size="lg" loading={busy} className="w-full">
              {t('auth:setPassword.submit')}
            </Button>
            <Button variant="ghost" onClick={() => navigate('/login', { replace: true })}>
              {t('auth:forgot.back')}
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
