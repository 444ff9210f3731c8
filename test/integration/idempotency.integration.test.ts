import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TClientPage } from '@shared/clients/contracts.ts';
import type { TEvent } from '@shared/calendar/contracts.ts';
import { clientInput, eventInput } from '@server/seed/factories.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * Issue 18: a create sent again with its Idempotency-Key (the web's offline queue replaying an operation whose
 * answer was lost) answers the first record and makes no second one.
 */
describe.each(DATABASES)('idempotent creates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('the same client create twice makes one client and answers it both times', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const http = api(t.app, owner.cookie);
    const key = { 'idempotency-key': randomUUID() };
    const body = clientInput({ companyName: 'Bianchi Impianti S.r.l.' });
    const first = await http.post('/api/v1/clients', body, key);
    const again = await http.post('/api/v1/clients', body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json<TClient>().id).toBe(first.json<TClient>().id);
    const list = (await http.get('/api/v1/clients?q=Bianchi')).json<TClientPage>();
    expect(list.total).toBe(1);
    // Another key is another request: a second client.
    expect((await http.post('/api/v1/clients', body, { 'idempotency-key': randomUUID() })).statusCode).toBe(
      201,
    );
    expect((await http.get('/api/v1/clients?q=Bianchi')).json<TClientPage>().total).toBe(2);
  });

  it('the same event create twice makes one event; a key reused for another request or by another organization', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const other = await createSignedInUserWithOrg(t.app);
    const key = { 'idempotency-key': randomUUID() };
    const first = await api(t.app, owner.cookie).post('/api/v1/events', eventInput(), key);
    const again = await api(t.app, owner.cookie).post('/api/v1/events', eventInput(), key);
    expect(first.statusCode).toBe(201);
    expect(again.json<TEvent>().id).toBe(first.json<TEvent>().id);
    // The same key for a client of the same organization is another request: refused, nothing made.
    const misuse = await api(t.app, owner.cookie).post('/api/v1/clients', clientInput(), key);
    expect(misuse.statusCode).toBe(422);
    expect(misuse.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys belong to an organization: another one's same key is its own request.
    const theirs = await api(t.app, other.cookie).post('/api/v1/events', eventInput(), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<TEvent>().id).not.toBe(first.json<TEvent>().id);
    // A malformed key is the caller's mistake.
    const bad = await api(t.app, owner.cookie).post('/api/v1/events', eventInput(), {
      'idempotency-key': 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});
