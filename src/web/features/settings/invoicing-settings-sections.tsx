import { fieldText } from '@web/app/field-text.ts';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { PDF_TEMPLATES, type TInvoicingSettings } from '@shared/invoicing/contracts.ts';
import { PENSION_FUND_TYPES, WITHHOLDING_TYPES } from '@shared/invoicing/document.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';

import { PATTERNS, preview, type SettingsValues } from './invoicing-settings-values.ts';

type SettingsForm = UseFormReturn<SettingsValues, unknown, TInvoicingSettings>;

/** The number patterns of invoices, credit notes and quotes, each with the number it would give now. */
export function NumberingSection({ form, values }: { form: SettingsForm; values: SettingsValues }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
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
              {(props) => <Input {...props} maxLength={40} autoComplete="off" {...form.register(field)} />}
            </Field>
          );
        })}
      </div>
    </section>
  );
}

/** Quote validity, PDF template, who pays the stamp duty. */
export function DocumentsSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
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
        <Field label={t('invoices:settings.pdfTemplate')} error={fieldText(errors.pdfTemplate?.message)}>
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
          <span className="block font-medium text-foreground">{t('invoices:settings.stampDuty')}</span>
          <span className="block text-xs text-muted-foreground">{t('invoices:settings.stampDutyHint')}</span>
        </span>
      </label>
    </section>
  );
}

/** Automatic payment reminders and how often they go. */
export function RemindersSection({ form, values }: { form: SettingsForm; values: SettingsValues }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
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
  );
}

/** The bank details printed on documents. */
export function BankSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  return (
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
  );
}

/** Withholding tax and pension fund proposed on new documents. */
export function DefaultsSection({ form, values }: { form: SettingsForm; values: SettingsValues }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
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
        <span className="block font-medium text-foreground">{t('invoices:editor.withholdingOn')}</span>
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
        <span className="block font-medium text-foreground">{t('invoices:editor.pensionFundOn')}</span>
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
  );
}
