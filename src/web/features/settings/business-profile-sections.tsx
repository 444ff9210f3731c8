import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import {
  BUSINESS_TYPES,
  COUNTRIES,
  EMPLOYEE_COUNTS,
  INDUSTRIES,
  type TBusinessProfileFormValues,
  type TBusinessProfileInput,
} from '@shared/business-profile/contracts.ts';
import { onboardingMessage } from '@shared/business-profile/messages.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { PROVINCE_CODES, PROVINCES } from '@shared/business-profile/provinces.ts';
import { TAX_REGIME_CODES, taxRegimeLabel } from '@shared/business-profile/tax-regimes.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';

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
    <section className="grid gap-5" aria-labelledby="profile-company">
      <h3 id="profile-company" className="text-sm font-semibold text-foreground">
        {t('settings:profile.sections.company')}
      </h3>
      <Field label={t('forms:business.companyName')} error={err(errors.companyName?.message)} required>
        {(props) => <Input {...props} autoComplete="organization" {...form.register('companyName')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('forms:business.businessType')} error={err(errors.businessType?.message)} required>
          {(props) => (
            <Select {...props} {...form.register('businessType')}>
              {BUSINESS_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`forms:businessTypes.${v}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('forms:business.industry')} error={err(errors.industry?.message)} required>
          {(props) => (
            <Select {...props} {...form.register('industry')}>
              {INDUSTRIES.map((v) => (
                <option key={v} value={v}>
                  {t(`forms:industries.${v}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('forms:business.employeeCount')}
          error={err(errors.employeeCount?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Select {...props} {...form.register('employeeCount')}>
              <option value="">{t('forms:choose')}</option>
              {EMPLOYEE_COUNTS.map((v) => (
                <option key={v} value={v}>
                  {t(`forms:employeeCounts.${v}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('forms:business.website')}
          error={err(errors.website?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} type="url" inputMode="url" {...form.register('website')} />}
        </Field>
      </div>
      <Field
        label={t('forms:business.description')}
        error={err(errors.description?.message)}
        optionalText={optional}
      >
        {(props) => <Textarea {...props} rows={3} maxLength={2000} {...form.register('description')} />}
      </Field>
    </section>
  );
}

/** Phone, e-mail and address; an Italian address has a province from the list. */
export function ContactSection({ form, italy }: { form: ProfileFormApi; italy: boolean }) {
  const { t } = useTranslation(['settings', 'forms']);
  const errors = form.formState.errors;
  const err = errorTextIn(currentLanguage());
  const optional = t('forms:optional');
  return (
    <section className="grid gap-5" aria-labelledby="profile-contact">
      <h3 id="profile-contact" className="text-sm font-semibold text-foreground">
        {t('settings:profile.sections.contact')}
      </h3>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('forms:business.phone')} error={err(errors.phone?.message)} required>
          {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
        </Field>
        <Field label={t('forms:business.email')} error={err(errors.email?.message)} optionalText={optional}>
          {(props) => <Input {...props} type="email" inputMode="email" {...form.register('email')} />}
        </Field>
      </div>
      <Field label={t('forms:business.street')} error={err(errors.street?.message)} optionalText={optional}>
        {(props) => <Input {...props} autoComplete="street-address" {...form.register('street')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={t('forms:business.city')} error={err(errors.city?.message)} optionalText={optional}>
          {(props) => <Input {...props} {...form.register('city')} />}
        </Field>
        <Field
          label={italy ? t('forms:business.zipCodeIt') : t('forms:business.zipCode')}
          error={err(errors.postalCode?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} {...form.register('postalCode')} />}
        </Field>
        <Field label={t('forms:business.country')} error={err(errors.country?.message)}>
          {(props) => (
            <Select {...props} {...form.register('country')}>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {t(`forms:countries.${c}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {italy ? (
        <Field
          label={t('forms:business.province')}
          error={err(errors.province?.message)}
          optionalText={optional}
          className="sm:max-w-xs"
        >
          {(props) => (
            <Select {...props} {...form.register('province')}>
              <option value="">{t('forms:choose')}</option>
              {PROVINCE_CODES.map((code) => (
                <option key={code} value={code}>
                  {PROVINCES[code]} ({code})
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </section>
  );
}

/** Partita IVA, codice fiscale, tax regime, PEC and a foreign tax id. */
export function TaxSection({ form }: { form: ProfileFormApi }) {
  const { t } = useTranslation(['settings', 'forms']);
  const errors = form.formState.errors;
  const err = errorTextIn(currentLanguage());
  const optional = t('forms:optional');
  const lang = currentLanguage();
  return (
    <section className="grid gap-5" aria-labelledby="profile-tax">
      <div>
        <h3 id="profile-tax" className="text-sm font-semibold text-foreground">
          {t('settings:profile.sections.tax')}
        </h3>
        <p className="mt-1 text-xs text-muted-foreground">{t('settings:profile.taxHint')}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('forms:business.partitaIva')}
          hint={t('forms:business.partitaIvaHint')}
          error={err(errors.vatNumber?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} inputMode="numeric" {...form.register('vatNumber')} />}
        </Field>
        <Field
          label={t('forms:business.codiceFiscale')}
          hint={t('forms:business.codiceFiscaleHint')}
          error={err(errors.codiceFiscale?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} className="uppercase" {...form.register('codiceFiscale')} />}
        </Field>
        <Field
          label={t('forms:business.taxRegime')}
          error={err(errors.taxRegime?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Select {...props} {...form.register('taxRegime')}>
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
          error={err(errors.pec?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} type="email" inputMode="email" {...form.register('pec')} />}
        </Field>
        <Field
          label={t('forms:business.taxIdOther')}
          error={err(errors.taxId?.message)}
          optionalText={optional}
        >
          {(props) => <Input {...props} {...form.register('taxId')} />}
        </Field>
      </div>
    </section>
  );
}
