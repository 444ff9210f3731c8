import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { member } from '@server/db/schema/auth.ts';
import {
  DATABASES,
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

const INTERNAL = { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Item not found' } };
const SECRET_SQL = 'select * from secret where password_hash is not null';

describe.each(DATABASES)('error answers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.app.services.database.db;
    // buildApp returns an app that is not ready yet: throwaway routes can still be added.
    const open = { config: { access: 'public' as const } };
    t.app.get('/api/v1/__test/throw', open, async () => {
      throw new Error(`${SECRET_SQL} failed at /srv/app/src/server/secret.ts:12`);
    });
    t.app.get('/api/v1/__test/bad-sql', open, async () => {
      await db.execute(sql.raw('select * from secret_table_that_does_not_exist'));
      return { ok: true };
    });
    // Behind validation, a value the database refuses (a NUL byte) is still the caller's input: 400, not 500.
    t.app.get('/api/v1/__test/nul-into-sql', open, async () => {
      await db.execute(sql`select ${'a\u0000b'}::text as value`);
      return { ok: true };
    });
    t.app.post<{ Body: { organizationId: string; userId: string } }>(
      '/api/v1/__test/members',
      open,
      async (request) => {
        await db.insert(member).values({
          id: randomUUID(),
          organizationId: request.body.organizationId,
          userId: request.body.userId,
          role: 'user',
        });
        return { ok: true };
      },
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('maps a value the database cannot hold (SQLSTATE class 22) to 400, never 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/__test/nul-into-sql' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Some fields are not valid' },
    });
  });

  it('answers an unknown /api/v1 path with 404 NOT_FOUND in JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(NOT_FOUND);
    const signedIn = await createSignedInUserWithOrg(t.app);
    const post = await api(t.app, signedIn.cookie).post('/api/v1/nothing/here', { a: 1 });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual(NOT_FOUND);
    const italian = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'it' },
    });
    expect(italian.statusCode).toBe(404);
    expect(italian.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Elemento non trovato' } });
  });

  it('answers an invalid body with 400 VALIDATION_ERROR and the field details', async () => {
    const { cookie } = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, cookie);
    for (const body of [{ name: 'x' }, {}, { name: 42 }]) {
      const response = await client.post('/api/v1/organizations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const json = response.json() as {
        error: { code: string; message: string; details: { path: string }[] };
      };
      expect(json.error.code).toBe('VALIDATION_ERROR');
      expect(json.error.message).toBe('Some fields are not valid');
      expect(json.error.details).toEqual([
        expect.objectContaining({ path: 'name', message: expect.any(String) }),
      ]);
    }
  });

  it('answers a body that is not JSON with 400 VALIDATION_ERROR', async () => {
    const { cookie } = await createSignedInUserWithOrg(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('answers a body that is not JSON in the language asked for, like every other error', async () => {
    const { cookie } = await createSignedInUserWithOrg(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json', 'accept-language': 'it' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: 'Alcuni campi non sono validi' },
    });
  });

  it('answers an unexpected error with a bare 500: no message, stack or SQL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/__test/throw' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(INTERNAL);
    for (const leak of ['select', 'secret', 'password', '.ts:', 'stack', '/srv/']) {
      expect(response.body.toLowerCase()).not.toContain(leak);
    }
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers a failing query with a bare 500 that shows no SQL', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/__test/bad-sql',
      headers: { 'accept-language': 'it' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Si è verificato un errore imprevisto' },
    });
    expect(response.body).not.toContain('secret_table');
    expect(response.body).not.toContain('select');
  });

  it('maps a unique violation to 409 ALREADY_EXISTS "This item already exists"', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/members',
      headers: { origin: ORIGIN },
      payload: { organizationId: owner.organizationId, userId: owner.user.id },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'ALREADY_EXISTS', message: 'This item already exists' },
    });
    expect(response.body).not.toContain('member_org_user_uq');
  });

  it('maps a foreign-key violation to 409 IN_USE "Cannot delete: item is in use"', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__test/members',
      headers: { origin: ORIGIN, 'accept-language': 'en-GB' },
      payload: { organizationId: 'no-such-organization', userId: owner.user.id },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'IN_USE', message: 'Cannot delete: item is in use' } });
  });
});
