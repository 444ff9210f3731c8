import type {
  InvitationLanguage,
  RsvpResponse,
  RsvpStatus,
  TRecurrence,
} from '@shared/calendar/contracts.ts';
import { rsvpPagePath } from '@shared/calendar/contracts.ts';
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

const TEXT = {
  it: {
    subject: {
      invitation: (t: string, d: string) => `Invito: ${t} – ${d}`,
      update: (t: string, d: string) => `Evento aggiornato: ${t} – ${d}`,
      reminder: (t: string) => `Promemoria: rispondi all'invito a ${t}`,
      cancel_event: (t: string, d: string) => `Annullato: ${t} – ${d}`,
      cancel_invitation: (t: string, d: string) => `Invito annullato: ${t} – ${d}`,
    },
    greeting: (name: string | null) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: {
      invitation: (o: string) => `${o} ti invita a:`,
      update: (o: string) => `${o} ha modificato l'evento a cui sei invitato:`,
      reminder: (o: string, h?: number) =>
        `non abbiamo ancora ricevuto la tua risposta all'invito di ${o}${h ? `: l'evento è tra ${h} ore` : ''}.`,
      cancel_event: (o: string) => `${o} ha annullato l'evento:`,
      cancel_invitation: (o: string) => `${o} ha annullato il tuo invito a:`,
    },
    when: 'Quando',
    allDay: 'tutto il giorno',
    where: 'Dove',
    repeats: 'Si ripete',
    details: 'Dettagli',
    message: 'Messaggio personale',
    // The links only open the RSVP page with the answer chosen; the guest confirms it there (a GET that
    // recorded answers would let mail scanners answer for the guest).
    answer:
      "Scegli la risposta: si apre la pagina dell'invito con la risposta già indicata, da confermare lì.",
    responses: { accepted: 'Partecipo', maybe: 'Forse', declined: 'Non partecipo' },
    page: 'Oppure apri la pagina della risposta',
    change: 'Puoi cambiare la risposta in seguito dallo stesso link.',
    attachments:
      "Il file .ics allegato aggiunge l'evento al tuo calendario; il codice QR allegato serve per la registrazione all'ingresso.",
    calendarUpdate: "Il file .ics allegato aggiorna l'evento nel tuo calendario.",
    calendarCancel: "Il file .ics allegato toglie l'evento dal tuo calendario.",
    every: {
      daily: ['Ogni giorno', 'Ogni {n} giorni'],
      weekly: ['Ogni settimana', 'Ogni {n} settimane'],
      monthly: ['Ogni mese', 'Ogni {n} mesi'],
    },
    until: (d: string) => `fino al ${d}`,
    times: (n: number) => (n === 1 ? '1 volta' : `${n} volte`),
  },
  en: {
    subject: {
      invitation: (t: string, d: string) => `Invitation: ${t} – ${d}`,
      update: (t: string, d: string) => `Updated event: ${t} – ${d}`,
      reminder: (t: string) => `Reminder: please answer the invitation to ${t}`,
      cancel_event: (t: string, d: string) => `Cancelled: ${t} – ${d}`,
      cancel_invitation: (t: string, d: string) => `Invitation cancelled: ${t} – ${d}`,
    },
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    intro: {
      invitation: (o: string) => `${o} invites you to:`,
      update: (o: string) => `${o} changed the event you are invited to:`,
      reminder: (o: string, h?: number) =>
        `we have not received your answer to the invitation from ${o} yet${h ? `: the event is in ${h} hours` : ''}.`,
      cancel_event: (o: string) => `${o} cancelled the event:`,
      cancel_invitation: (o: string) => `${o} cancelled your invitation to:`,
    },
    when: 'When',
    allDay: 'all day',
    where: 'Where',
    repeats: 'Repeats',
    details: 'Details',
    message: 'Personal message',
    answer: 'Choose your answer: the invitation page opens with it selected, for you to confirm there.',
    responses: { accepted: 'I will attend', maybe: 'Maybe', declined: 'I cannot attend' },
    page: 'Or open the answer page',
    change: 'You can change your answer later through the same link.',
    attachments:
      'The attached .ics file adds the event to your calendar; show the attached QR code when you arrive.',
    calendarUpdate: 'The attached .ics file updates the event in your calendar.',
    calendarCancel: 'The attached .ics file removes the event from your calendar.',
    every: {
      daily: ['Every day', 'Every {n} days'],
      weekly: ['Every week', 'Every {n} weeks'],
      monthly: ['Every month', 'Every {n} months'],
    },
    until: (d: string) => `until ${d}`,
    times: (n: number) => (n === 1 ? 'once' : `${n} times`),
  },
} as const;

const WEEKDAY_NAMES = {
  it: { MO: 'lun', TU: 'mar', WE: 'mer', TH: 'gio', FR: 'ven', SA: 'sab', SU: 'dom' },
  en: { MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun' },
} as const;

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
  if (event.allDay) return `${day}, ${TEXT[language].allDay}`;
  return `${day}, ${event.startTime}–${event.endTime} (${event.timeZone})`;
}

