import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * Issue 12 §1, §2 and §20: the path is routed, guarded and rate limited as the handler reads it; a control
 * character no field may hold is refused with a translated 400 everywhere; only /api/… belongs to the API.
 * Requests go over a real socket: app.inject would resolve dot segments itself before Fastify saw them.
 */
const MEMBER_LIST_VARIANTS = [
  '/api/auth/./organization/list-members',
  '/api/auth/x/../organization/list-members',
  '/api/auth/%2e/organization/list-members',
  '/api/auth/%2E%2e/auth/organization/list-members',
  '/api/auth/.%2e/auth/organization/list-members',
  '/api/x/../auth/organization/list-members',
  '/api/auth//organization/list-members',
  '/api/auth\\organization/list-members',
  '/api/auth/organization%2Flist-members',
  '/api/auth/organization%5clist-members',
  '/api/auth/organization/list-members/',
];

describe.each(DATABASES)('request paths and text input on %s', (kind) => {
  let t: TestApp;
  let port = 0;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestionale-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>app</title><div id="root"></div>',
    );
    t = await createTestApp(kind, { authRateLimit: { max: 3, windowMs: 60_000 }, webDistDir: webDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  /** The path goes on the wire exactly as written. */
  function raw(method: string, urlPath: string, headers: Record<string, string>, body?: unknown) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path: urlPath,
            headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      },
    );
  }

  it('never lets a spelling of a path reach an endpoint that the plain path blocks', async () => {
    const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    const plain = await raw('GET', '/api/auth/organization/list-members', {
      origin: ORIGIN,
      cookie: viewer.cookie,
    });
    expect(plain.status).toBe(404);
    for (const variant of MEMBER_LIST_VARIANTS) {
      const response = await raw('GET', variant, { origin: ORIGIN, cookie: viewer.cookie });
      expect([400, 404], variant).toContain(response.status);
      expect(response.body, variant).not.toContain(viewer.user.email);
    }
  });

  it('counts every spelling of the sign-in path against the same rate limit', async () => {
    const attempt = (urlPath: string) =>
      raw('POST', urlPath, { origin: ORIGIN }, { email: uniqueEmail(), password: 'Wrong-pass-1' });
    const spellings = [
      '/api/auth/./sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/email',
    ];
    const statuses = [];
    for (const spelling of spellings) statuses.push((await attempt(spelling)).status);
    // The limit is 3 per address (the other tests here signed in once too): the last two are always over it.
    expect(statuses.slice(0, 3).every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('refuses a NUL or another control character in any text field, query or path parameter with a translated 400', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, owner.cookie);
    const body = await client.post('/api/v1/clients', { type: 'person', fullName: 'a\u0000b' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        details: [
          {
            path: 'fullName',
            key: 'validation.controlCharacter',
            message: 'Contains an invisible control character that is not allowed: remove it',
          },
        ],
      },
    });
    const italian = await client.post(
      '/api/v1/clients',
      { type: 'person', fullName: 'Mario', notes: 'x\u0007' },
      { 'accept-language': 'it' },
    );
    expect(italian.statusCode).toBe(400);
    expect(italian.json().error.details[0].message).toBe(
      'Contiene un carattere di controllo invisibile non consentito: rimuovilo',
    );
    const query = await raw('GET', '/api/v1/invoices?q=%00', { origin: ORIGIN, cookie: owner.cookie });
    expect(query.status).toBe(400);
    expect(JSON.parse(query.body).error.details[0].path).toBe('query.q');
    const param = await raw('GET', '/api/v1/clients/abc%00', { origin: ORIGIN, cookie: owner.cookie });
    expect(param.status).toBe(400);
    // Public answers, without a session.
    const rsvp = await raw(
      'POST',
      '/api/public/rsvp/some-token',
      { origin: ORIGIN },
      { response: 'yes', message: 'a\u0000' },
    );
    expect(rsvp.status).toBe(400);
    const quote = await raw(
      'POST',
      '/api/public/quotes/some-token/respond',
      { origin: ORIGIN },
      { response: 'accepted', message: '\u0000' },
    );
    expect(quote.status).toBe(400);
    // Sign-up goes to better-auth: refused before it too.
    const signUp = await raw(
      'POST',
      '/api/auth/sign-up/email',
      { origin: ORIGIN },
      {
        name: 'N\u0000',
        email: uniqueEmail(),
        password: 'Correct-horse-42',
      },
    );
    expect(signUp.status).toBe(400);
    // Line breaks and tabs stay allowed.
    const fine = await client.post('/api/v1/clients', {
      type: 'person',
      fullName: 'Anna Neri',
      notes: 'a\n\tb\r\n',
    });
    expect(fine.statusCode).toBe(201);
  });

  it('serves the app for every page path, /api-reference included, and JSON only under /api/', async () => {
    for (const page of ['/api-reference', '/dashboard', '/apiary']) {
      const response = await raw('GET', page, {});
      expect(response.status, page).toBe(200);
      expect(response.headers['content-type'], page).toMatch(/^text\/html/);
    }
    for (const apiPath of ['/api', '/api/nothing', '/api/v1/nothing']) {
      const response = await raw('GET', apiPath, {});
      expect(response.status, apiPath).toBe(404);
      expect(response.headers['content-type'], apiPath).toMatch(/^application\/json/);
    }
  });
});

describe('API requests on PGlite under many connections', () => {
  it('answers every request and frees every admission slot, aborted ones included', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      const owner = await createSignedInUserWithOrg(t.app);
      const base = `http://127.0.0.1:${port}`;
      const aborted = Array.from({ length: 10 }, () => {
        const controller = new AbortController();
        const request = fetch(`${base}/api/v1/clients`, {
          headers: { cookie: owner.cookie, origin: ORIGIN },
          signal: controller.signal,
        }).catch(() => 'aborted');
        setTimeout(() => controller.abort(), 1);
        return request;
      });
      const statuses = await Promise.all(
        Array.from({ length: 60 }, () =>
          fetch(`${base}/api/v1/clients`, { headers: { cookie: owner.cookie, origin: ORIGIN } }).then(
            (r) => r.status,
          ),
        ),
      );
      await Promise.all(aborted);
      expect(statuses.every((s) => s === 200)).toBe(true);
      // Every slot is back: a request after the burst is answered at once.
      const after = await api(t.app, owner.cookie).get('/api/v1/clients');
      expect(after.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
