import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarX2 } from 'lucide-react';
import type { TPublicInvitation } from '@shared/calendar/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { PublicPage, PublicPageError, PublicPageLoading } from '@web/ui/public-page.tsx';
import { usePublicInvitation, useSubmitRsvp } from './rsvp-api.ts';
import { RsvpAnswerFields } from './rsvp-answer-fields.tsx';
import { CurrentAnswer, ThankYou } from './rsvp-answer-status.tsx';
import { EventCard } from './rsvp-event-card.tsx';
import { initialAnswer, responseFromQuery, submissionOf, type RsvpAnswer } from './rsvp-form.ts';

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

  if (invitation.isPending) return <PublicPageLoading width="form" label={t('rsvp:loading')} />;
  if (invitation.isError) {
    // The server's text ("Invitation not found or expired") for a link that does not work; a generic one otherwise.
    const error = invitation.error;
    const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
    return (
      <PublicPageError
        width="form"
        testId="rsvp-error"
        icon={<CalendarX2 aria-hidden="true" />}
        title={known && error.message ? error.message : t('rsvp:loadError')}
        description={known ? t('rsvp:invalidText') : t('rsvp:loadErrorText')}
        retry={known ? undefined : { label: t('rsvp:retry'), onRetry: () => void invitation.refetch() }}
      />
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
    <PublicPage lang={lang} width="form">
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
    </PublicPage>
  );
}
