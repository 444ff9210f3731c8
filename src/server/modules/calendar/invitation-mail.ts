import type {
  InvitationLanguage,
  RsvpResponse,
  RsvpStatus,
  TRecurrence,
} from '@shared/calendar/contracts.ts';
import { rsvpPagePath } from '@shared/calendar/contracts.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import { escapeHtml } from '@shared/text/escape-html.ts';

/**
 * The e-mails of the calendar, as text and HTML, in the guest's language: invitation, update, reminder and
 * cancellation to the guest (the .ics and QR attachments are added by the service), and the answer notice to
 * the host. Every value put into the HTML is escaped.
 */

export type MailEvent = {
  title: string;
  startDate: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  location: string | null;
  description: string | null;
  timeZone: string;
  recurrence: TRecurrence | null;
};

export type GuestMailKind = 'invitation' | 'update' | 'reminder' | 'cancel_event' | 'cancel_invitation';

export type GuestMail = {
  kind: GuestMailKind;
  language: InvitationLanguage;
  organizerName: string;
  inviteeName: string | null;
  invitationMessage: string | null;
  event: MailEvent;
  /** The RSVP token of this e-mail (none for cancellations). */
  token?: string;
  appUrl: string;
  /** For reminders: how many hours before the event. */
  hoursBefore?: number;
};

const LOCALES = { it: 'it-IT', en: 'en-GB' } as const;

/** The keys of mail.json under a section, without the section: MailKeyIn<'calendarAnswer'> → 'open' | 'guests' | …. */
type MailKeyIn<Section extends string> =
  TextKey<'mail'> extends infer K ? (K extends `${Section}.${infer Rest}` ? Rest : never) : never;

/** A text of the calendar's guest e-mails (mail.json `calendarInvitation`) in the guest's language. */
function guestText(
  language: InvitationLanguage,
  key: MailKeyIn<'calendarInvitation'>,
  values?: Record<string, string | number>,
): string {
  return catalogueText('mail', `calendarInvitation.${key}`, language, values);
}

