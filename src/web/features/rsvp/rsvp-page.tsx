import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CalendarDays,
  CalendarX2,
  Clock,
  MapPin,
  MessageSquareQuote,
  PartyPopper,
  Repeat,
} from 'lucide-react';
import type { RsvpStatus, TPublicInvitation } from '@shared/calendar/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Logo } from '@web/ui/logo.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { capitalize, formatClock, formatDay } from '@web/features/calendar/calendar-dates.ts';
import { recurrenceText } from '@web/features/calendar/recurrence-text.ts';
import { usePublicInvitation, useSubmitRsvp } from './rsvp-api.ts';
import { RsvpAnswerFields } from './rsvp-answer-fields.tsx';
import { initialAnswer, responseFromQuery, submissionOf, type RsvpAnswer } from './rsvp-form.ts';

function Frame({ lang, children }: { lang?: string; children: ReactNode }) {
  return (
    <div lang={lang} className="flex min-h-dvh flex-col bg-background">
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10">
        {children}
      </main>
      <footer className="flex justify-center px-4 pb-6 text-xs text-muted-foreground">
        <Logo compact className="scale-75 opacity-80" />
      </footer>
    </div>
  );
}

/**
 * /rsvp/:token: the guest's answer page (spec §2), with no account and no session, in the invitation's language:
 * the event, the current answer with its date, the form (accepted with guests and needs, maybe, declined, and a
 * message), then a thank-you. `?response=` from the e-mail's buttons pre-selects the answer; the same link
 * changes it later.
 */
export function RsvpPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['rsvp', 'common']);
  const invitation = usePublicInvitation(token);
  useDocumentTitle(invitation.data ? invitation.data.event.title : t('rsvp:title'));

  if (invitation.isPending) {
    return (
      <Frame>
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t('rsvp:loading')} className="[&_svg]:size-8" />
        </div>
      </Frame>
    );
  }
  if (invitation.isError) {
    // The server's text ("Invitation not found or expired") for a link that does not work; a generic one otherwise.
    const error = invitation.error;
    const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
    return (
      <Frame>
        <Card className="my-auto" data-testid="rsvp-error">
          <EmptyState
            headingLevel="h1"
            icon={<CalendarX2 aria-hidden="true" />}
            title={known && error.message ? error.message : t('rsvp:loadError')}
            description={known ? t('rsvp:invalidText') : t('rsvp:loadErrorText')}
            action={
              known ? undefined : (
                <Button variant="outline" onClick={() => void invitation.refetch()}>
                  {t('rsvp:retry')}
                </Button>
              )
            }
          />
        </Card>
      </Frame>
    );
  }
  return <Invitation token={token} invitation={invitation.data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: TPublicInvitation }) {
  const lang = invitation.language;
  const { t } = useTranslation(['rsvp', 'calendar', 'forms'], { lng: lang });
  const [search] = useSearchParams();
  const submit = useSubmitRsvp(token, lang);
  const [answer, setAnswer] = useState<RsvpAnswer>(() =>
    initialAnswer(invitation, responseFromQuery(search.get('response'))),
  );
  const [thanks, setThanks] = useState<TPublicInvitation | null>(null);
  const [missingChoice, setMissingChoice] = useState(false);
  const ev = invitation.event;

  return (
    <Frame lang={lang}>
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">
          {invitation.inviteeName
            ? t('rsvp:greeting', { name: invitation.inviteeName, organizer: ev.organizerName })
            : t('rsvp:invitedBy', { organizer: ev.organizerName })}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground sm:text-3xl">
          {ev.title}
        </h1>
      </header>

      <EventCard invitation={invitation} />

      {thanks ? (
        <ThankYou
          invitation={thanks}
          onChange={() => {
            setThanks(null);
            submit.reset();
          }}
        />
      ) : (
        <>
          <CurrentAnswer invitation={invitation} />
          {invitation.canRespond ? (
            <Card>
              <CardHeader
                title={invitation.rsvpRespondedAt ? t('rsvp:form.changeTitle') : t('rsvp:form.title')}
                description={t('rsvp:form.description')}
              />
              <CardContent>
                <form
                  noValidate
                  className="grid gap-5"
                  data-testid="rsvp-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const body = submissionOf(answer);
                    if (!body) {
                      setMissingChoice(true);
                      return;
                    }
                    setMissingChoice(false);
                    submit.mutate(body, { onSuccess: (updated) => setThanks(updated) });
                  }}
                >
                  <RsvpAnswerFields
                    value={answer}
                    onChange={(next) => {
                      setAnswer(next);
                      if (next.response) setMissingChoice(false);
                    }}
                    lng={lang}
                    disabled={submit.isPending}
                  />
                  {missingChoice ? <Alert tone="error">{t('rsvp:form.selectResponse')}</Alert> : null}
                  {submit.isError ? (
                    <Alert tone="error">
                      {submit.error instanceof ApiError &&
                      submit.error.status >= 400 &&
                      submit.error.status < 500
                        ? submit.error.message
                        : t('rsvp:form.submitError')}
                    </Alert>
                  ) : null}
                  <Button
                    type="submit"
                    size="lg"
                    className="w-full sm:w-auto sm:justify-self-end"
                    disabled={!answer.response}
                    loading={submit.isPending}
                  >
                    {submit.isPending ? t('rsvp:form.sending') : t('rsvp:form.submit')}
                  </Button>
                </form>
              </CardContent>
            </Card>
          ) : (
            <Alert tone="warning" title={t('rsvp:closedTitle')}>
              {t('rsvp:closedText', { organizer: ev.organizerName })}
            </Alert>
          )}
        </>
      )}
    </Frame>
  );
}

