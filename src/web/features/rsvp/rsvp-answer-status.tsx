import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PartyPopper } from 'lucide-react';
import type { RsvpStatus, TPublicInvitation } from '@shared/calendar/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent } from '@web/ui/card.tsx';

const TONES: Record<RsvpStatus, 'neutral' | 'primary' | 'success' | 'danger' | 'warning'> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  maybe: 'primary',
  no_response: 'neutral',
};

/** The answer as it stands, with the date it was given (spec §2). */
export function CurrentAnswer({ invitation }: { invitation: TPublicInvitation }) {
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
export function ThankYou({ invitation, onChange }: { invitation: TPublicInvitation; onChange: () => void }) {
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
