import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toast } from '@web/ui/toast.ts';
import { ReceiptText } from 'lucide-react';
import type { TInvoicingSettings, TInvoicingSettingsState } from '@shared/invoicing/contracts.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { useInvoicingSettings, useSaveInvoicingSettings } from '@web/features/invoicing/invoicing-api.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import {
  BankSection,
  DefaultsSection,
  DocumentsSection,
  NumberingSection,
  RemindersSection,
  SdiSection,
} from './invoicing-settings-sections.tsx';
import { formPath, settingsResolver, toValues, type SettingsValues } from './invoicing-settings-values.ts';

/**
 * Settings → Invoicing: numbering, validity, stamp duty, reminders, PDF template, bank details, the SDI's PEC
 * address, defaults.
 */
export function InvoicingSettingsPanel() {
  const { t } = useTranslation(['invoices', 'common']);
  const { orgId } = useInvoicingPermissions();
  const settings = useInvoicingSettings(orgId);
  if (settings.isPending) {
    return <BlockSpinner label={t('common:loading')} />;
  }
  if (settings.isError) {
    return (
      <Alert tone="error" title={t('invoices:settings.loadError')}>
        {invoicingErrorMessage(settings.error, t)}
      </Alert>
    );
  }
  return <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: TInvoicingSettingsState }) {
  const { t } = useTranslation(['invoices', 'buttons', 'forms', 'common']);
  const lang = currentLanguage();
  const { orgId, canManage } = useInvoicingPermissions();
  const save = useSaveInvoicingSettings(orgId);

  const resolver = useMemo(() => settingsResolver(t), [t]);
  const form = useForm<SettingsValues, unknown, TInvoicingSettings>({
    resolver,
    defaultValues: toValues(settings, lang),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as SettingsValues;

  const submit = form.handleSubmit(
    async (input) => {
      try {
        await save.mutateAsync(input);
        toast.success(t('invoices:settings.saved'));
      } catch (error) {
        for (const issue of serverFieldIssues(error)) {
          form.setError(formPath(issue.path) as FieldPath<SettingsValues>, { message: issue.message });
        }
        toast.error(invoicingErrorMessage(error, t));
      }
    },
    () => toast.error(t('invoices:settings.invalid')),
  );

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="max-w-3xl"
      aria-labelledby="invoicing-settings-title"
    >
      <Card>
        <CardHeader
          icon={<ReceiptText aria-hidden="true" className="size-5" />}
          title={<span id="invoicing-settings-title">{t('invoices:settings.title')}</span>}
          description={t('invoices:settings.description')}
        />
        <fieldset disabled={!canManage || save.isPending} className="min-w-0">
          <legend className="sr-only">{t('invoices:settings.title')}</legend>
          <CardContent className="grid gap-8 py-6">
            {!canManage ? <Alert tone="info">{t('invoices:settings.readOnly')}</Alert> : null}
            <NumberingSection form={form} values={values} />
            <DocumentsSection form={form} />
            <RemindersSection form={form} values={values} />
            <BankSection form={form} />
            <SdiSection form={form} assignedAddress={settings.sdiAssignedAddress} />
            <DefaultsSection form={form} values={values} />
          </CardContent>
          {canManage ? (
            <div className="flex justify-end border-t border-border px-5 py-4">
              <Button type="submit" loading={save.isPending}>
                {t('buttons:save')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </Card>
    </form>
  );
}
