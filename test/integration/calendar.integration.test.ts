import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, events } from '@server/db/schema/calendar.ts';
import { organizationSettings } from '@server/db/schema/organization-settings.ts';
import type { TEvent, TEventOccurrenceList } from '@shared/calendar/contracts.ts';
import {
  DATABASES,
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { clientInput, eventInput } from '@server/seed/factories.ts';

type Api = ReturnType<typeof api>;

const EVENT = eventInput({
  title: 'Sopralluogo cantiere',
  startDate: '2026-03-28',
  startTime: '09:00',
  endTime: '10:30',
  location: 'Via Emilia 12, Forlì',
  description: 'Portare il metro laser',
});

describe.each(DATABASES)('calendar events on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.app.services.database.db;

  async function owner() {
    const user = await createSignedInUserWithOrg(t.app, { name: 'Marta Rossi' });
    return { user, c: api(t.app, user.cookie) };
  }

  async function create(c: Api, body: object = EVENT) {
    const res = await c.post('/api/v1/events', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TEvent;
  }

  async function list(c: Api, from: string, to: string, extra = '') {
    const res = await c.get(`/api/v1/events?from=${from}&to=${to}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TEventOccurrenceList;
  }

  describe('create, read, list', () => {
    it('stores an event with the organization’s zone and the instants of its wall-clock times', async () => {
      const { user, c } = await owner();
      const event = await create(c);
      expect(event).toMatchObject({
        ...EVENT,
        allDay: false,
        client: null,
        recurrence: null,
        rrule: null,
        timeZone: 'Europe/Rome',
        // 28 March 2026 is still winter time in Rome (+01:00).
        startsAt: '2026-03-28T08:00:00.000Z',
        endsAt: '2026-03-28T09:30:00.000Z',
        seriesEndsAt: '2026-03-28T09:30:00.000Z',
        sequence: 0,
        createdBy: { id: user.user.id, name: 'Marta Rossi' },
        stats: { invitations: 0, responseRate: 0, totalGuests: 0 },
      });
      expect(event.uid).toMatch(/^[0-9a-f-]{36}@localhost$/);
      const read = await c.get(`/api/v1/events/${event.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(event);
    });

    it('defaults to 09:00–10:00 and keeps 09:00 local across the spring change', async () => {
      const { c } = await owner();
      const sunday = await create(c, { title: 'Dopo il cambio', startDate: '2026-03-29' });
      expect(sunday).toMatchObject({
        startTime: '09:00',
        endTime: '10:00',
        startsAt: '2026-03-29T07:00:00.000Z',
      });
      const october = await create(c, { title: 'Ritorno ora solare', startDate: '2026-10-25' });
      expect(october.startsAt).toBe('2026-10-25T08:00:00.000Z');
    });

    it('uses the organization’s time zone when it has one', async () => {
      const { user, c } = await owner();
      await db()
        .insert(organizationSettings)
        .values({ organizationId: user.organizationId, timeZone: 'America/New_York' });
      const event = await create(c, { title: 'NY', startDate: '2026-07-01' });
      expect(event).toMatchObject({ timeZone: 'America/New_York', startsAt: '2026-07-01T13:00:00.000Z' });
      expect((await c.get('/api/v1/calendar/options')).json()).toMatchObject({
        timeZone: 'America/New_York',
      });
    });

    it('lists occurrences in a range, expanding a weekly series with the right instants', async () => {
      const { c } = await owner();
      const weekly = await create(c, {
        title: 'Riunione settimanale',
        startDate: '2026-03-22',
        startTime: '09:00',
        endTime: '09:30',
        recurrence: { frequency: 'weekly', count: 4 },
      });
      expect(weekly).toMatchObject({
        rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=4',
        recurrence: { frequency: 'weekly', interval: 1, byWeekday: null, until: null, count: 4 },
        seriesEndsAt: '2026-04-12T07:30:00.000Z',
      });
      const single = await create(c, { ...EVENT, title: 'Consegna', startDate: '2026-04-01', allDay: true });
      const page = await list(c, '2026-03-01', '2026-04-05');
      expect(page.timeZone).toBe('Europe/Rome');
      expect(page.items.map((o) => [o.title, o.date, o.startsAt])).toEqual([
        ['Riunione settimanale', '2026-03-22', '2026-03-22T08:00:00.000Z'],
        ['Riunione settimanale', '2026-03-29', '2026-03-29T07:00:00.000Z'],
        ['Consegna', '2026-04-01', '2026-03-31T22:00:00.000Z'],
        ['Riunione settimanale', '2026-04-05', '2026-04-05T07:00:00.000Z'],
      ]);
      expect(page.items[2]).toMatchObject({
        eventId: single.id,
        allDay: true,
        recurring: false,
        endsAt: '2026-04-01T22:00:00.000Z',
      });
      expect(page.items[0]).toMatchObject({
        eventId: weekly.id,
        recurring: true,
        startTime: '09:00',
        endTime: '09:30',
      });
      // Only the last occurrence falls in a later range; nothing after the series ends.
      expect((await list(c, '2026-04-06', '2026-04-30')).items.map((o) => o.date)).toEqual(['2026-04-12']);
      expect((await list(c, '2026-04-13', '2026-06-30')).items).toEqual([]);
    });

    it('filters by client and links the client', async () => {
      const { c } = await owner();
      const client = await c.post('/api/v1/clients', clientInput({ companyName: 'Bianchi S.p.A.' }));
      expect(client.statusCode, client.body).toBe(201);
      const clientId = (client.json() as { id: string }).id;
      const linked = await create(c, { ...EVENT, clientId });
      expect(linked.client).toEqual({ id: clientId, name: 'Bianchi S.p.A.', email: null });
      await create(c, { ...EVENT, title: 'Senza cliente' });
      const page = await list(c, '2026-03-01', '2026-03-31', `&clientId=${clientId}`);
      expect(page.items.map((o) => o.eventId)).toEqual([linked.id]);
      expect(page.items[0]!.client).toEqual({ id: clientId, name: 'Bianchi S.p.A.' });
      // The client cannot be deleted while an event names it, and the event is on the client's timeline.
      const del = await c.del(`/api/v1/clients/${clientId}`);
      expect(del.statusCode).toBe(409);
      const timeline = (await c.get(`/api/v1/clients/${clientId}/timeline`)).json();
      expect(timeline.items).toContainEqual(
        expect.objectContaining({ kind: 'event', id: linked.id, title: linked.title, recurring: false }),
      );
      expect(timeline.upcoming).toEqual([]);
    });

    it('refuses invalid input with messages in Italian and English', async () => {
      const { c } = await owner();
      const bad = { title: '  ', startDate: '2026-02-30', startTime: '10:00', endTime: '09:00' };
      const en = await c.post('/api/v1/events', bad);
      expect(en.statusCode).toBe(400);
      expect(en.json().error.details).toEqual(
        expect.arrayContaining([
          { path: 'title', message: 'Title is required', key: 'calendar.errors.titleRequired' },
          { path: 'startDate', message: 'Enter a valid date', key: 'calendar.errors.dateInvalid' },
        ]),
      );
      const it_ = await c.post('/api/v1/events', { ...EVENT, endTime: '08:00' }, { 'accept-language': 'it' });
      expect(it_.json().error.details).toEqual([
        {
          path: 'endTime',
          message: "L'ora di fine deve essere successiva all'ora di inizio",
          key: 'calendar.errors.endBeforeStart',
        },
      ]);
      const endless = await c.post('/api/v1/events', { ...EVENT, recurrence: { frequency: 'daily' } });
      expect(endless.json().error.details[0]).toMatchObject({ key: 'calendar.errors.recurrenceEndRequired' });
      const tooLong = await c.post('/api/v1/events', {
        ...EVENT,
        recurrence: { frequency: 'daily', until: '2032-01-01' },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.details[0]).toMatchObject({ key: 'calendar.errors.recurrenceTooLong' });
      const otherClient = await c.post('/api/v1/events', {
        ...EVENT,
        clientId: '00000000-0000-4000-8000-000000000000',
      });
      expect(otherClient.json().error.details[0]).toMatchObject({
        path: 'clientId',
        key: 'calendar.errors.clientNotFound',
      });
      const range = await c.get('/api/v1/events?from=2026-01-01&to=2027-06-01');
      expect(range.statusCode).toBe(400);
      expect(range.json().error.details[0]).toMatchObject({ key: 'calendar.errors.rangeInvalid' });
    });
  });

  describe('change, move, delete', () => {
    it('raises SEQUENCE on every change and keeps the UID', async () => {
      const { c } = await owner();
      const event = await create(c);
      const same = await c.put(`/api/v1/events/${event.id}`, EVENT);
      expect(same.json()).toMatchObject({ sequence: 0 });
      const changed = await c.put(`/api/v1/events/${event.id}`, { ...EVENT, location: 'Cantiere B' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ uid: event.uid, sequence: 1, location: 'Cantiere B' });

      const moved = await c.post(`/api/v1/events/${event.id}/move`, {
        startDate: '2026-03-30',
        startTime: '14:00',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // The 90-minute duration is kept; 30 March is summer time.
      expect(moved.json()).toMatchObject({
        uid: event.uid,
        sequence: 2,
        startDate: '2026-03-30',
        startTime: '14:00',
        endTime: '15:30',
        startsAt: '2026-03-30T12:00:00.000Z',
      });
      const allDay = await c.post(`/api/v1/events/${event.id}/move`, {
        startDate: '2026-04-02',
        allDay: true,
      });
      expect(allDay.json()).toMatchObject({
        allDay: true,
        startsAt: '2026-04-01T22:00:00.000Z',
        sequence: 3,
      });
      const late = await c.post(`/api/v1/events/${event.id}/move`, {
        startDate: '2026-04-02',
        startTime: '23:30',
        allDay: false,
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.details[0]).toMatchObject({ key: 'calendar.errors.moveCrossesMidnight' });
    });

    it('deletes an event', async () => {
      const { c } = await owner();
      const event = await create(c);
      const del = await c.del(`/api/v1/events/${event.id}`);
      expect(del.statusCode).toBe(204);
      const gone = await c.get(`/api/v1/events/${event.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ error: { code: 'EVENT_NOT_FOUND', message: 'Event not found' } });
      expect((await c.del(`/api/v1/events/${event.id}`)).statusCode).toBe(404);
    });
  });

  describe('tenancy and permissions', () => {
    it('answers 404 Event not found to another organization, for every event route', async () => {
      const { c } = await owner();
      const event = await create(c);
      const stranger = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
      const base = `/api/v1/events/${event.id}`;
      const calls = [
        stranger.get(base),
        stranger.put(base, EVENT),
        stranger.post(`${base}/move`, { startDate: '2026-05-01' }),
        stranger.get(`${base}/invitations`),
        stranger.post(`${base}/invitations`, { inviteeEmail: 'x@example.it' }),
        stranger.get(`${base}/attendees`),
        stranger.get(`${base}/comments`),
        stranger.post(`${base}/comments`, { commentText: 'ciao' }),
        stranger.post(`${base}/check-in`, { code: 'x' }),
        stranger.del(base),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'EVENT_NOT_FOUND', message: 'Event not found' } });
      }
      const inItalian = await stranger.get(base, { 'accept-language': 'it' });
      expect(inItalian.json().error.message).toBe('Evento non trovato');
      // The stranger's own list does not show it; the owner's event is untouched.
      expect((await list(stranger, '2026-03-01', '2026-03-31')).items).toEqual([]);
      expect((await c.get(base)).json()).toMatchObject({ title: EVENT.title, sequence: 0 });
      expect((await stranger.get('/api/v1/events/not-a-uuid')).statusCode).toBe(404);
    });

    it('lets every role read and only managers and above write', async () => {
      for (const role of ['viewer', 'user'] as const) {
        const member = await createSignedInUserWithOrg(t.app, { role });
        const c = api(t.app, member.cookie);
        expect((await c.get('/api/v1/events?from=2026-03-01&to=2026-03-31')).statusCode).toBe(200);
        expect((await c.get('/api/v1/calendar/options')).statusCode).toBe(200);
        const refused = await c.post('/api/v1/events', EVENT);
        expect(refused.statusCode, role).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }
      const manager = api(t.app, (await createSignedInUserWithOrg(t.app, { role: 'manager' })).cookie);
      expect((await manager.post('/api/v1/events', EVENT)).statusCode).toBe(201);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/v1/events?from=2026-03-01&to=2026-03-31',
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('says SMS is unavailable and why', async () => {
      const { c } = await owner();
      expect((await c.get('/api/v1/calendar/options')).json()).toEqual({
        timeZone: 'Europe/Rome',
        defaultStartTime: '09:00',
        defaultEndTime: '10:00',
        guestCountMin: 1,
        guestCountMax: 8,
        reminderHoursBefore: [48, 24],
        invitationMethods: ['email', 'sms'],
        smsAvailable: false,
        smsUnavailableReason: 'calendar.sms.noProvider',
        commentTypes: ['general', 'note', 'question', 'update'],
      });
    });
  });

  describe('iCalendar subscription', () => {
    it('gives a private URL that serves the organization’s events, rotates and can be revoked', async () => {
      const { user, c } = await owner();
      await create(c);
      await create(c, {
        title: 'Riunione settimanale',
        startDate: '2026-03-25',
        recurrence: { frequency: 'weekly', until: '2026-12-30' },
      });
      expect((await c.get('/api/v1/calendar/feed')).json()).toEqual({
        active: false,
        createdAt: null,
        lastUsedAt: null,
      });

      const created = await c.post('/api/v1/calendar/feed');
      expect(created.statusCode, created.body).toBe(201);
      const { url } = created.json() as { url: string };
      expect(url).toMatch(new RegExp(`^${ORIGIN}/api/public/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
      const token = /calendar\/([^.]+)\.ics$/.exec(url)![1]!;
      const [stored] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.user.id));
      expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.tokenHash).not.toContain(token);

      const path = new URL(url).pathname;
      const feed = await t.app.inject({ method: 'GET', url: path });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const cal = new ICAL.Component(ICAL.parse(feed.body));
      expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(cal.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
      const vevents = cal.getAllSubcomponents('vevent');
      expect(vevents.map((v) => v.getFirstPropertyValue('summary')).sort()).toEqual([
        'Riunione settimanale',
        EVENT.title,
      ]);
      const weekly = vevents.find((v) => v.getFirstPropertyValue('summary') === 'Riunione settimanale')!;
      expect(weekly.getFirstProperty('rrule')!.toICALString()).toBe(
        'RRULE:FREQ=WEEKLY;UNTIL=20261230T080000Z',
      );
      for (const v of vevents) {
        expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
        expect(v.getFirstPropertyValue('uid')).toMatch(/@localhost$/);
      }
      const summerStart = new ICAL.Event(weekly).iterator();
      const starts: number[] = [];
      for (let n = summerStart.next(); n && starts.length < 2; n = summerStart.next())
        starts.push(n.toUnixTime());
      expect(new Date(starts[1]! * 1000).toISOString()).toBe('2026-04-01T07:00:00.000Z');
      expect((await c.get('/api/v1/calendar/feed')).json()).toMatchObject({
        active: true,
        lastUsedAt: expect.any(String),
      });

      // Rotating replaces the URL.
      const rotated = (await c.post('/api/v1/calendar/feed')).json() as { url: string };
      expect(rotated.url).not.toBe(url);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      const newPath = new URL(rotated.url).pathname;
      expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);

      // Revoking stops it.
      expect((await c.del('/api/v1/calendar/feed')).statusCode).toBe(204);
      const revoked = await t.app.inject({ method: 'GET', url: newPath });
      expect(revoked.statusCode).toBe(404);
      expect((await c.get('/api/v1/calendar/feed')).json()).toMatchObject({ active: false });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/public/calendar/nonsense.ics' })).statusCode,
      ).toBe(404);
    });

    it('shows each organization only its own events', async () => {
      const a = await owner();
      const b = await owner();
      await create(a.c, { ...EVENT, title: 'Evento di A' });
      await create(b.c, { ...EVENT, title: 'Evento di B' });
      const { url } = (await b.c.post('/api/v1/calendar/feed')).json() as { url: string };
      const body = (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).body;
      expect(body).toContain('Evento di B');
      expect(body).not.toContain('Evento di A');
      const rows = await db()
        .select({ id: events.id })
        .from(events)
        .where(eq(events.organizationId, a.user.organizationId));
      expect(rows).toHaveLength(1);
    });
  });
});
