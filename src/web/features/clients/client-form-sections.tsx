import { fieldText } from '@web/app/field-text.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Building2, User } from 'lucide-react';
import { CLIENT_FIELD_MAX, PREFERRED_LANGUAGES, type TClientFormValues } from '@shared/clients/contracts.ts';
import { COUNTRY_CODES, countryName } from '@shared/clients/countries.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { cn } from '@web/ui/cn.ts';
import { ChoiceOptions, InputField, SelectField, TextareaField } from '@web/ui/form-fields.tsx';
import { FormSection } from '@web/ui/form-section.tsx';
import { ProvinceOptions } from '@web/ui/province-options.tsx';
import type { ClientForm } from './client-form-values.ts';

/** Company or person, and its name. */
export function IdentitySection({ form, type }: { form: ClientForm; type: TClientFormValues['type'] }) {
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  return (
    <FormSection id="client-identity" heading="h2" title={t('clients:form.sections.identity')}>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-foreground">{t('clients:fields.type')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['company', 'person'] as const).map((value) => {
            const Icon = value === 'company' ? Building2 : User;
            return (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md border px-4 py-3 text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  type === value
                    ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                    : 'border-input hover:bg-surface-muted',
                )}
              >
                <input type="radio" value={value} className="sr-only" {...form.register('type')} />
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span>
                  <span className="block font-medium">{t(`clients:types.${value}`)}</span>
                  <span className="block text-xs opacity-80">{t(`clients:types.${value}Hint`)}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {type === 'person' ? (
        <InputField
          label={t('clients:fields.fullName')}
          error={fieldText(errors.fullName?.message)}
          required
          autoComplete="name"
          maxLength={CLIENT_FIELD_MAX.fullName}
          {...form.register('fullName')}
        />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            label={t('clients:fields.companyName')}
            error={fieldText(errors.companyName?.message)}
            required
            autoComplete="organization"
            maxLength={CLIENT_FIELD_MAX.companyName}
            {...form.register('companyName')}
          />
          <InputField
            label={t('clients:fields.contactPerson')}
            error={fieldText(errors.fullName?.message)}
            optionalText={t('forms:optional')}
            autoComplete="name"
            maxLength={CLIENT_FIELD_MAX.fullName}
            {...form.register('fullName')}
          />
        </div>
      )}
    </FormSection>
  );
}

/** E-mail and phone. */
export function ContactsSection({ form }: { form: ClientForm }) {
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  return (
    <FormSection id="client-contacts" heading="h2" title={t('clients:form.sections.contacts')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={t('clients:fields.email')}
          error={fieldText(errors.email?.message)}
          optionalText={optional}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={CLIENT_FIELD_MAX.email}
          {...form.register('email')}
        />
        <InputField
          label={t('clients:fields.phone')}
          error={fieldText(errors.phone?.message)}
          optionalText={optional}
          type="tel"
          autoComplete="tel"
          maxLength={CLIENT_FIELD_MAX.phone}
          {...form.register('phone')}
        />
      </div>
    </FormSection>
  );
}

/** The address; an Italian one has a CAP and a province from the list. */
export function AddressSection({ form, country }: { form: ClientForm; country: string }) {
  const lang = currentLanguage();
  const italy = country === 'IT';
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ code, name: countryName(code, lang) })).sort((a, b) =>
        a.name.localeCompare(b.name, lang),
      ),
    [lang],
  );
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  return (
    <FormSection id="client-address" heading="h2" title={t('clients:form.sections.address')}>
      <InputField
        label={t('clients:fields.address')}
        error={fieldText(errors.address?.message)}
        optionalText={optional}
        autoComplete="street-address"
        maxLength={CLIENT_FIELD_MAX.address}
        {...form.register('address')}
      />
      <div className="grid gap-5 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)]">
        <InputField
          label={italy ? t('clients:fields.cap') : t('clients:fields.postalCode')}
          error={fieldText(errors.postalCode?.message)}
          optionalText={optional}
          autoComplete="postal-code"
          inputMode={italy ? 'numeric' : undefined}
          {...form.register('postalCode')}
        />
        <InputField
          label={t('clients:fields.city')}
          error={fieldText(errors.city?.message)}
          optionalText={optional}
          autoComplete="address-level2"
          maxLength={CLIENT_FIELD_MAX.city}
          {...form.register('city')}
        />
        {italy ? (
          <SelectField
            label={t('clients:fields.province')}
            error={fieldText(errors.province?.message)}
            optionalText={optional}
            {...form.register('province')}
          >
            <ProvinceOptions empty={t('forms:choose')} />
          </SelectField>
        ) : (
          <InputField
            label={t('clients:fields.province')}
            error={fieldText(errors.province?.message)}
            optionalText={optional}
            autoComplete="address-level1"
            {...form.register('province')}
          />
        )}
      </div>
      <SelectField
        label={t('clients:fields.country')}
        error={fieldText(errors.country?.message)}
        className="sm:max-w-sm"
        autoComplete="country"
        {...form.register('country')}
      >
        <ChoiceOptions values={countries.map((c) => c.code)} label={(code) => countryName(code, lang)} />
      </SelectField>
    </FormSection>
  );
}

/** The client's language and payment terms. */
export function PreferencesSection({ form }: { form: ClientForm }) {
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  return (
    <FormSection id="client-preferences" heading="h2" title={t('clients:form.sections.preferences')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('clients:fields.preferredLanguage')}
          hint={t('clients:hints.preferredLanguage')}
          error={fieldText(errors.preferredLanguage?.message)}
          {...form.register('preferredLanguage')}
        >
          <ChoiceOptions values={PREFERRED_LANGUAGES} label={(code) => t(`clients:languages.${code}`)} />
        </SelectField>
        <InputField
          label={t('clients:fields.paymentTermsDays')}
          hint={t('clients:hints.paymentTermsDays')}
          error={fieldText(errors.paymentTermsDays?.message)}
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          step={1}
          {...form.register('paymentTermsDays')}
        />
      </div>
    </FormSection>
  );
}

/** Free notes. */
export function NotesSection({ form }: { form: ClientForm }) {
  const { t } = useTranslation(['clients', 'forms']);
  return (
    <FormSection id="client-notes" heading="h2" title={t('clients:form.sections.notes')}>
      <TextareaField
        label={t('clients:fields.notes')}
        error={fieldText(form.formState.errors.notes?.message)}
        optionalText={t('forms:optional')}
        rows={4}
        maxLength={CLIENT_FIELD_MAX.notes}
        {...form.register('notes')}
      />
    </FormSection>
  );
}
