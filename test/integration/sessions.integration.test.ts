import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { desc, eq } from 'drizzle-orm';
import { session } from '@server/db/schema/auth.ts';
import { auditLogs } from '@server/db/schema/security.ts';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  api,
  cookieFrom,
  createTestApp,
  signUp,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../helpers/test-app.ts';
import type { TAccountSession } from '@shared/security/account-contracts.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

/** A live-channel client that remembers what it received and how it was closed. */
function openSocket(url: string, cookie: string) {
  const ws = new WebSocket(url, { headers: { cookie, origin: ORIGIN } });
  const received: { type: string }[] = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data)) as { type: string }));
  ws.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const connected = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no CONNECTED')), 5000);
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'CONNECTED') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { ws, received, closed, connected };
}

describe.each(DATABASES)('account sessions on %s', (kind) => {
  let t: TestApp;
  let wsUrl: string;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    wsUrl = `ws://127.0.0.1:${port}/api/ws`;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t?.close();
  });

  const db = () => t.app.services.database.db;
  const auditOf = (userId: string) =>
    db().select().from(auditLogs).where(eq(auditLogs.userId, userId)).orderBy(desc(auditLogs.createdAt));

  /** Another sign-in of the same user, from the given browser. */
  async function signInFrom(email: string, userAgent: string): Promise<SignedIn> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'user-agent': userAgent },
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return { cookie: cookieFrom(response), user: response.json().user };
  }

  async function sessionsOf(cookie: string) {
    const response = await api(t.app, cookie).get('/api/v1/security/sessions');
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: TAccountSession[] }).items;
  }

  async function stepUp(cookie: string) {
    expect(
      (await api(t.app, cookie).post('/api/v1/security/step-up', { password: PASSWORD })).statusCode,
    ).toBe(200);
  }

  function watch(cookie: string) {
    const socket = openSocket(wsUrl, cookie);
    sockets.push(socket.ws);
    return socket;
  }

  it("lists the user's own sessions with device, browser, IP and the current one marked", async () => {
    const first = await signUp(t.app, { email: uniqueEmail('list') });
    const phone = await signInFrom(first.user.email, IPHONE_SAFARI);
    const laptop = await signInFrom(first.user.email, WINDOWS_FIREFOX);
    await signUp(t.app); // someone else's session never shows

    const items = await sessionsOf(phone.cookie);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({
      current: true,
      browser: 'Safari',
      os: 'iOS',
      deviceType: 'mobile',
      ipAddress: '127.0.0.1',
    });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items).toContainEqual(
      expect.objectContaining({ current: false, browser: 'Firefox', os: 'Windows', deviceType: 'desktop' }),
    );
    expect(Date.parse(items[0]!.lastActiveAt)).not.toBeNaN();
    // Never the tokens.
    const body = JSON.stringify(items);
    const tokens = await db()
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, first.user.id));
    for (const { token } of tokens) expect(body).not.toContain(token);
    expect((await sessionsOf(laptop.cookie)).find((s) => s.current)?.browser).toBe('Firefox');
  });

  it('revokes a session after a step-up: its next request is refused and its live channel closes', async () => {
    const owner = await signUp(t.app);
    const other = await signInFrom(owner.user.email, WINDOWS_FIREFOX);
    const socket = watch(other.cookie);
    await socket.connected;
    const target = (await sessionsOf(owner.cookie)).find((s) => !s.current)!;

    const refused = await api(t.app, owner.cookie).del(`/api/v1/security/sessions/${target.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      details: { action: 'revoke_sessions', preset: 'lax' },
    });
    expect((await api(t.app, other.cookie).get('/api/v1/security/sessions')).statusCode).toBe(200);

    await stepUp(owner.cookie);
    const revoked = await api(t.app, owner.cookie).del(`/api/v1/security/sessions/${target.id}`);
    expect(revoked.statusCode).toBe(204);

    expect(await socket.closed).toBe(4401);
    expect(socket.received.map((m) => m.type)).toContain('SESSION_REVOKED');
    const next = await api(t.app, other.cookie).get('/api/v1/security/sessions');
    expect(next.statusCode).toBe(401);
    expect(await sessionsOf(owner.cookie)).toHaveLength(1);

    const entry = (await auditOf(owner.user.id)).find((e) => e.action === 'session_revoked');
    expect(entry).toMatchObject({
      severity: 'MEDIUM',
      organizationId: null,
      details: { sessionId: target.id, current: false },
    });
  });

  it("cannot revoke another user's session", async () => {
    const me = await signUp(t.app);
    const stranger = await signUp(t.app);
    const [theirs] = await sessionsOf(stranger.cookie);
    await stepUp(me.cookie);

    const response = await api(t.app, me.cookie).del(`/api/v1/security/sessions/${theirs!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('SESSION_NOT_FOUND');
    expect((await api(t.app, stranger.cookie).get('/api/v1/security/sessions')).statusCode).toBe(200);
    const missing = await api(t.app, me.cookie).del('/api/v1/security/sessions/no-such-session');
    expect(missing.json().error.code).toBe('SESSION_NOT_FOUND');
  });

  it('revokes every other session, keeping this one', async () => {
    const main = await signUp(t.app);
    const phone = await signInFrom(main.user.email, IPHONE_SAFARI);
    const laptop = await signInFrom(main.user.email, WINDOWS_FIREFOX);
    const stranger = await signUp(t.app);
    const phoneSocket = watch(phone.cookie);
    const laptopSocket = watch(laptop.cookie);
    await Promise.all([phoneSocket.connected, laptopSocket.connected]);

    const refused = await api(t.app, main.cookie).post('/api/v1/security/sessions/revoke-others');
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    await stepUp(main.cookie);
    const done = await api(t.app, main.cookie).post('/api/v1/security/sessions/revoke-others');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ revoked: 2 });

    expect(await phoneSocket.closed).toBe(4401);
    expect(await laptopSocket.closed).toBe(4401);
    for (const cookie of [phone.cookie, laptop.cookie]) {
      expect((await api(t.app, cookie).get('/api/v1/security/sessions')).statusCode).toBe(401);
    }
    const left = await sessionsOf(main.cookie);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    expect((await api(t.app, stranger.cookie).get('/api/v1/security/sessions')).statusCode).toBe(200);

    const entry = (await auditOf(main.user.id)).find((e) => e.action === 'sessions_revoked_others');
    expect(entry).toMatchObject({ severity: 'MEDIUM', details: { count: 2 } });
  });

  it("refuses better-auth's own revoke paths, which would skip the step-up and the socket close", async () => {
    const owner = await signUp(t.app);
    const other = await signInFrom(owner.user.email, WINDOWS_FIREFOX);
    for (const path of [
      '/api/auth/revoke-session',
      '/api/auth/revoke-other-sessions',
      '/api/auth/revoke-sessions',
    ]) {
      const response = await api(t.app, owner.cookie).post(path, { token: 'x' });
      expect(response.statusCode, path).toBe(404);
    }
    expect((await api(t.app, other.cookie).get('/api/v1/security/sessions')).statusCode).toBe(200);
  });

  it('audits a sign-out with the session that ended', async () => {
    const user = await signUp(t.app);
    const [current] = await sessionsOf(user.cookie);
    const out = await api(t.app, user.cookie).post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    expect((await api(t.app, user.cookie).get('/api/v1/security/sessions')).statusCode).toBe(401);
    const entry = (await auditOf(user.user.id)).find((e) => e.action === 'sign_out');
    expect(entry).toMatchObject({ severity: 'LOW', details: { sessionId: current!.id } });
  });

  it('needs a signed-in user', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/security/sessions' });
    expect(anonymous.statusCode).toBe(401);
  });
});
