import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventInvitationTokens, eventInvitations, events } from '@server/db/schema/calendar.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { sendInvitationReminders, startCalendarJobs } from '@server/modules/calendar/jobs.ts';
import { topics } from '@server/platform/realtime.ts';
import { addMember, clientInput, createUser, eventInput } from '@server/seed/factories.ts';
import { piva } from '../helpers/italian-ids.ts';
import type {
  TAttendee,
  TComment,
  TEvent,
  TInvitation,
  TInvitationList,
} from '@shared/calendar/contracts.ts';
import { utcToZoned } from '@shared/dates/dates.ts';
import type { TNotification } from '@shared/realtime/messages.ts';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';

type Api = ReturnType<typeof api>;
type Outbox = typeof mailOutbox.$inferSelect;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ORGANIZER_EMAIL = 'eventi@officinarossi.example.it';
const LINK = new RegExp(`${ORIGIN}/rsvp/([A-Za-z0-9_-]{43})`, 'g');

/** A date `days` from today in Rome. */
const inDays = (days: number) => utcToZoned(new Date(Date.now() + days * DAY_MS), 'Europe/Rome').date;

describe.each(DATABASES)('invitations and RSVP on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.app.services.database.db;
  const deps = () => ({
    db: db(),
    mail: t.app.services.mail,
    appUrl: t.config.appUrl,
    mailFrom: t.config.mailFrom,
  });

  /** An organization with a business profile (the ORGANIZER) and one event `days` ahead. */
  async function setup(event: object = {}, days = 30) {
    const owner = await createSignedInUserWithOrg(t.app, { name: 'Marta Rossi' });
    const c = api(t.app, owner.cookie);
    const profile = await c.put('/api/v1/business-profile', {
      companyName: 'Officina Rossi S.r.l.',
      businessType: 'llc',
      industry: 'manufacturing',
      phone: '+39 0543 123456',
      vatNumber: piva(7654321),
      taxRegime: 'RF01',
      street: 'Via Emilia 12',
      city: 'Forlì',
      province: 'FC',
      postalCode: '47121',
      country: 'IT',
      email: ORGANIZER_EMAIL,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const created = await c.post('/api/v1/events', {
      ...eventInput({
        title: 'Inaugurazione nuova sede',
        startDate: inDays(days),
        startTime: '18:00',
        endTime: '20:00',
        location: 'Via Emilia 12, Forlì',
        description: 'Rinfresco e visita dei laboratori',
      }),
      ...event,
    });
    expect(created.statusCode, created.body).toBe(201);
    return { owner, c, event: created.json() as TEvent };
  }

  async function outboxTo(address: string): Promise<Outbox[]> {
    const rows = await db().select().from(mailOutbox);
    return rows
      .filter((m) => m.toAddresses.includes(address))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Invites and returns the invitation and the token read from the e-mail (the database has only its hash). */
  async function invite(c: Api, eventId: string, body: object = {}) {
    const email = uniqueEmail('guest');
    const res = await c.post(`/api/v1/events/${eventId}/invitations`, { inviteeEmail: email, ...body });
    expect(res.statusCode, res.body).toBe(201);
    const invitation = res.json() as TInvitation;
    const mails = await outboxTo(invitation.inviteeEmail);
    const mail = mails.at(-1)!;
    const token = [...mail.textBody.matchAll(LINK)][0]?.[1];
    expect(token, mail.textBody).toBeDefined();
    return { invitation, token: token!, mail };
  }

  function icsOf(mail: Outbox) {
    const attachment = mail.attachments.find((a) => a.filename.endsWith('.ics'))!;
    expect(attachment).toBeDefined();
    const text = Buffer.from(attachment.contentBase64, 'base64').toString('utf8');
    const cal = new ICAL.Component(ICAL.parse(text));
    return { attachment, cal, vevent: cal.getFirstSubcomponent('vevent')! };
  }

  /** The guest's side: no cookie, no session. */
  const publicGet = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/public/rsvp/${token}`, headers });
  const publicPost = (token: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/rsvp/${token}`,
      headers: { origin: ORIGIN, ...headers },
      payload,
    });

  describe('invitation e-mail', () => {
    it('sends the event, one-click answers, an .ics REQUEST and a QR code, keeping only the link’s hash', async () => {
      const { owner, c, event } = await setup();
      const { invitation, token, mail } = await invite(c, event.id, {
        inviteeEmail: 'Giulia.Verdi@Example.it',
        inviteeName: 'Giulia Verdi',
        inviteePhone: '+39 333 1234567',
        invitationMessage: '  Ti aspettiamo!  ',
      });
      expect(invitation).toMatchObject({
        eventId: event.id,
        inviteeEmail: 'giulia.verdi@example.it',
        inviteeName: 'Giulia Verdi',
        inviteeType: 'external',
        invitationMessage: 'Ti aspettiamo!',
        invitationMethod: 'email',
        language: 'it',
        rsvpStatus: 'pending',
        guestCount: 1,
        sendReminders: true,
        reminderSentCount: 0,
        invitationSentAt: expect.any(String),
        createdBy: owner.user.id,
      });
      expect(new Date(invitation.tokenExpiresAt).getTime()).toBe(
        new Date(event.seriesEndsAt).getTime() + 30 * DAY_MS,
      );

      expect(mail.organizationId).toBe(owner.organizationId);
      expect(mail.subject).toBe(
        `Invito: Inaugurazione nuova sede – ${new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${event.startDate}T00:00:00Z`))}`,
      );
      for (const response of ['accepted', 'maybe', 'declined']) {
        expect(mail.textBody).toContain(`${ORIGIN}/rsvp/${token}?response=${response}`);
        expect(mail.htmlBody).toContain(`${ORIGIN}/rsvp/${token}?response=${response}`);
      }
      expect(mail.textBody).toContain('Ciao Giulia Verdi,');
      expect(mail.textBody).toContain('Officina Rossi S.r.l. ti invita a:');
      expect(mail.textBody).toContain('18:00–20:00 (Europe/Rome)');
      expect(mail.textBody).toContain('Messaggio personale: «Ti aspettiamo!»');

      const { attachment, cal, vevent } = icsOf(mail);
      expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(vevent.getFirstPropertyValue('uid')).toBe(event.uid);
      expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
      expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
      const organizer = vevent.getFirstProperty('organizer')!;
      expect(organizer.getFirstValue()).toBe(`mailto:${ORGANIZER_EMAIL}`);
      expect(organizer.getParameter('cn')).toBe('Officina Rossi S.r.l.');
      const attendee = vevent.getFirstProperty('attendee')!;
      expect(attendee.getFirstValue()).toBe('mailto:giulia.verdi@example.it');
      expect(attendee.getParameter('partstat')).toBe('NEEDS-ACTION');
      expect(attendee.getParameter('rsvp')).toBe('TRUE');
      const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
      expect(new Date(start.toUnixTime() * 1000).toISOString()).toBe(event.startsAt);
      expect(cal.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Rome');

      const qr = mail.attachments.find((a) => a.filename === 'qr-check-in.png')!;
      expect(qr.contentType).toBe('image/png');
      expect(Buffer.from(qr.contentBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');

      const tokens = await db()
        .select()
        .from(eventInvitationTokens)
        .where(eq(eventInvitationTokens.invitationId, invitation.id));
      expect(tokens.map((r) => r.invitationTokenHash)).toEqual([
        createHash('sha256').update(token).digest('hex'),
      ]);
      const [row] = await db().select().from(eventInvitations).where(eq(eventInvitations.id, invitation.id));
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it('invites a client in the client’s language, with the client’s address and name', async () => {
      const { c, event } = await setup();
      const client = await c.post(
        '/api/v1/clients',
        clientInput({
          type: 'person',
          companyName: null,
          fullName: 'John Smith',
          email: 'john.smith@example.co.uk',
          country: 'GB',
          preferredLanguage: 'en',
        }),
      );
      expect(client.statusCode, client.body).toBe(201);
      const clientId = (client.json() as { id: string }).id;
      const res = await c.post(`/api/v1/events/${event.id}/invitations`, { inviteeType: 'client', clientId });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        inviteeType: 'client',
        clientId,
        inviteeEmail: 'john.smith@example.co.uk',
        inviteeName: 'John Smith',
        language: 'en',
      });
      const [mail] = await outboxTo('john.smith@example.co.uk');
      expect(mail!.subject).toMatch(/^Invitation: Inaugurazione nuova sede – /);
      expect(mail!.textBody).toContain('Hello John Smith,');
      expect(mail!.textBody).toContain('I will attend: ');
    });

    it('refuses SMS, a second invitation of the same address and a client without e-mail', async () => {
      const { c, event } = await setup();
      const url = `/api/v1/events/${event.id}/invitations`;
      const sms = await c.post(url, {
        inviteeEmail: 'a@example.it',
        invitationMethod: 'sms',
        inviteePhone: '+39 333 1111111',
      });
      expect(sms.statusCode).toBe(400);
      expect(sms.json().error.details).toEqual([
        {
          path: 'invitationMethod',
          message: 'SMS invitations need an SMS provider, and none is configured',
          key: 'calendar.errors.smsUnavailable',
        },
      ]);
      expect((await c.post(url, { inviteeEmail: 'a@example.it' })).statusCode).toBe(201);
      const again = await c.post(url, { inviteeEmail: 'A@EXAMPLE.IT' }, { 'accept-language': 'it' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'ALREADY_EXISTS',
        details: [{ path: 'inviteeEmail', message: "Questo indirizzo è già invitato all'evento" }],
      });
      const noEmail = await c.post('/api/v1/clients', clientInput({ companyName: 'Senza Mail' }));
      const viaClient = await c.post(url, {
        inviteeType: 'client',
        clientId: (noEmail.json() as { id: string }).id,
      });
      expect(viaClient.json().error.details[0]).toMatchObject({ key: 'calendar.errors.clientEmailMissing' });
      const external = await c.post(url, { inviteeName: 'Nessuno' });
      expect(external.json().error.details[0]).toMatchObject({
        path: 'inviteeEmail',
        key: 'calendar.errors.emailRequired',
      });
      const list = (await c.get(url)).json() as TInvitationList;
      expect(list.items).toHaveLength(1);
    });
  });

  describe('public RSVP page', () => {
    it('reads the invitation, records an answer, tells the host, and lets the guest change it', async () => {
      const { owner, c, event } = await setup();
      const { invitation, token } = await invite(c, event.id, {
        inviteeName: 'Giulia Verdi',
        invitationMessage: 'Ti aspettiamo!',
      });
      await invite(c, event.id); // a second guest who does not answer

      const read = await publicGet(token);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(read.json()).toEqual({
        rsvpStatus: 'pending',
        guestCount: 1,
        rsvpResponseMessage: null,
        dietaryRestrictions: null,
        specialRequests: null,
        invitationMessage: 'Ti aspettiamo!',
        rsvpRespondedAt: null,
        inviteeName: 'Giulia Verdi',
        language: 'it',
        canRespond: true,
        event: {
          title: 'Inaugurazione nuova sede',
          startDate: event.startDate,
          startTime: '18:00',
          endTime: '20:00',
          allDay: false,
          location: 'Via Emilia 12, Forlì',
          description: 'Rinfresco e visita dei laboratori',
          timeZone: 'Europe/Rome',
          organizerName: 'Officina Rossi S.r.l.',
          recurrence: null,
        },
      });
      expect(read.body).not.toContain(owner.organizationId);
      expect(read.body).not.toContain(invitation.id);

      const received: TNotification[] = [];
      const unsubscribe = t.app.services.hub.subscribe(topics.orgNotifications(owner.organizationId), (m) => {
        if (m.type === 'NOTIFICATION') received.push(m.notification);
      });
      try {
        const answer = await publicPost(token, {
          response: 'accepted',
          guestCount: 3,
          dietaryRestrictions: '  vegetariano  ',
          specialRequests: '',
          message: '  Ci saremo!  ',
        });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({
          rsvpStatus: 'accepted',
          guestCount: 3,
          dietaryRestrictions: 'vegetariano',
          specialRequests: null,
          rsvpResponseMessage: 'Ci saremo!',
          rsvpRespondedAt: expect.any(String),
        });
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({
          type: 'success',
          title: 'Giulia Verdi: «Partecipa» a Inaugurazione nuova sede',
          data: { url: `/calendar/events/${event.id}` },
        });
        expect(received[0]!.message).toContain('3 persone');
        // Stored for the bell: a host who was signed out finds it at the next page load.
        const bell = (await c.get('/api/v1/notifications')).json() as { items: TNotification[] };
        expect(bell.items[0]).toMatchObject({ id: received[0]!.id, read: false, title: received[0]!.title });

        const [hostMail] = await outboxTo(owner.user.email);
        expect(hostMail).toBeDefined();
        expect(hostMail!.subject).toBe('Giulia Verdi: «Partecipa» a Inaugurazione nuova sede');
        expect(hostMail!.textBody).toContain('Ospiti: 3 persone');
        expect(hostMail!.textBody).toContain('Restrizioni alimentari: vegetariano');
        expect(hostMail!.textBody).toContain("Messaggio dell'ospite: «Ci saremo!»");
        expect(hostMail!.textBody).toContain('Tasso di risposta: 50% · Ospiti confermati: 3');
        expect(hostMail!.textBody).toContain(`${ORIGIN}/calendar/events/${event.id}`);

        const stats = (await c.get(`/api/v1/events/${event.id}`)).json() as TEvent;
        expect(stats.stats).toMatchObject({
          invitations: 2,
          responded: 1,
          responseRate: 50,
          totalGuests: 3,
          accepted: 1,
          pending: 1,
        });
        const attendees = (await c.get(`/api/v1/events/${event.id}/attendees`)).json() as {
          items: TAttendee[];
        };
        expect(attendees.items).toEqual([
          expect.objectContaining({
            invitationId: invitation.id,
            guestCount: 3,
            attendanceStatus: 'expected',
            checkedInAt: null,
          }),
        ]);

        // The guest changes the answer through the same link; "abc" guests count as 1.
        const change = await publicPost(token, { response: 'maybe', guestCount: 'abc' });
        expect(change.statusCode, change.body).toBe(200);
        expect(change.json()).toMatchObject({
          rsvpStatus: 'maybe',
          guestCount: 1,
          rsvpResponseMessage: null,
        });
        expect(received).toHaveLength(2);
        expect(received[1]).toMatchObject({
          type: 'info',
          title: 'Giulia Verdi: «Forse» a Inaugurazione nuova sede',
        });
        const second = (await outboxTo(owner.user.email)).at(-1)!;
        expect(second.textBody).toContain('Risposta precedente: «Partecipa».');
        expect((await c.get(`/api/v1/events/${event.id}/attendees`)).json()).toEqual({ items: [] });
        const after = (await c.get(`/api/v1/events/${event.id}/invitations`)).json() as TInvitationList;
        expect(after.stats).toMatchObject({ responseRate: 50, totalGuests: 0, maybe: 1 });
        expect((await publicGet(token)).json()).toMatchObject({ rsvpStatus: 'maybe' });
      } finally {
        unsubscribe();
      }
    });

    it('tells the host in English when the business is outside Italy, whatever the guest’s language', async () => {
      const { owner, c, event } = await setup({ title: 'Open day' });
      const moved = await c.put('/api/v1/business-profile', { country: 'US', postalCode: '10001' });
      expect(moved.statusCode, moved.body).toBe(200);
      const { token } = await invite(c, event.id, { inviteeName: 'Giulia Verdi', language: 'it' });

      const received: TNotification[] = [];
      const unsubscribe = t.app.services.hub.subscribe(topics.orgNotifications(owner.organizationId), (m) => {
        if (m.type === 'NOTIFICATION') received.push(m.notification);
      });
      try {
        const answer = await publicPost(token, {
          response: 'accepted',
          guestCount: 3,
          dietaryRestrictions: 'vegetariano',
        });
        expect(answer.statusCode, answer.body).toBe(200);
        // The guest's own page stays in the invitation's language.
        expect(answer.json()).toMatchObject({ language: 'it', rsvpStatus: 'accepted' });
      } finally {
        unsubscribe();
      }
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        type: 'success',
        title: 'Giulia Verdi: "Attending" to Open day',
        data: { url: `/calendar/events/${event.id}` },
      });
      expect(received[0]!.message).toMatch(
        /^Giulia Verdi answered "Attending" to the invitation to Open day/,
      );
      expect(received[0]!.message).toContain('Guests: 3 people');

      const [hostMail] = await outboxTo(owner.user.email);
      expect(hostMail).toBeDefined();
      expect(hostMail!.subject).toBe('Giulia Verdi: "Attending" to Open day');
      expect(hostMail!.textBody).toContain('Hello Marta Rossi,');
      expect(hostMail!.textBody).toContain('Dietary restrictions: vegetariano');
      expect(hostMail!.textBody).toContain('Response rate: 100% · Confirmed guests: 3');
      expect(hostMail!.textBody).toContain(`Open the event: ${ORIGIN}/calendar/events/${event.id}`);
      expect(hostMail!.textBody).not.toContain('Ciao');
    });

    it('validates the answer in the caller’s language', async () => {
      const { c, event } = await setup();
      const { token } = await invite(c, event.id);
      const none = await publicPost(token, { message: 'ciao' }, { 'accept-language': 'it' });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.details).toEqual([
        { path: 'response', message: 'Seleziona una risposta', key: 'calendar.errors.responseRequired' },
      ]);
      const many = await publicPost(token, { response: 'accepted', guestCount: 12 });
      expect(many.json().error.details).toEqual([
        { path: 'guestCount', message: 'Guests: from 1 to 8', key: 'calendar.errors.guestCountInvalid' },
      ]);
      const long = await publicPost(token, { response: 'declined', message: 'x'.repeat(1001) });
      // The answer states the limit (issue 12, point 24).
      expect(long.json().error.details[0]).toMatchObject({
        path: 'message',
        key: 'errors.textTooLong?max=1000',
        message: 'This text is too long: at most 1,000 characters',
      });
      expect((await publicGet(token)).json()).toMatchObject({ rsvpStatus: 'pending' });
    });

    it('answers 404 Invitation not found or expired for a wrong, malformed or expired token', async () => {
      const { c, event } = await setup();
      const { invitation, token } = await invite(c, event.id);
      const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [wrong, 'short', 'a'.repeat(43), `${token}x`]) {
        const res = await publicGet(bad);
        expect(res.statusCode, bad).toBe(404);
        expect(res.json()).toEqual({
          error: { code: 'INVITATION_NOT_FOUND', message: 'Invitation not found or expired' },
        });
      }
      const italian = await publicPost(wrong, { response: 'accepted' }, { 'accept-language': 'it' });
      expect(italian.json().error.message).toBe('Invito non trovato o scaduto');

      await db()
        .update(eventInvitations)
        .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(eventInvitations.id, invitation.id));
      expect((await publicGet(token)).statusCode).toBe(404);
      expect((await publicPost(token, { response: 'accepted' })).statusCode).toBe(404);
    });

    it('closes answers once the event is over', async () => {
      const { c, event } = await setup();
      const { token } = await invite(c, event.id);
      const past = new Date(Date.now() - HOUR_MS);
      await db()
        .update(events)
        .set({ startsAt: past, endsAt: past, seriesEndsAt: past })
        .where(eq(events.id, event.id));
      expect((await publicGet(token)).json()).toMatchObject({ canRespond: false, rsvpStatus: 'no_response' });
      const late = await publicPost(token, { response: 'accepted' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toEqual({
        code: 'RSVP_CLOSED',
        message: 'The event is over: answers are closed',
      });
    });

    it('is rate limited like the other public links', async () => {
      const limited = await createTestApp(kind, { authRateLimit: { max: 3, windowMs: 60_000 } });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) {
          codes.push(
            (await limited.app.inject({ method: 'GET', url: `/api/public/rsvp/${'a'.repeat(43)}` }))
              .statusCode,
          );
        }
        expect(codes).toEqual([404, 404, 404, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('changes reach the guests', () => {
    it('mails an update with a higher SEQUENCE and the guest’s answer, and cancellations with METHOD:CANCEL', async () => {
      const { c, event } = await setup();
      const a = await invite(c, event.id, { inviteeName: 'Anna' });
      const b = await invite(c, event.id, { inviteeName: 'Bruno' });
      expect((await publicPost(a.token, { response: 'accepted', guestCount: 2 })).statusCode).toBe(200);

      const changed = await c.put(`/api/v1/events/${event.id}`, {
        title: 'Inaugurazione nuova sede',
        startDate: event.startDate,
        startTime: '19:00',
        endTime: '21:00',
        location: 'Via Emilia 12, Forlì',
        description: 'Rinfresco e visita dei laboratori',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ sequence: 1 });
      const update = (await outboxTo(a.invitation.inviteeEmail)).at(-1)!;
      expect(update.subject).toMatch(/^Evento aggiornato: /);
      const { cal, vevent } = icsOf(update);
      expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(vevent.getFirstPropertyValue('uid')).toBe(event.uid);
      expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
      expect(vevent.getFirstProperty('attendee')!.getParameter('partstat')).toBe('ACCEPTED');
      // The update carries a link of its own; the invitation's link keeps working.
      const updateToken = [...update.textBody.matchAll(LINK)][0]![1]!;
      expect(updateToken).not.toBe(a.token);
      expect((await publicGet(updateToken)).json()).toMatchObject({
        rsvpStatus: 'accepted',
        event: { startTime: '19:00' },
      });
      expect((await publicGet(a.token)).statusCode).toBe(200);

      // Uninviting Bruno: a CANCEL to him, and his link stops working.
      expect((await c.del(`/api/v1/events/${event.id}/invitations/${b.invitation.id}`)).statusCode).toBe(204);
      const cancel = (await outboxTo(b.invitation.inviteeEmail)).at(-1)!;
      expect(cancel.subject).toMatch(/^Invito annullato: /);
      const cancelled = icsOf(cancel);
      expect(cancelled.attachment.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      expect(cancelled.cal.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(cancelled.vevent.getFirstPropertyValue('uid')).toBe(event.uid);
      expect(cancelled.vevent.getFirstPropertyValue('sequence')).toBe(2);
      expect(cancelled.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(cancel.textBody).not.toMatch(LINK);
      expect((await publicGet(b.token)).statusCode).toBe(404);

      // Deleting the event: a CANCEL to every remaining guest.
      const before = (await outboxTo(a.invitation.inviteeEmail)).length;
      expect((await c.del(`/api/v1/events/${event.id}`)).statusCode).toBe(204);
      const deleted = await outboxTo(a.invitation.inviteeEmail);
      expect(deleted).toHaveLength(before + 1);
      const last = icsOf(deleted.at(-1)!);
      expect(last.cal.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(last.vevent.getFirstPropertyValue('sequence')).toBe(2);
      expect(deleted.at(-1)!.subject).toMatch(/^Annullato: /);
      expect((await publicGet(a.token)).statusCode).toBe(404);
    });

    it('re-sends with a new link that replaces the old one, and records an answer taken by phone', async () => {
      const { owner, c, event } = await setup();
      const { invitation, token } = await invite(c, event.id);
      const res = await c.post(`/api/v1/events/${event.id}/invitations/${invitation.id}/resend`);
      expect(res.statusCode, res.body).toBe(200);
      const fresh = [...(await outboxTo(invitation.inviteeEmail)).at(-1)!.textBody.matchAll(LINK)][0]![1]!;
      expect(fresh).not.toBe(token);
      expect((await publicGet(token)).statusCode).toBe(404);
      expect((await publicGet(fresh)).statusCode).toBe(200);

      const phone = await c.post(`/api/v1/events/${event.id}/invitations/${invitation.id}/rsvp`, {
        response: 'accepted',
        guestCount: 2,
      });
      expect(phone.statusCode, phone.body).toBe(200);
      expect(phone.json()).toMatchObject({ rsvpStatus: 'accepted', guestCount: 2 });
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/events/${event.id}/invitations/${invitation.id}`,
        headers: { origin: ORIGIN, cookie: owner.cookie },
        payload: { sendReminders: false },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json()).toMatchObject({ sendReminders: false, rsvpStatus: 'accepted' });
    });
  });

  describe('check-in and comments', () => {
    it('checks accepted guests in from the list or by the scanned QR code', async () => {
      const { c, event } = await setup();
      const a = await invite(c, event.id, { inviteeName: 'Anna' });
      const b = await invite(c, event.id, { inviteeName: 'Bruno' });
      const pending = await invite(c, event.id, { inviteeName: 'Carla' });
      await publicPost(a.token, { response: 'accepted', guestCount: 2 });
      await publicPost(b.token, { response: 'accepted' });
      const url = `/api/v1/events/${event.id}/check-in`;

      const byId = await c.post(url, { invitationId: a.invitation.id });
      expect(byId.statusCode, byId.body).toBe(200);
      const anna = byId.json() as TAttendee;
      expect(anna).toMatchObject({
        name: 'Anna',
        guestCount: 2,
        attendanceStatus: 'checked_in',
        checkedInAt: expect.any(String),
      });
      const again = await c.post(url, { invitationId: a.invitation.id });
      expect(again.json()).toEqual(anna);

      // The QR code encodes the RSVP link.
      const scanned = await c.post(url, { code: `${ORIGIN}/rsvp/${b.token}` });
      expect(scanned.statusCode, scanned.body).toBe(200);
      expect(scanned.json()).toMatchObject({ name: 'Bruno', attendanceStatus: 'checked_in' });

      const notAccepted = await c.post(url, { code: pending.token }, { 'accept-language': 'it' });
      expect(notAccepted.statusCode).toBe(409);
      expect(notAccepted.json().error).toEqual({
        code: 'CHECK_IN_FAILED',
        message: "Impossibile registrare l'arrivo del partecipante",
        details: [
          {
            path: 'code',
            message: "Si può registrare l'arrivo solo di chi ha accettato l'invito",
            key: 'calendar.errors.checkInNotAccepted',
          },
        ],
      });
      const garbage = await c.post(url, { code: 'https://example.com/not-ours' });
      expect(garbage.json().error).toMatchObject({
        code: 'CHECK_IN_FAILED',
        details: [{ key: 'calendar.errors.checkInCodeInvalid' }],
      });
      const other = await setup();
      const foreign = await invite(other.c, other.event.id);
      await publicPost(foreign.token, { response: 'accepted' });
      const wrongEvent = await c.post(url, { code: foreign.token });
      expect(wrongEvent.json().error.details[0]).toMatchObject({ key: 'calendar.errors.checkInCodeInvalid' });
      expect((await c.post(url, {})).statusCode).toBe(400);
      const unknownId = await c.post(url, { invitationId: foreign.invitation.id });
      expect(unknownId.json().error.code).toBe('INVITATION_NOT_FOUND');

      const attendees = (await c.get(`/api/v1/events/${event.id}/attendees`)).json() as {
        items: TAttendee[];
      };
      expect(attendees.items.map((x) => [x.name, x.attendanceStatus])).toEqual([
        ['Anna', 'checked_in'],
        ['Bruno', 'checked_in'],
      ]);
      const list = (await c.get(`/api/v1/events/${event.id}/invitations`)).json() as TInvitationList;
      expect(list.stats).toMatchObject({ checkedIn: 2, totalGuests: 3, responseRate: 67 });
      expect(list.items.find((i) => i.id === a.invitation.id)!.checkedInAt).toBe(anna.checkedInAt);

      const undo = await c.del(`/api/v1/events/${event.id}/attendees/${anna.id}/check-in`);
      expect(undo.statusCode, undo.body).toBe(200);
      expect(undo.json()).toMatchObject({ attendanceStatus: 'expected', checkedInAt: null });
      // A checked-in guest who later declines stays on the list; one only expected is removed.
      await publicPost(b.token, { response: 'declined' });
      await publicPost(a.token, { response: 'declined' });
      const remaining = (await c.get(`/api/v1/events/${event.id}/attendees`)).json() as {
        items: TAttendee[];
      };
      expect(remaining.items.map((x) => x.name)).toEqual(['Bruno']);
    });

    it('keeps comments with replies, private ones visible to their author only', async () => {
      const { owner, c, event } = await setup();
      const colleagueEmail = uniqueEmail('colleague');
      const colleague = await createUser(t.app.services.auth, {
        name: 'Luca Bianchi',
        email: colleagueEmail,
        password: PASSWORD,
      });
      await addMember(t.app.services.auth, {
        userId: colleague.id,
        organizationId: owner.organizationId,
        role: 'manager',
      });
      const other = api(t.app, (await signIn(t.app, colleagueEmail)).cookie);
      const url = `/api/v1/events/${event.id}/comments`;

      const first = await c.post(url, { commentText: '  Ordinare il rinfresco  ' });
      expect(first.statusCode, first.body).toBe(201);
      const parent = first.json() as TComment;
      expect(parent).toMatchObject({
        commentText: 'Ordinare il rinfresco',
        commentType: 'general',
        isPublic: true,
        parentCommentId: null,
        authorId: owner.user.id,
        authorName: 'Marta Rossi',
        authorEmail: owner.user.email,
      });
      const reply = await other.post(url, {
        commentText: 'Fatto, 40 persone',
        parentCommentId: parent.id,
        commentType: 'update',
      });
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json()).toMatchObject({
        parentCommentId: parent.id,
        authorName: 'Luca Bianchi',
        commentType: 'update',
      });
      const mine = await c.post(url, { commentText: 'Nota privata', isPublic: false, commentType: 'note' });
      expect(mine.statusCode).toBe(201);

      const ownerView = (await c.get(url)).json() as { items: TComment[] };
      expect(ownerView.items.map((x) => x.commentText)).toEqual([
        'Ordinare il rinfresco',
        'Fatto, 40 persone',
        'Nota privata',
      ]);
      const colleagueView = (await other.get(url)).json() as { items: TComment[] };
      expect(colleagueView.items.map((x) => x.commentText)).toEqual([
        'Ordinare il rinfresco',
        'Fatto, 40 persone',
      ]);
      // A reply to a private comment the colleague cannot see, or to another event's comment, fails.
      const hidden = await other.post(url, {
        commentText: 'x',
        parentCommentId: (mine.json() as TComment).id,
      });
      expect(hidden.statusCode).toBe(422);
      expect(hidden.json().error).toEqual({
        code: 'COMMENT_ADD_FAILED',
        message: 'Failed to add comment',
        details: [
          {
            path: 'parentCommentId',
            message: 'The comment you reply to is not on this event',
            key: 'calendar.errors.parentCommentInvalid',
          },
        ],
      });
      const empty = await c.post(url, { commentText: '   ' });
      expect(empty.json().error.details[0]).toMatchObject({ key: 'calendar.errors.commentRequired' });

      expect((await c.del(`${url}/${parent.id}`)).statusCode).toBe(204);
      expect(((await c.get(url)).json() as { items: TComment[] }).items.map((x) => x.commentText)).toEqual([
        'Nota privata',
      ]);
    });
  });

  // Last in the file: the job marks every started event's pending invitations as no_response.
  describe('reminders job', () => {
    it('reminds unanswered guests 48 h and 24 h before, once per slot even with two runs at once', async () => {
      const { c, event } = await setup({ startTime: '10:00', endTime: '11:00' }, 300);
      const pending = await invite(c, event.id, { inviteeName: 'Paolo' });
      const accepted = await invite(c, event.id);
      const unwanted = await invite(c, event.id, { sendReminders: false });
      await publicPost(accepted.token, { response: 'accepted' });
      const start = new Date(event.startsAt).getTime();
      // Invited three days before the event, so both slots apply.
      await db()
        .update(eventInvitations)
        .set({ invitationSentAt: new Date(start - 72 * HOUR_MS) })
        .where(eq(eventInvitations.eventId, event.id));

      const run = (hoursBefore: number) =>
        sendInvitationReminders(deps(), new Date(start - hoursBefore * HOUR_MS));
      const reminders = async () =>
        (await outboxTo(pending.invitation.inviteeEmail)).filter((m) => m.subject.startsWith('Promemoria'));

      expect(await run(49)).toBe(0);
      const parallel48 = await Promise.all([run(47), run(47), run(46.5)]);
      expect(parallel48.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await reminders()).toHaveLength(1);
      expect(await run(30)).toBe(0);
      const parallel24 = await Promise.all([run(23), run(23)]);
      expect(parallel24.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await run(1)).toBe(0);

      const sent = await reminders();
      expect(sent).toHaveLength(2);
      expect(sent[0]!.textBody).toContain("l'evento è tra 48 ore");
      expect(sent[1]!.textBody).toContain("l'evento è tra 24 ore");
      const reminderToken = [...sent[1]!.textBody.matchAll(LINK)][0]![1]!;
      expect((await publicGet(reminderToken)).json()).toMatchObject({ rsvpStatus: 'pending' });
      expect(icsOf(sent[1]!).cal.getFirstPropertyValue('method')).toBe('REQUEST');
      const [row] = await db()
        .select()
        .from(eventInvitations)
        .where(eq(eventInvitations.id, pending.invitation.id));
      expect(row).toMatchObject({ reminderSentCount: 2, lastReminderSentAt: new Date(start - 23 * HOUR_MS) });
      for (const other of [accepted, unwanted]) {
        expect(
          (await outboxTo(other.invitation.inviteeEmail)).filter((m) => m.subject.startsWith('Promemoria')),
        ).toEqual([]);
      }

      // Invited 30 h before: only the 24 h reminder.
      const late = await invite(c, event.id);
      await db()
        .update(eventInvitations)
        .set({ invitationSentAt: new Date(start - 30 * HOUR_MS) })
        .where(eq(eventInvitations.id, late.invitation.id));
      expect(await run(23)).toBe(1);
      expect(await run(2)).toBe(0);

      // Once the event has started, unanswered invitations are stored as no_response.
      await run(-1);
      const [after] = await db()
        .select()
        .from(eventInvitations)
        .where(eq(eventInvitations.id, pending.invitation.id));
      expect(after!.rsvpStatus).toBe('no_response');
      expect(((await c.get(`/api/v1/events/${event.id}`)).json() as TEvent).stats).toMatchObject({
        noResponse: 3,
        accepted: 1,
      });
    });

    it('runs at start and on a timer, and stops cleanly', async () => {
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      const jobs = startCalendarJobs({ ...deps(), log, everyMs: 60_000 });
      await jobs.stop(); // waits for the run started at once
      expect(log.error).not.toHaveBeenCalled();
      expect(await jobs.runNow()).toBe(0);
    });
  });
});
