// Over 300 lines: one form (preset, address, password, the two servers, options, the connection test and its result).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, XCircle } from 'lucide-react';
import {
  SYNC_INTERVAL_RANGE,
  ZMailAccountInput,
  ZMailAccountUpdate,
  defaultPort,
  type TMailAccount,
  type TMailAccountInput,
  type TMailAccountUpdate,
  type TMailConnectionTest,
} from '@shared/mailbox/accounts.ts';
import { MAIL_PRESETS, findPreset, presetUsername } from '@shared/mailbox/presets.ts';
import {
  DEFAULT_IMAP_PORTS,
  DEFAULT_SMTP_PORT,
  DEFAULT_SYNC_INTERVAL_MINUTES,
  MAIL_SECURITIES,
  type MailSecurity,
} from '@shared/mailbox/types.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { fieldText } from '@web/app/field-text.ts';
import { detailFieldIssues, focusFirstInvalid } from '@web/app/form-errors.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { FormSection } from '@web/ui/form-section.tsx';
import {
  CheckboxField,
  ChoiceOptions,
  InputField,
  SelectField,
  TextareaField,
} from '@web/ui/form-fields.tsx';
import { toast } from '@web/ui/toast.ts';
import { useSaveMailAccount, useTestMailAccount } from './mail-accounts-api.ts';

type Endpoint = { host: string; port: number; security: MailSecurity; username: string };
type FormValues = {
  emailAddress: string;
  displayName: string;
  signatureHtml: string;
  provider: string | null;
  imap: Endpoint;
  smtp: Endpoint;
  password: string;
  smtpPassword: string;
  isPec: boolean;
  syncEnabled: boolean;
  syncIntervalMinutes: number;
  dailySendLimit: number | null;
  monthlySendLimit: number | null;
};
type Output = TMailAccountInput | TMailAccountUpdate;

function initialValues(account?: TMailAccount): FormValues {
  if (!account) {
    return {
      emailAddress: '',
      displayName: '',
      signatureHtml: '',
      provider: null,
      imap: { host: '', port: DEFAULT_IMAP_PORTS.tls, security: 'tls', username: '' },
      smtp: { host: '', port: DEFAULT_SMTP_PORT, security: 'starttls', username: '' },
      password: '',
      smtpPassword: '',
      isPec: false,
      syncEnabled: true,
      syncIntervalMinutes: DEFAULT_SYNC_INTERVAL_MINUTES,
      dailySendLimit: null,
      monthlySendLimit: null,
    };
  }
  return {
    emailAddress: account.emailAddress,
    displayName: account.displayName ?? '',
    signatureHtml: account.signatureHtml ?? '',
    provider: account.provider,
    imap: account.imap,
    smtp: account.smtp,
    password: '',
    smtpPassword: '',
    isPec: account.isPec,
    syncEnabled: account.syncEnabled,
    syncIntervalMinutes: account.syncIntervalMinutes,
    dailySendLimit: account.dailySendLimit,
    monthlySendLimit: account.monthlySendLimit,
  };
}

