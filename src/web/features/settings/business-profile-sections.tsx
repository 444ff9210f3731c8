import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import {
  BUSINESS_TYPES,
  COUNTRIES,
  INDUSTRIES,
  type TBusinessProfileFormValues,
  type TBusinessProfileInput,
} from '@shared/business-profile/contracts.ts';
import { onboardingMessage } from '@shared/business-profile/messages.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ChoiceOptions, InputField, SelectField, TextareaField } from '@web/ui/form-fields.tsx';
import { FormSection } from '@web/ui/form-section.tsx';
import { ProvinceOptions } from '@web/ui/province-options.tsx';
import { EmployeeCountField, TaxIdFields, TaxRegimeAndPecFields } from './business-fields.tsx';

/** The business profile form, as its sections receive it. */
export type ProfileFormApi = UseFormReturn<TBusinessProfileFormValues, unknown, TBusinessProfileInput>;

/** A field's message key as text in the interface language (shared field messages, then onboarding's). */
function errorTextIn(lang: ReturnType<typeof currentLanguage>) {
  return (message: string | undefined) =>
    message ? (fieldMessage(message, lang) ?? onboardingMessage(message, lang)) : undefined;
}

/** The company: name, kind, industry, size, website, description. */
export function CompanySection({ form }: { form: ProfileFormApi }) {
  const { t } = useTranslation(['settings', 'forms']);
  const errors = form.formState.errors;
  const err = errorTextIn(currentLanguage());
  const optional = t('forms:optional');
  return (
    <FormSection size="sm" id="profile-company" title={t('settings:profile.sections.company')}>
      <InputField
        label={t('forms:business.companyName')}
        error={err(errors.companyName?.message)}
        required
        autoComplete="organization"
        {...form.register('companyName')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('forms:business.businessType')}
          error={err(errors.businessType?.message)}
          required
          {...form.register('businessType')}
        >
          <ChoiceOptions values={BUSINESS_TYPES} label={(v) => t(`forms:businessTypes.${v}`)} />
        </SelectField>
        <SelectField
          label={t('forms:business.industry')}
          error={err(errors.industry?.message)}
          required
          {...form.register('industry')}
        >
          <ChoiceOptions values={INDUSTRIES} label={(v) => t(`forms:industries.${v}`)} />
        </SelectField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <EmployeeCountField error={err(errors.employeeCount?.message)} {...form.register('employeeCount')} />
        <InputField
          label={t('forms:business.website')}
          error={err(errors.website?.message)}
          optionalText={optional}
          type="url"
          inputMode="url"
          {...form.register('website')}
        />
      </div>
      <TextareaField
        label={t('forms:business.description')}
        error={err(errors.description?.message)}
        optionalText={optional}
        rows={3}
        maxLength={2000}
        {...form.register('description')}
      />
    </FormSection>
  );
}

/** Phone, e-mail and address; an Italian address has a province from the list. */
export function ContactSection({ form, italy }: { form: ProfileFormApi; italy: boolean }) {
  const { t } = useTranslation(['settings', 'forms']);
  const errors = form.formState.errors;
  const err = errorTextIn(currentLanguage());
  const optional = t('forms:optional');
  return (
    <FormSection size="sm" id="profile-contact" title={t('settings:profile.sections.contact')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('forms:business.phone')}
          error={err(errors.phone?.message)}
          required
          type="tel"
          autoComplete="tel"
          {...form.register('phone')}
        />
        <InputField
          label={t('forms:business.email')}
          error={err(errors.email?.message)}
          optionalText={optional}
          type="email"
          inputMode="email"
          {...form.register('email')}
        />
      </div>
      <InputField
        label={t('forms:business.street')}
        error={err(errors.street?.message)}
        optionalText={optional}
        autoComplete="street-address"
        {...form.register('street')}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField
          label={t('forms:business.city')}
          error={err(errors.city?.message)}
          optionalText={optional}
          {...form.register('city')}
        />
        <InputField
          label={italy ? t('forms:business.zipCodeIt') : t('forms:business.zipCode')}
          error={err(errors.postalCode?.message)}
          optionalText={optional}
          {...form.register('postalCode')}
        />
        <SelectField
          label={t('forms:business.country')}
          error={err(errors.country?.message)}
          {...form.register('country')}
        >
          <ChoiceOptions values={COUNTRIES} label={(c) => t(`forms:countries.${c}`)} />
        </SelectField>
      </div>
      {italy ? (
        <SelectField
          label={t('forms:business.province')}
          error={err(errors.province?.message)}
          optionalText={optional}
          className="sm:max-w-xs"
          {...form.register('province')}
        >
          <ProvinceOptions empty={t('forms:choose')} />
        </SelectField>
      ) : null}
    </FormSection>
  );
}

/** Partita IVA, codice fiscale, tax regime, PEC and a foreign tax id. */
export function TaxSection({ form }: { form: ProfileFormApi }) {
  const { t } = useTranslation(['settings', 'forms']);
  const errors = form.formState.errors;
  const err = errorTextIn(currentLanguage());
  return (
    <FormSection
      size="sm"
      id="profile-tax"
      title={t('settings:profile.sections.tax')}
      hint={t('settings:profile.taxHint')}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TaxIdFields
          partitaIva={{ ...form.register('vatNumber'), error: err(errors.vatNumber?.message) }}
          codiceFiscale={{ ...form.register('codiceFiscale'), error: err(errors.codiceFiscale?.message) }}
        />
        <TaxRegimeAndPecFields
          taxRegime={{ ...form.register('taxRegime'), error: err(errors.taxRegime?.message) }}
          pec={{ ...form.register('pec'), error: err(errors.pec?.message) }}
        />
        <InputField
          label={t('forms:business.taxIdOther')}
          error={err(errors.taxId?.message)}
          optionalText={t('forms:optional')}
          {...form.register('taxId')}
        />
      </div>
    </FormSection>
  );
}
