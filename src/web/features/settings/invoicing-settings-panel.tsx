import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { set, useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import { ReceiptText } from 'lucide-react';
import {
  PDF_TEMPLATES,
  ZInvoicingSettings,
  type PdfTemplateName,
  type TInvoicingSettings,
} from '@shared/invoicing/contracts.ts';
import {
  DEFAULT_WITHHOLDING_CAUSALE,
  DEFAULT_WITHHOLDING_RATE,
  PENSION_FUND_TYPES,
  WITHHOLDING_TYPES,
  type WithholdingType,
} from '@shared/invoicing/document.ts';
import { formatDocumentNumber, isValidNumberPattern } from '@shared/invoicing/numbering.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { decimalToInput, DEFAULT_PENSION_FUND } from '@web/features/invoicing/editor-values.ts';
import { useInvoicingSettings, useSaveInvoicingSettings } from '@web/features/invoicing/invoicing-api.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';

interface SettingsValues {
  invoiceNumberPattern: string;
  creditNoteNumberPattern: string;
  quoteNumberPattern: string;
  quoteValidityDays: string;
  stampDutyChargedToClient: boolean;
  automaticReminders: boolean;
  reminderEveryDays: string;
  pdfTemplate: PdfTemplateName;
  iban: string;
  bankName: string;
  withholdingOn: boolean;
  withholding: { type: WithholdingType; ratePercent: string; causale: string };
  pensionFundOn: boolean;
  pensionFund: { type: string; ratePercent: string; subjectToWithholding: boolean };
}

const PATTERNS = ['invoiceNumberPattern', 'creditNoteNumberPattern', 'quoteNumberPattern'] as const;

function toValues(s: TInvoicingSettings, lang: 'it' | 'en'): SettingsValues {
  return {
    invoiceNumberPattern: s.invoiceNumberPattern,
    creditNoteNumberPattern: s.creditNoteNumberPattern,
    quoteNumberPattern: s.quoteNumberPattern,
    quoteValidityDays: String(s.quoteValidityDays),
    stampDutyChargedToClient: s.stampDutyChargedToClient,
    automaticReminders: s.automaticReminders,
    reminderEveryDays: String(s.reminderEveryDays),
    pdfTemplate: s.pdfTemplate,
    iban: s.iban ?? '',
    bankName: s.bankName ?? '',
    withholdingOn: !!s.defaultWithholding,
    withholding: s.defaultWithholding
      ? { ...s.defaultWithholding, ratePercent: decimalToInput(s.defaultWithholding.ratePercent, lang) }
      : { type: 'RT01', ratePercent: DEFAULT_WITHHOLDING_RATE, causale: DEFAULT_WITHHOLDING_CAUSALE },
    pensionFundOn: !!s.defaultPensionFund,
    pensionFund: s.defaultPensionFund
      ? { ...s.defaultPensionFund, ratePercent: decimalToInput(s.defaultPensionFund.ratePercent, lang) }
      : DEFAULT_PENSION_FUND,
  };
}

/** Whole days from text, or NaN (the contract refuses it). */
const days = (text: string) => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : Number.NaN);

/** The form field of a contract path (`defaultWithholding.ratePercent` → `withholding.ratePercent`). */
function formPath(path: string): string {
  return path.replace(/^defaultWithholding/, 'withholding').replace(/^defaultPensionFund/, 'pensionFund');
}

/** The example a pattern gives for the first document of this year, or null when it is not valid. */
function preview(pattern: string): string | null {
  try {
    return isValidNumberPattern(pattern) ? formatDocumentNumber(pattern, new Date().getFullYear(), 1) : null;
  } catch {
    return null;
  }
}

/** Settings → Invoicing: numbering, validity, stamp duty, reminders, PDF template, bank details, defaults. */
export function InvoicingSettingsPanel() {
  const { t } = useTranslation(['invoices', 'common']);
  const { orgId } = useInvoicingPermissions();
  const settings = useInvoicingSettings(orgId);
  if (settings.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('common:loading')} />
      </div>
    );
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