/** "venerdì 27 marzo 2026" / "Friday, 27 March 2026". */
export function longDate(isoDate: string, language: InvitationLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

function shortDate(isoDate: string, language: InvitationLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** "venerdì 27 marzo 2026, 09:00–10:00 (Europe/Rome)" or "…, tutto il giorno". */
export function whenText(event: MailEvent, language: InvitationLanguage): string {
  const day = longDate(event.startDate, language);
  if (event.allDay) return `${day}, ${guestText(language, 'allDay')}`;
  return `${day}, ${event.startTime}–${event.endTime} (${event.timeZone})`;
}

/** "Ogni settimana (lun, mer) fino al 30 apr 2026" / "Every 2 days, 5 times". */
export function recurrenceText(rec: TRecurrence, language: InvitationLanguage): string {
  let text = guestText(language, `every.${rec.frequency}`, { count: rec.interval });
  if (rec.byWeekday?.length) {
    text += ` (${rec.byWeekday.map((d) => guestText(language, `weekdays.${d}`)).join(', ')})`;
  }
  if (rec.until) text += ` ${guestText(language, 'until', { date: shortDate(rec.until, language) })}`;
  else if (rec.count) text += `, ${guestText(language, 'times', { count: rec.count })}`;
  return text;
}

const RESPONSES: readonly RsvpResponse[] = ['accepted', 'maybe', 'declined'];

export function rsvpLinks(appUrl: string, token: string) {
  return {
    page: `${appUrl}${rsvpPagePath(token)}`,
    ...Object.fromEntries(RESPONSES.map((r) => [r, `${appUrl}${rsvpPagePath(token, r)}`])),
  } as { page: string } & Record<RsvpResponse, string>;
}

/** The subject, text and HTML of an e-mail to a guest. */
export function renderGuestMail(m: GuestMail): { subject: string; text: string; html: string } {
  const text_ = (key: MailKeyIn<'calendarInvitation'>, values?: Record<string, string | number>) =>
    guestText(m.language, key, values);
  const t = {
    when: text_('when'),
    repeats: text_('repeats'),
    where: text_('where'),
    details: text_('details'),
    message: text_('message'),
    answer: text_('answer'),
    page: text_('page'),
    change: text_('change'),
    response: (r: RsvpResponse) => text_(`responses.${r}`),
  };
  const title = m.event.title;
  const date = shortDate(m.event.startDate, m.language);
  const subject = text_(`subject.${m.kind}`, { title, date });
  const organizer = m.organizerName;
  const intro =
    m.kind === 'reminder' && m.hoursBefore
      ? text_('intro.reminderHours', { organizer, count: m.hoursBefore })
      : text_(`intro.${m.kind}`, { organizer });
  const greeting = m.inviteeName
    ? catalogueText('mail', 'greeting', m.language, { name: m.inviteeName })
    : text_('hello');
  const rows: [string, string][] = [[t.when, whenText(m.event, m.language)]];
  if (m.event.recurrence) rows.push([t.repeats, recurrenceText(m.event.recurrence, m.language)]);
  if (m.event.location) rows.push([t.where, m.event.location]);
  if (m.event.description) rows.push([t.details, m.event.description]);
  const cancelled = m.kind === 'cancel_event' || m.kind === 'cancel_invitation';
  const links = !cancelled && m.token ? rsvpLinks(m.appUrl, m.token) : null;
  const showMessage = m.invitationMessage && (m.kind === 'invitation' || m.kind === 'reminder');
  const closing = cancelled
    ? text_('calendarCancel')
    : m.kind === 'update'
      ? text_('calendarUpdate')
      : m.kind === 'invitation'
        ? text_('attachments')
        : null;

  const text = [
    greeting,
    '',
    intro,
    '',
    m.event.title,
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(showMessage ? ['', `${t.message}: «${m.invitationMessage}»`] : []),
    ...(links
      ? [
          '',
          t.answer,
          ...RESPONSES.map((r) => `${t.response(r)}: ${links[r]}`),
          '',
          `${t.page}: ${links.page}`,
          t.change,
        ]
      : []),
    ...(closing ? ['', closing] : []),
    '',
    m.organizerName,
  ].join('\n');

  const e = escapeHtml;
  const button = (r: RsvpResponse, href: string) =>
    `<a href="${e(href)}" style="display:inline-block;margin:4px 8px 4px 0;padding:10px 16px;border-radius:6px;` +
    `background:${r === 'accepted' ? '#15803d' : r === 'maybe' ? '#a16207' : '#b91c1c'};color:#ffffff;` +
    `text-decoration:none;font-weight:600">${e(t.response(r))}</a>`;
  const html = [
    `<!doctype html><html lang="${m.language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    `<h2 style="margin:16px 0 8px">${e(m.event.title)}</h2>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${e(label)}</th>` +
        `<td style="padding:2px 0;white-space:pre-line">${e(value)}</td></tr>`,
    ),
    '</table>',
    ...(showMessage ? [`<p><strong>${e(t.message)}:</strong> «${e(m.invitationMessage!)}»</p>`] : []),
    ...(links
      ? [
          `<p style="margin-top:16px">${e(t.answer)}</p>`,
          `<p>${RESPONSES.map((r) => button(r, links[r])).join('')}</p>`,
          `<p><a href="${e(links.page)}">${e(t.page)}</a>. ${e(t.change)}</p>`,
        ]
      : []),
    ...(closing ? [`<p style="color:#4b5563">${e(closing)}</p>`] : []),
    `<p>${e(m.organizerName)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}

// ─── To the host ───────────────────────────────────────────────────────────────────────────────────────────

export type HostNotice = {
  guestName: string;
  eventTitle: string;
  eventDate: string;
  status: RsvpResponse;
  previousStatus: RsvpStatus;
  guestCount: number;
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  message: string | null;
  responseRate: number;
  totalGuests: number;
};

/**
 * The notification (title, one-line message) and the e-mail to the host about a guest's answer, in the host's
 * language (the organization's, see `hostLanguageOf` in delivery.ts), Italian unless told otherwise.
 */
export function renderHostNotice(
  n: HostNotice,
  hostName: string,
  eventUrl: string,
  language: InvitationLanguage = 'it',
) {
  const text_ = (key: MailKeyIn<'calendarAnswer'>, values?: Record<string, string | number>) =>
    catalogueText('mail', `calendarAnswer.${key}`, language, values);
  const t = {
    diet: text_('diet'),
    requests: text_('requests'),
    message: text_('message'),
    open: text_('open'),
    guests: (count: number) => text_('guests', { count }),
  };
  const status = text_(`status.${n.status}`);
  const guest = n.guestName;
  const title = text_('subject', { guest, status, title: n.eventTitle });
  const summary = text_('summary', {
    guest,
    status,
    title: n.eventTitle,
    date: shortDate(n.eventDate, language),
  });
  const previous =
    n.previousStatus !== 'pending' && n.previousStatus !== 'no_response' && n.previousStatus !== n.status
      ? text_('changed', { previous: text_(`status.${n.previousStatus}`) })
      : null;
  const details = [
    ...(n.status === 'accepted' ? [t.guests(n.guestCount)] : []),
    ...(n.dietaryRestrictions ? [`${t.diet}: ${n.dietaryRestrictions}`] : []),
    ...(n.specialRequests ? [`${t.requests}: ${n.specialRequests}`] : []),
    ...(n.message ? [`${t.message}: «${n.message}»`] : []),
  ];
  const stats = text_('stats', { rate: n.responseRate, guests: n.totalGuests });
  const text = [
    catalogueText('mail', 'greeting', language, { name: hostName }),
    '',
    summary,
    ...(previous ? [previous] : []),
    ...(details.length ? ['', ...details] : []),
    '',
    stats,
    '',
    `${t.open}: ${eventUrl}`,
  ].join('\n');
  const message = [summary, ...(n.status === 'accepted' ? [t.guests(n.guestCount)] : [])].join(' ');
  return { title, message, subject: title, text };
}
