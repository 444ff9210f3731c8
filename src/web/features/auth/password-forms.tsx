import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { focusFirstInvalid } from '@web/app/form-errors.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { requestPasswordReset, resetPassword, usePublicConfig } from './auth-api.ts';
import { EmailField, NewPasswordFields, newPasswordErrors } from './account-fields.tsx';
import { EMAIL_PATTERN, useErrorText, type FieldErrors } from './auth-form-text.ts';

/** The forgotten-password and new-password forms of /login, loaded only when one of them is shown. */

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

export function ForgotPasswordForm({ onBack }: { onBack: (message?: string) => void }) {
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

export function SetNewPasswordForm({ token }: { token: string }) {
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
