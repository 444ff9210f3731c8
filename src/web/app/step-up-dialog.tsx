import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { TStepUpRequest } from '@shared/security/contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { PasswordInput } from '@web/features/auth/password-input.tsx';
import { api } from './api.ts';
import { apiErrorMessage } from './error-message.ts';

/** Asks for the password (and the authenticator code when two-factor is on) and re-verifies the session. */
export default function StepUpDialog({
  twoFactor,
  action,
  onClose,
}: {
  twoFactor: boolean;
  action: string;
  onClose: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation('common');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeValid = !twoFactor || /^\d{6}$/.test(code.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !codeValid || sending) return;
    setSending(true);
    setError(null);
    try {
      const body: TStepUpRequest = { password, ...(twoFactor ? { code: code.trim() } : {}) };
      await api('/api/v1/security/step-up', { method: 'POST', body });
      onClose(true);
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
      setSending(false);
      passwordRef.current?.focus();
    }
  };

  const actionText = t(`stepUp.actions.${action}`, { defaultValue: '' });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose(false)}>
      <DialogContent
        title={t('stepUp.title')}
        description={
          actionText ? t('stepUp.descriptionFor', { action: actionText }) : t('stepUp.description')
        }
        closeLabel={t('stepUp.cancel')}
      >
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
          <div className="flex items-center gap-3 rounded-md bg-surface-muted p-3 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span>{twoFactor ? t('stepUp.hintTwoFactor') : t('stepUp.hintPassword')}</span>
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Field label={t('stepUp.password')} required>
            {(props) => (
              <PasswordInput
                {...props}
                ref={passwordRef}
                autoFocus
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          {twoFactor ? (
            <Field label={t('stepUp.code')} hint={t('stepUp.codeHint')} required>
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                />
              )}
            </Field>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onClose(false)}>
              {t('stepUp.cancel')}
            </Button>
            <Button type="submit" loading={sending} disabled={!password || !codeValid}>
              {t('stepUp.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
