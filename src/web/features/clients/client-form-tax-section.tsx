import { fieldText } from '@web/app/field-text.ts';
import { useTranslation } from 'react-i18next';
import { CLIENT_FIELD_MAX } from '@shared/clients/contracts.ts';
import { euVatPrefix } from '@shared/clients/eu-vat.ts';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import type { ClientForm } from './client-form-values.ts';

/**
 * Tax data and e-invoicing: VAT number and codice fiscale as the country wants them, public administration
 * (office code instead of SDI code), split payment, PEC.
 */
export function TaxSection({ form, country, isPa }: { form: ClientForm; country: string; isPa: boolean }) {
  const italy = country === 'IT';
  const eu = !!euVatPrefix(country);
  const { t } = useTranslation(['clients', 'forms']);
  const errors = form.formState.errors;
  const optional = t('forms:optional');
  const err = (message: string | undefined) => fieldText(message);
  return (
    <section className="grid gap-5" aria-labelledby="client-tax">
      <div>
        <h2 id="client-tax" className="text-base font-semibold text-foreground">
          {t('clients:form.sections.tax')}
        </h2>
        <p className="mt-1 text-xs text-muted-foreground">{t('clients:form.taxHint')}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={italy ? t('clients:fields.vatNumberIt') : t('clients:fields.vatNumber')}
          hint={
            italy
              ? t('clients:hints.vatNumberIt')
              : eu
                ? t('clients:hints.vatNumberEu', { prefix: euVatPrefix(country) })
                : t('clients:hints.vatNumberOther')
          }
          error={err(errors.vatNumber?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Input
              {...props}
              inputMode={italy ? 'numeric' : undefined}
              maxLength={CLIENT_FIELD_MAX.vatNumber}
              {...form.register('vatNumber')}
            />
          )}
        </Field>
        <Field
          label={t('clients:fields.codiceFiscale')}
          hint={italy ? t('clients:hints.codiceFiscale') : undefined}
          error={err(errors.codiceFiscale?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Input
              {...props}
              className="uppercase"
              maxLength={CLIENT_FIELD_MAX.codiceFiscale}
              {...form.register('codiceFiscale')}
            />
          )}
        </Field>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...form.register('isPublicAdministration', {
            // Public bodies pay VAT to the State themselves (split payment) in most cases.
            onChange: (e: { target: { checked: boolean } }) =>
              form.setValue('splitPayment', e.target.checked),
          })}
        />
        <span>
          <span className="block font-medium text-foreground">
            {t('clients:fields.publicAdministration')}
          </span>
          <span className="block text-xs text-muted-foreground">
            {t('clients:hints.publicAdministration')}
          </span>
        </span>
      </label>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...form.register('splitPayment')}
        />
        <span>
          <span className="block font-medium text-foreground">{t('clients:fields.splitPayment')}</span>
          <span className="block text-xs text-muted-foreground">{t('clients:hints.splitPayment')}</span>
        </span>
      </label>
      <div className="grid gap-5 sm:grid-cols-2">
        {isPa ? (
          <Field
            label={t('clients:fields.paOfficeCode')}
            hint={t('clients:hints.paOfficeCode')}
            error={err(errors.paOfficeCode?.message)}
            required
          >
            {(props) => (
              <Input {...props} className="uppercase" maxLength={6} {...form.register('paOfficeCode')} />
            )}
          </Field>
        ) : (
          <Field
            label={t('clients:fields.sdiCode')}
            hint={t('clients:hints.sdiCode')}
            error={err(errors.sdiCode?.message)}
            optionalText={optional}
          >
            {(props) => (
              <Input {...props} className="uppercase" maxLength={7} {...form.register('sdiCode')} />
            )}
          </Field>
        )}
        <Field
          label={t('clients:fields.pec')}
          hint={t('clients:hints.pec')}
          error={err(errors.pec?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Input
              {...props}
              type="email"
              inputMode="email"
              maxLength={CLIENT_FIELD_MAX.pec}
              {...form.register('pec')}
            />
          )}
        </Field>
      </div>
    </section>
  );
}
