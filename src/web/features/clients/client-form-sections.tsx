import { fieldText } from '@web/app/field-text.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Building2, User } from 'lucide-react';
import { PROVINCE_CODES, PROVINCES } from '@shared/business-profile/provinces.ts';
import { CLIENT_FIELD_MAX, PREFERRED_LANGUAGES, type TClientFormValues } from '@shared/clients/contracts.ts';
import { COUNTRY_CODES, countryName } from '@shared/clients/countries.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { cn } from '@web/ui/cn.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import type { ClientForm } from './client-form-values.ts';

/** Company or person, and its name. */
export function IdentitySection({ form, type }: { form: ClientForm; type: TClientFormValues['type'] }) {
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  const err = (message: string | undefined) => fieldText(message);
  return (
    <section className="grid gap-5" aria-labelledby="client-identity">
      <h2 id="client-identity" className="text-base font-semibold text-foreground">
        {t('clients:form.sections.identity')}
      </h2>
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
        <Field label={t('clients:fields.fullName')} error={err(errors.fullName?.message)} required>
          {(props) => (
            <Input
              {...props}
              autoComplete="name"
              maxLength={CLIENT_FIELD_MAX.fullName}
              {...form.register('fullName')}
            />
          )}
        </Field>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('clients:fields.companyName')} error={err(errors.companyName?.message)} required>
            {(props) => (
              <Input
                {...props}
                autoComplete="organization"
                maxLength={CLIENT_FIELD_MAX.companyName}
                {...form.register('companyName')}
              />
            )}
          </Field>
          <Field
            label={t('clients:fields.contactPerson')}
            error={err(errors.fullName?.message)}
            optionalText={optional}
          >
            {(props) => (
              <Input
                {...props}
                autoComplete="name"
                maxLength={CLIENT_FIELD_MAX.fullName}
                {...form.register('fullName')}
              />
            )}
          </Field>
        </div>
      )}
    </section>
  );
}

/** E-mail and phone. */
export function ContactsSection({ form }: { form: ClientForm }) {
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  const err = (message: string | undefined) => fieldText(message);
  return (
    <section className="grid gap-5" aria-labelledby="client-contacts">
      <h2 id="client-contacts" className="text-base font-semibold text-foreground">
        {t('clients:form.sections.contacts')}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('clients:fields.email')} error={err(errors.email?.message)} optionalText={optional}>
          {(props) => (
            <Input
              {...props}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={CLIENT_FIELD_MAX.email}
              {...form.register('email')}
            />
          )}
        </Field>
        <Field label={t('clients:fields.phone')} error={err(errors.phone?.message)} optionalText={optional}>
          {(props) => (
            <Input
              {...props}
              type="tel"
              autoComplete="tel"
              maxLength={CLIENT_FIELD_MAX.phone}
              {...form.register('phone')}
            />
          )}
        </Field>
      </div>
    </section>
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
  const err = (message: string | undefined) => fieldText(message);
  return (
    <section className="grid gap-5" aria-labelledby="client-address">
      <h2 id="client-address" className="text-base font-semibold text-foreground">
        {t('clients:form.sections.address')}
      </h2>
      <Field label={t('clients:fields.address')} error={err(errors.address?.message)} optionalText={optional}>
        {(props) => (
          <Input
            {...props}
            autoComplete="street-address"
            maxLength={CLIENT_FIELD_MAX.address}
            {...form.register('address')}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)]">
        <Field
          label={italy ? t('clients:fields.cap') : t('clients:fields.postalCode')}
          error={err(errors.postalCode?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Input
              {...props}
              autoComplete="postal-code"
              inputMode={italy ? 'numeric' : undefined}
              {...form.register('postalCode')}
            />
          )}
        </Field>
        <Field label={t('clients:fields.city')} error={err(errors.city?.message)} optionalText={optional}>
          {(props) => (
            <Input
              {...props}
              autoComplete="address-level2"
              maxLength={CLIENT_FIELD_MAX.city}
              {...form.register('city')}
            />
          )}
        </Field>
        <Field
          label={t('clients:fields.province')}
          error={err(errors.province?.message)}
          optionalText={optional}
        >
          {(props) =>
            italy ? (
              <Select {...props} {...form.register('province')}>
                <option value="">{t('forms:choose')}</option>
                {PROVINCE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {PROVINCES[code]} ({code})
                  </option>
                ))}
              </Select>
            ) : (
              <Input {...props} autoComplete="address-level1" {...form.register('province')} />
            )
          }
        </Field>
      </div>
      <Field label={t('clients:fields.country')} error={err(errors.country?.message)} className="sm:max-w-sm">
        {(props) => (
          <Select {...props} autoComplete="country" {...form.register('country')}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </section>
  );
}

/** The client's language and payment terms. */
export function PreferencesSection({ form }: { form: ClientForm }) {
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  const err = (message: string | undefined) => fieldText(message);
  return (
    <section className="grid gap-5" aria-labelledby="client-preferences">
      <h2 id="client-preferences" className="text-base font-semibold text-foreground">
        {t('clients:form.sections.preferences')}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('clients:fields.preferredLanguage')}
          hint={t('clients:hints.preferredLanguage')}
          error={err(errors.preferredLanguage?.message)}
        >
          {(props) => (
            <Select {...props} {...form.register('preferredLanguage')}>
              {PREFERRED_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {t(`clients:languages.${code}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('clients:fields.paymentTermsDays')}
          hint={t('clients:hints.paymentTermsDays')}
          error={err(errors.paymentTermsDays?.message)}
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              step={1}
              {...form.register('paymentTermsDays')}
            />
          )}
        </Field>
      </div>
    </section>
  );
}

/** Free notes. */
export function NotesSection({ form }: { form: ClientForm }) {
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  const err = (message: string | undefined) => fieldText(message);
  return (
    <section className="grid gap-5" aria-labelledby="client-notes">
      <h2 id="client-notes" className="text-base font-semibold text-foreground">
        {t('clients:form.sections.notes')}
      </h2>
      <Field label={t('clients:fields.notes')} error={err(errors.notes?.message)} optionalText={optional}>
        {(props) => (
          <Textarea {...props} rows={4} maxLength={CLIENT_FIELD_MAX.notes} {...form.register('notes')} />
        )}
      </Field>
    </section>
  );
}
