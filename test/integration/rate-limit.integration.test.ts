import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  createTestApp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';

const LIMIT = 3;
const RATE_LIMITED = {
  error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait and try again.' },
};

describe.each(DATABASES)('auth rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { authRateLimit: { max: LIMIT, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...extra }, payload });

  async function expectLimited(url: string, payload: () => object) {
    for (let i = 1; i <= LIMIT; i++) {
      const response = await post(url, payload());
      expect(response.statusCode, `attempt ${i}`).not.toBe(429);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - i));
    }
    const blocked = await post(url, payload());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    return blocked;
  }

  it('blocks the 4th sign-in attempt with 429 and Retry-After', async () => {
    await expectLimited('/api/auth/sign-in/email', () => ({
      email: uniqueEmail(),
      password: 'Wrong-pass-1',
    }));
  });

  it('blocks the 4th sign-up with 429 and Retry-After', async () => {
    await expectLimited('/api/auth/sign-up/email', () => ({
      name: 'Rate',
      email: uniqueEmail('rate'),
      password: PASSWORD,
    }));
  });

  it('blocks the 4th password reset request with 429 and Retry-After', async () => {
    await expectLimited('/api/auth/request-password-reset', () => ({
      email: uniqueEmail('reset'),
      redirectTo: '/login',
    }));
  });

  it('blocks the 4th password reset with 429 and Retry-After', async () => {
    await expectLimited('/api/auth/reset-password', () => ({ newPassword: PASSWORD, token: 'not-a-token' }));
  });

  it('cannot be side-stepped with another spelling of the sign-in path', async () => {
    // The limit of sign-in is used up by the first test; variants must not reach the password check.
    for (const url of [
      '/api/auth/sign-in/email?again=1',
      '/api/auth/./sign-in/email',
      '/api/auth/sign-in/%65mail',
      '/api/auth/sign-in/email/',
      '/api/auth//sign-in/email',
      '/api/auth/SIGN-IN/email',
    ]) {
      const response = await post(url, { email: uniqueEmail(), password: 'Wrong-pass-1' });
      expect([404, 429], url).toContain(response.statusCode);
    }
  });

  it('answers the 429 in Italian when asked', async () => {
    const response = await post(
      '/api/auth/sign-in/email',
      { email: uniqueEmail(), password: 'Wrong-pass-1' },
      { 'accept-language': 'it' },
    );
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Troppe richieste. Attendi e riprova.' },
    });
  });

  it('does not limit the rest of the API', async () => {
    for (let i = 0; i < LIMIT + 2; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    }
  });
});
