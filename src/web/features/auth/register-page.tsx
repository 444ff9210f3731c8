import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { focusFirstInvalid } from '@web/app/form-errors.ts';
import { refreshSession } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { FullScreenSpinner } from '@web/ui/spinner.tsx';
import { AuthLayout, AuthSwitchLink } from './auth-layout.tsx';
import { authErrorKey, signUp } from './auth-api.ts';
import { EmailField, NewAccountFields, newPasswordErrors } from './account-fields.tsx';
import { useReturnPath, useSignInState } from './use-signed-in-redirect.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>;

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'forms', 'buttons', 'common']);
  useDocumentTitle(t('auth:register.title'));
  const state = useSignInState();
  const returnPath = useReturnPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state === 'pending') return <FullScreenSpinner label={t('common:loadingSession')} />;
  if (state === 'signed-in' && !busy) return <Navigate to={returnPath} replace />;

  const setValue = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = newPasswordErrors(values.password, values.confirm, t);
    if (!values.name.trim()) next.name = t('forms:errors.nameRequired');
    if (!values.email.trim()) next.email = t('forms:errors.emailRequired');
    else if (!EMAIL_PATTERN.test(values.email.trim())) next.email = t('forms:errors.email');
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return focusFirstInvalid(formRef.current);
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
        <NewAccountFields values={values} errors={errors} onChange={setValue}>
          <EmailField
            error={errors.email}
            autoComplete="email"
            value={values.email}
            onValue={(value) => setValue('email', value)}
          />
        </NewAccountFields>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {busy ? null : <UserPlus aria-hidden="true" className="size-4" />}
          {busy ? t('auth:register.submitting') : t('auth:register.submit')}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{t('auth:register.trial')}</p>
      </form>
      <AuthSwitchLink
        question={t('auth:register.haveAccount')}
        to="/login"
        label={t('auth:register.signIn')}
      />
    </AuthLayout>
  );
}
