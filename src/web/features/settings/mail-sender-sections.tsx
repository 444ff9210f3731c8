import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { Server, TriangleAlert } from 'lucide-react';
import type {
  TSenderSettings,
  TSenderSettingsRequest,
  TSenderTestResult,
  TSenderTransport,
} from '@shared/mail/sender-settings.ts';
import { MAIL_ACCOUNT_MAX } from '@shared/mailbox/accounts.ts';
import { MAIL_SECURITIES, type MailSecurity } from '@shared/mailbox/types.ts';
import { fieldText } from '@web/app/field-text.ts';
import { Alert } from '@web/ui/alert.tsx';
import { cn } from '@web/ui/cn.ts';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { FormSection } from '@web/ui/form-section.tsx';
import { portAfterSecurity, senderPreview, type SenderFormValues } from './mail-sender-values.ts';

type SenderForm = UseFormReturn<SenderFormValues, unknown, TSenderSettingsRequest>;

/** The test message's answer: where it went and what the server said, or why it did not go. */
export type TestOutcome =
  { ok: true; result: TSenderTestResult } | { ok: false; message: string; serverSaid: string | null };

/** Name, address and reply-to, each with what applies when empty, and the From line they give. */
export function SenderIdentitySection({
  form,
  values,
  defaults,
}: {
  form: SenderForm;
  values: SenderFormValues;
  defaults: TSenderSettings['defaults'];
}) {
  const { t } = useTranslation(['settings', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  const own = values.transport === 'smtp';
  const preview = senderPreview(values, defaults);
  return (
    <FormSection
      id="mail-sender-identity"
      title={t('settings:mailSender.sender')}
      hint={t('settings:mailSender.senderHint')}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('settings:mailSender.senderName')}
          hint={t('settings:mailSender.senderNameHint')}
          error={fieldText(errors.senderName?.message)}
          optionalText={optional}
          placeholder={defaults.name}
          autoComplete="organization"
          maxLength={200}
          {...form.register('senderName')}
        />
        <InputField
          label={t('settings:mailSender.senderAddress')}
          hint={
            own ? t('settings:mailSender.senderAddressOwnHint') : t('settings:mailSender.senderAddressHint')
          }
          error={fieldText(errors.senderAddress?.message)}
          required={own}
          optionalText={own ? undefined : optional}
          placeholder={own ? undefined : defaults.address}
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          {...form.register('senderAddress')}
        />
        <InputField
          label={t('settings:mailSender.replyTo')}
          hint={t('settings:mailSender.replyToHint')}
          error={fieldText(errors.replyTo?.message)}
          optionalText={optional}
          placeholder={defaults.replyTo ?? undefined}
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          {...form.register('replyTo')}
        />
      </div>
      <div
        className="rounded-md border border-border bg-surface-muted px-4 py-3 text-sm"
        data-testid="mail-sender-preview"
      >
        <p className="mb-2 text-xs font-medium text-muted-foreground">{t('settings:mailSender.preview')}</p>
        <dl className="grid gap-1 sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-x-3">
          <dt className="font-medium text-foreground">{t('settings:mailSender.previewFrom')}</dt>
          <dd
            className="font-mono text-xs break-all text-foreground sm:text-sm"
            data-testid="mail-sender-from"
          >
            {preview.from ?? (
              <span className="font-sans text-muted-foreground">
                {t('settings:mailSender.previewNeedsAddress')}
              </span>
            )}
          </dd>
          <dt className="font-medium text-foreground">{t('settings:mailSender.previewReplyTo')}</dt>
          <dd
            className="font-mono text-xs break-all text-foreground sm:text-sm"
            data-testid="mail-sender-reply-to"
          >
            {preview.replyTo ?? (
              <span className="font-sans text-muted-foreground">
                {t('settings:mailSender.previewNoReplyTo')}
              </span>
            )}
          </dd>
        </dl>
      </div>
    </FormSection>
  );
}

const OPTION = cn(
  'flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-surface px-4 py-3 text-sm transition-colors',
  'hover:bg-surface-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70',
);

/** The installation's server (saying whether there is one) or the business's own. */
export function SenderTransportSection({
  form,
  installationServer,
}: {
  form: SenderForm;
  installationServer: boolean;
}) {
  const { t } = useTranslation(['settings']);
  const id = useId();
  const option = (value: TSenderTransport, title: string, hint: ReactNode) => (
    <label className={OPTION}>
      <input
        type="radio"
        value={value}
        className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
        aria-labelledby={`${id}-${value}`}
        aria-describedby={`${id}-${value}-hint`}
        {...form.register('transport')}
      />
      <span className="min-w-0">
        <span id={`${id}-${value}`} className="block font-medium text-foreground">
          {title}
        </span>
        <span
          id={`${id}-${value}-hint`}
          className="mt-0.5 flex items-start gap-1.5 text-xs text-muted-foreground"
        >
          {hint}
        </span>
      </span>
    </label>
  );
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-3 text-base font-semibold text-foreground">
        {t('settings:mailSender.transport')}
      </legend>
      {option(
        'installation',
        t('settings:mailSender.installation'),
        <>
          {installationServer ? null : (
            <TriangleAlert
              aria-hidden="true"
              className="mt-px size-3.5 shrink-0 text-warning-soft-foreground"
            />
          )}
          <span data-testid="mail-sender-installation-status" data-configured={installationServer}>
            {installationServer
              ? t('settings:mailSender.installationReady')
              : t('settings:mailSender.installationMissing')}
          </span>
        </>,
      )}
      {option('smtp', t('settings:mailSender.smtp'), t('settings:mailSender.smtpHint'))}
    </fieldset>
  );
}

