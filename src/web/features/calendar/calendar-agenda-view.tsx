import { useTranslation } from 'react-i18next';
import { CalendarPlus, MapPin, Plus, Repeat, User } from 'lucide-react';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { capitalize, datesBetween, formatDay, type PlacedOccurrence } from './calendar-dates.ts';
import { timeRangeText, useLocale } from './calendar-ui.tsx';
import type { ViewActions } from './calendar-view-parts.tsx';

/** The agenda: the events of the range day by day, as a list. */
export function AgendaView({
  from,
  to,
  byDate,
  actions,
}: {
  from: string;
  to: string;
  byDate: Map<string, PlacedOccurrence[]>;
  actions: ViewActions;
}) {
  const { t } = useTranslation(['calendar']);
  const locale = useLocale();
  const days = datesBetween(from, to).filter((d) => (byDate.get(d) ?? []).length > 0);

  if (days.length === 0) {
    return (
      <EmptyState
        icon={<CalendarPlus aria-hidden="true" />}
        title={t('calendar:empty.title')}
        description={actions.canManage ? t('calendar:empty.text') : t('calendar:empty.readOnly')}
        action={
          actions.canManage ? (
            <Button
              onClick={() =>
                actions.onCreate(from < actions.today && actions.today <= to ? actions.today : from)
              }
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('calendar:actions.new')}
            </Button>
          ) : null
        }
      />
    );
  }

  return (
    <ol className="divide-y divide-border" data-testid="agenda-view">
      {days.map((day) => (
        <li
          key={day}
          className="grid grid-cols-[minmax(0,1fr)] gap-2 px-4 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4 sm:px-5"
        >
          <h3 className="flex items-center gap-2 self-start text-sm font-semibold text-foreground sm:pt-2">
            <span className={cn(day === actions.today && 'text-primary')}>
              {capitalize(formatDay(day, locale, { weekday: 'long', day: 'numeric', month: 'long' }), locale)}
            </span>
            {day === actions.today ? <Badge tone="primary">{t('calendar:toolbar.today')}</Badge> : null}
          </h3>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-1.5">
            {byDate.get(day)!.map((p) => {
              const o = p.occurrence;
              return (
                <li key={`${o.eventId}-${o.date}`}>
                  <button
                    type="button"
                    onClick={() => actions.onOpen(o)}
                    data-testid="calendar-event"
                    data-event-id={o.eventId}
                    className="flex w-full min-w-0 items-start gap-3 rounded-md px-2 py-2 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span
                      className={cn(
                        'mt-0.5 w-24 shrink-0 text-xs font-medium tabular-nums sm:w-28',
                        o.allDay ? 'text-primary' : 'text-muted-foreground',
                      )}
                    >
                      {o.allDay
                        ? t('calendar:allDay')
                        : timeRangeText(
                            { allDay: false, startTime: p.startTime, endTime: p.endTime },
                            locale,
                            t,
                          )}
                    </span>
                    <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
                      <span className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-foreground">
                        <span className="truncate">{o.title}</span>
                        {o.recurring ? (
                          <Repeat
                            role="img"
                            aria-label={t('calendar:view.recurring')}
                            className="size-3.5 shrink-0 text-muted-foreground"
                          />
                        ) : null}
                      </span>
                      {o.location || o.client ? (
                        <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                          {o.location ? (
                            <span className="inline-flex max-w-full min-w-0 items-center gap-1">
                              <MapPin aria-hidden="true" className="size-3 shrink-0" />
                              <span className="truncate">{o.location}</span>
                            </span>
                          ) : null}
                          {o.client ? (
                            <span className="inline-flex max-w-full min-w-0 items-center gap-1">
                              <User aria-hidden="true" className="size-3 shrink-0" />
                              <span className="truncate">{o.client.name}</span>
                            </span>
                          ) : null}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
