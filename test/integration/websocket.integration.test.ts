import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq } from 'drizzle-orm';
import { member } from '@server/db/schema/auth.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { topics } from '@server/platform/realtime.ts';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { monthRange } from '@shared/reports/periods.ts';
import { lineInput } from '@server/seed/factories.ts';
import { addCompanyClient, completeProfile, issueInvoice, payInvoice } from '../helpers/business.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signUp,
  type TestApp,
} from '../helpers/test-app.ts';

type Message = TServerMessage;

/** A client socket that records every message, so none is missed between the awaits of a test. */
class TestSocket {
  readonly received: Message[] = [];
  private waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private cursor = 0;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly ws: WebSocket;

  constructor(url: string, headers: Record<string, string>) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      this.received.push(message);
      this.flush();
    });
    this.closed = new Promise((resolve) =>
      this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.ws.on('error', () => undefined);
  }

  private flush() {
    for (const waiter of [...this.waiters]) {
      const index = this.received.findIndex((m, i) => i >= this.cursor && waiter.test(m));
      if (index >= 0) {
        this.cursor = index + 1;
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(this.received[index]!);
      }
    }
  }

  /** The next message (after the last one returned) of the given type. */
  next<T extends Message['type']>(type: T, timeoutMs = 5000): Promise<Extract<Message, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`)),
        timeoutMs,
      );
      this.waiters.push({
        test: (m) => m.type === type,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<Message, { type: T }>);
        },
      });
      this.flush();
    });
  }

  send(data: unknown) {
    this.ws.send(typeof data === 'string' ? data : JSON.stringify(data));
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

describe.each(DATABASES)('live channel /api/ws on %s', (kind) => {
  let t: TestApp;
  let wsUrl: string;
  const sockets: TestSocket[] = [];
  const open = (headers: Record<string, string> = {}) => {
    const socket = new TestSocket(wsUrl, headers);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    wsUrl = `ws://127.0.0.1:${port}/api/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await t?.close();
  });

  it('closes a socket without a session with code 4401', async () => {
    const socket = open();
    const closed = await socket.closed;
    expect(closed.code).toBe(4401);
    expect(socket.received).toEqual([]);
  });

  it('closes a socket with a forged session cookie with code 4401', async () => {
    const socket = open({ cookie: 'gestionale.session_token=forged.value' });
    expect((await socket.closed).code).toBe(4401);
  });

  it('connects, subscribes, answers heartbeats and pushes notifications', async () => {
    const user = await createSignedInUserWithOrg(t.app);
    const socket = open({ cookie: user.cookie });
    const connected = await socket.next('CONNECTED');
    expect(connected).toEqual({
      type: 'CONNECTED',
      userId: user.user.id,
      organizationId: user.organizationId,
    });

    socket.send({ type: 'SUBSCRIBE', channel: 'notifications' });
    expect(await socket.next('SUBSCRIBED')).toEqual({ type: 'SUBSCRIBED', channel: 'notifications' });

    const before = Date.now();
    socket.send({ type: 'HEARTBEAT' });
    const heartbeat = await socket.next('HEARTBEAT');
    expect(Object.keys(heartbeat).sort()).toEqual(['timestamp', 'type']);
    expect(Date.parse(heartbeat.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(heartbeat.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);

    const posted = await api(t.app, user.cookie).post('/api/v1/notifications/test');
    expect(posted.statusCode).toBe(202);
    const { id } = posted.json() as { id: string };
    const pushed = await socket.next('NOTIFICATION');
    expect(pushed.notification).toMatchObject({
      id,
      type: 'info',
      title: 'Test notification',
      message: 'Live notifications are working.',
      read: false,
      data: { url: '/settings' },
    });
    expect(Number.isNaN(Date.parse(pushed.notification.timestamp))).toBe(false);
  });

  it('announces one DASHBOARD_UPDATE per burst of writes to the members of that organization only', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const stranger = await createSignedInUserWithOrg(t.app);
    const mine = open({ cookie: owner.cookie });
    const theirs = open({ cookie: stranger.cookie });
    for (const socket of [mine, theirs]) {
      await socket.next('CONNECTED');
      socket.send({ type: 'SUBSCRIBE', channel: 'dashboard' });
      expect(await socket.next('SUBSCRIBED')).toEqual({ type: 'SUBSCRIBED', channel: 'dashboard' });
    }
    const c = api(t.app, owner.cookie);
    // A read changes nothing and announces nothing; three writes close together are one message.
    expect((await c.get('/api/v1/transactions')).statusCode).toBe(200);
    for (const amount of ['10,00', '20,00']) {
      const res = await c.post('/api/v1/transactions', {
        occurredOn: '2026-11-02',
        direction: 'income',
        amount,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const client = await c.post('/api/v1/clients', { type: 'person', fullName: 'Marta Neri' });
    expect(client.statusCode, client.body).toBe(201);
    // A refused write announces nothing either.
    expect((await c.post('/api/v1/transactions', {})).statusCode).toBe(400);

    const update = await mine.next('DASHBOARD_UPDATE');
    expect(update.areas.sort()).toEqual(['clients', 'transactions']);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(mine.received.filter((m) => m.type === 'DASHBOARD_UPDATE')).toHaveLength(1);
    expect(theirs.received.filter((m) => m.type === 'DASHBOARD_UPDATE')).toHaveLength(0);
  });

  it("answers REQUEST_REAL_TIME_DATA with today's figures of the socket's organization only", async () => {
    const today = isoDateIn('Europe/Rome');
    const lastMonth = monthRange(today, -1).from;
    const owner = await createSignedInUserWithOrg(t.app);
    const stranger = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const clientId = await addCompanyClient(c, 1);
    const line = lineInput({ description: 'Consulenza tecnica', unitPriceCents: 100_000, vatRate: 22 });
    // Last month 1,220.00 due at once (overdue), 200.00 of it paid today.
    const late = await issueInvoice(c, clientId, [line], { issueDate: lastMonth, dueDate: lastMonth });
    await payInvoice(c, late, 20_000, today);
    expect((await c.post('/api/v1/notifications/test')).statusCode).toBe(202);

    const mine = open({ cookie: owner.cookie });
    const theirs = open({ cookie: stranger.cookie });
    await mine.next('CONNECTED');
    await theirs.next('CONNECTED');
    const all = ['invoicedToday', 'collectedToday', 'outstanding', 'overdue', 'unreadNotifications'];
    mine.send({ type: 'REQUEST_REAL_TIME_DATA', metrics: all });
    const first = await mine.next('REAL_TIME_DATA');
    expect(first).toMatchObject({
      organizationId: owner.organizationId,
      date: today,
      denied: [],
      figures: {
        invoicedToday: { cents: 0 },
        collectedToday: { cents: 20_000 },
        outstanding: { cents: 102_000 },
        overdue: { cents: 102_000, count: 1 },
        unreadNotifications: { count: 1 },
      },
    });
    expect(Date.parse(first.timestamp)).toBeGreaterThan(Date.now() - 10_000);

    // Issued today: asked again, the figures are the ones of now; only the metrics asked are answered.
    await issueInvoice(c, clientId, [{ ...line, unitPriceCents: 50_000 }], {
      issueDate: today,
      dueDate: addDays(today, 30),
    });
    mine.send({ type: 'REQUEST_REAL_TIME_DATA', metrics: ['invoicedToday', 'outstanding'] });
    expect((await mine.next('REAL_TIME_DATA')).figures).toEqual({
      invoicedToday: { cents: 61_000 },
      outstanding: { cents: 163_000 },
    });

    // Another organization's socket hears none of it.
    theirs.send({ type: 'REQUEST_REAL_TIME_DATA', metrics: all });
    expect(await theirs.next('REAL_TIME_DATA')).toMatchObject({
      organizationId: stranger.organizationId,
      denied: [],
      figures: {
        invoicedToday: { cents: 0 },
        collectedToday: { cents: 0 },
        outstanding: { cents: 0 },
        overdue: { cents: 0, count: 0 },
        unreadNotifications: { count: 0 },
      },
    });

    // An unknown metric is refused and the socket stays open.
    mine.send({ type: 'REQUEST_REAL_TIME_DATA', metrics: ['payroll'] });
    expect((await mine.next('ERROR')).error.code).toBe('MALFORMED_MESSAGE');
  });

  it('keeps the business figures to members with view_analytics, as their role is now', async () => {
    const manager = await createSignedInUserWithOrg(t.app, { role: 'manager' });
    const socket = open({ cookie: manager.cookie });
    await socket.next('CONNECTED');
    const asked = ['outstanding', 'overdue', 'unreadNotifications'];
    socket.send({ type: 'REQUEST_REAL_TIME_DATA', metrics: asked });
    expect(await socket.next('REAL_TIME_DATA')).toMatchObject({
      denied: [],
      figures: {
        outstanding: { cents: 0 },
        overdue: { cents: 0, count: 0 },
        unreadNotifications: { count: 0 },
      },
    });

    // Made a viewer while the socket is open: the next answer has no business figure.
    await t.app.services.database.db
      .update(member)
      .set({ role: 'viewer' })
      .where(and(eq(member.userId, manager.user.id), eq(member.organizationId, manager.organizationId)));
    socket.send({ type: 'REQUEST_REAL_TIME_DATA', metrics: asked });
    const answer = await socket.next('REAL_TIME_DATA');
    expect(answer.denied.sort()).toEqual(['outstanding', 'overdue']);
    expect(answer.figures).toEqual({ unreadNotifications: { count: 0 } });
    expect(answer.date).toBeNull();

    // Without an organization only the user's own notifications are counted.
    const { cookie } = await signUp(t.app);
    const lone = open({ cookie });
    await lone.next('CONNECTED');
    lone.send({ type: 'REQUEST_REAL_TIME_DATA', metrics: ['invoicedToday', 'unreadNotifications'] });
    expect(await lone.next('REAL_TIME_DATA')).toMatchObject({
      organizationId: null,
      date: null,
      denied: ['invoicedToday'],
      figures: { unreadNotifications: { count: 0 } },
    });
  });

  it("pushes notifications only to the user's own sockets", async () => {
    const alice = await createSignedInUserWithOrg(t.app);
    const bruno = await createSignedInUserWithOrg(t.app);
    const aliceSocket = open({ cookie: alice.cookie });
    const brunoSocket = open({ cookie: bruno.cookie });
    for (const socket of [aliceSocket, brunoSocket]) {
      await socket.next('CONNECTED');
      socket.send({ type: 'SUBSCRIBE', channel: 'notifications' });
      await socket.next('SUBSCRIBED');
    }
    expect((await api(t.app, alice.cookie).post('/api/v1/notifications/test')).statusCode).toBe(202);
    await aliceSocket.next('NOTIFICATION');
    // Messages arrive in order: a heartbeat answered after the push proves nothing was pushed to Bruno.
    brunoSocket.send({ type: 'HEARTBEAT' });
    await brunoSocket.next('HEARTBEAT');
    expect(brunoSocket.received.filter((m) => m.type === 'NOTIFICATION')).toEqual([]);
  });

  it('honours a SUBSCRIBE sent as soon as the socket opens, as the web client does', async () => {
    // The web app sends SUBSCRIBE in `onopen`, before CONNECTED arrives; the server must not drop it.
    // A session lookup that takes 150 ms (a busy database) makes the race deterministic.
    const user = await createSignedInUserWithOrg(t.app);
    const authApi = t.app.services.auth.api as { getSession: (...args: unknown[]) => Promise<unknown> };
    const getSession = authApi.getSession;
    authApi.getSession = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return getSession(...args);
    };
    try {
      const socket = open({ cookie: user.cookie });
      socket.ws.on('open', () => socket.send({ type: 'SUBSCRIBE', channel: 'notifications' }));
      await socket.next('CONNECTED');
      expect(await socket.next('SUBSCRIBED', 1000)).toEqual({ type: 'SUBSCRIBED', channel: 'notifications' });
    } finally {
      authApi.getSession = getSession;
    }
  });

  it('accepts a user without an organization', async () => {
    const { cookie, user } = await signUp(t.app);
    const socket = open({ cookie });
    expect(await socket.next('CONNECTED')).toEqual({
      type: 'CONNECTED',
      userId: user.id,
      organizationId: null,
    });
  });

  it('words a refused frame in the language of the upgrade request, from the catalogue', async () => {
    const user = await createSignedInUserWithOrg(t.app);
    const socket = open({ cookie: user.cookie, 'accept-language': 'it-IT,it;q=0.9' });
    await socket.next('CONNECTED');
    socket.send({ type: 'SUBSCRIBE_REPORT', reportId: 'r1' });
    expect((await socket.next('ERROR')).error).toEqual({
      code: 'UNKNOWN_MESSAGE',
      message: 'Tipo di messaggio sconosciuto',
    });
    socket.close();
  });

  it('answers malformed and unknown messages with an error and keeps the connection open', async () => {
    const user = await createSignedInUserWithOrg(t.app);
    const socket = open({ cookie: user.cookie });
    await socket.next('CONNECTED');

    socket.send('{not json');
    expect(await socket.next('ERROR')).toEqual({
      type: 'ERROR',
      error: { code: 'MALFORMED_MESSAGE', message: expect.any(String) },
    });
    socket.send({ type: 'SUBSCRIBE', channel: 'no-such-channel' });
    expect((await socket.next('ERROR')).error.code).toBe('MALFORMED_MESSAGE');
    socket.send({ type: 'SUBSCRIBE_REPORT', reportId: 'r1' });
    expect(await socket.next('ERROR')).toEqual({
      type: 'ERROR',
      error: { code: 'UNKNOWN_MESSAGE', message: expect.any(String) },
    });

    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.send({ type: 'HEARTBEAT' });
    expect((await socket.next('HEARTBEAT')).type).toBe('HEARTBEAT');
  });

  it('stops pushing after UNSUBSCRIBE', async () => {
    const user = await createSignedInUserWithOrg(t.app);
    const socket = open({ cookie: user.cookie });
    const client = api(t.app, user.cookie);
    await socket.next('CONNECTED');
    socket.send({ type: 'SUBSCRIBE', channel: 'notifications' });
    await socket.next('SUBSCRIBED');
    expect((await client.post('/api/v1/notifications/test')).statusCode).toBe(202);
    await socket.next('NOTIFICATION');

    socket.send({ type: 'UNSUBSCRIBE', channel: 'notifications' });
    expect(await socket.next('UNSUBSCRIBED')).toEqual({ type: 'UNSUBSCRIBED', channel: 'notifications' });
    expect((await client.post('/api/v1/notifications/test')).statusCode).toBe(202);
    socket.send({ type: 'HEARTBEAT' });
    await socket.next('HEARTBEAT');
    expect(socket.received.filter((m) => m.type === 'NOTIFICATION')).toHaveLength(1);
  });

  it('a session whose user left its organization gets no topic of that organization', async () => {
    const user = await createSignedInUserWithOrg(t.app);
    await t.app.services.database.db
      .delete(member)
      .where(and(eq(member.userId, user.user.id), eq(member.organizationId, user.organizationId)));
    const socket = open({ cookie: user.cookie });
    expect(await socket.next('CONNECTED')).toEqual({
      type: 'CONNECTED',
      userId: user.user.id,
      organizationId: null,
    });
  });

  it("a member's open socket stops hearing the organization as soon as the member leaves it", async () => {
    const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    const socket = open({ cookie: viewer.cookie });
    expect((await socket.next('CONNECTED')).organizationId).toBe(viewer.organizationId);
    socket.send({ type: 'SUBSCRIBE', channel: 'notifications' });
    await socket.next('SUBSCRIBED');
    const orgNotice = (id: string): TServerMessage => ({
      type: 'NOTIFICATION',
      notification: {
        id,
        type: 'info',
        title: 'Team',
        message: id,
        timestamp: new Date().toISOString(),
        read: false,
      },
    });
    await t.app.services.hub.publish(topics.orgNotifications(viewer.organizationId), orgNotice('before'));
    expect((await socket.next('NOTIFICATION')).notification.id).toBe('before');

    expect((await api(t.app, viewer.cookie).post('/api/v1/organization/leave')).statusCode).toBe(204);
    await t.app.services.hub.publish(topics.orgNotifications(viewer.organizationId), orgNotice('after'));
    // Messages arrive in order: a heartbeat answered after the publish proves nothing more was pushed.
    socket.send({ type: 'HEARTBEAT' });
    await socket.next('HEARTBEAT');
    expect(socket.received.filter((m) => m.type === 'NOTIFICATION')).toHaveLength(1);
    // Notifications of the user still arrive.
    expect((await api(t.app, viewer.cookie).post('/api/v1/notifications/test')).statusCode).toBe(202);
    await socket.next('NOTIFICATION');
  });

  it('a session that signed out can no longer connect', async () => {
    const user = await createSignedInUserWithOrg(t.app);
    expect((await api(t.app, user.cookie).post('/api/auth/sign-out', {})).statusCode).toBe(200);
    const socket = open({ cookie: user.cookie });
    expect((await socket.closed).code).toBe(4401);
  });
});
