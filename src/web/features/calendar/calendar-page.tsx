import { useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import {
  ArrowRight,
  CalendarClock,
  ChevronLeft,
  ChevronRight,
  Clock,
  Globe,
  MapPin,
  MoveRight,
  Pencil,
  Plus,
  Repeat,
  Rss,
  Trash2,
  User,
} from 'lucide-react';
import {
  DEFAULT_TIME_ZONE,
  eventPagePath,
  type TEvent,
  type TEventOccurrence,
} from '@shared/calendar/contracts.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { Facts } from '@web/features/invoicing/document-view.tsx';
import {
  useCalendarLiveRefresh,
  useCalendarOptions,
  useEvent,
  useEventRange,
  useMoveEvent,
} from './calendar-api.ts';
import {
  CALENDAR_VIEWS,
  endTimeAfter,
  groupByDate,
  readCalendarParams,
  shiftDate,
  todayIn,
  viewRange,
  viewTitle,
  type CalendarView,
  capitalize,
} from './calendar-dates.ts';
import {
  calendarErrorMessage,
  fetchFailedMessage,
  foreignZone,
  longDate,
  timeRangeText,
  useCalendarPermissions,
  useLocale,
} from './calendar-ui.tsx';
import { AgendaView } from './calendar-agenda-view.tsx';
import { MonthView } from './calendar-month-view.tsx';
import { TimeGridView } from './calendar-time-grid-view.tsx';
import type { ViewActions } from './calendar-view-parts.tsx';
import { DeleteEventDialog, MoveEventDialog, movableOf, type MovableEvent } from './event-actions.tsx';
import { EventDialog } from './event-dialog.tsx';
import { newEventValues, type EventFormValues } from './event-form-values.ts';
import { SubscriptionDialog } from './subscription-dialog.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

type Open =
  | { kind: 'new'; values: EventFormValues }
  | { kind: 'summary'; occurrence: TEventOccurrence }
  | { kind: 'edit'; event: TEvent }
  | { kind: 'move'; event: MovableEvent }
  | { kind: 'delete'; event: { id: string; title: string; recurring: boolean } }
  | { kind: 'feed' };

/** Phones open on the agenda; wider screens on the month. */
function defaultView(): CalendarView {
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 639px)').matches
    ? 'agenda'
    : 'month';
}

/**
 * /calendar: the organization's events in month, week, day and agenda views (view and date in the URL), shown on
 * the organization's clock. Click a day or a slot to create an event; open one to edit, move or delete it; drag
 * it to another day or slot (the move dialog does the same with the keyboard).
 */
