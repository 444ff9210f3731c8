import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CalendarX2, Info, MoveRight, Pencil, Trash2 } from 'lucide-react';
import type { TEvent, TEventStats } from '@shared/calendar/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { ApiError } from '@web/app/api.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Facts } from '@web/ui/facts.tsx';
import { LinkedDocuments } from '@web/features/documents/linked-documents.tsx';
import { AttendeesCard } from './attendees-card.tsx';
import { capitalize } from './calendar-dates.ts';
import { useCalendarLiveRefresh, useCalendarOptions, useEvent, useInvitations } from './calendar-api.ts';
import {
  calendarErrorMessage,
  foreignZone,
  longDate,
  timeRangeText,
  useCalendarPermissions,
  useLocale,
} from './calendar-ui.tsx';
import { CommentsCard } from './comments-card.tsx';
import { DeleteEventDialog, MoveEventDialog, movableOf } from './event-actions.tsx';
import { EventDialog } from './event-dialog.tsx';
import { InvitationsCard } from './invitations-card.tsx';
import { recurrenceText } from './recurrence-text.ts';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

/** /calendar/events/:id */
export function EventPage() {
  // The cards' and dialogs' namespaces load with the page, so opening a dialog never suspends the screen.
  const { t } = useTranslation([
    'calendar',
    'common',
    'navigation',
    'buttons',
    'forms',
    'invoices',
    'rsvp',
    'scan',
  ]);
  const { id } = useParams();
  const { orgId } = useCalendarPermissions();
  const event = useEvent(orgId, id);
  useCalendarLiveRefresh(orgId);
  useDocumentTitle(event.data ? event.data.title : t('navigation:routes.calendarEvent'));

  if (event.isPending) {
    return (
      <Card>
        <SkeletonRows aside={false} rows={5} label={t('common:loading')} />
      </Card>
    );
  }
  if (event.isError) {
    const notFound =
      event.error instanceof ApiError && (event.error.status === 404 || event.error.status === 400);
    return (
      <Card>
        <EmptyState
          headingLevel="h1"
          icon={<CalendarX2 aria-hidden="true" />}
          title={notFound ? calendarErrorMessage(event.error, t) : t('calendar:event.loadError')}
          description={notFound ? t('calendar:event.notFoundText') : calendarErrorMessage(event.error, t)}
          action={
            <Link to="/calendar" className={buttonClasses('outline')}>
              {t('calendar:event.backToCalendar')}
            </Link>
          }
        />
      </Card>
    );
  }
  return <EventView event={event.data} />;
}

type Open = 'edit' | 'move' | 'delete';

