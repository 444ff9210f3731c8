import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import { ArrowLeft, Building2, User } from 'lucide-react';
import { PROVINCE_CODES, PROVINCES } from '@shared/business-profile/provinces.ts';
import {
  CLIENT_FIELD_MAX,
  DEFAULT_PAYMENT_TERMS_DAYS,
  PREFERRED_LANGUAGES,
  ZClientInput,
  type TClient,
  type TClientFormValues,
  type TClientInput,
} from '@shared/clients/contracts.ts';
import { COUNTRY_CODES, countryName } from '@shared/clients/countries.ts';
import { euVatPrefix } from '@shared/clients/eu-vat.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { clientFieldIssues, useSaveClient } from './clients-api.ts';
import { clientName, useClientPermissions } from './client-ui.tsx';

function emptyValues(): TClientFormValues {
  return {
    type: 'company',
    companyName: '',
    fullName: '',
    email: '',
    phone: '',
    address: '',
    postalCode: '',
    city: '',
    province: '',
    country: 'IT',
    vatNumber: '',
    codiceFiscale: '',
    sdiCode: '',
    pec: '',
    isPublicAdministration: false,
    paOfficeCode: '',
    splitPayment: false,
    preferredLanguage: 'it',
    paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
    notes: '',
  };
}

function toFormValues(c: TClient): TClientFormValues {
  return {
    type: c.type,
    companyName: c.companyName ?? '',
    fullName: c.fullName ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    address: c.address ?? '',
    postalCode: c.postalCode ?? '',
    city: c.city ?? '',
    province: c.province ?? '',
    country: c.country,
    vatNumber: c.vatNumber ?? '',
    codiceFiscale: c.codiceFiscale ?? '',
    sdiCode: c.sdiCode ?? '',
    pec: c.pec ?? '',
    isPublicAdministration: c.isPublicAdministration,
    paOfficeCode: c.paOfficeCode ?? '',
    splitPayment: c.splitPayment,
    preferredLanguage: c.preferredLanguage,
    paymentTermsDays: String(c.paymentTermsDays),
    notes: c.notes ?? '',
  };
}

/**
 * /clients/new and /clients/:id?edit=1: the client form, grouped as Italian invoicing software groups it
 * (anagrafica, contatti, indirizzo, dati fiscali e fatturazione elettronica, preferenze, note). Checked with the
 * same zod contract as the server; the server's field errors (duplicates included) land on their field.
 */
