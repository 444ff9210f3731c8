import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Send } from 'lucide-react';
import type { TSenderSettings, TSenderSettingsRequest } from '@shared/mail/sender-settings.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { focusFirstInvalid, serverFieldIssues } from '@web/app/form-errors.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { useSaveSenderSettings, useSenderSettings, useTestSender } from './mail-sender-api.ts';
import {
  SenderIdentitySection,
  SenderServerSection,
  SenderTestResult,
  SenderTransportSection,
  type TestOutcome,
} from './mail-sender-sections.tsx';
import { senderResolver, serverWords, toValues, type SenderFormValues } from './mail-sender-values.ts';

/**
 * Settings → Email sending (issue 16): who the app's own mail is from, where replies go, and which server sends it
 * (the installation's, or the business's own SMTP server), with a test message sent with the values in the form.
 * The tab is shown to members who manage the organization only: the server refuses the others.
 */
export function MailSenderPanel() {
  const { t } = useTranslation(['settings', 'common']);
  const orgId = useSignedInMe().activeOrganizationId;
  const settings = useSenderSettings(orgId);
  if (settings.isPending) {
    return <BlockSpinner label={t('common:loading')} />;
  }
  if (settings.isError) {
    return (
      <Alert tone="error" title={t('settings:mailSender.loadError')}>
        {apiErrorMessage(settings.error, t)}
      </Alert>
    );
  }
  return <SenderForm settings={settings.data} />;
}

function SenderForm({ settings }: { settings: TSenderSettings }) {
  const { t } = useTranslation(['settings', 'buttons']);
  const me = useSignedInMe();
  const save = useSaveSenderSettings(me.activeOrganizationId);
  const test = useTestSender();
  const formRef = useRef<HTMLFormElement>(null);
  // What is stored now: the answer of the last save (the password hint follows it).
  const [stored, setStored] = useState(settings);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const resolver = useMemo(() => senderResolver(stored.hasPassword), [stored.hasPassword]);
  const form = useForm<SenderFormValues, unknown, TSenderSettingsRequest>({
    resolver,
    defaultValues: toValues(settings),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as SenderFormValues;

  const showFieldIssues = (error: unknown) => {
    const issues = serverFieldIssues(error);
    for (const issue of issues) {
      form.setError(issue.path as FieldPath<SenderFormValues>, { message: issue.message });
    }
    if (issues.length > 0) focusFirstInvalid(formRef.current);
    return issues.length > 0;
  };

  const onInvalid = () => {
    toast.error(t('settings:mailSender.invalid'));
    focusFirstInvalid(formRef.current);
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      setStored(saved);
      form.reset(toValues(saved));
      toast.success(t('settings:mailSender.saved'));
    } catch (error) {
      const fields = showFieldIssues(error);
      toast.error(fields ? t('settings:mailSender.invalid') : apiErrorMessage(error, t));
    }
  }, onInvalid);

  const runTest = form.handleSubmit(async (input) => {
    setOutcome(null);
    try {
      setOutcome({ ok: true, result: await test.mutateAsync(input) });
    } catch (error) {
      showFieldIssues(error);
      const message = apiErrorMessage(error, t);
      setOutcome({ ok: false, message, serverSaid: serverWords(error, message) });
    }
  }, onInvalid);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void submit(e)}
      className="max-w-3xl"
      aria-labelledby="mail-sender-title"
      data-testid="mail-sender-form"
    >
      <Card>
        <CardHeader
          icon={<Send aria-hidden="true" className="size-5" />}
          title={<span id="mail-sender-title">{t('settings:mailSender.title')}</span>}
          description={t('settings:mailSender.description')}
        />
        <fieldset disabled={save.isPending} className="min-w-0">
          <legend className="sr-only">{t('settings:mailSender.title')}</legend>
          <CardContent className="grid gap-8 py-6">
            <SenderIdentitySection form={form} values={values} defaults={stored.defaults} />
            <SenderTransportSection form={form} installationServer={stored.defaults.installationServer} />
            {values.transport === 'smtp' ? (
              <SenderServerSection form={form} hasPassword={stored.hasPassword} />
            ) : null}
          </CardContent>
        </fieldset>
        <div className="grid gap-4 border-t border-border px-5 py-4">
          <SenderTestResult outcome={outcome} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-muted-foreground">
              {t('settings:mailSender.testHint', { email: me.user.email })}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:shrink-0">
              <Button
                variant="outline"
                loading={test.isPending}
                disabled={save.isPending}
                onClick={() => void runTest()}
                data-testid="mail-sender-test"
              >
                {test.isPending ? null : <Send aria-hidden="true" className="size-4" />}
                {t('settings:mailSender.test')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={test.isPending}>
                {t('buttons:save')}
              </Button>
            </div>
          </div>
        </div>
      </Card>
    </form>
  );
}