function EventView({ event }: { event: TEvent }) {
  const { t } = useTranslation(['calendar', 'buttons']);
  const locale = useLocale();
  const navigate = useNavigate();
  const { orgId, canManage } = useCalendarPermissions();
  const options = useCalendarOptions(orgId);
  const invitations = useInvitations(orgId, event.id);
  const [open, setOpen] = useState<Open | null>(null);
  const stats = invitations.data?.stats ?? event.stats;
  const over = new Date(event.seriesEndsAt).getTime() <= Date.now();
  const zone = event.allDay ? null : foreignZone(event.timeZone);

  return (
    <div>
      <Link
        to={`/calendar?date=${event.startDate}`}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('calendar:event.backToCalendar')}
      </Link>
      <PageHeader
        className="sm:flex-col sm:items-start"
        title={<span className="break-words">{event.title}</span>}
        description={
          <span>
            {capitalize(longDate(event.startDate, locale), locale)} · {timeRangeText(event, locale, t)}
          </span>
        }
        actions={
          canManage ? (
            <>
              <Button variant="outline" onClick={() => setOpen('edit')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('calendar:actions.edit')}
              </Button>
              <Button variant="outline" onClick={() => setOpen('move')}>
                <MoveRight aria-hidden="true" className="size-4" />
                {t('calendar:actions.move')}
              </Button>
              <Button variant="outline" className="text-danger" onClick={() => setOpen('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('calendar:actions.delete')}
              </Button>
            </>
          ) : null
        }
      />
      {over ? (
        <Alert tone="info" className="mb-6">
          {t('calendar:event.overNotice')}
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader
            icon={<Info aria-hidden="true" className="size-5" />}
            title={t('calendar:event.details')}
          />
          <CardContent>
            <Facts
              className="grid gap-3 text-sm"
              items={[
                [t('calendar:fields.date'), capitalize(longDate(event.startDate, locale), locale)],
                [
                  t('calendar:fields.time'),
                  `${timeRangeText(event, locale, t)}${zone ? ` (${event.timeZone})` : ''}`,
                ],
                [
                  t('calendar:fields.repeat'),
                  event.recurrence ? recurrenceText(event.recurrence, event.startDate, locale, t) : null,
                ],
                [t('calendar:fields.location'), event.location],
                [
                  t('calendar:fields.client'),
                  event.client ? <Link to={`/clients/${event.client.id}`}>{event.client.name}</Link> : null,
                ],
                [
                  t('calendar:fields.description'),
                  event.description ? (
                    <span className="font-normal whitespace-pre-wrap">{event.description}</span>
                  ) : null,
                ],
                [
                  t('calendar:event.createdBy'),
                  event.createdBy
                    ? t('calendar:event.createdByText', {
                        name: event.createdBy.name,
                        date: formatDateTime(event.createdAt, locale),
                      })
                    : formatDateTime(event.createdAt, locale),
                ],
              ]}
            />
          </CardContent>
        </Card>
        <div className="order-first lg:order-none">
          <StatsRow stats={stats} />
        </div>
      </div>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6">
        <InvitationsCard eventId={event.id} options={options.data} canInvite={!over} />
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <AttendeesCard eventId={event.id} />
          <CommentsCard eventId={event.id} />
        </div>
        <LinkedDocuments recordType="event" recordId={event.id} />
      </div>

      <Dialog
        open={open === 'edit' || open === 'move'}
        onOpenChange={(next) => (next ? null : setOpen(null))}
      >
        {open === 'edit' ? <EventDialog event={event} onDone={() => setOpen(null)} /> : null}
        {open === 'move' ? <MoveEventDialog event={movableOf(event)} onDone={() => setOpen(null)} /> : null}
      </Dialog>
      <DeleteEventDialog
        event={{ id: event.id, title: event.title, recurring: event.recurrence !== null }}
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        onDeleted={() => void navigate(`/calendar?date=${event.startDate}`, { replace: true })}
      />
    </div>
  );
}

/** Response rate (rounded % of answered invitations) and total guests (accepted guest counts), spec §9. */
function StatsRow({ stats }: { stats: TEventStats }) {
  const { t } = useTranslation(['calendar']);
  const tiles: { key: string; label: string; value: string; hint?: string }[] = [
    {
      key: 'response-rate',
      label: t('calendar:stats.responseRate'),
      value: `${stats.responseRate}%`,
      hint: t('calendar:stats.responded', { count: stats.invitations, responded: stats.responded }),
    },
    {
      key: 'total-guests',
      label: t('calendar:stats.totalGuests'),
      value: String(stats.totalGuests),
      hint: t('calendar:stats.checkedIn', { count: stats.checkedIn }),
    },
    { key: 'accepted', label: t('calendar:stats.accepted'), value: String(stats.accepted) },
    { key: 'maybe', label: t('calendar:stats.maybe'), value: String(stats.maybe) },
    { key: 'declined', label: t('calendar:stats.declined'), value: String(stats.declined) },
    {
      key: 'waiting',
      label: t('calendar:stats.waiting'),
      value: String(stats.pending + stats.noResponse),
    },
  ];
  return (
    <section aria-label={t('calendar:stats.title')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-lg border border-border bg-surface px-4 py-3 shadow-card">
            <dt className="text-xs font-medium text-muted-foreground">{tile.label}</dt>
            <dd
              className="mt-1 text-2xl font-semibold text-foreground tabular-nums"
              data-testid={`stat-${tile.key}`}
            >
              {tile.value}
            </dd>
            {tile.hint ? <dd className="mt-0.5 text-xs text-muted-foreground">{tile.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
