import { useTranslation } from 'react-i18next';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import {
  BUSINESS_TYPES,
  COUNTRIES,
  EMPLOYEE_COUNTS,
  INDUSTRIES,
  type TOnboardingFormValues,
  type TOnboardingSubmission,
} from '@shared/business-profile/contracts.ts';
import { PROVINCE_CODES, PROVINCES } from '@shared/business-profile/provinces.ts';
import { TAX_REGIME_CODES, taxRegimeLabel } from '@shared/business-profile/tax-regimes.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';

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
      <Field label={t('forms:business.companyName')} error={errorText(errors.companyName?.message)} required>
        {(props) => <Input {...props} autoComplete="organization" {...reg('companyName')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('forms:business.businessType')}
          error={errorText(errors.businessType?.message)}
          required
        >
          {(props) => (
            <Select {...props} {...reg('businessType')}>
              <option value="">{t('forms:choose')}</option>
              {BUSINESS_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`forms:businessTypes.${v}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('forms:business.industry')} error={errorText(errors.industry?.message)} required>
          {(props) => (
            <Select {...props} {...reg('industry')}>
              <option value="">{t('forms:choose')}</option>
              {INDUSTRIES.map((v) => (
                <option key={v} value={v}>
                  {t(`forms:industries.${v}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
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
      <Field label={t('forms:business.street')} error={errorText(errors?.street?.message)} required>
        {(props) => <Input {...props} autoComplete="street-address" {...reg('address.street')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('forms:business.city')} error={errorText(errors?.city?.message)} required>
          {(props) => <Input {...props} autoComplete="address-level2" {...reg('address.city')} />}
        </Field>
        <Field
          label={italy ? t('forms:business.zipCodeIt') : t('forms:business.zipCode')}
          error={errorText(errors?.zipCode?.message)}
          required
        >
          {(props) => (
            <Input
              {...props}
              autoComplete="postal-code"
              inputMode={italy ? 'numeric' : undefined}
              {...reg('address.zipCode')}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('forms:business.country')} error={errorText(errors?.country?.message)}>
          {(props) => (
            <Select
              {...props}
              autoComplete="country"
              {...reg('address.country', {
                onChange: () => {
                  form.setValue('address.state', '');
                  form.setValue('address.province', '');
                },
              })}
            >
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {t(`forms:countries.${c}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {italy ? (
          <Field label={t('forms:business.province')} error={errorText(errors?.state?.message)} required>
            {(props) => (
              <Select
                {...props}
                {...reg('address.state', {
                  onChange: (event: { target: { value: string } }) =>
                    form.setValue('address.province', event.target.value),
                })}
              >
                <option value="">{t('forms:choose')}</option>
                {PROVINCE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {PROVINCES[code]} ({code})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <Field label={t('forms:business.state')} error={errorText(errors?.state?.message)} required>
            {(props) => <Input {...props} autoComplete="address-level1" {...reg('address.state')} />}
          </Field>
        )}
      </div>
      <Field
        label={t('forms:business.phone')}
        error={errorText(form.formState.errors.phone?.message)}
        required
        className="sm:max-w-[calc(50%-0.625rem)]"
      >
        {(props) => <Input {...props} type="tel" autoComplete="tel" {...reg('phone')} />}
      </Field>
    </div>
  );
}

export function StepDetails({ form, errorText }: StepProps) {
  const { t } = useTranslation(['onboarding', 'forms']);
  const errors = form.formState.errors;
  const italy = form.watch('address.country') === 'IT';
  const optional = t('forms:optional');
  const lang = currentLanguage();
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
            <Field
              label={t('forms:business.partitaIva')}
              hint={t('forms:business.partitaIvaHint')}
              error={errorText(errors.partitaIva?.message)}
              optionalText={optional}
            >
              {(props) => <Input {...props} inputMode="numeric" {...reg('partitaIva')} />}
            </Field>
            <Field
              label={t('forms:business.codiceFiscale')}
              hint={t('forms:business.codiceFiscaleHint')}
              error={errorText(errors.codiceFiscale?.message)}
              optionalText={optional}
            >
              {(props) => <Input {...props} className="uppercase" {...reg('codiceFiscale')} />}
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={t('forms:business.taxRegime')}
              error={errorText(errors.taxRegime?.message)}
              optionalText={optional}
            >
              {(props) => (
                <Select {...props} {...reg('taxRegime')}>
                  <option value="">{t('forms:choose')}</option>
                  {TAX_REGIME_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code} – {taxRegimeLabel(code, lang)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label={t('forms:business.pec')}
              hint={t('forms:business.pecHint')}
              error={errorText(errors.pec?.message)}
              optionalText={optional}
            >
              {(props) => <Input {...props} type="email" inputMode="email" {...reg('pec')} />}
            </Field>
          </div>
        </fieldset>
      ) : (
        <Field
          label={t('forms:business.taxId')}
          error={errorText(errors.taxId?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} {...reg('taxId')} />}
        </Field>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('forms:business.website')}
          hint={t('forms:business.websiteHint')}
          error={errorText(errors.website?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} type="url" inputMode="url" autoComplete="url" {...reg('website')} />}
        </Field>
        <Field
          label={t('forms:business.employeeCount')}
          error={errorText(errors.employeeCount?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Select {...props} {...reg('employeeCount')}>
              <option value="">{t('forms:choose')}</option>
              {EMPLOYEE_COUNTS.map((v) => (
                <option key={v} value={v}>
                  {t(`forms:employeeCounts.${v}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field
        label={t('forms:business.description')}
        error={errorText(errors.description?.message)}
        optionalText={optional}
      >
        {(props) => <Textarea {...props} rows={4} maxLength={2000} {...reg('description')} />}
      </Field>
    </div>
  );
}