export function ClientFormPage({ client }: { client?: TClient }) {
  const { t } = useTranslation(['clients', 'buttons', 'forms', 'common']);
  const navigate = useNavigate();
  const { organizationId, canManage } = useClientPermissions();
  const save = useSaveClient(organizationId);
  const lang = currentLanguage();
  const title = client
    ? t('clients:form.editTitle', { name: clientName(client, t('clients:unnamed')) })
    : t('clients:form.newTitle');
  useDocumentTitle(title);

  const form = useForm<TClientFormValues, unknown, TClientInput>({
    resolver: zodResolver(ZClientInput),
    defaultValues: client ? toFormValues(client) : emptyValues(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const type = form.watch('type');
  const country = (form.watch('country') || 'IT').toUpperCase();
  const isPa = !!form.watch('isPublicAdministration');
  const italy = country === 'IT';
  const eu = !!euVatPrefix(country);
  const optional = t('forms:optional');
  const backTo = client ? `/clients/${client.id}` : '/clients';

  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ code, name: countryName(code, lang) })).sort((a, b) =>
        a.name.localeCompare(b.name, lang),
      ),
    [lang],
  );

  const submit = form.handleSubmit(
    async (values) => {
      // A person has no company name: a value typed before switching type is dropped.
      const body: TClientInput = values.type === 'person' ? { ...values, companyName: null } : values;
      try {
        const saved = await save.mutateAsync({ id: client?.id, values: body });
        toast.success(client ? t('clients:form.updated') : t('clients:form.created'));
        void navigate(`/clients/${saved.id}`);
      } catch (error) {
        const issues = clientFieldIssues(error);
        for (const issue of issues) {
          form.setError(
            issue.path as FieldPath<TClientFormValues>,
            { message: issue.message },
            { shouldFocus: true },
          );
        }
        toast.error(apiErrorMessage(error, t));
      }
    },
    () => toast.error(t('clients:form.invalid')),
  );

  if (!canManage) {
    return (
      <div>
        <PageHeader title={title} />
        <Alert tone="info">{t('clients:form.readOnly')}</Alert>
      </div>
    );
  }

  const err = (message: string | undefined) => fieldText(message);

  return (
    <div className="mx-auto max-w-4xl">
      <Link
        to={backTo}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {client ? t('clients:form.backToClient') : t('clients:form.backToList')}
      </Link>
      <PageHeader title={title} description={t('clients:form.description')} />
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Card>
          <fieldset disabled={save.isPending} className="min-w-0">
            <legend className="sr-only">{title}</legend>
            <CardContent className="grid gap-8 py-6">
              <section className="grid gap-5" aria-labelledby="client-identity">
                <h2 id="client-identity" className="text-base font-semibold text-foreground">
                  {t('clients:form.sections.identity')}
                </h2>
                <fieldset className="min-w-0">
                  <legend className="mb-2 text-sm font-medium text-foreground">
                    {t('clients:fields.type')}
                  </legend>
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
                            <span className="block text-xs opacity-80">
                              {t(`clients:types.${value}Hint`)}
                            </span>
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
                    <Field
                      label={t('clients:fields.companyName')}
                      error={err(errors.companyName?.message)}
                      required
                    >
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

              <section className="grid gap-5" aria-labelledby="client-contacts">
                <h2 id="client-contacts" className="text-base font-semibold text-foreground">
                  {t('clients:form.sections.contacts')}
                </h2>
                <div className="grid gap-5 sm:grid-cols-2">
                  <Field
                    label={t('clients:fields.email')}
                    error={err(errors.email?.message)}
                    optionalText={optional}
                  >
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
                  <Field
                    label={t('clients:fields.phone')}
                    error={err(errors.phone?.message)}
                    optionalText={optional}
                  >
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

              <section className="grid gap-5" aria-labelledby="client-address">
                <h2 id="client-address" className="text-base font-semibold text-foreground">
                  {t('clients:form.sections.address')}
                </h2>
                <Field
                  label={t('clients:fields.address')}
                  error={err(errors.address?.message)}
                  optionalText={optional}
                >
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
                  <Field
                    label={t('clients:fields.city')}
                    error={err(errors.city?.message)}
                    optionalText={optional}
                  >
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
                <Field
                  label={t('clients:fields.country')}
                  error={err(errors.country?.message)}
                  className="sm:max-w-sm"
                >
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
                    <span className="block font-medium text-foreground">
                      {t('clients:fields.splitPayment')}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {t('clients:hints.splitPayment')}
                    </span>
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
                        <Input
                          {...props}
                          className="uppercase"
                          maxLength={6}
                          {...form.register('paOfficeCode')}
                        />
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

              <section className="grid gap-5" aria-labelledby="client-notes">
                <h2 id="client-notes" className="text-base font-semibold text-foreground">
                  {t('clients:form.sections.notes')}
                </h2>
                <Field
                  label={t('clients:fields.notes')}
                  error={err(errors.notes?.message)}
                  optionalText={optional}
                >
                  {(props) => (
                    <Textarea
                      {...props}
                      rows={4}
                      maxLength={CLIENT_FIELD_MAX.notes}
                      {...form.register('notes')}
                    />
                  )}
                </Field>
              </section>
            </CardContent>
            <div className="flex flex-col-reverse gap-3 border-t border-border px-5 py-4 sm:flex-row sm:justify-end">
              <Link to={backTo} className={buttonClasses('outline')}>
                {t('buttons:cancel')}
              </Link>
              <Button type="submit" loading={save.isPending}>
                {client ? t('buttons:save') : t('clients:form.create')}
              </Button>
            </div>
          </fieldset>
        </Card>
      </form>
    </div>
  );
}
