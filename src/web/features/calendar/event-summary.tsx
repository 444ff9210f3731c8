import { Facts } from '@web/ui/facts.tsx';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowRight,
  CalendarClock,
  Clock,
  MapPin,
  MoveRight,
  Pencil,
  Repeat,
  Trash2,
  User,
} from 'lucide-react';
import { eventPagePath, type TEvent, type TEventOccurrence } from '@shared/calendar/contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useEvent } from './calendar-api.ts';
import { groupByDate, capitalize } from './calendar-dates.ts';
import {
  calendarErrorMessage,
  foreignZone,
  longDate,
  timeRangeText,
  useCalendarPermissions,
  useLocale,
} from './calendar-ui.tsx';

/** An occurrence opened from the calendar: what, when, where, who, and the actions on its event. */
export function EventSummary({
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
