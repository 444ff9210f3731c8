import { fieldText } from '@web/app/field-text.ts';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { PDF_TEMPLATES, VAT_PERIODICITIES, type TInvoicingSettings } from '@shared/invoicing/contracts.ts';
import { SDI_PUBLIC_PEC_ADDRESS } from '@shared/invoicing/sdi.ts';
import { CheckboxField, ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { FormSection } from '@web/ui/form-section.tsx';
import { PensionFundFields, WithholdingFields } from '@web/features/invoicing/tax-fields.tsx';

import { PATTERNS, preview, type SettingsValues } from './invoicing-settings-values.ts';

type SettingsForm = UseFormReturn<SettingsValues, unknown, TInvoicingSettings>;

/** The number patterns of invoices, credit notes and quotes, each with the number it would give now. */
export function NumberingSection({ form, values }: { form: SettingsForm; values: SettingsValues }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
    <FormSection
      id="inv-numbering"
      title={t('invoices:settings.numbering')}
      hint={t('invoices:settings.numberingHint')}
    >
      <div className="grid gap-5 sm:grid-cols-3">
        {PATTERNS.map((field) => {
          const example = preview(values[field] ?? '');
          return (
            <InputField
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
              maxLength={40}
              autoComplete="off"
              {...form.register(field)}
            />
          );
        })}
      </div>
    </FormSection>
  );
}

/** Quote validity, PDF template, who pays the stamp duty. */
export function DocumentsSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
    <FormSection id="inv-documents" title={t('invoices:settings.documents')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('invoices:settings.quoteValidityDays')}
          error={fieldText(errors.quoteValidityDays?.message)}
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          {...form.register('quoteValidityDays')}
        />
        <SelectField
          label={t('invoices:settings.pdfTemplate')}
          error={fieldText(errors.pdfTemplate?.message)}
          {...form.register('pdfTemplate')}
        >
          <ChoiceOptions values={PDF_TEMPLATES} label={(name) => t(`invoices:templates.${name}`)} />
        </SelectField>
        <SelectField
          label={t('invoices:settings.vatPeriodicity')}
          hint={t('invoices:settings.vatPeriodicityHint')}
          error={fieldText(errors.vatPeriodicity?.message)}
          {...form.register('vatPeriodicity')}
        >
          <ChoiceOptions
            values={VAT_PERIODICITIES}
            label={(value) => t(`invoices:settings.vatPeriodicities.${value}`)}
          />
        </SelectField>
      </div>
      <CheckboxField
        label={t('invoices:settings.stampDuty')}
        hint={t('invoices:settings.stampDutyHint')}
        {...form.register('stampDutyChargedToClient')}
      />
    </FormSection>
  );
}

/** Automatic payment reminders and how often they go. */
export function RemindersSection({ form, values }: { form: SettingsForm; values: SettingsValues }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
    <FormSection id="inv-reminders" title={t('invoices:settings.reminders')}>
      <CheckboxField
        label={t('invoices:settings.automaticReminders')}
        hint={t('invoices:settings.automaticRemindersHint')}
        {...form.register('automaticReminders')}
      />
      {values.automaticReminders ? (
        <InputField
          label={t('invoices:settings.reminderEveryDays')}
          error={fieldText(errors.reminderEveryDays?.message)}
          className="sm:max-w-xs"
          type="number"
          inputMode="numeric"
          min={1}
          max={90}
          {...form.register('reminderEveryDays')}
        />
      ) : null}
    </FormSection>
  );
}

/** The bank details printed on documents. */
export function BankSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  return (
    <FormSection id="inv-bank" title={t('invoices:settings.bank')} hint={t('invoices:settings.bankHint')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('invoices:settings.iban')}
          error={fieldText(errors.iban?.message)}
          optionalText={optional}
          autoComplete="off"
          controlClassName="uppercase"
          {...form.register('iban')}
        />
        <InputField
          label={t('invoices:settings.bankName')}
          error={fieldText(errors.bankName?.message)}
          optionalText={optional}
          maxLength={80}
          {...form.register('bankName')}
        />
      </div>
    </FormSection>
  );
}

/** Where e-invoices go by PEC: the SDI's public address unless the business set another. */
export function SdiSection({
  form,
  assignedAddress,
}: {
  form: SettingsForm;
  assignedAddress: string | null;
}) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors;
  return (
    <FormSection id="inv-sdi" title={t('invoices:settings.sdi')} hint={t('invoices:settings.sdiHint')}>
      <div className="grid gap-2">
        <InputField
          label={t('invoices:settings.sdiPecAddress')}
          error={fieldText(errors.sdiPecAddress?.message)}
          optionalText={t('forms:optional')}
          placeholder={SDI_PUBLIC_PEC_ADDRESS}
          type="email"
          autoComplete="off"
          maxLength={254}
          {...form.register('sdiPecAddress')}
        />
        <p className="text-xs text-muted-foreground" data-testid="sdi-assigned-address">
          {assignedAddress
            ? t('invoices:settings.sdiAssigned', { address: assignedAddress })
            : t('invoices:settings.sdiNotAssigned')}
        </p>
      </div>
    </FormSection>
  );
}

/** Withholding tax and pension fund proposed on new documents. */
export function DefaultsSection({ form, values }: { form: SettingsForm; values: SettingsValues }) {
  const { t } = useTranslation(['invoices', 'forms']);
  return (
    <FormSection
      id="inv-defaults"
      title={t('invoices:settings.defaults')}
      hint={t('invoices:settings.defaultsHint')}
    >
      <WithholdingFields form={form} values={values} />
      <PensionFundFields form={form} values={values} askSubjectToWithholding />
    </FormSection>
  );
}