function SettingsForm({ settings }: { settings: TInvoicingSettings }) {
  const { t } = useTranslation(['invoices', 'buttons', 'forms', 'common']);
  const lang = currentLanguage();
  const { orgId, canManage } = useInvoicingPermissions();
  const save = useSaveInvoicingSettings(orgId);

  const resolver = useMemo<Resolver<SettingsValues, unknown, TInvoicingSettings>>(
    () => async (v) => {
      const errors: FieldErrors<SettingsValues> = {};
      const fail = (path: string, message: string) => set(errors, path, { type: 'validate', message });
      for (const field of PATTERNS) {
        if (!isValidNumberPattern(v[field].trim())) fail(field, 'invoicing.errors.numberPatternInvalid');
      }
      const parsed = ZInvoicingSettings.safeParse({
        invoiceNumberPattern: v.invoiceNumberPattern,
        creditNoteNumberPattern: v.creditNoteNumberPattern,
        quoteNumberPattern: v.quoteNumberPattern,
        quoteValidityDays: days(v.quoteValidityDays),
        stampDutyChargedToClient: v.stampDutyChargedToClient,
        automaticReminders: v.automaticReminders,
        reminderEveryDays: days(v.reminderEveryDays),
        pdfTemplate: v.pdfTemplate,
        iban: v.iban,
        bankName: v.bankName,
        defaultWithholding: v.withholdingOn ? v.withholding : null,
        defaultPensionFund: v.pensionFundOn ? v.pensionFund : null,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = formPath(issue.path.map(String).join('.'));
          if (path === 'quoteValidityDays') fail(path, t('invoices:settings.validityInvalid'));
          else if (path === 'reminderEveryDays') fail(path, t('invoices:settings.reminderDaysInvalid'));
          else if (!PATTERNS.includes(path as (typeof PATTERNS)[number])) fail(path, issue.message);
        }
      }
      if (!parsed.success || Object.keys(errors).length > 0) return { values: {}, errors };
      return { values: parsed.data, errors: {} };
    },
    [t],
  );
  const form = useForm<SettingsValues, unknown, TInvoicingSettings>({
    resolver,
    defaultValues: toValues(settings, lang),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as SettingsValues;
  const optional = t('forms:optional');

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
            <section className="grid gap-5" aria-labelledby="inv-numbering">
              <div>
                <h3 id="inv-numbering" className="text-base font-semibold text-foreground">
                  {t('invoices:settings.numbering')}
                </h3>
                <p className="mt-1 text-xs text-muted-foreground">{t('invoices:settings.numberingHint')}</p>
              </div>
              <div className="grid gap-5 sm:grid-cols-3">
                {PATTERNS.map((field) => {
                  const example = preview(values[field] ?? '');
                  return (
                    <Field
                      key={field}
                      label={t(`invoices:settings.${field}`)}
                      error={fieldText(errors[field]?.message)}
                      hint={
                        <span data-testid={`preview-${field}`}>
                          {example
                            ? t('invoices:settings.preview', { number: example })
                            : t('invoices:settings.previewNone')}
                        </span>
                      }
                      required
                    >
                      {(props) => (
                        <Input {...props} maxLength={40} autoComplete="off" {...form.register(field)} />
                      )}
                    </Field>
                  );
                })}
              </div>
            </section>

            <section className="grid gap-5" aria-labelledby="inv-documents">
              <h3 id="inv-documents" className="text-base font-semibold text-foreground">
                {t('invoices:settings.documents')}
              </h3>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field
                  label={t('invoices:settings.quoteValidityDays')}
                  error={fieldText(errors.quoteValidityDays?.message)}
                >
                  {(props) => (
                    <Input
                      {...props}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={365}
                      {...form.register('quoteValidityDays')}
                    />
                  )}
                </Field>
                <Field
                  label={t('invoices:settings.pdfTemplate')}
                  error={fieldText(errors.pdfTemplate?.message)}
                >
                  {(props) => (
                    <Select {...props} {...form.register('pdfTemplate')}>
                      {PDF_TEMPLATES.map((name) => (
                        <option key={name} value={name}>
                          {t(`invoices:templates.${name}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              </div>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register('stampDutyChargedToClient')}
                />
                <span>
                  <span className="block font-medium text-foreground">
                    {t('invoices:settings.stampDuty')}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t('invoices:settings.stampDutyHint')}
                  </span>
                </span>
              </label>
            </section>

            <section className="grid gap-5" aria-labelledby="inv-reminders">
              <h3 id="inv-reminders" className="text-base font-semibold text-foreground">
                {t('invoices:settings.reminders')}
              </h3>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register('automaticReminders')}
                />
                <span>
                  <span className="block font-medium text-foreground">
                    {t('invoices:settings.automaticReminders')}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t('invoices:settings.automaticRemindersHint')}
                  </span>
                </span>
              </label>
              {values.automaticReminders ? (
                <Field
                  label={t('invoices:settings.reminderEveryDays')}
                  error={fieldText(errors.reminderEveryDays?.message)}
                  className="sm:max-w-xs"
                >
                  {(props) => (
                    <Input
                      {...props}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={90}
                      {...form.register('reminderEveryDays')}
                    />
                  )}
                </Field>
              ) : null}
            </section>

            <section className="grid gap-5" aria-labelledby="inv-bank">
              <div>
                <h3 id="inv-bank" className="text-base font-semibold text-foreground">
                  {t('invoices:settings.bank')}
                </h3>
                <p className="mt-1 text-xs text-muted-foreground">{t('invoices:settings.bankHint')}</p>
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field
                  label={t('invoices:settings.iban')}
                  error={fieldText(errors.iban?.message)}
                  optionalText={optional}
                >
                  {(props) => (
                    <Input {...props} autoComplete="off" className="uppercase" {...form.register('iban')} />
                  )}
                </Field>
                <Field
                  label={t('invoices:settings.bankName')}
                  error={fieldText(errors.bankName?.message)}
                  optionalText={optional}
                >
                  {(props) => <Input {...props} maxLength={80} {...form.register('bankName')} />}
                </Field>
              </div>
            </section>

            <section className="grid gap-5" aria-labelledby="inv-defaults">
              <div>
                <h3 id="inv-defaults" className="text-base font-semibold text-foreground">
                  {t('invoices:settings.defaults')}
                </h3>
                <p className="mt-1 text-xs text-muted-foreground">{t('invoices:settings.defaultsHint')}</p>
              </div>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register('withholdingOn')}
                />
                <span className="block font-medium text-foreground">
                  {t('invoices:editor.withholdingOn')}
                </span>
              </label>
              {values.withholdingOn ? (
                <div className="grid gap-5 sm:grid-cols-3">
                  <Field
                    label={t('invoices:editor.withholdingType')}
                    error={fieldText(errors.withholding?.type?.message)}
                  >
                    {(props) => (
                      <Select {...props} {...form.register('withholding.type')}>
                        {WITHHOLDING_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(`invoices:withholdingTypes.${type}`)}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field
                    label={t('invoices:editor.ratePercent')}
                    error={fieldText(errors.withholding?.ratePercent?.message)}
                  >
                    {(props) => (
                      <Input {...props} inputMode="decimal" {...form.register('withholding.ratePercent')} />
                    )}
                  </Field>
                  <Field
                    label={t('invoices:editor.causale')}
                    hint={t('invoices:editor.causaleHint')}
                    error={fieldText(errors.withholding?.causale?.message)}
                  >
                    {(props) => (
                      <Input
                        {...props}
                        maxLength={3}
                        className="uppercase"
                        {...form.register('withholding.causale', {
                          setValueAs: (v: string) => v.toUpperCase(),
                        })}
                      />
                    )}
                  </Field>
                </div>
              ) : null}
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register('pensionFundOn')}
                />
                <span className="block font-medium text-foreground">
                  {t('invoices:editor.pensionFundOn')}
                </span>
              </label>
              {values.pensionFundOn ? (
                <div className="grid gap-5 sm:grid-cols-3">
                  <Field
                    label={t('invoices:editor.pensionFundType')}
                    error={fieldText(errors.pensionFund?.type?.message)}
                    className="sm:col-span-2"
                  >
                    {(props) => (
                      <Select {...props} {...form.register('pensionFund.type')}>
                        {PENSION_FUND_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {`${type} – ${t(`invoices:pensionFunds.${type}`)}`}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field
                    label={t('invoices:editor.ratePercent')}
                    error={fieldText(errors.pensionFund?.ratePercent?.message)}
                  >
                    {(props) => (
                      <Input {...props} inputMode="decimal" {...form.register('pensionFund.ratePercent')} />
                    )}
                  </Field>
                  <label className="flex items-center gap-2 text-sm text-foreground sm:col-span-3">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      {...form.register('pensionFund.subjectToWithholding')}
                    />
                    {t('invoices:editor.pensionFundWithholding')}
                  </label>
                </div>
              ) : null}
            </section>
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
