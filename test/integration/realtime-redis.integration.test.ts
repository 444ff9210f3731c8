import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { notifyOrganization, notifyUser } from '@server/modules/notifications/index.ts';
import { testDatabaseUrl } from '@server/platform/config.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { api, createSignedInUserWithOrg, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 18, "Live updates on every instance": two app instances on one PostgreSQL database, both with REDIS_URL.
 * Events raised on instance B reach the sockets of their user (and organization) on instance A, and no one else's.
 * Needs the machine's Redis at 127.0.0.1:6379 (as CI has) and TEST_DATABASE_URL; skipped, saying why, otherwise.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at the address, within half a second. */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const redisUp = await redisAnswers();
const skipReason = !testDatabaseUrl()
  ? 'TEST_DATABASE_URL is not set (two instances need one PostgreSQL)'
  : !redisUp
    ? `no Redis answers at ${REDIS_URL}`
    : null;
if (skipReason) console.warn(`[realtime-redis] skipped: ${skipReason}`);

/** A socket recording every message; next() waits for the first one matching after the last returned. */
function liveSocket(url: string, cookie: string) {
  const ws = new WebSocket(url, { headers: { cookie } });
  const received: TServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(JSON.parse(String(data)) as TServerMessage);
    for (const w of waiters) w();
  });
  ws.on('error', () => undefined);
  return {
    ws,
    received,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    next(test: (m: TServerMessage) => boolean, timeoutMs = 3000): Promise<TServerMessage> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(test);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`not received within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

describe.skipIf(skipReason !== null)('live updates across two instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    // One deployment: one database, one secret, one Redis namespace (its own, so parallel files never cross).
    const redis = { url: REDIS_URL, channelPrefix: `test:${randomBytes(6).toString('hex')}:` };
    const authSecret = randomBytes(32).toString('hex');
    a = await createTestApp('postgres', { redis, authSecret });
    b = await createTestApp('postgres', { redis, authSecret }, { sharedDatabaseUrl: a.config.databaseUrl });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `ws://127.0.0.1:${(a.app.server.address() as AddressInfo).port}/api/ws`;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await b?.close();
    await a?.close();
  });

  async function connectOnA(cookie: string) {
    const socket = liveSocket(urlA, cookie);
    sockets.push(socket.ws);
    await socket.next((m) => m.type === 'CONNECTED');
    socket.send({ type: 'SUBSCRIBE', channel: 'notifications' });
    socket.send({ type: 'SUBSCRIBE', channel: 'mail' });
    await socket.next((m) => m.type === 'SUBSCRIBED' && m.channel === 'mail');
    return socket;
  }

  it('a user on instance A hears a notification and a new mail raised on instance B; another organization does not', async () => {
    const user = await createSignedInUserWithOrg(a.app);
    const stranger = await createSignedInUserWithOrg(a.app);
    const mine = await connectOnA(user.cookie);
    const theirs = await connectOnA(stranger.cookie);
    const depsB = { db: b.app.services.database.db, hub: b.app.services.hub };

    const personal = await notifyUser(depsB, {
      userId: user.user.id,
      orgId: user.organizationId,
      type: 'info',
      title: 'Da B',
      message: 'Per te soltanto',
    });
    const toOrg = await notifyOrganization(depsB, {
      orgId: user.organizationId,
      type: 'success',
      title: 'Da B',
      message: 'Per la tua organizzazione',
    });
    // The app's own mail sent on the user's behalf on B: filed in the user's Sent and announced (email:new).
    await b.app.services.mail.send(
      { to: 'cliente@example.test', subject: 'Fattura 7/2026 da B', text: 'In allegato.' },
      { organizationId: user.organizationId, userId: user.user.id },
    );

    const ids = (m: TServerMessage) => (m.type === 'NOTIFICATION' ? m.notification.id : null);
    await mine.next((m) => ids(m) === personal.id);
    await mine.next((m) => ids(m) === toOrg.id);
    const mail = await mine.next((m) => m.type === 'email:new');
    expect(mail).toMatchObject({ type: 'email:new', email: { subject: 'Fattura 7/2026 da B' } });
    // The same data on both: the bell A shows has what B stored.
    const bell = (await api(a.app, user.cookie).get('/api/v1/notifications')).json() as {
      items: { id: string }[];
    };
    expect(bell.items.map((n) => n.id)).toEqual(expect.arrayContaining([personal.id, toOrg.id]));

    // A later event for the stranger on B arrives, so the earlier ones had time to arrive too: they did not.
    const ownNews = await notifyUser(depsB, {
      userId: stranger.user.id,
      type: 'info',
      title: 'Da B',
      message: 'Per l’altro utente',
    });
    await theirs.next((m) => ids(m) === ownNews.id);
    expect(theirs.received.filter((m) => m.type === 'NOTIFICATION').map(ids)).toEqual([ownNews.id]);
    expect(theirs.received.some((m) => m.type.startsWith('email:'))).toBe(false);
  });
});
