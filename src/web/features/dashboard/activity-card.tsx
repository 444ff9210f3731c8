import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import type { TActivity } from '@shared/reports/activity.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { api } from '@web/app/api.ts';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { formatRelativeTime } from '@web/features/notifications/relative-time.ts';
import { Empty, ROW } from './dashboard-lists.tsx';

export const activityKey = (orgId: string | null) => ['dashboard', orgId, 'activity'] as const;

/** The team's recent work (GET /api/v1/dashboard/activity); refreshed with the figures by DASHBOARD_UPDATE. */
export function ActivityCard({ orgId, locale }: { orgId: string | null; locale: string }) {
  const { t } = useTranslation(['dashboard', 'notifications']);
  const activity = useQuery({
    queryKey: activityKey(orgId),
    queryFn: ({ signal }) => api<TActivity>('/api/v1/dashboard/activity', { signal }),
    staleTime: 30_000,
    enabled: !!orgId,
  });
  const now = Date.now();
  return (
    <Card data-testid="activity-card">
      <CardHeader
        as="h3"
        icon={<Activity aria-hidden="true" className="size-5" />}
        title={t('activity.title')}
        description={t('activity.description')}
      />
      {activity.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('activity.loading')} />
        </div>
      ) : activity.isError ? (
        <Empty>{t('activity.error')}</Empty>
      ) : activity.data.items.length === 0 ? (
        <Empty>{t('activity.empty')}</Empty>
      ) : (
        <ul className="divide-y divide-border">
          {activity.data.items.map((item) => (
            <li key={`${item.kind}-${item.url}-${item.at}`}>
              <Link to={item.url} className={ROW}>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-foreground">
                    {t(`activity.kinds.${item.kind}`, { label: item.label || t('activity.unnamed') })}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {[item.actor, formatRelativeTime(item.at, now, t)].filter(Boolean).join(' · ')}
                  </span>
                </span>
                {item.amountCents !== null ? (
                  <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                    {formatEuroCents(item.amountCents, locale)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
