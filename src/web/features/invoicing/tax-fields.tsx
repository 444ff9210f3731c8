import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { PENSION_FUND_TYPES, WITHHOLDING_TYPES } from '@shared/invoicing/document.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import type { EditorValues, ParsedDocument } from './editor-values.ts';
import { fieldText } from '@web/app/field-text.ts';

type EditorFormApi = UseFormReturn<EditorValues, unknown, ParsedDocument>;

/** Withholding tax: on or off, and its type, rate and payment reason. */
export function WithholdingFields({ form, values }: { form: EditorFormApi; values: EditorValues }) {
  const { t } = useTranslation(['invoices']);
  const errors = form.formState.errors;
  return (
    <>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...form.register('withholdingOn')}
        />
        <span>
          <span className="block font-medium text-foreground">{t('invoices:editor.withholdingOn')}</span>
          <span className="block text-xs text-muted-foreground">{t('invoices:editor.withholdingHint')}</span>
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
              <Input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                {...form.register('withholding.ratePercent')}
              />
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
                autoComplete="off"
                className="uppercase"
                {...form.register('withholding.causale', {
                  setValueAs: (v: string) => v.toUpperCase(),
                })}
              />
            )}
          </Field>
        </div>
      ) : null}
      <PensionFundFields form={form} values={values} withholdingOn={values.withholdingOn} />
    </>
  );
}

export function PensionFundFields({
  form,
  values,
  withholdingOn,
}: {
  form: EditorFormApi;
  values: EditorValues;
  withholdingOn: boolean;
}) {
  const { t } = useTranslation(['invoices']);
  const errors = form.formState.errors;
  return (
    <>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...form.register('pensionFundOn')}
        />
        <span>
          <span className="block font-medium text-foreground">{t('invoices:editor.pensionFundOn')}</span>
          <span className="block text-xs text-muted-foreground">{t('invoices:editor.pensionFundHint')}</span>
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
              <Input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                {...form.register('pensionFund.ratePercent')}
              />
            )}
          </Field>
          {withholdingOn ? (
            <label className="flex items-center gap-2 text-sm text-foreground sm:col-span-3">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                {...form.register('pensionFund.subjectToWithholding')}
              />
              {t('invoices:editor.pensionFundWithholding')}
            </label>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