/** Add (no account) or edit dialog of Settings → Mail accounts. */
export function MailAccountDialog({
  open,
  onOpenChange,
  account,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account?: TMailAccount;
}) {
  const { t } = useTranslation(['mail-accounts', 'buttons']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={
          account
            ? t('mail-accounts:form.editTitle', { address: account.emailAddress })
            : t('mail-accounts:form.addTitle')
        }
        description={t('mail-accounts:form.description')}
        closeLabel={t('buttons:close')}
        className="max-w-2xl"
      >
        {open ? <MailAccountForm account={account} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MailAccountForm({ account, onDone }: { account?: TMailAccount; onDone: () => void }) {
  const { t } = useTranslation(['mail-accounts', 'buttons']);
  const id = useId();
  const save = useSaveMailAccount();
  const test = useTestMailAccount();
  const [differentSmtp, setDifferentSmtp] = useState(!!account?.hasSmtpPassword);
  const [result, setResult] = useState<TMailConnectionTest | null>(null);
  const form = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(account ? ZMailAccountUpdate : ZMailAccountInput) as unknown as Resolver<
      FormValues,
      unknown,
      Output
    >,
    defaultValues: initialValues(account),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState, watch, setValue } = form;
  const preset = findPreset(watch('provider'));
  const err = (path: FieldPath<FormValues>) => {
    const parts = path.split('.');
    let node: unknown = formState.errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return fieldText((node as { message?: string } | undefined)?.message);
  };

  /** The body: the SMTP password only when the switch says it differs (null on edit removes a stored one). */
  const bodyOf = (values: Output): Output => {
    if (differentSmtp) return values;
    return { ...values, smtpPassword: account?.hasSmtpPassword ? null : undefined } as Output;
  };

  const showServerErrors = (error: unknown) => {
    for (const issue of detailFieldIssues(error)) {
      form.setError(issue.path as FieldPath<FormValues>, { message: issue.message });
    }
    toast.error(apiErrorMessage(error, t));
  };

  const onInvalid = () => {
    toast.error(t('mail-accounts:form.invalid'));
    focusFirstInvalid(document.getElementById(id) as HTMLFormElement | null);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: account?.id, values: bodyOf(values) });
      toast.success(account ? t('mail-accounts:toast.updated') : t('mail-accounts:toast.created'));
      onDone();
    } catch (error) {
      showServerErrors(error);
    }
  }, onInvalid);

  const runTest = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      setResult(await test.mutateAsync({ id: account?.id, values: bodyOf(values) }));
    } catch (error) {
      showServerErrors(error);
    }
  }, onInvalid);

  const pickPreset = (presetId: string) => {
    const picked = findPreset(presetId);
    setValue('provider', picked ? picked.id : null);
    if (!picked) return;
    const address = form.getValues('emailAddress');
    setValue('imap', { ...picked.imap, username: address ? presetUsername(picked, address, 'imap') : '' });
    setValue('smtp', { ...picked.smtp, username: address ? presetUsername(picked, address, 'smtp') : '' });
    setValue('isPec', picked.isPec);
    setResult(null);
  };

  /** The address fills empty usernames (as the preset expects them). */
  const onAddressBlur = () => {
    const address = form.getValues('emailAddress').trim();
    if (!address) return;
    for (const server of ['imap', 'smtp'] as const) {
      if (!form.getValues(`${server}.username`)) {
        setValue(`${server}.username`, preset ? presetUsername(preset, address, server) : address);
      }
    }
  };

  return (
    <form id={id} noValidate onSubmit={(e) => void submit(e)} className="grid gap-6">
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-6">
        <legend className="sr-only">{t('mail-accounts:title')}</legend>
        <SelectField
          label={t('mail-accounts:form.preset')}
          value={watch('provider') ?? ''}
          onChange={(e) => pickPreset(e.target.value)}
          data-testid="mail-account-preset"
        >
          <option value="">{t('mail-accounts:form.presetCustom')}</option>
          {MAIL_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t('mail-accounts:form.emailAddress')}
            type="email"
            autoComplete="off"
            required
            error={err('emailAddress')}
            {...register('emailAddress', { onBlur: onAddressBlur })}
          />
          <InputField
            label={t('mail-accounts:form.displayName')}
            optionalText={t('mail-accounts:form.optional')}
            autoComplete="off"
            error={err('displayName')}
            {...register('displayName')}
          />
          <InputField
            label={t('mail-accounts:form.password')}
            type="password"
            autoComplete="new-password"
            required={!account}
            hint={
              <>
                {account ? t('mail-accounts:form.passwordKeep') : t('mail-accounts:form.passwordStored')}
                {preset?.note ? (
                  <span className="mt-1 block text-foreground" data-testid="mail-account-preset-note">
                    {t(`mail-accounts:presetNotes.${preset.note}`)}
                  </span>
                ) : null}
              </>
            }
            error={err('password')}
            {...register('password')}
          />
          <div className="grid content-start gap-3 sm:pt-7">
            <CheckboxField
              label={t('mail-accounts:form.differentSmtpPassword')}
              checked={differentSmtp}
              onChange={(e) => setDifferentSmtp(e.target.checked)}
            />
            {differentSmtp ? (
              <InputField
                label={t('mail-accounts:form.smtpPassword')}
                type="password"
                autoComplete="new-password"
                hint={account?.hasSmtpPassword ? t('mail-accounts:form.passwordKeep') : undefined}
                error={err('smtpPassword')}
                {...register('smtpPassword')}
              />
            ) : null}
          </div>
        </div>
        <ServerFields form={form} server="imap" err={err} />
        <ServerFields form={form} server="smtp" err={err} />
        <div className="grid gap-4 sm:grid-cols-2">
          <CheckboxField
            label={t('mail-accounts:form.isPec')}
            hint={t('mail-accounts:form.isPecHint')}
            {...register('isPec')}
          />
          <div className="grid gap-3">
            <CheckboxField label={t('mail-accounts:form.syncEnabled')} {...register('syncEnabled')} />
            <InputField
              label={t('mail-accounts:form.syncInterval')}
              type="number"
              inputMode="numeric"
              min={SYNC_INTERVAL_RANGE.min}
              max={SYNC_INTERVAL_RANGE.max}
              error={err('syncIntervalMinutes')}
              {...register('syncIntervalMinutes', { valueAsNumber: true })}
            />
          </div>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-foreground">
            {t('mail-accounts:form.limits')}
          </legend>
          <p className="text-xs text-muted-foreground sm:col-span-2">{t('mail-accounts:form.limitsHint')}</p>
          {(['dailySendLimit', 'monthlySendLimit'] as const).map((name) => (
            <InputField
              key={name}
              label={t(
                name === 'dailySendLimit'
                  ? 'mail-accounts:form.dailyLimit'
                  : 'mail-accounts:form.monthlyLimit',
              )}
              optionalText={t('mail-accounts:form.optional')}
              type="number"
              inputMode="numeric"
              min={1}
              error={err(name)}
              {...register(name, { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
            />
          ))}
        </fieldset>
        <TextareaField
          label={t('mail-accounts:form.signature')}
          optionalText={t('mail-accounts:form.optional')}
          hint={t('mail-accounts:form.signatureHint')}
          rows={3}
          error={err('signatureHtml')}
          {...register('signatureHtml')}
        />
      </fieldset>
      <TestResult result={result} />
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('buttons:cancel')}</Button>
        </DialogClose>
        <Button
          variant="secondary"
          loading={test.isPending}
          onClick={() => void runTest()}
          data-testid="mail-account-test"
        >
          {t('mail-accounts:form.test')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {account ? t('mail-accounts:form.save') : t('mail-accounts:form.create')}
        </Button>
      </div>
    </form>
  );
}

/** Host, port, security and username of one server; a change of security moves a default port along. */
function ServerFields({
  form,
  server,
  err,
}: {
  form: UseFormReturn<FormValues, unknown, Output>;
  server: 'imap' | 'smtp';
  err: (path: FieldPath<FormValues>) => string | undefined;
}) {
  const { t } = useTranslation(['mail-accounts']);
  const headingId = useId();
  const security = form.register(`${server}.security`);
  return (
    <FormSection
      id={headingId}
      size="sm"
      title={server === 'imap' ? t('mail-accounts:form.imapTitle') : t('mail-accounts:form.smtpTitle')}
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <InputField
          label={t('mail-accounts:form.host')}
          required
          autoComplete="off"
          spellCheck={false}
          error={err(`${server}.host`)}
          {...form.register(`${server}.host`)}
        />
        <InputField
          label={t('mail-accounts:form.port')}
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          error={err(`${server}.port`)}
          {...form.register(`${server}.port`, { valueAsNumber: true })}
        />
        <SelectField
          label={t('mail-accounts:form.security')}
          error={err(`${server}.security`)}
          {...security}
          onChange={(e) => {
            const previous = form.getValues(`${server}.security`);
            const port = form.getValues(`${server}.port`);
            if (port === defaultPort(server, previous)) {
              form.setValue(`${server}.port`, defaultPort(server, e.target.value as MailSecurity));
            }
            return security.onChange(e);
          }}
        >
          <ChoiceOptions values={MAIL_SECURITIES} label={(v) => t(`mail-accounts:security.${v}`)} />
        </SelectField>
      </div>
      <InputField
        label={t('mail-accounts:form.username')}
        required
        autoComplete="off"
        spellCheck={false}
        error={err(`${server}.username`)}
        {...form.register(`${server}.username`)}
      />
    </FormSection>
  );
}

/** The connection test's answer, IMAP and SMTP, each connected or its spec §8 class in words. */
function TestResult({ result }: { result: TMailConnectionTest | null }) {
  const { t } = useTranslation(['mail-accounts']);
  return (
    <div data-testid="mail-account-test-result">
      {result ? (
        <Alert
          tone={result.imap.ok && result.smtp.ok ? 'success' : 'error'}
          title={t('mail-accounts:test.title')}
        >
          <ul className="grid gap-1">
            {(['imap', 'smtp'] as const).map((server) => {
              const check = result[server];
              const text = check.ok
                ? t('mail-accounts:test.ok')
                : check.code === 'CONNECTION_ERROR'
                  ? t('mail-accounts:test.connectionError')
                  : t(`mail-accounts:errors.${check.code ?? 'UNKNOWN_ERROR'}`);
              return (
                <li key={server} className="flex items-start gap-2" data-server={server} data-ok={check.ok}>
                  {check.ok ? (
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  ) : (
                    <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
                  )}
                  <span>
                    <span className="font-medium">{t(`mail-accounts:test.${server}`)}:</span> {text}
                  </span>
                </li>
              );
            })}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