export function CalendarPage() {
  // The dialogs' namespaces load with the page, so opening one never suspends the whole screen.
  const { t } = useTranslation(['calendar', 'navigation', 'common', 'buttons', 'forms', 'invoices']);
  useDocumentTitle(t('navigation:routes.calendar'));
  const { orgId, canManage } = useCalendarPermissions();
  const locale = useLocale();
  const options = useCalendarOptions(orgId);
  const timeZone = options.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const [search, setSearch] = useSearchParams();
  const { view, date } = readCalendarParams(search, { view: defaultView(), date: today });
  const { from, to } = viewRange(view, date);
  const range = useEventRange(orgId, from, to);
  useCalendarLiveRefresh(orgId);
  const move = useMoveEvent(orgId);
  const [open, setOpen] = useState<Open | null>(null);
  const byDate = useMemo(
    () => groupByDate(range.data?.items ?? [], range.data?.timeZone ?? timeZone),
    [range.data, timeZone],
  );
  const zone = foreignZone(timeZone);

  const go = (next: { view?: CalendarView; date?: string }) =>
    setSearch((prev) => {
      const params = new URLSearchParams(prev);
      params.set('view', next.view ?? view);
      params.set('date', next.date ?? date);
      return params;
    });

  const create = (day: string, startTime?: string | null, allDay = false) =>
    setOpen({
      kind: 'new',
      values: newEventValues(day, startTime ? { startTime, endTime: endTimeAfter(startTime) } : null, allDay),
    });

  const actions: ViewActions = {
    canManage,
    today,
    timeZone,
    onOpen: (occurrence) => setOpen({ kind: 'summary', occurrence }),
    onCreate: create,
    onShowDay: (day) => go({ view: 'day', date: day }),
    onDrop: (o, day, startTime, allDay) => {
      // A series moves as a whole: the move dialog, filled with where it was dropped, confirms it.
      if (o.recurring) {
        const toAllDay = allDay || (startTime === null && o.allDay);
        setOpen({
          kind: 'move',
          event: {
            id: o.eventId,
            title: o.title,
            startDate: day,
            startTime: startTime ?? o.startTime,
            endTime: o.endTime,
            allDay: toAllDay,
            recurring: true,
          },
        });
        return;
      }
      const keepKind = !allDay && startTime === null;
      if (day === o.date && (keepKind || (startTime === o.startTime && !o.allDay))) return;
      move.mutate(
        {
          id: o.eventId,
          move: keepKind
            ? { startDate: day, startTime: o.allDay ? null : o.startTime }
            : { startDate: day, startTime, allDay },
        },
        {
          onSuccess: () => toast.success(t('calendar:toast.moved', { title: o.title })),
          onError: (error) => toast.error(calendarErrorMessage(error, t)),
        },
      );
    },
  };

  const title = viewTitle(view, date, locale);

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.calendar')}
        description={t('calendar:description')}
        actions={
          <>
            <Button variant="outline" onClick={() => setOpen({ kind: 'feed' })}>
              <Rss aria-hidden="true" className="size-4" />
              {t('calendar:actions.subscribe')}
            </Button>
            {canManage ? (
              <Button onClick={() => create(date >= from && date <= to ? date : today)}>
                <Plus aria-hidden="true" className="size-4" />
                {t('calendar:actions.new')}
              </Button>
            ) : null}
          </>
        }
      />

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-3 py-3 sm:px-5">
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon-sm"
              onClick={() => go({ date: shiftDate(view, date, -1) })}
              aria-label={t(`calendar:toolbar.previous.${view}`)}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="outline" size="sm" onClick={() => go({ date: today })}>
              {t('calendar:toolbar.today')}
            </Button>
            <Button
              variant="outline"
              size="icon-sm"
              onClick={() => go({ date: shiftDate(view, date, 1) })}
              aria-label={t(`calendar:toolbar.next.${view}`)}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <h2
            className="min-w-0 flex-1 basis-40 text-base font-semibold text-foreground first-letter:uppercase sm:text-lg"
            aria-live="polite"
            data-testid="calendar-title"
          >
            {title}
          </h2>
          {range.isFetching && !range.isPending ? (
            <Spinner label={t('common:loading')} className="[&_svg]:size-4" />
          ) : null}
          <div
            role="group"
            aria-label={t('calendar:toolbar.views')}
            className="flex w-full rounded-md border border-input p-0.5 sm:w-auto"
          >
            {CALENDAR_VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={v === view}
                onClick={() => go({ view: v })}
                className={cn(
                  'h-8 flex-1 rounded px-2 text-sm font-medium transition-colors sm:flex-none sm:px-3',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                  v === view
                    ? 'bg-primary text-primary-foreground'
                    : 'text-foreground hover:bg-surface-muted',
                )}
              >
                {t(`calendar:views.${v}`)}
              </button>
            ))}
          </div>
        </div>
        {zone ? (
          <p className="flex items-center gap-1.5 border-b border-border bg-surface-muted px-3 py-1.5 text-xs text-muted-foreground sm:px-5">
            <Globe aria-hidden="true" className="size-3.5" />
            {t('calendar:toolbar.zoneNote', { zone })}
          </p>
        ) : null}

        {range.isPending ? (
          <SkeletonRows aside={false} rows={6} label={t('common:loading')} />
        ) : range.isError ? (
          <div className="p-5">
            <Alert tone="error" title={t('calendar:loadErrorTitle')}>
              <p>{fetchFailedMessage('calendar.errors.fetchEventsFailed', range.error, t)}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void range.refetch()}>
                {t('buttons:retry')}
              </Button>
            </Alert>
          </div>
        ) : (
          <>
            {view === 'month' ? (
              <MonthView date={date} byDate={byDate} actions={actions} />
            ) : view === 'agenda' ? (
              <AgendaView from={from} to={to} byDate={byDate} actions={actions} />
            ) : (
              <TimeGridView from={from} to={to} byDate={byDate} actions={actions} />
            )}
            {view !== 'agenda' && range.data.items.length === 0 ? (
              <p className="border-t border-border px-5 py-3 text-sm text-muted-foreground" role="status">
                {canManage ? t('calendar:empty.hint') : t('calendar:empty.title')}
              </p>
            ) : null}
          </>
        )}
      </Card>

      <Dialog open={open !== null} onOpenChange={(next) => (next ? null : setOpen(null))}>
        {open?.kind === 'new' ? (
          <EventDialog initial={open.values} onDone={() => setOpen(null)} />
        ) : open?.kind === 'edit' ? (
          <EventDialog event={open.event} onDone={() => setOpen(null)} />
        ) : open?.kind === 'move' ? (
          <MoveEventDialog event={open.event} onDone={() => setOpen(null)} />
        ) : open?.kind === 'summary' ? (
          <EventSummary
            occurrence={open.occurrence}
            timeZone={timeZone}
            onEdit={(event) => setOpen({ kind: 'edit', event })}
            onMove={(event) => setOpen({ kind: 'move', event: movableOf(event) })}
            onDelete={(event) =>
              setOpen({
                kind: 'delete',
                event: { id: event.id, title: event.title, recurring: !!event.recurrence },
              })
            }
          />
        ) : open?.kind === 'feed' ? (
          <SubscriptionDialog />
        ) : null}
      </Dialog>
      {open?.kind === 'delete' ? (
        <DeleteEventDialog
          event={open.event}
          open
          onOpenChange={(next) => (next ? null : setOpen(null))}
          onDeleted={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}

/** An occurrence opened from the calendar: what, when, where, who, and the actions on its event. */
function EventSummary({
  occurrence,
  timeZone,
  onEdit,
  onMove,
  onDelete,
}: {
  occurrence: TEventOccurrence;
  timeZone: string;
  onEdit: (event: TEvent) => void;
  onMove: (event: TEvent) => void;
  onDelete: (event: TEvent) => void;
}) {
  const { t } = useTranslation(['calendar', 'buttons', 'common']);
  const locale = useLocale();
  const { orgId, canManage } = useCalendarPermissions();
  const event = useEvent(orgId, occurrence.eventId);
  const placed = groupByDate([occurrence], timeZone).values().next().value![0]!;

  return (
    <DialogContent title={occurrence.title} closeLabel={t('buttons:close')}>
      <div className="grid gap-4" data-testid="event-summary">
        <ul className="grid gap-2 text-sm text-foreground">
          <li className="flex items-start gap-2">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span>
              {capitalize(longDate(placed.date, locale), locale)}
              <span className="block text-muted-foreground">
                {timeRangeText(
                  { allDay: occurrence.allDay, startTime: placed.startTime, endTime: placed.endTime },
                  locale,
                  t,
                )}
              </span>
            </span>
          </li>
          {occurrence.recurring ? (
            <li className="flex items-center gap-2">
              <Repeat aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {t('calendar:view.recurring')}
            </li>
          ) : null}
          {occurrence.location ? (
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="break-words">{occurrence.location}</span>
            </li>
          ) : null}
          {occurrence.client ? (
            <li className="flex items-center gap-2">
              <User aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <Link to={`/clients/${occurrence.client.id}`} className="text-primary hover:underline">
                {occurrence.client.name}
              </Link>
            </li>
          ) : null}
        </ul>
        {event.isPending ? (
          <Spinner label={t('common:loading')} />
        ) : event.isError ? (
          <Alert tone="error">{calendarErrorMessage(event.error, t)}</Alert>
        ) : (
          <>
            {event.data.description ? (
              <p className="text-sm whitespace-pre-wrap text-muted-foreground">{event.data.description}</p>
            ) : null}
            <Facts
              items={[
                [
                  t('calendar:stats.invitations'),
                  event.data.stats.invitations > 0
                    ? t('calendar:summary.invitations', {
                        count: event.data.stats.invitations,
                        accepted: event.data.stats.accepted,
                      })
                    : null,
                ],
              ]}
            />
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <Link to={eventPagePath(occurrence.eventId)} className={buttonClasses('primary', 'sm')}>
            {t('calendar:summary.open')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          {canManage && event.data ? (
            <>
              <Button variant="outline" size="sm" onClick={() => onEdit(event.data)}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('calendar:actions.edit')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => onMove(event.data)}>
                <MoveRight aria-hidden="true" className="size-4" />
                {t('calendar:actions.move')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-danger"
                onClick={() => onDelete(event.data)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('calendar:actions.delete')}
              </Button>
            </>
          ) : null}
        </div>
        {occurrence.allDay || !foreignZone(timeZone) ? null : (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Clock aria-hidden="true" className="size-3.5" />
            {t('calendar:summary.zone', { zone: timeZone })}
          </p>
        )}
      </div>
    </DialogContent>
  );
}

/** /calendar-page: the same calendar (the spec names both routes). */
export function CalendarPageRedirect() {
  const [search] = useSearchParams();
  const query = search.toString();
  return <Navigate to={`/calendar${query ? `?${query}` : ''}`} replace />;
}
