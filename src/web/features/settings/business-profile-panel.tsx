import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/ui/toast.ts';
import { ImageUp, Store, Trash2 } from 'lucide-react';
import {
  BUSINESS_TYPES,
  COUNTRIES,
  EMPLOYEE_COUNTS,
  INDUSTRIES,
  ZBusinessProfileInput,
  type TBusinessProfile,
  type TBusinessProfileFormValues,
  type TBusinessProfileInput,
} from '@shared/business-profile/contracts.ts';
import { onboardingMessage } from '@shared/business-profile/messages.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { PROVINCE_CODES, PROVINCES } from '@shared/business-profile/provinces.ts';
import { TAX_REGIME_CODES, taxRegimeLabel } from '@shared/business-profile/tax-regimes.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  useBusinessProfile,
  useDeleteLogo,
  useUpdateBusinessProfile,
  useUploadLogo,
} from '@web/features/business-profile/business-profile-api.ts';

function toFormValues(p: TBusinessProfile): TBusinessProfileFormValues {
  return {
    companyName: p.companyName,
    businessType: p.businessType,
    industry: p.industry,
    taxId: p.taxId ?? '',
    vatNumber: p.vatNumber ?? '',
    codiceFiscale: p.codiceFiscale ?? '',
    taxRegime: p.taxRegime ?? '',
    pec: p.pec ?? '',
    website: p.website ?? '',
    phone: p.phone ?? '',
    email: p.email ?? '',
    street: p.street ?? '',
    city: p.city ?? '',
    province: p.province ?? '',
    postalCode: p.postalCode ?? '',
    country: p.country ?? 'IT',
    employeeCount: p.employeeCount ?? '',
    description: p.description ?? '',
  };
}

