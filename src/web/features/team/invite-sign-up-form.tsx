import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { passwordProblems } from '@shared/auth/password-policy.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { refreshSession } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { authErrorKey, signUp } from '@web/features/auth/auth-api.ts';
import { PasswordInput } from '@web/features/auth/password-input.tsx';

type Errors = Partial<Record<'name' | 'password' | 'confirm', string>>;

/**
 * Creating an account from an invitation: the address is the invited one (shown, not editable), then the
 * invitation is accepted in the same step. The rules and messages are the register page's.
 */
export function InviteSignUpForm({ email, onSignedUp }: { email: string; onSignedUp: () => Promise<void> }) {
  const { t } = useTranslation(['team', 'auth', 'forms']);
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!values.name.trim()) next.name = t('forms:errors.nameRequired');
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
    let signedUp = false;
    try {
      await signUp(values.name.trim(), email, values.password);
      signedUp = true;
      await onSignedUp();
    } catch (error) {
      const key = error instanceof ApiError ? authErrorKey(error.code) : undefined;
      setFailure(key ? t(key) : apiErrorMessage(error, t));
      setBusy(false);
      // Signed up but not accepted (the invitation ended meanwhile): the page shows the signed-in state.
      if (signedUp) await refreshSession(queryClient);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-foreground">{t('team:invitePage.createTitle')}</h2>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label={t('forms:labels.email')}>
        {(props) => (
          <Input
            {...props}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            readOnly
            className="bg-surface-muted text-muted-foreground"
          />
        )}
      </Field>
      <Field label={t('forms:labels.fullName')} error={errors.name} required>
        {(props) => (
          <Input {...props} name="name" autoComplete="name" value={values.name} onChange={set('name')} />
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
        {busy ? t('team:invitePage.creating') : t('team:invitePage.createSubmit')}
      </Button>
    </form>
  );
}