/** Title, date, time or all day, repetition, place, description and the organizer's personal message. */
function EventCard({ invitation }: { invitation: TPublicInvitation }) {
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

const TONES: Record<RsvpStatus, 'neutral' | 'primary' | 'success' | 'danger' | 'warning'> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  maybe: 'primary',
  no_response: 'neutral',
};

/** The answer as it stands, with the date it was given (spec §2). */
function CurrentAnswer({ invitation }: { invitation: TPublicInvitation }) {
  const lang = invitation.language;
  const { t } = useTranslation(['rsvp'], { lng: lang });
  const locale = localeOf(lang);
  const answered = invitation.rsvpRespondedAt !== null && invitation.rsvpStatus !== 'pending';
  return (
    <Card data-testid="rsvp-current">
      <CardContent className="grid gap-2 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-foreground">{t('rsvp:current.label')}</span>
          <Badge tone={TONES[invitation.rsvpStatus]} data-status={invitation.rsvpStatus}>
            {t(`rsvp:status.${invitation.rsvpStatus}`)}
          </Badge>
        </div>
        {answered ? (
          <>
            <p className="text-muted-foreground">
              {t('rsvp:current.on', { date: formatDateTime(invitation.rsvpRespondedAt!, locale) })}
            </p>
            {invitation.rsvpStatus === 'accepted' ? (
              <p className="text-foreground">{t('rsvp:current.guests', { count: invitation.guestCount })}</p>
            ) : null}
            {invitation.rsvpResponseMessage ? (
              <blockquote className="border-l-2 border-border pl-3 break-words whitespace-pre-wrap text-foreground">
                {invitation.rsvpResponseMessage}
              </blockquote>
            ) : null}
            {invitation.canRespond ? (
              <p className="text-xs text-muted-foreground">{t('rsvp:current.canChange')}</p>
            ) : null}
          </>
        ) : (
          <p className="text-muted-foreground">{t('rsvp:current.none')}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** After the answer: the organizer was told; a see-you note for "accepted"; the answer can still change. */
function ThankYou({ invitation, onChange }: { invitation: TPublicInvitation; onChange: () => void }) {
  const lang = invitation.language;
  const { t } = useTranslation(['rsvp'], { lng: lang });
  const locale = localeOf(lang);
  const accepted = invitation.rsvpStatus === 'accepted';
  const heading = useRef<HTMLHeadingElement>(null);
  // The form it replaces may have been scrolled far down on a phone: bring the thank-you into view.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Card data-testid="rsvp-thanks">
      <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
          <PartyPopper aria-hidden="true" className="size-7" />
        </div>
        <div role="status" className="grid gap-2">
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold text-foreground focus:outline-none"
          >
            {t('rsvp:thanks.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('rsvp:thanks.notified', { organizer: invitation.event.organizerName })}
          </p>
          <p className="text-sm text-foreground">
            {t('rsvp:thanks.answer', {
              status: t(`rsvp:status.${invitation.rsvpStatus}`),
              date: formatDateTime(invitation.rsvpRespondedAt ?? new Date(), locale),
            })}
            {accepted ? ` ${t('rsvp:current.guests', { count: invitation.guestCount })}` : ''}
          </p>
          {accepted ? <p className="text-base font-medium text-success">{t('rsvp:thanks.seeYou')}</p> : null}
        </div>
        {invitation.canRespond ? (
          <Button variant="outline" onClick={onChange} className="mt-2">
            {t('rsvp:thanks.change')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
