import { useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Plus, Rss } from 'lucide-react';
import { DEFAULT_TIME_ZONE, type TEvent, type TEventOccurrence } from '@shared/calendar/contracts.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { isoDateIn } from '@shared/dates/dates.ts';
import { useCalendarLiveRefresh, useCalendarOptions, useEventRange, useMoveEvent } from './calendar-api.ts';
import {
  endTimeAfter,
  groupByDate,
  readCalendarParams,
  viewRange,
  viewTitle,
  type CalendarView,
} from './calendar-dates.ts';
import {
  calendarErrorMessage,
  fetchFailedMessage,
  foreignZone,
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
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { EventSummary } from './event-summary.tsx';
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
  const today = isoDateIn(timeZone);
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
        <CalendarToolbar
          view={view}
          date={date}
          today={today}
          title={title}
          fetching={range.isFetching && !range.isPending}
          zone={zone}
          onGo={go}
        />

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

/** /calendar-page: the same calendar (the spec names both routes). */
export function CalendarPageRedirect() {
  const [search] = useSearchParams();
  const query = search.toString();
  return <Navigate to={`/calendar${query ? `?${query}` : ''}`} replace />;
}
