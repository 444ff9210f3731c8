import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, PackageX } from 'lucide-react';
import { addDays } from '@shared/dates/dates.ts';
import { formatDate } from '@shared/format/format.ts';
import type { TDashboard } from '@shared/reports/contracts.ts';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useEventRange } from '@web/features/calendar/calendar-api.ts';

export const ROW =
  'flex items-center justify-between gap-3 px-5 py-3 text-sm transition-colors hover:bg-surface-muted';

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="px-5 py-6 text-sm text-muted-foreground">{children}</p>;
}

/** Goods at or under their low-stock threshold. */
export function LowStockCard({ data }: { data: TDashboard }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card data-testid="low-stock-card">
      <CardHeader
        as="h3"
        icon={<PackageX aria-hidden="true" className="size-5" />}
        title={t('lowStock.title')}
        description={t('lowStock.description')}
      />
      {data.lowStock.length === 0 ? (
        <Empty>{t('lowStock.empty')}</Empty>
      ) : (
        <ul className="divide-y divide-border">
          {data.lowStock.map((item) => (
            <li key={item.id}>
              <Link to={`/inventory/${item.id}`} className={ROW}>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-foreground">{item.name}</span>
                  <span className="block text-xs text-muted-foreground">{item.sku}</span>
                </span>
                <span className="shrink-0 text-right text-xs text-muted-foreground">
                  {t('lowStock.quantity', {
                    stock: Number(item.stockQuantity),
                    threshold: Number(item.lowStockThreshold),
                    unit: item.unit,
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Today's and the next seven days' events. */
export function UpcomingEventsCard({
  orgId,
  today,
  locale,
}: {
  orgId: string | null;
  today: string;
  locale: string;
}) {
  const { t } = useTranslation('dashboard');
  const events = useEventRange(orgId, today, addDays(today, 7));
  return (
    <Card data-testid="events-card">
      <CardHeader
        as="h3"
        icon={<CalendarDays aria-hidden="true" className="size-5" />}
        title={t('events.title')}
        description={t('events.description')}
      />
      {events.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('events.loading')} />
        </div>
      ) : events.isError ? (
        <Empty>{t('events.error')}</Empty>
      ) : events.data.items.length === 0 ? (
        <Empty>{t('events.empty')}</Empty>
      ) : (
        <ul className="divide-y divide-border">
          {events.data.items.slice(0, 6).map((event) => (
            <li key={`${event.eventId}-${event.date}`}>
              <Link to={`/calendar/events/${event.eventId}`} className={ROW}>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-foreground">{event.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {event.date === today ? t('events.today') : formatDate(event.date, locale)}
                    {event.allDay ? ` · ${t('events.allDay')}` : ` · ${event.startTime}`}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
