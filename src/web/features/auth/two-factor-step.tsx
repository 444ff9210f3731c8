import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import {
  normalizeBackupCode,
  normalizeTotpCode,
  TOTP_CODE_PATTERN,
} from '@shared/security/account-contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { SIGN_IN_RESTART_CODES, verifySignInCode } from './auth-api.ts';

type Method = 'totp' | 'backup_code';

/**
 * The second step of a sign-in with two-factor on: the 6-digit code of the authenticator app, or a backup
 * code instead. A spent or expired challenge sends the user back to the password.
 */
export function TwoFactorStep({
  errorText,
  onVerified,
  onRestart,
}: {
  errorText: (error: unknown) => string;
  onVerified: () => Promise<void>;
  /** Back to the password step, with a message when the challenge ended. */
  onRestart: (notice?: string) => void;
}) {
  const { t } = useTranslation(['security', 'auth']);
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const totp = method === 'totp';

  const switchMethod = () => {
    setMethod(totp ? 'backup_code' : 'totp');
    setCode('');
    setError(undefined);
    setFailure(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const value = totp ? code : normalizeBackupCode(code);
    const problem = totp
      ? TOTP_CODE_PATTERN.test(value)
        ? undefined
        : t('security:signIn.codeRequired')
      : value
        ? undefined
        : t('security:signIn.backupRequired');
    setError(problem);
    if (problem) return inputRef.current?.focus();
    setBusy(true);
    try {
      await verifySignInCode(method, value);
      await onVerified();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && SIGN_IN_RESTART_CODES.has(err.code)) {
        onRestart(errorText(err));
        return;
      }
      setFailure(errorText(err));
      setCode('');
      inputRef.current?.focus();
    }
  }

  return (
    <div>
      <div className="mb-5 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <ShieldCheck aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('security:signIn.title')}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {totp ? t('security:signIn.totpText') : t('security:signIn.backupText')}
      </p>
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field
          key={method}
          label={totp ? t('security:signIn.code') : t('security:signIn.backupCode')}
          error={error}
          required
        >
          {(props) =>
            totp ? (
              <Input
                {...props}
                ref={inputRef}
                name="code"
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                className="font-mono text-lg tracking-[0.3em]"
                value={code}
                onChange={(e) => setCode(normalizeTotpCode(e.target.value))}
              />
            ) : (
              <Input
                {...props}
                ref={inputRef}
                name="backup-code"
                autoFocus
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={20}
                className="font-mono text-lg tracking-wider"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )
          }
        </Field>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {busy ? t('security:signIn.submitting') : t('security:signIn.submit')}
        </Button>
        <Button variant="link" className="self-center text-sm" onClick={switchMethod}>
          {totp ? t('security:signIn.useBackup') : t('security:signIn.useTotp')}
        </Button>
        <Button variant="ghost" onClick={() => onRestart()}>
          {t('auth:forgot.back')}
        </Button>
      </form>
    </div>
  );
}
