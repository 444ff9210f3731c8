import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  api,
  cookieFrom,
  createTestApp,
  signInRequest,
  signUp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';

const UNAUTHENTICATED = { error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' } };
const ORIGIN_REJECTED = { error: { code: 'ORIGIN_REJECTED', message: 'Request origin not allowed' } };
const PASSWORD_POLICY = {
  code: 'PASSWORD_POLICY',
  message: 'Password must have at least 10 characters, a letter and a number',
};

describe.each(DATABASES)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signUpRequest = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: body,
    });

  it('signs up with name, e-mail and password and starts a session', async () => {
    const email = uniqueEmail('new');
    const response = await signUpRequest({ name: 'Anna Verdi', email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { user: { id: string; name: string; email: string } };
    expect(body.user).toMatchObject({ name: 'Anna Verdi', email });
    expect(response.body).not.toContain(PASSWORD);
    const cookie = cookieFrom(response);
    const me = await api(t.app, cookie).get('/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: body.user.id, name: 'Anna Verdi', email },
      organizations: [],
      activeOrganizationId: null,
      role: null,
      permissions: [],
    });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const response = await signUpRequest({ name: 'Cookie', email: uniqueEmail(), password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const raw = response.headers['set-cookie'];
    const cookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const session = cookies.find((c) => c.startsWith('gestionale.session_token='));
    expect(session, 'session cookie').toBeDefined();
    const attributes = session!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
  });

  it('signs in with the right password', async () => {
    const { user } = await signUp(t.app);
    const response = await signInRequest(t.app, user.email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { user: { id: string } }).user.id).toBe(user.id);
    const me = await api(t.app, cookieFrom(response)).get('/api/v1/me');
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and reveals nothing about the account', async () => {
    const { user } = await signUp(t.app);
    const wrong = await signInRequest(t.app, user.email, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // An unknown e-mail answers exactly the same: the answer does not tell which accounts exist.
    const unknown = await signInRequest(t.app, uniqueEmail('nobody'), 'Wrong-password-1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('signs out and the session no longer works', async () => {
    const { cookie } = await signUp(t.app);
    const client = api(t.app, cookie);
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);
    const out = await client.post('/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    const cleared = [out.headers['set-cookie'] ?? []].flat();
    expect(cleared.some((c) => /^gestionale\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    // The old cookie is dead on the server, not only removed from the browser.
    const me = await client.get('/api/v1/me');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(UNAUTHENTICATED);
  });

  it('tells the web who is signed in without an error: 200 with null when nobody is', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ me: null });
    const forged = await api(t.app, 'gestionale.session_token=forged.signature').get('/api/v1/session');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ me: null });
    const { cookie, user } = await signUp(t.app);
    const session = await api(t.app, cookie).get('/api/v1/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().me).toEqual((await api(t.app, cookie).get('/api/v1/me')).json());
    expect(session.json().me.user.email).toBe(user.email);
  });

  it('answers 401 UNAUTHENTICATED without a session or with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(UNAUTHENTICATED);
    const forged = await api(t.app, 'gestionale.session_token=forged.signature').get('/api/v1/me');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(UNAUTHENTICATED);
  });

  it.each([
    ['too short', 'Short1'],
    ['without a digit', 'no-digits-here'],
    ['without a letter', '1234567890123'],
  ])('enforces the password policy on the server: %s → 400', async (_label, password) => {
    const email = uniqueEmail('weak');
    const response = await signUpRequest({ name: 'Weak', email, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(PASSWORD_POLICY);
    expect(response.headers['set-cookie']).toBeUndefined();
    // No account was created: the address is still free.
    const retry = await signUpRequest({ name: 'Weak', email, password: PASSWORD });
    expect(retry.statusCode).toBe(200);
  });

  it('refuses a second account with the same e-mail', async () => {
    const email = uniqueEmail('twice');
    expect((await signUpRequest({ name: 'First', email, password: PASSWORD })).statusCode).toBe(200);
    const again = await signUpRequest({ name: 'Second', email, password: 'Another-pass-99' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
    expect(again.headers['set-cookie']).toBeUndefined();
    // Same address in other case is the same account.
    const upper = await signUpRequest({ name: 'Third', email: email.toUpperCase(), password: PASSWORD });
    expect(upper.statusCode).toBe(422);
    // The first password still works, the second never did.
    expect((await signInRequest(t.app, email, PASSWORD)).statusCode).toBe(200);
    expect((await signInRequest(t.app, email, 'Another-pass-99')).statusCode).toBe(401);
  });

  it('refuses a state-changing request with a cookie but no Origin', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: { cookie },
      payload: { name: 'No Origin S.r.l.' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(ORIGIN_REJECTED);
    // Nothing was created.
    const me = await api(t.app, cookie).get('/api/v1/me');
    expect((me.json() as { organizations: unknown[] }).organizations).toEqual([]);
  });

  it('refuses a state-changing request from a foreign Origin, even without a cookie', async () => {
    const { cookie } = await signUp(t.app);
    const withCookie = await api(t.app, cookie).post(
      '/api/v1/organizations',
      { name: 'Evil S.r.l.' },
      { origin: 'https://evil.example' },
    );
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json()).toEqual(ORIGIN_REJECTED);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: uniqueEmail(), password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual(ORIGIN_REJECTED);
  });

  it('lets safe requests through without an Origin', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});
