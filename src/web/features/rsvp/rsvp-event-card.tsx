import { useTranslation } from 'react-i18next';
import { CalendarDays, Clock, MapPin, MessageSquareQuote, Repeat } from 'lucide-react';
import type { TPublicInvitation } from '@shared/calendar/contracts.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { Card, CardContent } from '@web/ui/card.tsx';
import { capitalize, formatClock, formatDay } from '@web/features/calendar/calendar-dates.ts';
import { recurrenceText } from '@web/features/calendar/recurrence-text.ts';

/** Title, date, time or all day, repetition, place, description and the organizer's personal message. */
export function EventCard({ invitation }: { invitation: TPublicInvitation }) {
  const lang = invitation.language;
  const { t } = useTranslation(['rsvp', 'calendar'], { lng: lang });
  const locale = localeOf(lang);
  const ev = invitation.event;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const when = ev.allDay
    ? t('rsvp:event.allDay')
    : `${formatClock(ev.startTime, locale)} – ${formatClock(ev.endTime, locale)}`;

  return (
    <Card data-testid="rsvp-event">
      <CardContent className="grid gap-4">
        <ul className="grid gap-3 text-sm text-foreground">
          <li className="flex items-start gap-3">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              <span className="sr-only">{t('rsvp:event.date')}: </span>
              <span className="font-medium">
                {capitalize(
                  formatDay(ev.startDate, locale, {
                    weekday: 'long',
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                  }),
                  locale,
                )}
              </span>
            </span>
          </li>
          <li className="flex items-start gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              <span className="sr-only">{t('rsvp:event.time')}: </span>
              <span className="font-medium">{when}</span>
              {!ev.allDay && browserZone !== ev.timeZone ? (
                <span className="block text-xs text-muted-foreground">
                  {t('rsvp:event.zone', { zone: ev.timeZone })}
                </span>
              ) : null}
            </span>
          </li>
          {ev.recurrence ? (
            <li className="flex items-start gap-3">
              <Repeat aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>{recurrenceText(ev.recurrence, ev.startDate, locale, t)}</span>
            </li>
          ) : null}
          {ev.location ? (
            <li className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>
                <span className="sr-only">{t('rsvp:event.location')}: </span>
                <span className="break-words">{ev.location}</span>
              </span>
            </li>
          ) : null}
        </ul>
        {ev.description ? (
          <div className="border-t border-border pt-4">
            <h2 className="text-sm font-semibold text-foreground">{t('rsvp:event.description')}</h2>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-muted-foreground">
              {ev.description}
            </p>
          </div>
        ) : null}
        {invitation.invitationMessage ? (
          <figure className="rounded-md border-l-4 border-primary bg-primary-soft px-4 py-3 text-primary-soft-foreground">
            <figcaption className="flex items-center gap-2 text-xs font-semibold">
              <MessageSquareQuote aria-hidden="true" className="size-4" />
              {t('rsvp:event.personalMessage', { organizer: ev.organizerName })}
            </figcaption>
            <blockquote className="mt-1 text-sm break-words whitespace-pre-wrap">
              {invitation.invitationMessage}
            </blockquote>
          </figure>
        ) : null}
      </CardContent>
    </Card>
  );
}
