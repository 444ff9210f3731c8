import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { passwordProblems } from '@shared/auth/password-policy.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { refreshSession } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { FullScreenSpinner } from '@web/ui/spinner.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { authErrorKey, signUp } from './auth-api.ts';
import { PasswordInput } from './password-input.tsx';
import { useReturnPath, useSignInState } from './use-signed-in-redirect.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>;

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'forms', 'buttons', 'common']);
  useDocumentTitle(t('auth:register.title'));
  const state = useSignInState();
  const returnPath = useReturnPath();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state === 'pending') return <FullScreenSpinner label={t('common:loadingSession')} />;
  if (state === 'signed-in' && !busy) return <Navigate to={returnPath} replace />;

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!values.name.trim()) next.name = t('forms:errors.nameRequired');
    if (!values.email.trim()) next.email = t('forms:errors.emailRequired');
    else if (!EMAIL_PATTERN.test(values.email.trim())) next.email = t('forms:errors.email');
    if (!values.password) next.password = t('forms:errors.passwordRequired');
    else if (passwordProblems(values.password).length > 0) next.password = t('forms:password.rule');
    if (values.confirm !== values.password) next.confirm = t('forms:errors.passwordMismatch');
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setBusy(true);
    try {
      await signUp(values.name.trim(), values.email.trim(), values.password);
      await refreshSession(queryClient);
      navigate(returnPath, { replace: true });
    } catch (error) {
      const key = error instanceof ApiError ? authErrorKey(error.code) : undefined;
      setFailure(key ? t(key) : apiErrorMessage(error, t));
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('auth:register.title')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('auth:register.subtitle')}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label={t('forms:labels.fullName')} error={errors.name} required>
          {(props) => (
            <Input {...props} name="name" autoComplete="name" value={values.name} onChange={set('name')} />
          )}
        </Field>
        <Field label={t('forms:labels.email')} error={errors.email} required>
          {(props) => (
            <Input
              {...props}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={set('email')}
            />
          )}
        </Field>
        <Field
          label={t('forms:labels.password')}
          hint={t('forms:password.rule')}
          error={errors.password}
          required
        >
          {(props) => (
            <PasswordInput
              {...props}
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
            />
          )}
        </Field>
        <Field label={t('forms:labels.confirmPassword')} error={errors.confirm} required>
          {(props) => (
            <PasswordInput
              {...props}
              name="confirm-password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={set('confirm')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {busy ? null : <UserPlus aria-hidden="true" className="size-4" />}
          {busy ? t('auth:register.submitting') : t('auth:register.submit')}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{t('auth:register.trial')}</p>
      </form>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        {t('auth:register.haveAccount')}{' '}
        <Link to="/login" state={location.state} className="font-medium text-primary hover:underline">
          {t('auth:register.signIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
