import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BellRing, Building2, ChevronRight, Languages, Mic, Store } from 'lucide-react';
import { setupProgress } from '@shared/business-profile/profile-rules.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useBusinessProfile } from '@web/features/business-profile/business-profile-api.ts';
import { Select } from '@web/ui/input.tsx';
import type { DashboardPeriod } from '@shared/reports/contracts.ts';
import { BusinessOverview } from './business-overview.tsx';
import { LiveFigures } from './live-figures.tsx';
import { SetupProgressCard } from './setup-progress-card.tsx';

export function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 13) return 'morning';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

const SHORTCUTS = [
  { key: 'profile', to: '/settings?tab=profile', Icon: Store },
  { key: 'preferences', to: '/settings?tab=preferences', Icon: Languages },
  { key: 'notifications', to: '/settings?tab=notifications', Icon: BellRing },
  { key: 'voice', to: '/voice', Icon: Mic },
] as const;

/**
 * The dashboard: greeting and period, the business figures, setup progress until the profile is complete, the
 * workspace and shortcuts.
 */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'navigation', 'common']);
  useDocumentTitle(t('navigation:routes.dashboard'));
  const me = useSignedInMe();
  const profile = useBusinessProfile(me.activeOrganizationId);
  const organization = me.organizations.find((o) => o.id === me.activeOrganizationId);
  const locale = localeOf(currentLanguage());
  const firstName = me.user.name.trim().split(/\s+/)[0] ?? me.user.name;
  const now = new Date();
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: DashboardPeriod = raw === 'quarter' || raw === 'year' ? raw : 'month';

  return (
    <div>
      <PageHeader
        title={t(`dashboard:greeting.${greetingKey(now.getHours())}`, { name: firstName })}
        description={t('dashboard:today', { date: formatDate(now, locale, 'full') })}
        actions={
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            {t('dashboard:period.label')}
            <Select
              value={period}
              className="w-40"
              data-testid="dashboard-period"
              onChange={(e) =>
                setParams(e.target.value === 'month' ? {} : { period: e.target.value }, { replace: true })
              }
            >
              <option value="month">{t('dashboard:period.month')}</option>
              <option value="quarter">{t('dashboard:period.quarter')}</option>
              <option value="year">{t('dashboard:period.year')}</option>
            </Select>
          </label>
        }
      />
      {me.permissions.includes('view_analytics') ? (
        <LiveFigures
          metrics={['invoicedToday', 'collectedToday', 'overdue', 'unreadNotifications']}
          locale={locale}
        />
      ) : null}
      <div className="mb-6">
        <BusinessOverview orgId={me.activeOrganizationId} period={period} locale={locale} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          {profile.isPending ? (
            <Card>
              <CardContent className="flex justify-center py-10">
                <Spinner label={t('common:loading')} />
              </CardContent>
            </Card>
          ) : profile.isError ? (
            <Alert tone="error" title={t('dashboard:setup.loadError')}>
              {apiErrorMessage(profile.error, t)}
            </Alert>
          ) : setupProgress(profile.data) < 100 ? (
            <SetupProgressCard profile={profile.data} />
          ) : null}
          <Card>
            <CardHeader
              title={t('dashboard:shortcuts.title')}
              description={t('dashboard:shortcuts.description')}
            />
            <ul className="divide-y divide-border">
              {SHORTCUTS.map(({ key, to, Icon }) => (
                <li key={key}>
                  <Link
                    to={to}
                    className="flex items-center gap-4 px-5 py-4 transition-colors hover:bg-surface-muted"
                  >
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold text-foreground">
                        {t(`dashboard:shortcuts.${key}.title`)}
                      </span>
                      <span className="block text-sm text-muted-foreground">
                        {t(`dashboard:shortcuts.${key}.text`)}
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <Card className="self-start">
          <CardHeader
            icon={<Building2 aria-hidden="true" className="size-5" />}
            title={t('dashboard:workspace.title')}
          />
          <CardContent>
            <dl className="flex flex-col gap-4 text-sm">
              <div>
                <dt className="text-muted-foreground">{t('dashboard:workspace.organization')}</dt>
                <dd className="mt-0.5 font-medium text-foreground">
                  {profile.data?.companyName ?? organization?.name ?? '—'}
                </dd>
              </div>
              {me.role ? (
                <div>
                  <dt className="text-muted-foreground">{t('dashboard:workspace.role')}</dt>
                  <dd className="mt-0.5 font-medium text-foreground">{t(`common:roles.${me.role}`)}</dd>
                </div>
              ) : null}
              <div>
                <dt className="text-muted-foreground">{t('dashboard:workspace.signedInAs')}</dt>
                <dd className="mt-0.5 font-medium break-all text-foreground">{me.user.email}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
