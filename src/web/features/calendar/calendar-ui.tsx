import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RsvpStatus } from '@shared/calendar/contracts.ts';
import { CALENDAR_MESSAGES, type CalendarMessageKey } from '@shared/calendar/messages.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import i18n, { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { StatusBadge, type BadgeTone } from '@web/ui/badge.tsx';
import { formatClock, formatDay } from './calendar-dates.ts';

/** What the signed-in role may do with the calendar (the server checks the same matrix). */
export function useCalendarPermissions() {
  const me = useSignedInMe();
  return {
    orgId: me.activeOrganizationId,
    userId: me.user.id,
    canManage: me.permissions.includes('manage_financial_data'),
  };
}

/** Refusals the server words itself, in the request's language and with their values ("…: {detail}"). */
const CALENDAR_CODES = new Set([
  'EVENT_NOT_FOUND',
  'INVITATION_NOT_FOUND',
  'INVITATION_CREATE_FAILED',
  'RSVP_CLOSED',
  'CHECK_IN_FAILED',
  'COMMENT_ADD_FAILED',
]);

/** The first field problem of an answer, as the server localised it. */
export function firstDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null;
  const first = error.details[0] as { message?: unknown } | undefined;
  return typeof first?.message === 'string' && first.message ? first.message : null;
}

/**
 * The text of a failed calendar request: the spec's messages as the server wrote them, with the reason when it
 * gave one ("Failed to check in attendee: Only guests who accepted…"); anything else like the other screens.
 */
export function calendarErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status > 0) {
    if (CALENDAR_CODES.has(error.code) && error.message) {
      const reason = firstDetail(error);
      return reason ? `${error.message}: ${reason}` : error.message;
    }
    if (error.code === 'ALREADY_EXISTS' && firstDetail(error)) return firstDetail(error)!;
    if (
      error.status >= 400 &&
      error.status < 500 &&
      error.message &&
      !i18n.exists(`common:apiErrors.${error.code}`)
    ) {
      return error.message;
    }
  }
  return apiErrorMessage(error, t);
}

/** The spec's "Failed to fetch …: {detail}" for a list that could not be loaded. */
export function fetchFailedMessage(key: CalendarMessageKey, error: unknown, t: TFunction): string {
  return CALENDAR_MESSAGES[currentLanguage()][key].replace('{detail}', calendarErrorMessage(error, t));
}

export function useLocale(): string {
  return localeOf(currentLanguage());
}

const RSVP_TONES: Record<RsvpStatus, BadgeTone> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  maybe: 'primary',
  no_response: 'neutral',
};

export function RsvpStatusBadge({ status, className }: { status: RsvpStatus; className?: string }) {
  const { t } = useTranslation('calendar');
  return (
    <StatusBadge
      status={status}
      tones={RSVP_TONES}
      label={t(`calendar:rsvpStatus.${status}`)}
      className={className}
    />
  );
}

/** "09:00 – 10:00" or "All day". */
export function timeRangeText(
  event: { allDay: boolean; startTime: string; endTime: string },
  locale: string,
  t: TFunction,
): string {
  if (event.allDay) return t('calendar:allDay');
  return `${formatClock(event.startTime, locale)} – ${formatClock(event.endTime, locale)}`;
}

/** "lunedì 2 novembre 2026". */
export function longDate(date: string, locale: string): string {
  return formatDay(date, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** The zone's name when the browser is somewhere else (the times shown are the organization's). */
export function foreignZone(timeZone: string): string | null {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browser === timeZone ? null : timeZone;
}
