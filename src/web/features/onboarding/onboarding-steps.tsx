import { useTranslation } from 'react-i18next';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import {
  BUSINESS_TYPES,
  COUNTRIES,
  INDUSTRIES,
  type TOnboardingFormValues,
  type TOnboardingSubmission,
} from '@shared/business-profile/contracts.ts';
import { ChoiceOptions, InputField, SelectField, TextareaField } from '@web/ui/form-fields.tsx';
import { ProvinceOptions } from '@web/ui/province-options.tsx';
import {
  EmployeeCountField,
  TaxIdFields,
  TaxRegimeAndPecFields,
} from '@web/features/settings/business-fields.tsx';

type Form = UseFormReturn<TOnboardingFormValues, unknown, TOnboardingSubmission>;
type StepProps = { form: Form; errorText: (message: string | undefined) => string | undefined };
type Name = FieldPath<TOnboardingFormValues>;

/** register() that checks the field again on every change once it shows an error. */
function makeRegister(form: Form) {
  return (name: Name, options: { onChange?: (event: { target: { value: string } }) => void } = {}) =>
    form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        options.onChange?.(event);
        if (form.getFieldState(name).error) void form.trigger(name);
      },
    });
}

export function StepCompany({ form, errorText }: StepProps) {
  const { t } = useTranslation(['onboarding', 'forms']);
  const errors = form.formState.errors;
  const reg = makeRegister(form);
  return (
    <div className="grid gap-5">
      <InputField
        label={t('forms:business.companyName')}
        error={errorText(errors.companyName?.message)}
        required
        autoComplete="organization"
        {...reg('companyName')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('forms:business.businessType')}
          error={errorText(errors.businessType?.message)}
          required
          {...reg('businessType')}
        >
          <ChoiceOptions
            values={BUSINESS_TYPES}
            label={(v) => t(`forms:businessTypes.${v}`)}
            empty={t('forms:choose')}
          />
        </SelectField>
        <SelectField
          label={t('forms:business.industry')}
          error={errorText(errors.industry?.message)}
          required
          {...reg('industry')}
        >
          <ChoiceOptions
            values={INDUSTRIES}
            label={(v) => t(`forms:industries.${v}`)}
            empty={t('forms:choose')}
          />
        </SelectField>
      </div>
    </div>
  );
}

export function StepAddress({ form, errorText }: StepProps) {
  const { t } = useTranslation(['onboarding', 'forms']);
  const errors = form.formState.errors.address;
  const reg = makeRegister(form);
  const country = form.watch('address.country');
  const italy = country === 'IT';
  return (
    <div className="grid gap-5">
      <InputField
        label={t('forms:business.street')}
        error={errorText(errors?.street?.message)}
        required
        autoComplete="street-address"
        {...reg('address.street')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('forms:business.city')}
          error={errorText(errors?.city?.message)}
          required
          autoComplete="address-level2"
          {...reg('address.city')}
        />
        <InputField
          label={italy ? t('forms:business.zipCodeIt') : t('forms:business.zipCode')}
          error={errorText(errors?.zipCode?.message)}
          required
          autoComplete="postal-code"
          inputMode={italy ? 'numeric' : undefined}
          {...reg('address.zipCode')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('forms:business.country')}
          error={errorText(errors?.country?.message)}
          autoComplete="country"
          {...reg('address.country', {
            onChange: () => {
              form.setValue('address.state', '');
              form.setValue('address.province', '');
            },
          })}
        >
          <ChoiceOptions values={COUNTRIES} label={(c) => t(`forms:countries.${c}`)} />
        </SelectField>
        {italy ? (
          <SelectField
            label={t('forms:business.province')}
            error={errorText(errors?.state?.message)}
            required
            {...reg('address.state', {
              onChange: (event: { target: { value: string } }) =>
                form.setValue('address.province', event.target.value),
            })}
          >
            <ProvinceOptions empty={t('forms:choose')} />
          </SelectField>
        ) : (
          <InputField
            label={t('forms:business.state')}
            error={errorText(errors?.state?.message)}
            required
            autoComplete="address-level1"
            {...reg('address.state')}
          />
        )}
      </div>
      <InputField
        label={t('forms:business.phone')}
        error={errorText(form.formState.errors.phone?.message)}
        required
        className="sm:max-w-[calc(50%-0.625rem)]"
        type="tel"
        autoComplete="tel"
        {...reg('phone')}
      />
    </div>
  );
}

export function StepDetails({ form, errorText }: StepProps) {
  const { t } = useTranslation(['onboarding', 'forms']);
  const errors = form.formState.errors;
  const italy = form.watch('address.country') === 'IT';
  const optional = t('forms:optional');
  const reg = makeRegister(form);
  return (
    <div className="grid gap-5">
      {italy ? (
        <fieldset className="grid gap-5 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold text-foreground">
            {t('onboarding:italianTax.title')}
          </legend>
          <p className="-mt-2 text-sm text-muted-foreground">{t('onboarding:italianTax.description')}</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TaxIdFields
              partitaIva={{ ...reg('partitaIva'), error: errorText(errors.partitaIva?.message) }}
              codiceFiscale={{ ...reg('codiceFiscale'), error: errorText(errors.codiceFiscale?.message) }}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TaxRegimeAndPecFields
              taxRegime={{ ...reg('taxRegime'), error: errorText(errors.taxRegime?.message) }}
              pec={{ ...reg('pec'), error: errorText(errors.pec?.message) }}
            />
          </div>
        </fieldset>
      ) : (
        <InputField
          label={t('forms:business.taxId')}
          error={errorText(errors.taxId?.message)}
          optionalText={optional}
          {...reg('taxId')}
        />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('forms:business.website')}
          hint={t('forms:business.websiteHint')}
          error={errorText(errors.website?.message)}
          optionalText={optional}
          type="url"
          inputMode="url"
          autoComplete="url"
          {...reg('website')}
        />
        <EmployeeCountField {...reg('employeeCount')} error={errorText(errors.employeeCount?.message)} />
      </div>
      <TextareaField
        label={t('forms:business.description')}
        error={errorText(errors.description?.message)}
        optionalText={optional}
        rows={4}
        maxLength={2000}
        {...reg('description')}
      />
    </div>
  );
}
