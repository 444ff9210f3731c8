import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Repeat } from 'lucide-react';
import type { TEventOccurrence } from '@shared/calendar/contracts.ts';
import { cn } from '@web/ui/cn.ts';
import { formatClock, type PlacedOccurrence } from './calendar-dates.ts';
import { useLocale } from './calendar-ui.tsx';

/** What the calendar views (month, week, day, agenda) share: the page's actions, drag and drop, the event chip. */

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

export function dragProps(occurrence: TEventOccurrence, actions: ViewActions) {
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

export function dropProps(
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
export function EventChip({
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