/** "Ogni settimana (lun, mer) fino al 30 apr 2026" / "Every 2 days, 5 times". */
export function recurrenceText(rec: TRecurrence, language: InvitationLanguage): string {
  const t = TEXT[language];
  const [one, many] = t.every[rec.frequency];
  let text = rec.interval === 1 ? one : many.replace('{n}', String(rec.interval));
  if (rec.byWeekday?.length) text += ` (${rec.byWeekday.map((d) => WEEKDAY_NAMES[language][d]).join(', ')})`;
  if (rec.until) text += ` ${t.until(shortDate(rec.until, language))}`;
  else if (rec.count) text += `, ${t.times(rec.count)}`;
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
  const t = TEXT[m.language];
  const date = shortDate(m.event.startDate, m.language);
  const subject =
    m.kind === 'reminder' ? t.subject.reminder(m.event.title) : t.subject[m.kind](m.event.title, date);
  const intro =
    m.kind === 'reminder'
      ? t.intro.reminder(m.organizerName, m.hoursBefore)
      : t.intro[m.kind](m.organizerName);
  const rows: [string, string][] = [[t.when, whenText(m.event, m.language)]];
  if (m.event.recurrence) rows.push([t.repeats, recurrenceText(m.event.recurrence, m.language)]);
  if (m.event.location) rows.push([t.where, m.event.location]);
  if (m.event.description) rows.push([t.details, m.event.description]);
  const cancelled = m.kind === 'cancel_event' || m.kind === 'cancel_invitation';
  const links = !cancelled && m.token ? rsvpLinks(m.appUrl, m.token) : null;
  const showMessage = m.invitationMessage && (m.kind === 'invitation' || m.kind === 'reminder');
  const closing = cancelled
    ? t.calendarCancel
    : m.kind === 'update'
      ? t.calendarUpdate
      : m.kind === 'invitation'
        ? t.attachments
        : null;

  const text = [
    t.greeting(m.inviteeName),
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
          ...RESPONSES.map((r) => `${t.responses[r]}: ${links[r]}`),
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
    `text-decoration:none;font-weight:600">${e(t.responses[r])}</a>`;
  const html = [
    `<!doctype html><html lang="${m.language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">`,
    `<p>${e(t.greeting(m.inviteeName))}</p>`,
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

const HOST_TEXT = {
  it: {
    status: {
      accepted: 'Partecipa',
      maybe: 'Forse',
      declined: 'Non partecipa',
      pending: 'In attesa',
      no_response: 'Nessuna risposta',
    },
    subject: (guest: string, status: string, title: string) => `${guest}: «${status}» a ${title}`,
    summary: (guest: string, status: string, title: string, date: string) =>
      `${guest} ha risposto «${status}» all'invito a ${title} (${date}).`,
    changed: (previous: string) => `Risposta precedente: «${previous}».`,
    guests: (n: number) => `Ospiti: ${n} ${n === 1 ? 'persona' : 'persone'}`,
    diet: 'Restrizioni alimentari',
    requests: 'Richieste speciali',
    message: "Messaggio dell'ospite",
    stats: (rate: number, guests: number) => `Tasso di risposta: ${rate}% · Ospiti confermati: ${guests}`,
    greeting: (name: string) => `Ciao ${name},`,
    open: "Apri l'evento",
  },
  en: {
    status: {
      accepted: 'Attending',
      maybe: 'Maybe',
      declined: 'Not attending',
      pending: 'Pending',
      no_response: 'No response',
    },
    subject: (guest: string, status: string, title: string) => `${guest}: "${status}" to ${title}`,
    summary: (guest: string, status: string, title: string, date: string) =>
      `${guest} answered "${status}" to the invitation to ${title} (${date}).`,
    changed: (previous: string) => `Previous answer: "${previous}".`,
    guests: (n: number) => `Guests: ${n} ${n === 1 ? 'person' : 'people'}`,
    diet: 'Dietary restrictions',
    requests: 'Special requests',
    message: "Guest's message",
    stats: (rate: number, guests: number) => `Response rate: ${rate}% · Confirmed guests: ${guests}`,
    greeting: (name: string) => `Hello ${name},`,
    open: 'Open the event',
  },
} as const;

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
  const t = HOST_TEXT[language];
  const status = t.status[n.status];
  const title = t.subject(n.guestName, status, n.eventTitle);
  const summary = t.summary(n.guestName, status, n.eventTitle, shortDate(n.eventDate, language));
  const previous =
    n.previousStatus !== 'pending' && n.previousStatus !== 'no_response' && n.previousStatus !== n.status
      ? t.changed(t.status[n.previousStatus])
      : null;
  const details = [
    ...(n.status === 'accepted' ? [t.guests(n.guestCount)] : []),
    ...(n.dietaryRestrictions ? [`${t.diet}: ${n.dietaryRestrictions}`] : []),
    ...(n.specialRequests ? [`${t.requests}: ${n.specialRequests}`] : []),
    ...(n.message ? [`${t.message}: «${n.message}»`] : []),
  ];
  const stats = t.stats(n.responseRate, n.totalGuests);
  const text = [
    t.greeting(hostName),
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
