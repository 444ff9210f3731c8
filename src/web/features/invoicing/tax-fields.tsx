import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { PENSION_FUND_TYPES, WITHHOLDING_TYPES } from '@shared/invoicing/document.ts';
import {
  CheckboxField,
  ChoiceOptions,
  InlineCheckbox,
  InputField,
  SelectField,
} from '@web/ui/form-fields.tsx';
import type { EditorValues } from './editor-values.ts';
import { fieldText } from '@web/app/field-text.ts';

/** The tax fields of a form: the document editor's, and the defaults of the invoicing settings. */
export type TaxValues = Pick<EditorValues, 'withholdingOn' | 'withholding' | 'pensionFundOn' | 'pensionFund'>;

type TaxPath =
  | 'withholdingOn'
  | 'withholding.type'
  | 'withholding.ratePercent'
  | 'withholding.causale'
  | 'pensionFundOn'
  | 'pensionFund.type'
  | 'pensionFund.ratePercent'
  | 'pensionFund.subjectToWithholding';

/** What these fields use of a react-hook-form form whose values include `TaxValues`. */
interface TaxForm {
  register: (name: TaxPath, options?: { setValueAs: (value: string) => string }) => UseFormRegisterReturn;
  formState: { errors: FieldErrors<TaxValues> };
}

interface TaxFieldsProps {
  form: TaxForm;
  values: TaxValues;
  /** Explain each switch under it (the document editor does, the settings do not). */
  hints?: boolean;
}

/** Withholding tax: on or off, and its type, rate and payment reason. */
export function WithholdingFields({ form, values, hints }: TaxFieldsProps) {
  const { t } = useTranslation(['invoices']);
  const errors = form.formState.errors;
  return (
    <>
      <CheckboxField
        label={t('invoices:editor.withholdingOn')}
        hint={hints ? t('invoices:editor.withholdingHint') : undefined}
        {...form.register('withholdingOn')}
      />
      {values.withholdingOn ? (
        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField
            label={t('invoices:editor.withholdingType')}
            error={fieldText(errors.withholding?.type?.message)}
            {...form.register('withholding.type')}
          >
            <ChoiceOptions
              values={WITHHOLDING_TYPES}
              label={(type) => t(`invoices:withholdingTypes.${type}`)}
            />
          </SelectField>
          <InputField
            label={t('invoices:editor.ratePercent')}
            error={fieldText(errors.withholding?.ratePercent?.message)}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('withholding.ratePercent')}
          />
          <InputField
            label={t('invoices:editor.causale')}
            hint={t('invoices:editor.causaleHint')}
            error={fieldText(errors.withholding?.causale?.message)}
            maxLength={3}
            autoComplete="off"
            controlClassName="uppercase"
            {...form.register('withholding.causale', { setValueAs: (v: string) => v.toUpperCase() })}
          />
        </div>
      ) : null}
    </>
  );
}

/** The pension fund (cassa previdenziale): on or off, its fund and rate, and whether it bears withholding. */
export function PensionFundFields({
  form,
  values,
  hints,
  askSubjectToWithholding,
}: TaxFieldsProps & { askSubjectToWithholding: boolean }) {
  const { t } = useTranslation(['invoices']);
  const errors = form.formState.errors;
  return (
    <>
      <CheckboxField
        label={t('invoices:editor.pensionFundOn')}
        hint={hints ? t('invoices:editor.pensionFundHint') : undefined}
        {...form.register('pensionFundOn')}
      />
      {values.pensionFundOn ? (
        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField
            label={t('invoices:editor.pensionFundType')}
            error={fieldText(errors.pensionFund?.type?.message)}
            className="sm:col-span-2"
            {...form.register('pensionFund.type')}
          >
            <ChoiceOptions
              values={PENSION_FUND_TYPES}
              label={(type) => `${type} – ${t(`invoices:pensionFunds.${type}`)}`}
            />
          </SelectField>
          <InputField
            label={t('invoices:editor.ratePercent')}
            error={fieldText(errors.pensionFund?.ratePercent?.message)}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('pensionFund.ratePercent')}
          />
          {askSubjectToWithholding ? (
            <InlineCheckbox
              label={t('invoices:editor.pensionFundWithholding')}
              className="sm:col-span-3"
              {...form.register('pensionFund.subjectToWithholding')}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
