import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@shared/auth/permissions.ts';
import { member as memberTable } from '@server/db/schema/auth.ts';
import { addMember, createOrganizationFor, createUser } from '@server/seed/factories.ts';
import {
  DATABASES,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  signUp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';
import type { TMe } from '@shared/organizations/contracts.ts';

const ORGANIZATION_REQUIRED = {
  error: { code: 'ORGANIZATION_REQUIRED', message: 'Choose or create an organization first' },
};
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Item not found' } };

describe.each(DATABASES)('organization context on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A user created on the server with the given number of organizations, then signed in. */
  async function userWithOrganizations(count: number) {
    const auth = t.app.services.auth;
    const email = uniqueEmail('multi');
    const created = await createUser(auth, { name: 'Multi Org', email, password: PASSWORD });
    const organizations: string[] = [];
    for (let i = 0; i < count; i++) {
      const owner = await createUser(auth, {
        name: 'Owner',
        email: uniqueEmail('owner'),
        password: PASSWORD,
      });
      const org = await createOrganizationFor(auth, { userId: owner.id, name: `Azienda ${i + 1}` });
      await addMember(auth, {
        userId: created.id,
        organizationId: org.id,
        role: i === 0 ? 'manager' : 'viewer',
      });
      organizations.push(org.id);
    }
    const signed = await signIn(t.app, email);
    return { ...signed, organizations };
  }

  it('a new user has no organization and /api/v1 answers 409 ORGANIZATION_REQUIRED', async () => {
    const { cookie } = await signUp(t.app);
    const client = api(t.app, cookie);
    const me = await client.get('/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      organizations: [],
      activeOrganizationId: null,
      role: null,
      permissions: [],
    });
    const outbox = await client.get('/api/v1/outbox');
    expect(outbox.statusCode).toBe(409);
    expect(outbox.json()).toEqual(ORGANIZATION_REQUIRED);
    const members = await client.get('/api/v1/organization/members');
    expect(members.statusCode).toBe(409);
    expect(members.json()).toEqual(ORGANIZATION_REQUIRED);
  });

  it('creating an organization makes the creator super_admin and the organization active', async () => {
    const { cookie, user } = await signUp(t.app);
    const client = api(t.app, cookie);
    const created = await client.post('/api/v1/organizations', { name: 'Officina Bianchi S.r.l.' });
    expect(created.statusCode).toBe(201);
    const org = created.json() as { id: string; name: string; slug: string; role: string };
    expect(org).toEqual({
      id: expect.any(String),
      name: 'Officina Bianchi S.r.l.',
      slug: expect.stringMatching(/^officina-bianchi-s-r-l-[0-9a-f]{6}$/),
      role: 'super_admin',
    });
    const me = (await client.get('/api/v1/me')).json() as TMe;
    expect(me.user.id).toBe(user.id);
    expect(me.organizations).toEqual([org]);
    expect(me.activeOrganizationId).toBe(org.id);
    expect(me.role).toBe('super_admin');
    expect([...me.permissions].sort()).toEqual([...PERMISSIONS].sort());
    // The organization scope now works on the same session.
    const outbox = await client.get('/api/v1/outbox');
    expect(outbox.statusCode).toBe(200);
    const members = await client.get('/api/v1/organization/members');
    expect(members.statusCode).toBe(200);
    expect(members.json()).toMatchObject({
      total: 1,
      items: [{ userId: user.id, role: 'super_admin' }],
    });
  });

  it('refuses an organization name that is too short', async () => {
    const { cookie } = await signUp(t.app);
    const response = await api(t.app, cookie).post('/api/v1/organizations', { name: ' x ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('selects the only organization automatically on sign-in', async () => {
    const { cookie, organizations } = await userWithOrganizations(1);
    const client = api(t.app, cookie);
    // An organization route works straight away: the session itself carries the organization.
    const outbox = await client.get('/api/v1/outbox');
    expect(outbox.statusCode).toBe(200);
    const me = (await client.get('/api/v1/me')).json() as TMe;
    expect(me.activeOrganizationId).toBe(organizations[0]);
    expect(me.role).toBe('manager');
    expect(me.permissions).toContain('view_users');
    expect(me.permissions).not.toContain('manage_users');
  });

  it('with several organizations none is active until the user chooses one', async () => {
    const { cookie, organizations } = await userWithOrganizations(2);
    const client = api(t.app, cookie);
    const outbox = await client.get('/api/v1/outbox');
    expect(outbox.statusCode).toBe(409);
    expect(outbox.json()).toEqual(ORGANIZATION_REQUIRED);
    const me = (await client.get('/api/v1/me')).json() as TMe;
    expect(me.activeOrganizationId).toBeNull();
    expect(me.role).toBeNull();
    expect(me.permissions).toEqual([]);
    expect(me.organizations.map((o) => o.id).sort()).toEqual([...organizations].sort());
    expect(Object.fromEntries(me.organizations.map((o) => [o.id, o.role]))).toEqual({
      [organizations[0]!]: 'manager',
      [organizations[1]!]: 'viewer',
    });

    const chosen = await client.put('/api/v1/organizations/active', { organizationId: organizations[1] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ activeOrganizationId: organizations[1], role: 'viewer' });
    expect((await client.get('/api/v1/outbox')).statusCode).toBe(200);
    // The choice is stored in the session.
    expect(((await client.get('/api/v1/me')).json() as TMe).activeOrganizationId).toBe(organizations[1]);
    // A viewer cannot list members; switching back to the manager membership can.
    expect((await client.get('/api/v1/organization/members')).statusCode).toBe(403);
    await client.put('/api/v1/organizations/active', { organizationId: organizations[0] });
    expect((await client.get('/api/v1/organization/members')).statusCode).toBe(200);
  });

  it('refuses to activate an organization the user is not a member of with 404', async () => {
    const other = await createSignedInUserWithOrg(t.app);
    const me = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, me.cookie);
    const response = await client.put('/api/v1/organizations/active', {
      organizationId: other.organizationId,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    const unknown = await client.put('/api/v1/organizations/active', { organizationId: 'does-not-exist' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);
    // The active organization did not change.
    expect(((await client.get('/api/v1/me')).json() as TMe).activeOrganizationId).toBe(me.organizationId);
  });

  it('a user removed from the active organization gets ORGANIZATION_REQUIRED, not its data', async () => {
    const member = await createSignedInUserWithOrg(t.app, { role: 'admin' });
    const client = api(t.app, member.cookie);
    expect((await client.get('/api/v1/outbox')).statusCode).toBe(200);
    await t.app.services.database.db.delete(memberTable).where(eq(memberTable.userId, member.user.id));
    const response = await client.get('/api/v1/outbox');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(ORGANIZATION_REQUIRED);
  });
});
