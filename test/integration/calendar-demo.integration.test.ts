import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventInvitationTokens, eventInvitations } from '@server/db/schema/calendar.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { seedCalendarDemo } from '@server/seed/calendar-demo.ts';
import { seedClientsDemo } from '@server/seed/clients-demo.ts';
import type { TAttendee, TEvent, TEventOccurrenceList, TInvitationList } from '@shared/calendar/contracts.ts';
import { addDays, utcToZoned } from '@shared/dates/dates.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

describe.each(DATABASES)('calendar demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('seeds past and upcoming events, a series, an all-day one, client links and invitations in every state', async () => {
    const db = t.app.services.database.db;
    const owner = await createSignedInUserWithOrg(t.app, { name: 'Marco Rossi' });
    const c = api(t.app, owner.cookie);
    const area = { db, orgId: owner.organizationId, userId: owner.user.id };
    await seedClientsDemo(area);
    expect(await seedCalendarDemo(area)).toBe(7);
    expect(await seedCalendarDemo(area)).toBe(0); // once only

    const today = utcToZoned(new Date(), 'Europe/Rome').date;
    const res = await c.get(`/api/v1/events?from=${addDays(today, -30)}&to=${addDays(today, 30)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as TEventOccurrenceList;
    const byTitle = (title: string) => items.filter((o) => o.title === title);

    // Past and upcoming, this week and next.
    expect(items.some((o) => o.date < today)).toBe(true);
    expect(items.filter((o) => !o.recurring && o.date > today).length).toBeGreaterThanOrEqual(3);
    // The weekly meeting: every 7 days, on the same weekday, from before today.
    const weekly = byTitle('Riunione settimanale di officina');
    expect(weekly.length).toBeGreaterThanOrEqual(6);
    expect(weekly.every((o) => o.recurring && o.startTime === '08:30')).toBe(true);
    expect(addDays(weekly[0]!.date, 7)).toBe(weekly[1]!.date);
    expect(weekly[0]!.date < today).toBe(true);
    // One all-day event, and events linked to demo clients.
    expect(items.filter((o) => o.allDay).map((o) => o.title)).toEqual([
      'Chiusura per inventario di magazzino',
    ]);
    expect(byTitle('Sopralluogo cantiere Rossi Costruzioni')[0]!.client?.name).toBe(
      'Rossi Costruzioni S.r.l.',
    );
    expect(byTitle('Consegna del trattore revisionato')[0]!.client?.name).toBe(
      'Caseificio Moretti S.S. Agricola',
    );

    // The opening: accepted with guests, maybe, declined and pending (in English), with the stats of §9.
    const opening = byTitle('Inaugurazione del nuovo reparto di rettifica')[0]!;
    expect(opening.date > today).toBe(true);
    const invitations = (
      await c.get(`/api/v1/events/${opening.eventId}/invitations`)
    ).json() as TInvitationList;
    expect(
      invitations.items.map((i) => [i.inviteeName, i.rsvpStatus, i.guestCount, i.language, i.inviteeType]),
    ).toEqual([
      ['Bianchi & Figli S.n.c.', 'accepted', 3, 'it', 'client'],
      ['Trattoria Da Gino di Luigi Ferri', 'maybe', 1, 'it', 'client'],
      ['Studio Legale Colombo e Associati', 'declined', 1, 'it', 'client'],
      ['Müller Maschinenbau GmbH', 'pending', 1, 'en', 'client'],
    ]);
    expect(invitations.items[0]).toMatchObject({
      dietaryRestrictions: 'Un ospite vegetariano',
      rsvpResponseMessage: 'Ci saremo volentieri!',
      invitationSentAt: expect.any(String),
    });
    expect(invitations.items.every((i) => i.rsvpStatus === 'pending' || i.rsvpRespondedAt)).toBe(true);
    expect(invitations.stats).toMatchObject({ invitations: 4, responseRate: 75, totalGuests: 3 });
    const event = (await c.get(`/api/v1/events/${opening.eventId}`)).json() as TEvent;
    expect(event.stats).toMatchObject({ accepted: 1, maybe: 1, declined: 1, pending: 1 });
    const expected = (await c.get(`/api/v1/events/${opening.eventId}/attendees`)).json() as {
      items: TAttendee[];
    };
    expect(expected.items.map((a) => [a.name, a.guestCount, a.attendanceStatus])).toEqual([
      ['Bianchi & Figli S.n.c.', 3, 'expected'],
    ]);

    // The past demonstration: a guest checked in at the door, one who never answered.
    const past = byTitle('Dimostrazione della nuova fresatrice CNC')[0]!;
    const attendees = (await c.get(`/api/v1/events/${past.eventId}/attendees`)).json() as {
      items: TAttendee[];
    };
    expect(attendees.items).toEqual([
      expect.objectContaining({
        attendanceStatus: 'checked_in',
        guestCount: 2,
        checkedInAt: expect.any(String),
      }),
    ]);
    const pastInvitations = (
      await c.get(`/api/v1/events/${past.eventId}/invitations`)
    ).json() as TInvitationList;
    expect(pastInvitations.items.map((i) => i.rsvpStatus)).toEqual(['accepted', 'no_response']);

    // Each invitation has one link, kept only as a SHA-256 hash; no e-mail went out.
    const ids = (
      await db
        .select({ id: eventInvitations.id })
        .from(eventInvitations)
        .where(eq(eventInvitations.organizationId, owner.organizationId))
    ).map((r) => r.id);
    expect(ids).toHaveLength(6);
    const tokens = await db
      .select()
      .from(eventInvitationTokens)
      .where(inArray(eventInvitationTokens.invitationId, ids));
    expect(tokens).toHaveLength(6);
    expect(tokens.every((r) => /^[0-9a-f]{64}$/.test(r.invitationTokenHash))).toBe(true);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, owner.organizationId));
    expect(mails).toHaveLength(0);
  });
});
