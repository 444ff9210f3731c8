import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { cn } from '@web/ui/cn.ts';
import { formatDay, monthGrid, weekdayNames, type PlacedOccurrence } from './calendar-dates.ts';
import { longDate, useLocale } from './calendar-ui.tsx';
import { dropProps, EventChip, type ViewActions } from './calendar-view-parts.tsx';

const MONTH_CHIPS = 3;

/** The month: a grid of weeks, a few events per day and a link to the rest. */
export function MonthView({
  date,
  byDate,
  actions,
}: {
  date: string;
  byDate: Map<string, PlacedOccurrence[]>;
  actions: ViewActions;
}) {
  const { t } = useTranslation(['calendar']);
  const locale = useLocale();
  const weeks = monthGrid(date);
  const month = date.slice(0, 7);
  const names = weekdayNames(locale, 'short');
  const longNames = weekdayNames(locale, 'long');

  return (
    <div
      role="table"
      aria-label={formatDay(date, locale, { month: 'long', year: 'numeric' })}
      data-testid="month-view"
    >
      <div role="row" className="grid grid-cols-7 border-b border-border bg-surface-muted">
        {names.map((name, i) => (
          <div
            key={name}
            role="columnheader"
            aria-label={longNames[i]}
            className="px-1 py-2 text-center text-xs font-medium text-muted-foreground uppercase sm:px-2 sm:text-left"
          >
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0]} className="grid grid-cols-7 border-b border-border last:border-b-0">
          {week.map((day) => {
            const items = byDate.get(day) ?? [];
            const outside = day.slice(0, 7) !== month;
            const isToday = day === actions.today;
            const hidden = items.length - MONTH_CHIPS;
            const onCell = (e: MouseEvent) => {
              if (e.target !== e.currentTarget) return;
              // Phones: the cell opens the day; wider screens: an empty spot creates an event there.
              if (window.matchMedia('(min-width: 640px)').matches && actions.canManage) actions.onCreate(day);
              else actions.onShowDay(day);
            };
            return (
              <div
                role="cell"
                key={day}
                aria-current={isToday ? 'date' : undefined}
                data-date={day}
                onClick={onCell}
                {...dropProps(actions, () => ({ date: day, time: null, allDay: false }))}
                className={cn(
                  'group relative flex min-h-16 min-w-0 flex-col gap-0.5 border-r border-border p-1 last:border-r-0 sm:min-h-28 sm:p-1.5',
                  outside ? 'bg-surface-muted/60' : 'bg-surface',
                  actions.canManage && 'sm:cursor-pointer',
                )}
              >
                <div className="flex items-center justify-between gap-1" onClick={onCell}>
                  <button
                    type="button"
                    onClick={() => actions.onShowDay(day)}
                    aria-label={t('calendar:view.openDay', { date: longDate(day, locale) })}
                    className={cn(
                      'inline-flex size-7 items-center justify-center rounded-full text-xs font-medium tabular-nums sm:text-sm',
                      'hover:bg-border focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                      isToday
                        ? 'bg-primary text-primary-foreground hover:bg-primary-hover'
                        : outside
                          ? 'text-muted-foreground'
                          : 'text-foreground',
                    )}
                  >
                    {Number(day.slice(8))}
                  </button>
                  {actions.canManage ? (
                    <button
                      type="button"
                      onClick={() => actions.onCreate(day)}
                      aria-label={t('calendar:view.newOn', { date: longDate(day, locale) })}
                      className={cn(
                        'hidden size-6 items-center justify-center rounded text-muted-foreground sm:inline-flex',
                        'opacity-0 group-hover:opacity-100 hover:bg-border hover:text-foreground focus-visible:opacity-100',
                        'focus-visible:outline-2 focus-visible:outline-ring',
                      )}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                    </button>
                  ) : null}
                </div>
                {/* Phones: a dot per event (the day view lists them). */}
                {items.length > 0 ? (
                  <div className="flex flex-wrap gap-0.5 px-1 sm:hidden" aria-hidden="true" onClick={onCell}>
                    {items.slice(0, 4).map((p) => (
                      <span
                        key={`${p.occurrence.eventId}-${p.occurrence.date}`}
                        className={cn(
                          'size-1.5 rounded-full',
                          p.occurrence.allDay ? 'bg-primary' : 'bg-primary/60',
                        )}
                      />
                    ))}
                  </div>
                ) : null}
                <ul className="hidden min-w-0 flex-col gap-0.5 sm:flex">
                  {items.slice(0, hidden > 0 ? MONTH_CHIPS - 1 : MONTH_CHIPS).map((p) => (
                    <li key={`${p.occurrence.eventId}-${p.occurrence.date}`} className="min-w-0">
                      <EventChip placed={p} actions={actions} />
                    </li>
                  ))}
                </ul>
                {hidden > 0 ? (
                  <button
                    type="button"
                    onClick={() => actions.onShowDay(day)}
                    className="hidden min-h-6 rounded px-1.5 text-left text-xs font-medium text-muted-foreground hover:bg-border hover:text-foreground sm:block"
                  >
                    {t('calendar:view.more', { count: hidden + 1 })}
                  </button>
                ) : null}
                {items.length > 0 ? (
                  <span className="sr-only sm:hidden">
                    {t('calendar:view.eventCount', { count: items.length })}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
