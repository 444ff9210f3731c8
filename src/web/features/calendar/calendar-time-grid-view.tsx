import { utcToZoned } from '@shared/dates/dates.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { minutesOf, timeOf } from '@shared/calendar/time.ts';
import { cn } from '@web/ui/cn.ts';
import {
  datesBetween,
  formatClock,
  formatDay,
  layoutDay,
  MIN_BOX_MINUTES,
  type PlacedOccurrence,
} from './calendar-dates.ts';
import { longDate, useLocale } from './calendar-ui.tsx';
import { dragProps, dropProps, EventChip, type ViewActions } from './calendar-view-parts.tsx';

const HOUR_PX = 48;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const FIRST_VISIBLE_HOUR = 7;

/** The half-hour under the pointer in a day column. */
function slotAt(e: { clientY: number; currentTarget: Element }): string {
  const box = e.currentTarget.getBoundingClientRect();
  const minutes = Math.floor(((e.clientY - box.top) / HOUR_PX) * 2) * 30;
  return timeOf(Math.min(23 * 60 + 30, Math.max(0, minutes)));
}

/** Week and day: the all-day row above a grid of hours, events placed by their time. */
export function TimeGridView({
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
  const days = datesBetween(from, to);
  const single = days.length === 1;
  const scroller = useRef<HTMLDivElement>(null);
  const now = useNow();
  const nowWall = utcToZoned(now, actions.timeZone);

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_VISIBLE_HOUR * HOUR_PX - 12;
  }, [from]);

  const columns = single ? 'grid-cols-[4rem_minmax(0,1fr)]' : 'grid-cols-[4rem_repeat(7,minmax(0,1fr))]';
  const hasAllDay = days.some((d) => (byDate.get(d) ?? []).some((p) => p.occurrence.allDay));

  return (
    <div className={cn(!single && 'overflow-x-auto')} data-testid={single ? 'day-view' : 'week-view'}>
      <div className={cn(!single && 'min-w-[42rem]')}>
        <div className={cn('grid border-b border-border bg-surface-muted', columns)}>
          <div aria-hidden="true" />
          {days.map((day) => {
            const isToday = day === actions.today;
            return (
              <div
                key={day}
                className="flex min-w-0 items-center justify-center gap-1 border-l border-border px-1 py-1.5"
              >
                <button
                  type="button"
                  onClick={() => actions.onShowDay(day)}
                  disabled={single}
                  aria-current={isToday ? 'date' : undefined}
                  aria-label={
                    single ? undefined : t('calendar:view.openDay', { date: longDate(day, locale) })
                  }
                  className={cn(
                    'flex min-w-0 flex-col items-center rounded-md px-2 py-0.5 text-xs leading-tight',
                    'hover:bg-border focus-visible:outline-2 focus-visible:outline-ring disabled:hover:bg-transparent',
                    isToday ? 'text-primary' : 'text-muted-foreground',
                  )}
                >
                  <span className="uppercase">
                    {formatDay(day, locale, { weekday: single ? 'long' : 'short' })}
                  </span>
                  <span
                    className={cn(
                      'mt-0.5 inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
                      isToday ? 'bg-primary text-primary-foreground' : 'text-foreground',
                    )}
                  >
                    {Number(day.slice(8))}
                  </span>
                </button>
                {actions.canManage ? (
                  <button
                    type="button"
                    onClick={() => actions.onCreate(day)}
                    aria-label={t('calendar:view.newOn', { date: longDate(day, locale) })}
                    className="inline-flex size-7 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-border hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className={cn('grid border-b border-border', columns)}>
          <div className="flex items-center justify-end px-1.5 py-1 text-right text-[0.6875rem] leading-tight text-muted-foreground">
            {t('calendar:allDay')}
          </div>
          {days.map((day) => (
            <div
              key={day}
              onClick={(e) => {
                if (e.target === e.currentTarget && actions.canManage) actions.onCreate(day, null, true);
              }}
              {...dropProps(actions, () => ({ date: day, time: null, allDay: true }))}
              className={cn(
                'flex min-h-8 min-w-0 flex-col gap-0.5 border-l border-border p-0.5',
                hasAllDay ? '' : 'min-h-7',
              )}
            >
              {(byDate.get(day) ?? [])
                .filter((p) => p.occurrence.allDay)
                .map((p) => (
                  <EventChip
                    key={`${p.occurrence.eventId}-${p.occurrence.date}`}
                    placed={p}
                    actions={actions}
                  />
                ))}
            </div>
          ))}
        </div>
        <div ref={scroller} className="max-h-[65vh] overflow-y-auto" tabIndex={-1}>
          <div className={cn('relative grid', columns)} style={{ height: 24 * HOUR_PX }}>
            <div aria-hidden="true" className="relative">
              {HOURS.slice(1).map((h) => (
                <span
                  key={h}
                  className="absolute right-1.5 -translate-y-1/2 text-[0.6875rem] whitespace-nowrap text-muted-foreground tabular-nums"
                  style={{ top: h * HOUR_PX }}
                >
                  {formatClock(timeOf(h * 60), locale)}
                </span>
              ))}
            </div>
            {days.map((day) => {
              const layout = layoutDay(byDate.get(day) ?? []);
              const nowHere = day === nowWall.date;
              return (
                <div
                  key={day}
                  data-date={day}
                  className={cn('relative border-l border-border', actions.canManage && 'cursor-pointer')}
                  onClick={(e) => {
                    if (e.target === e.currentTarget && actions.canManage) actions.onCreate(day, slotAt(e));
                  }}
                  {...dropProps(actions, (e) => ({ date: day, time: slotAt(e), allDay: false }))}
                >
                  {HOURS.map((h) => (
                    <div
                      key={h}
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-x-0 border-t border-border/70"
                      style={{ top: h * HOUR_PX }}
                    />
                  ))}
                  {nowHere ? (
                    <div
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-x-0 h-0.5 bg-danger before:absolute before:-top-1 before:-left-1 before:size-2.5 before:rounded-full before:bg-danger"
                      style={{ top: (minutesOf(nowWall.time) / 60) * HOUR_PX }}
                    />
                  ) : null}
                  {layout.map(({ placed, column, columns: count }) => {
                    const o = placed.occurrence;
                    const minutes = Math.max(placed.endMinutes - placed.startMinutes, MIN_BOX_MINUTES);
                    return (
                      <button
                        key={`${o.eventId}-${o.date}`}
                        type="button"
                        onClick={() => actions.onOpen(o)}
                        {...dragProps(o, actions)}
                        data-testid="calendar-event"
                        data-event-id={o.eventId}
                        aria-label={t('calendar:view.eventLabel', {
                          title: o.title,
                          when: `${formatClock(placed.startTime, locale)} – ${formatClock(placed.endTime, locale)}`,
                        })}
                        className={cn(
                          'absolute overflow-hidden rounded-md border-l-4 border-primary bg-primary-soft px-1.5 py-0.5 text-left text-xs text-primary-soft-foreground',
                          'shadow-card hover:bg-border focus-visible:z-20 focus-visible:outline-2 focus-visible:outline-ring',
                        )}
                        style={{
                          top: (placed.startMinutes / 60) * HOUR_PX,
                          height: Math.max((minutes / 60) * HOUR_PX - 2, 18),
                          left: `calc(${(column / count) * 100}% + 2px)`,
                          width: `calc(${100 / count}% - 4px)`,
                        }}
                      >
                        <span className="block truncate font-semibold">{o.title}</span>
                        {minutes >= 45 ? (
                          <span className="block truncate opacity-80 tabular-nums">
                            {formatClock(placed.startTime, locale)} – {formatClock(placed.endTime, locale)}
                          </span>
                        ) : null}
                        {minutes >= 75 && o.location ? (
                          <span className="block truncate opacity-80">{o.location}</span>
                        ) : null}
                      </button>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The current time, refreshed every minute (the "now" line). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

// ─── Agenda ────────────────────────────────────────────────────────────────────────────────────────────────
