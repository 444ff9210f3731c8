import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Radio } from 'lucide-react';
import { formatEuroCents, formatTime } from '@shared/format/format.ts';
import type { TRealTimeMetric } from '@shared/realtime/messages.ts';
import { useNotifications } from '@web/features/notifications/notifications-provider.tsx';
import { useRealTimeData } from '@web/features/notifications/real-time-api.ts';
import { cn } from '@web/ui/cn.ts';
import { Kpi } from './kpi-grid.tsx';

/**
 * Today's figures over the live channel (spec §7 realTimeData), for members with view_analytics: asked when
 * shown and again at every change of the organization's data. What is shown says whether it is live: figures
 * of a dropped connection carry their time, never passed off as current.
 */
export function LiveFigures({ metrics, locale }: { metrics: readonly TRealTimeMetric[]; locale: string }) {
  const { t } = useTranslation('dashboard');
  const { data, failed } = useRealTimeData();
  const { status } = useNotifications();
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const time = data ? formatTime(data.timestamp, locale) : '';
  const note = !data
    ? failed
      ? t('live.failed')
      : status.connected
        ? t('live.loading')
        : t('live.offline')
    : !status.connected
      ? t('live.stale', { time })
      : failed
        ? t('live.failedStale', { time })
        : t('live.updatedAt', { time });
  const figures = data?.figures;
  const today = data?.date;
  /** A metric's tile, or null while its figure is missing (not asked, not allowed or not loaded yet). */
  const tileOf = (metric: TRealTimeMetric): ComponentProps<typeof Kpi> | null => {
    switch (metric) {
      case 'invoicedToday':
        return figures?.invoicedToday
          ? {
              testId: 'live-invoiced',
              label: t('live.invoicedToday'),
              value: euro(figures.invoicedToday.cents),
              to: today ? `/invoices?from=${today}&to=${today}&phase=issued` : undefined,
            }
          : null;
      case 'collectedToday':
        return figures?.collectedToday
          ? {
              testId: 'live-collected',
              label: t('live.collectedToday'),
              value: euro(figures.collectedToday.cents),
            }
          : null;
      case 'outstanding':
        return figures?.outstanding
          ? {
              testId: 'live-outstanding',
              label: t('live.outstanding'),
              value: euro(figures.outstanding.cents),
              to: '/reports?report=receivables',
            }
          : null;
      case 'overdue':
        return figures?.overdue
          ? {
              testId: 'live-overdue',
              label: t('live.overdue'),
              value: String(figures.overdue.count),
              note: t('live.overdueNote', { amount: euro(figures.overdue.cents) }),
              to: '/invoices?status=overdue',
            }
          : null;
      case 'unreadNotifications':
        return figures?.unreadNotifications
          ? {
              testId: 'live-unread',
              label: t('live.unread'),
              value: String(figures.unreadNotifications.count),
            }
          : null;
    }
  };
  const tiles = metrics.flatMap((metric) => {
    const tile = tileOf(metric);
    return tile ? [<Kpi key={metric} {...tile} />] : [];
  });
  return (
    <section aria-labelledby="live-figures" data-testid="live-figures" className="mb-6 print:hidden">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="live-figures" className="flex items-center gap-2 text-sm font-semibold text-foreground">
          <Radio aria-hidden="true" className="size-4 text-primary" />
          {t('live.title')}
        </h2>
        <p className="text-xs text-muted-foreground" role="status" data-testid="live-figures-status">
          {note}
        </p>
      </div>
      {tiles.length > 0 ? (
        <div
          className={cn(
            'grid grid-cols-2 gap-3 md:grid-cols-3',
            tiles.length > 4 ? 'xl:grid-cols-5' : 'xl:grid-cols-4',
          )}
        >
          {tiles}
        </div>
      ) : null}
    </section>
  );
}
