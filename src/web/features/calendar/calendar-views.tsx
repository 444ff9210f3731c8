import { useEffect, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarPlus, MapPin, Plus, Repeat, User } from 'lucide-react';
import type { TEventOccurrence } from '@shared/calendar/contracts.ts';
import { utcToZoned } from '@shared/dates/dates.ts';
import { minutesOf, timeOf } from '@shared/calendar/time.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import {
  capitalize,
  datesBetween,
  formatClock,
  formatDay,
  layoutDay,
  MIN_BOX_MINUTES,
  monthGrid,
  weekdayNames,
  type PlacedOccurrence,
} from './calendar-dates.ts';
import { longDate, timeRangeText, useLocale } from './calendar-ui.tsx';

/** What every view can ask of the page. */
export interface ViewActions {
  canManage: boolean;
  today: string;
  timeZone: string;
  /** Open an occurrence (its summary with edit, move, delete). */
  onOpen: (occurrence: TEventOccurrence) => void;
  /** New event on a day, at a time (a slot) or all day. */
  onCreate: (date: string, startTime?: string | null, allDay?: boolean) => void;
  /** Show one day in the day view. */
  onShowDay: (date: string) => void;
  /** An occurrence dropped on another day or slot (startTime null: the all-day row or a month cell). */
  onDrop: (occurrence: TEventOccurrence, date: string, startTime: string | null, allDay: boolean) => void;
}

const DRAG_TYPE = 'application/x-gestionale-occurrence';

// The occurrence being dragged (dataTransfer cannot be read during dragover, and objects do not travel in it).
let dragged: TEventOccurrence | null = null;

function dragProps(occurrence: TEventOccurrence, actions: ViewActions) {
  if (!actions.canManage) return {};
  return {
    draggable: true,
    onDragStart: (e: DragEvent) => {
      dragged = occurrence;
      e.dataTransfer.setData(DRAG_TYPE, occurrence.eventId);
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragEnd: () => {
      dragged = null;
    },
  };
}

function dropProps(
  actions: ViewActions,
  target: (e: DragEvent) => { date: string; time: string | null; allDay: boolean },
) {
  if (!actions.canManage) return {};
  return {
    onDragOver: (e: DragEvent) => {
      if (dragged) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }
    },
    onDrop: (e: DragEvent) => {
      if (!dragged) return;
      e.preventDefault();
      const { date, time, allDay } = target(e);
      const occurrence = dragged;
      dragged = null;
      actions.onDrop(occurrence, date, time, allDay);
    },
  };
}

/** One event in a cell or the all-day row. */
function EventChip({
  placed,
  actions,
  className,
}: {
  placed: PlacedOccurrence;
  actions: ViewActions;
  className?: string;
}) {
  const { t } = useTranslation(['calendar']);
  const locale = useLocale();
  const o = placed.occurrence;
  const time = o.allDay ? '' : formatClock(placed.startTime, locale);
  return (
    <button
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        actions.onOpen(o);
      }}
      {...dragProps(o, actions)}
      aria-label={t('calendar:view.eventLabel', {
        title: o.title,
        when: o.allDay ? t('calendar:allDay') : `${time} – ${formatClock(placed.endTime, locale)}`,
      })}
      data-testid="calendar-event"
      data-event-id={o.eventId}
      className={cn(
        'flex min-h-6 w-full min-w-0 items-center gap-1 rounded px-1.5 py-0.5 text-left text-xs font-medium',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        o.allDay
          ? 'bg-primary text-primary-foreground hover:bg-primary-hover'
          : 'bg-primary-soft text-primary-soft-foreground hover:bg-border',
        className,
      )}
    >
      {time ? <span className="shrink-0 tabular-nums opacity-80">{time}</span> : null}
      <span className="truncate">{o.title}</span>
      {o.recurring ? <Repeat aria-hidden="true" className="size-3 shrink-0 opacity-70" /> : null}
    </button>
  );
}

// ─── Month ─────────────────────────────────────────────────────────────────────────────────────────────────

const MONTH_CHIPS = 3;

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

// ─── Week and day: the time grid ───────────────────────────────────────────────────────────────────────────

const HOUR_PX = 48;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const FIRST_VISIBLE_HOUR = 7;

/** The half-hour under the pointer in a day column. */
function slotAt(e: { clientY: number; currentTarget: Element }): string {
  const box = e.currentTarget.getBoundingClientRect();
  const minutes = Math.floor(((e.clientY - box.top) / HOUR_PX) * 2) * 30;
  return timeOf(Math.min(23 * 60 + 30, Math.max(0, minutes)));
}

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