/** Settings → Business profile: the organization's profile and logo. */
export function BusinessProfilePanel() {
  const { t } = useTranslation(['settings', 'common']);
  const me = useSignedInMe();
  const profile = useBusinessProfile(me.activeOrganizationId);
  const canEdit = !!me.role && hasPermission(me.role, 'manage_organization');

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('common:loading')} />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <Alert tone="error" title={t('settings:profile.loadError')}>
        {apiErrorMessage(profile.error, t)}
      </Alert>
    );
  }
  if (!profile.data) {
    return (
      <Card>
        <EmptyState
          icon={<Store aria-hidden="true" />}
          title={t('settings:profile.none.title')}
          description={t('settings:profile.none.text')}
          action={
            <Link to="/onboarding" className={buttonClasses('primary')}>
              {t('settings:profile.none.action')}
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <ProfileForm key={profile.data.updatedAt} profile={profile.data} canEdit={canEdit} />
      <LogoCard profile={profile.data} canEdit={canEdit} />
    </div>
  );
}

function ProfileForm({ profile, canEdit }: { profile: TBusinessProfile; canEdit: boolean }) {
  const { t } = useTranslation(['settings', 'forms', 'buttons', 'common']);
  const me = useSignedInMe();
  const update = useUpdateBusinessProfile(me.activeOrganizationId);
  const lang = currentLanguage();
  const form = useForm<TBusinessProfileFormValues, unknown, TBusinessProfileInput>({
    resolver: zodResolver(ZBusinessProfileInput),
    defaultValues: toFormValues(profile),
    // Checked on Save, then again as each field changes.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const err = (message: string | undefined) =>
    message ? (fieldMessage(message, lang) ?? onboardingMessage(message, lang)) : undefined;
  const italy = form.watch('country') === 'IT';
  const optional = t('forms:optional');

  const save = form.handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync(values);
        toast.success(t('settings:profile.saved'));
      } catch (error) {
        const issues = serverFieldIssues(error);
        for (const issue of issues) {
          form.setError(issue.path as FieldPath<TBusinessProfileFormValues>, { message: issue.message });
        }
        toast.error(issues.length > 0 ? t('settings:profile.invalid') : apiErrorMessage(error, t));
      }
    },
    () => toast.error(t('settings:profile.invalid')),
  );

  return (
    <Card>
      <CardHeader title={t('settings:profile.title')} description={t('settings:profile.description')} />
      <form noValidate onSubmit={(e) => void save(e)}>
        <fieldset disabled={!canEdit || update.isPending} className="min-w-0">
          <legend className="sr-only">{t('settings:profile.title')}</legend>
          <CardContent className="grid gap-8">
            {!canEdit ? <Alert tone="info">{t('settings:profile.readOnly')}</Alert> : null}
            <section className="grid gap-5" aria-labelledby="profile-company">
              <h3 id="profile-company" className="text-sm font-semibold text-foreground">
                {t('settings:profile.sections.company')}
              </h3>
              <Field
                label={t('forms:business.companyName')}
                error={err(errors.companyName?.message)}
                required
              >
                {(props) => (
                  <Input {...props} autoComplete="organization" {...form.register('companyName')} />
                )}
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field
                  label={t('forms:business.businessType')}
                  error={err(errors.businessType?.message)}
                  required
                >
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
                {(props) => (
                  <Textarea {...props} rows={3} maxLength={2000} {...form.register('description')} />
                )}
              </Field>
            </section>

            <section className="grid gap-5" aria-labelledby="profile-contact">
              <h3 id="profile-contact" className="text-sm font-semibold text-foreground">
                {t('settings:profile.sections.contact')}
              </h3>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label={t('forms:business.phone')} error={err(errors.phone?.message)} required>
                  {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
                </Field>
                <Field
                  label={t('forms:business.email')}
                  error={err(errors.email?.message)}
                  optionalText={optional}
                >
                  {(props) => <Input {...props} type="email" inputMode="email" {...form.register('email')} />}
                </Field>
              </div>
              <Field
                label={t('forms:business.street')}
                error={err(errors.street?.message)}
                optionalText={optional}
              >
                {(props) => <Input {...props} autoComplete="street-address" {...form.register('street')} />}
              </Field>
              <div className="grid gap-5 sm:grid-cols-3">
                <Field
                  label={t('forms:business.city')}
                  error={err(errors.city?.message)}
                  optionalText={optional}
                >
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
          </CardContent>
          {canEdit ? (
            <div className="flex justify-end gap-3 border-t border-border px-5 py-4">
              <Button
                variant="outline"
                onClick={() => form.reset(toFormValues(profile))}
                disabled={!form.formState.isDirty}
              >
                {t('buttons:cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('buttons:save')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </form>
    </Card>
  );
}

function LogoCard({ profile, canEdit }: { profile: TBusinessProfile; canEdit: boolean }) {
  const { t } = useTranslation(['settings', 'buttons', 'common']);
  const me = useSignedInMe();
  const upload = useUploadLogo(me.activeOrganizationId);
  const remove = useDeleteLogo(me.activeOrganizationId);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    setBroken(false);
  }, [profile.logoUrl]);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(t('settings:logo.badType'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('settings:logo.tooLarge'));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('settings:logo.uploaded')),
      onError: (error) => setProblem(apiErrorMessage(error, t)),
    });
  }

  return (
    <Card className="self-start">
      <CardHeader title={t('settings:logo.title')} description={t('settings:logo.description')} />
      <CardContent className="flex flex-col items-center gap-4">
        <div className="flex size-36 items-center justify-center overflow-hidden rounded-lg border border-dashed border-input bg-surface-muted">
          {profile.logoUrl && !broken ? (
            <img
              src={profile.logoUrl}
              alt={t('settings:logo.alt', { name: profile.companyName })}
              className="size-full object-contain"
              onError={() => setBroken(true)}
            />
          ) : (
            <span className="px-3 text-center text-xs text-muted-foreground">{t('settings:logo.none')}</span>
          )}
        </div>
        {problem ? (
          <Alert tone="error" className="w-full">
            {problem}
          </Alert>
        ) : null}
        {canEdit ? (
          <div className="flex flex-wrap justify-center gap-2">
            <input
              ref={input}
              type="file"
              accept={LOGO_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFile}
            />
            <Button
              variant="outline"
              size="sm"
              onClick={() => input.current?.click()}
              loading={upload.isPending}
            >
              <ImageUp aria-hidden="true" className="size-4" />
              {profile.logoUrl ? t('settings:logo.replace') : t('settings:logo.upload')}
            </Button>
            {profile.logoUrl ? (
              <Button
                variant="ghost"
                size="sm"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast.success(t('settings:logo.removed')),
                    onError: (error) => setProblem(apiErrorMessage(error, t)),
                  })
                }
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('buttons:remove')}
              </Button>
            ) : null}
          </div>
        ) : null}
        <p className="text-center text-xs text-muted-foreground">{t('settings:logo.rules')}</p>
      </CardContent>
    </Card>
  );
}
