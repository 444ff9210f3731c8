import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CheckCircle2, Circle, ClipboardCheck } from 'lucide-react';
import type { TBusinessProfile } from '@shared/business-profile/contracts.ts';
import {
  isProfileComplete,
  missingSetupFields,
  SETUP_FIELDS,
  setupProgress,
} from '@shared/business-profile/profile-rules.ts';
import { formatPercent } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Badge } from '@web/ui/badge.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';

/**
 * Setup progress (spec §5): the rounded percentage of the nine profile fields that are filled, with the
 * ones still missing. Shown on the dashboard until every field is filled; the way to complete it only to the
 * members who may change the profile (manage_organization), the others are told who can.
 */
export function SetupProgressCard({ profile }: { profile: TBusinessProfile | null }) {
  const { t } = useTranslation(['dashboard']);
  const canEdit = useSignedInMe().permissions.includes('manage_organization');
  const percent = setupProgress(profile);
  const missing = new Set(missingSetupFields(profile));
  const complete = isProfileComplete(profile);
  const locale = localeOf(currentLanguage());
  return (
    <Card data-testid="setup-progress" aria-labelledby="setup-progress-title">
      <CardHeader
        titleId="setup-progress-title"
        icon={<ClipboardCheck aria-hidden="true" className="size-5" />}
        title={t('dashboard:setup.title')}
        description={profile ? t('dashboard:setup.description') : t('dashboard:setup.noProfile')}
        action={
          <Badge tone={complete ? 'success' : 'warning'}>
            {complete ? t('dashboard:setup.complete') : t('dashboard:setup.incomplete')}
          </Badge>
        }
      />
      <CardContent>
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-3xl font-semibold text-foreground">{formatPercent(percent / 100, locale)}</p>
          <p className="text-sm text-muted-foreground">
            {t('dashboard:setup.filled', {
              count: SETUP_FIELDS.length - missing.size,
              done: SETUP_FIELDS.length - missing.size,
              total: SETUP_FIELDS.length,
            })}
          </p>
        </div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('dashboard:setup.title')}
          className="mt-3 h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <ul className="mt-5 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {SETUP_FIELDS.map((field) => {
            const done = !missing.has(field);
            return (
              <li key={field} className="flex items-center gap-2 text-sm">
                {done ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                )}
                <span className={done ? 'text-foreground' : 'text-muted-foreground'}>
                  {t(`dashboard:setup.fields.${field}`)}
                  <span className="sr-only">
                    {' — '}
                    {done ? t('dashboard:setup.fieldDone') : t('dashboard:setup.fieldMissing')}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        {canEdit ? (
          <Link
            to={profile ? '/settings?tab=profile' : '/onboarding'}
            className={buttonClasses('primary', 'md', 'mt-6')}
          >
            {profile ? t('dashboard:setup.action') : t('dashboard:setup.start')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <p className="mt-6 text-sm text-muted-foreground">{t('dashboard:setup.adminOnly')}</p>
        )}
      </CardContent>
    </Card>
  );
}
