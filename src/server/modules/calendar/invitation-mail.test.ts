import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@shared/text/escape-html.ts';
import {
  longDate,
  recurrenceText,
  renderGuestMail,
  renderHostNotice,
  type GuestMail,
} from './invitation-mail.ts';

const token = 'T'.repeat(43);
const mail: GuestMail = {
  kind: 'invitation',
  language: 'it',
  organizerName: 'Officina Rossi <S.r.l.>',
  inviteeName: 'Giulia',
  invitationMessage: 'Porta "tutti"!',
  event: {
    title: 'Festa & inaugurazione',
    startDate: '2026-03-27',
    startTime: '18:00',
    endTime: '20:00',
    allDay: false,
    location: 'Forlì',
    description: null,
    timeZone: 'Europe/Rome',
    recurrence: null,
  },
  token,
  appUrl: 'https://app.example.it',
};

describe('guest e-mails', () => {
  it('has the three answer links and the page link, in text and HTML', () => {
    const { subject, text, html } = renderGuestMail(mail);
    expect(subject).toBe('Invito: Festa & inaugurazione – 27 mar 2026');
    for (const r of ['accepted', 'maybe', 'declined']) {
      expect(text).toContain(`https://app.example.it/rsvp/${token}?response=${r}`);
      expect(html).toContain(`href="https://app.example.it/rsvp/${token}?response=${r}"`);
    }
    expect(text).toContain('Partecipo: ');
    // The links pre-select the answer on the RSVP page; the mail must not promise that one click answers.
    expect(text).toContain("si apre la pagina dell'invito con la risposta già indicata, da confermare lì");
    expect(html).toContain('da confermare lì');
    expect(`${text}${html}`).not.toMatch(/un clic/i);
    expect(text).toContain('Quando: venerdì 27 marzo 2026, 18:00–20:00 (Europe/Rome)');
    expect(text).toContain('Messaggio personale: «Porta "tutti"!»');
  });

  it('escapes every value put into the HTML', () => {
    const { html } = renderGuestMail(mail);
    expect(html).toContain('Festa &amp; inaugurazione');
    expect(html).toContain('Officina Rossi &lt;S.r.l.&gt;');
    expect(html).toContain('Porta &quot;tutti&quot;!');
    expect(html).not.toContain('<S.r.l.>');
    expect(escapeHtml(`<a href='x'>`)).toBe('&lt;a href=&#39;x&#39;&gt;');
  });

  it('writes English for an English guest, and all-day events without times', () => {
    const { subject, text } = renderGuestMail({
      ...mail,
      language: 'en',
      event: { ...mail.event, allDay: true },
    });
    expect(subject).toBe('Invitation: Festa & inaugurazione – 27 Mar 2026');
    expect(text).toContain('When: Friday, 27 March 2026, all day');
    expect(text).toContain('I will attend: ');
    expect(text).toContain('the invitation page opens with it selected, for you to confirm there');
    expect(text).not.toMatch(/one click/i);
  });

  it('has no answer links in a cancellation', () => {
    const { subject, text } = renderGuestMail({ ...mail, kind: 'cancel_event', token: undefined });
    expect(subject).toMatch(/^Annullato: /);
    expect(text).not.toContain('/rsvp/');
    expect(text).toContain("Il file .ics allegato toglie l'evento dal tuo calendario.");
  });

  it('tells how long until the event in a reminder', () => {
    const { subject, text } = renderGuestMail({ ...mail, kind: 'reminder', hoursBefore: 24 });
    expect(subject).toBe("Promemoria: rispondi all'invito a Festa & inaugurazione");
    expect(text).toContain("l'evento è tra 24 ore");
    // One hour is singular in both languages ("1 ore" was wrong).
    expect(renderGuestMail({ ...mail, kind: 'reminder', hoursBefore: 1 }).text).toContain(
      "l'evento è tra 1 ora.",
    );
    expect(renderGuestMail({ ...mail, language: 'en', kind: 'reminder', hoursBefore: 1 }).text).toContain(
      'the event is in 1 hour.',
    );
    const english = renderGuestMail({ ...mail, language: 'en', kind: 'reminder', hoursBefore: undefined });
    expect(english.subject).toBe('Reminder: please answer the invitation to Festa & inaugurazione');
    expect(english.text).toContain(
      'we have not received your answer to the invitation from Officina Rossi <S.r.l.> yet.\n',
    );
  });
});

describe('recurrence and dates in words', () => {
  it('describes repetitions in both languages', () => {
    expect(
      recurrenceText(
        { frequency: 'weekly', interval: 1, byWeekday: ['MO', 'WE'], until: '2026-04-30', count: null },
        'it',
      ),
    ).toBe('Ogni settimana (lun, mer) fino al 30 apr 2026');
    expect(
      recurrenceText({ frequency: 'daily', interval: 2, byWeekday: null, until: null, count: 5 }, 'en'),
    ).toBe('Every 2 days, 5 times');
    expect(
      recurrenceText({ frequency: 'monthly', interval: 1, byWeekday: null, until: null, count: 1 }, 'it'),
    ).toBe('Ogni mese, 1 volta');
    expect(longDate('2026-10-25', 'en')).toBe('Sunday, 25 October 2026');
  });
});

describe('notice to the host', () => {
  it('summarises the answer, the guests and the stats, in Italian', () => {
    const n = renderHostNotice(
      {
        guestName: 'Giulia',
        eventTitle: 'Festa',
        eventDate: '2026-03-27',
        status: 'accepted',
        previousStatus: 'maybe',
        guestCount: 1,
        dietaryRestrictions: 'senza glutine',
        specialRequests: null,
        message: null,
        responseRate: 67,
        totalGuests: 5,
      },
      'Marta',
      'https://app.example.it/calendar/events/1',
    );
    expect(n.title).toBe('Giulia: «Partecipa» a Festa');
    expect(n.message).toBe(
      "Giulia ha risposto «Partecipa» all'invito a Festa (27 mar 2026). Ospiti: 1 persona",
    );
    expect(n.text).toContain('Risposta precedente: «Forse».');
    expect(n.text).toContain('Restrizioni alimentari: senza glutine');
    expect(n.text).toContain('Tasso di risposta: 67% · Ospiti confermati: 5');
    expect(n.text).toContain("Apri l'evento: https://app.example.it/calendar/events/1");
  });
});

describe('notice to the host in English', () => {
  it('writes the notice in the language it is given, with English plurals and quotes', () => {
    const n = renderHostNotice(
      {
        guestName: 'Giulia',
        eventTitle: 'Opening party',
        eventDate: '2026-03-27',
        status: 'maybe',
        previousStatus: 'accepted',
        guestCount: 3,
        dietaryRestrictions: 'gluten free',
        specialRequests: null,
        message: 'See you!',
        responseRate: 50,
        totalGuests: 0,
      },
      'Marta',
      'https://app.example.it/calendar/events/1',
      'en',
    );
    expect(n.title).toBe('Giulia: "Maybe" to Opening party');
    expect(n.subject).toBe(n.title);
    expect(n.message).toBe('Giulia answered "Maybe" to the invitation to Opening party (27 Mar 2026).');
    expect(n.text).toContain('Hello Marta,');
    expect(n.text).toContain('Previous answer: "Attending".');
    expect(n.text).toContain('Dietary restrictions: gluten free');
    expect(n.text).toContain("Guest's message: «See you!»");
    expect(n.text).toContain('Response rate: 50% · Confirmed guests: 0');
    expect(n.text).toContain('Open the event: https://app.example.it/calendar/events/1');
    expect(n.text).not.toMatch(/Ciao|Ospiti|Tasso/);
  });
});
