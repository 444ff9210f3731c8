import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { focusFirstInvalid } from '@web/app/form-errors.ts';
import { refreshSession } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { InputField } from '@web/ui/form-fields.tsx';
import { authErrorKey, signUp } from '@web/features/auth/auth-api.ts';
import { NewAccountFields, newPasswordErrors } from '@web/features/auth/account-fields.tsx';

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
  const setValue = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = newPasswordErrors(values.password, values.confirm, t);
    if (!values.name.trim()) next.name = t('forms:errors.nameRequired');
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return focusFirstInvalid(formRef.current);
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
      <InputField
        label={t('forms:labels.email')}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        readOnly
        controlClassName="bg-surface-muted text-muted-foreground"
      />
      <NewAccountFields values={values} errors={errors} onChange={setValue} />
      <Button type="submit" size="lg" loading={busy} className="w-full">
        {busy ? null : <UserPlus aria-hidden="true" className="size-4" />}
        {busy ? t('team:invitePage.creating') : t('team:invitePage.createSubmit')}
      </Button>
    </form>
  );
}
