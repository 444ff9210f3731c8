import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Copy } from 'lucide-react';
import {
  normalizeTotpCode,
  TOTP_CODE_PATTERN,
  type TTwoFactorSetup,
} from '@shared/security/account-contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { PasswordInput } from '@web/features/auth/password-input.tsx';
import { useNotifications } from '@web/features/notifications/notifications-provider.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { BackupCodesView } from './backup-codes-view.tsx';
import { useConfirmTwoFactorSetup, useStartTwoFactorSetup } from './security-api.ts';

type Step = 'password' | 'scan' | 'codes';
const STEPS: Step[] = ['password', 'scan', 'codes'];

/** The secret in groups of four, easier to type into an app. */
function grouped(secret: string) {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Turning two-factor on: the password, then the QR code (or the secret to type) and the first code of the app,
 * then the backup codes, shown once. Two-factor is on only once the code was accepted.
 */
export function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['security', 'buttons', 'common']);
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactorSetup();
  const { reconnect } = useNotifications();
  const [step, setStep] = useState<Step>('password');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setPasswordError(t('security:setup.passwordRequired'));
      return;
    }
    setPasswordError(undefined);
    start.mutate(password, {
      onSuccess: (result) => {
        setSetup(result);
        setPassword('');
        setStep('scan');
      },
      onError: (error) => setFailure(apiErrorMessage(error, t)),
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!TOTP_CODE_PATTERN.test(code)) {
      setCodeError(t('security:setup.codeRequired'));
      codeRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    confirm.mutate(code, {
      onSuccess: () => {
        toast.success(t('security:twoFactor.toast.enabled'));
        // The session was replaced: the live channel reconnects with the new one.
        reconnect();
        setStep('codes');
      },
      onError: (error) => {
        setFailure(apiErrorMessage(error, t));
        setCode('');
        codeRef.current?.focus();
      },
    });
  };

  const copySecret = async () => {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.success(t('security:setup.secretCopied'));
    } catch {
      toast.error(t('security:backupCodes.copyFailed'));
    }
  };

  const stepNumber = STEPS.indexOf(step) + 1;
  return (
    <DialogContent
      title={step === 'codes' ? t('security:backupCodes.title') : t('security:setup.title')}
      description={t('security:setup.step', { step: stepNumber, total: STEPS.length })}
      closeLabel={t('buttons:close')}
      className="max-w-xl"
    >
      {step === 'password' ? (
        <form noValidate onSubmit={submitPassword} className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">{t('security:setup.passwordText')}</p>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Field label={t('security:setup.password')} error={passwordError} required>
            {(props) => (
              <PasswordInput
                {...props}
                autoFocus
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {t('buttons:cancel')}
            </Button>
            <Button type="submit" loading={start.isPending}>
              {t('security:setup.start')}
            </Button>
          </div>
        </form>
      ) : step === 'scan' && setup ? (
        <form noValidate onSubmit={submitCode} className="flex flex-col gap-5">
          <section className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold text-foreground">{t('security:setup.scanTitle')}</h3>
            <p className="text-sm text-muted-foreground">{t('security:setup.scanText')}</p>
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <img
                src={setup.qrCode}
                alt={t('security:setup.qrAlt')}
                width={176}
                height={176}
                className="size-44 shrink-0 rounded-md border border-border bg-white p-1"
              />
              <div className="flex min-w-0 flex-col gap-2 text-sm">
                <p className="text-muted-foreground">{t('security:setup.manual')}</p>
                <code
                  data-testid="two-factor-secret"
                  className="rounded-md bg-surface-muted px-3 py-2 font-mono text-sm tracking-wider break-all text-foreground select-all"
                >
                  {grouped(setup.secret)}
                </code>
                <div>
                  <Button variant="outline" size="sm" onClick={() => void copySecret()}>
                    <Copy aria-hidden="true" className="size-4" />
                    {t('security:setup.copySecret')}
                  </Button>
                </div>
              </div>
            </div>
          </section>
          <section className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold text-foreground">{t('security:setup.codeTitle')}</h3>
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <Field
              label={t('security:setup.code')}
              hint={t('security:setup.codeHint')}
              error={codeError}
              required
            >
              {(props) => (
                <Input
                  {...props}
                  ref={codeRef}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  className="max-w-40 font-mono tracking-widest"
                  value={code}
                  onChange={(e) => setCode(normalizeTotpCode(e.target.value))}
                />
              )}
            </Field>
          </section>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {t('buttons:cancel')}
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              {t('security:setup.verify')}
            </Button>
          </div>
        </form>
      ) : setup ? (
        <BackupCodesView codes={setup.backupCodes} onDone={onClose} />
      ) : null}
    </DialogContent>
  );
}
