import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/ui/toast.ts';
import { Store } from 'lucide-react';
import {
  ZBusinessProfileInput,
  type TBusinessProfile,
  type TBusinessProfileFormValues,
  type TBusinessProfileInput,
} from '@shared/business-profile/contracts.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import {
  useBusinessProfile,
  useUpdateBusinessProfile,
} from '@web/features/business-profile/business-profile-api.ts';
import { LogoCard } from './business-profile-logo-card.tsx';
import { CompanySection, ContactSection, TaxSection } from './business-profile-sections.tsx';

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
    return <BlockSpinner label={t('common:loading')} />;
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
  const form = useForm<TBusinessProfileFormValues, unknown, TBusinessProfileInput>({
    resolver: zodResolver(ZBusinessProfileInput),
    defaultValues: toFormValues(profile),
    // Checked on Save, then again as each field changes.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const italy = form.watch('country') === 'IT';

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
            <CompanySection form={form} />
            <ContactSection form={form} italy={italy} />
            <TaxSection form={form} />
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
