import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';

describe.each(DATABASES)('tenancy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("another organization's outbox message answers 404", async () => {
    await expectOtherOrganizationGets404(t.app, {
      path: (id) => `/api/v1/outbox/${id}`,
      createInOrgA: ({ app, organizationId, owner }) =>
        app.services.mail.send(
          { to: 'cliente@example.test', subject: 'Preventivo 12/2026', text: 'Riservato' },
          { organizationId, userId: owner.user.id },
        ),
    });
  });

  it('an unknown outbox id answers 404 and a malformed one 400', async () => {
    const { cookie } = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, cookie);
    const unknown = await client.get('/api/v1/outbox/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Item not found' } });
    const malformed = await client.get('/api/v1/outbox/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it("the outbox list of organization B never contains organization A's messages", async () => {
    const a = await createSignedInUserWithOrg(t.app);
    const b = await createSignedInUserWithOrg(t.app);
    const idA = await t.app.services.mail.send(
      { to: 'someone@example.test', subject: 'Only for A', text: 'A' },
      { organizationId: a.organizationId },
    );
    const idB = await t.app.services.mail.send(
      { to: 'someone@example.test', subject: 'Only for B', text: 'B' },
      { organizationId: b.organizationId },
    );
    const listA = (await api(t.app, a.cookie).get('/api/v1/outbox')).json() as { items: { id: string }[] };
    const listB = (await api(t.app, b.cookie).get('/api/v1/outbox')).json() as { items: { id: string }[] };
    expect(listA.items.map((i) => i.id)).toEqual([idA]);
    expect(listB.items.map((i) => i.id)).toEqual([idB]);
  });

  it('system mail addressed to another user stays invisible', async () => {
    const a = await createSignedInUserWithOrg(t.app);
    const b = await createSignedInUserWithOrg(t.app);
    const id = await t.app.services.mail.send({ to: a.user.email, subject: 'Personal', text: 'for A only' });
    expect((await api(t.app, a.cookie).get(`/api/v1/outbox/${id}`)).statusCode).toBe(200);
    expect((await api(t.app, b.cookie).get(`/api/v1/outbox/${id}`)).statusCode).toBe(404);
  });

  it('the members list of organization A never shows members of organization B', async () => {
    const a = await createSignedInUserWithOrg(t.app, { role: 'manager', name: 'Alice Manager' });
    const b = await createSignedInUserWithOrg(t.app, { role: 'admin', name: 'Bruno Admin' });
    const membersOf = async (cookie: string) => {
      const response = await api(t.app, cookie).get('/api/v1/organization/members?pageSize=100');
      expect(response.statusCode).toBe(200);
      return response.json() as { items: { userId: string }[]; total: number };
    };
    const listA = await membersOf(a.cookie);
    const listB = await membersOf(b.cookie);
    expect(listA.items.map((m) => m.userId).sort()).toEqual([a.user.id, a.ownerId].sort());
    expect(listA.total).toBe(2);
    expect(listB.items.map((m) => m.userId).sort()).toEqual([b.user.id, b.ownerId].sort());
    expect(listB.total).toBe(2);
  });
});