/** Host, port, security, username and the write-only password of the business's own server. */
export function SenderServerSection({ form, hasPassword }: { form: SenderForm; hasPassword: boolean }) {
  const { t } = useTranslation(['settings', 'mail-accounts', 'forms']);
  const errors = form.formState.errors;
  const security = form.register('smtp.security');
  return (
    <FormSection
      id="mail-sender-server"
      title={
        <span className="inline-flex items-center gap-2">
          <Server aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('settings:mailSender.server')}
        </span>
      }
      hint={t('settings:mailSender.serverHint')}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('mail-accounts:form.host')}
          className="sm:col-span-2"
          error={fieldText(errors.smtp?.host?.message)}
          required
          placeholder="smtp.example.com"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAIL_ACCOUNT_MAX.host}
          {...form.register('smtp.host')}
        />
        <SelectField
          label={t('mail-accounts:form.security')}
          hint={t('settings:mailSender.securityHint')}
          error={fieldText(errors.smtp?.security?.message)}
          {...security}
          onChange={(e) => {
            const next = e.target.value as MailSecurity;
            const port = form.getValues('smtp.port');
            form.setValue('smtp.port', portAfterSecurity(port, form.getValues('smtp.security'), next));
            return security.onChange(e);
          }}
        >
          <ChoiceOptions values={MAIL_SECURITIES} label={(v) => t(`mail-accounts:security.${v}`)} />
        </SelectField>
        <InputField
          label={t('mail-accounts:form.port')}
          error={fieldText(errors.smtp?.port?.message)}
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          {...form.register('smtp.port', { valueAsNumber: true })}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('mail-accounts:form.username')}
          error={fieldText(errors.smtp?.username?.message)}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={MAIL_ACCOUNT_MAX.username}
          {...form.register('smtp.username')}
        />
        <InputField
          label={t('mail-accounts:form.password')}
          hint={
            hasPassword
              ? `${t('mail-accounts:form.passwordKeep')} ${t('mail-accounts:form.passwordStored')}`
              : t('mail-accounts:form.passwordStored')
          }
          error={fieldText(errors.password?.message)}
          required={!hasPassword}
          placeholder={hasPassword ? t('settings:mailSender.passwordSaved') : undefined}
          type="password"
          autoComplete="new-password"
          maxLength={MAIL_ACCOUNT_MAX.password}
          {...form.register('password')}
        />
      </div>
    </FormSection>
  );
}

/** The inline answer of "Send a test message" (announced: status when sent, alert when not). */
export function SenderTestResult({ outcome }: { outcome: TestOutcome | null }) {
  const { t } = useTranslation(['settings']);
  if (!outcome) return <div data-testid="mail-sender-test-result" hidden />;
  return (
    <div data-testid="mail-sender-test-result" data-ok={outcome.ok}>
      {outcome.ok ? (
        <Alert tone="success">
          <p className="break-words">{t('settings:mailSender.testSent', outcome.result)}</p>
        </Alert>
      ) : outcome.serverSaid ? (
        <Alert tone="error" title={outcome.message}>
          <p className="font-mono text-xs break-words">
            {t('settings:mailSender.testServerSaid', { answer: outcome.serverSaid })}
          </p>
        </Alert>
      ) : (
        <Alert tone="error" title={t('settings:mailSender.testFailed')}>
          <p className="break-words">{outcome.message}</p>
        </Alert>
      )}
    </div>
  );
}
