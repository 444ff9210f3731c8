import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { member, session } from '@server/db/schema/auth.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  type TestApp,
  createTestApp,
} from '../helpers/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The session token inside a signed session cookie (`name=token.signature`, URL-encoded). */
function tokenOf(cookie: string) {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1).split(';')[0]!);
  return value.slice(0, value.lastIndexOf('.'));
}

/**
 * The access guard reads session, user and role in one query and leaves expired sessions and sessions due for
 * their daily refresh to better-auth (platform/request-context.ts). These prove the quick path changes nothing a
 * client can see.
 */
describe.each(DATABASES)('access guard sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const sessionRow = async (token: string) => {
    const [row] = await t.app.services.database.db.select().from(session).where(eq(session.token, token));
    return row;
  };

  it('refuses a cookie whose signature does not match its token', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    expect((await api(t.app, owner.cookie).get('/api/v1/clients')).statusCode).toBe(200);
    const [name] = owner.cookie.split('=');
    const forged = `${name}=${encodeURIComponent(`${tokenOf(owner.cookie)}.${'A'.repeat(43)}=`)}`;
    const response = await api(t.app, forged).get('/api/v1/clients');
    expect(response.statusCode).toBe(401);
    const unsigned = `${name}=${tokenOf(owner.cookie)}`;
    expect((await api(t.app, unsigned).get('/api/v1/clients')).statusCode).toBe(401);
  });

  it('refuses an expired session and deletes it, as better-auth does', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const token = tokenOf(owner.cookie);
    await t.app.services.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await api(t.app, owner.cookie).get('/api/v1/clients')).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('extends a session due for its daily refresh, and answers', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const token = tokenOf(owner.cookie);
    const stale = new Date(Date.now() + 28 * DAY_MS); // 30-day sessions are refreshed after a day
    await t.app.services.database.db
      .update(session)
      .set({ expiresAt: stale })
      .where(eq(session.token, token));
    expect((await api(t.app, owner.cookie).get('/api/v1/clients')).statusCode).toBe(200);
    const row = await sessionRow(token);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('takes a changed role and a removed membership on the very next request', async () => {
    const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    const client = { type: 'person', fullName: 'Ada Lovelace' };
    expect((await api(t.app, viewer.cookie).post('/api/v1/clients', client)).statusCode).toBe(403);
    const mine = eq(member.userId, viewer.user.id); // the viewer's one membership
    await t.app.services.database.db.update(member).set({ role: 'manager' }).where(mine);
    expect((await api(t.app, viewer.cookie).post('/api/v1/clients', client)).statusCode).toBe(201);
    await t.app.services.database.db.delete(member).where(mine);
    const response = await api(t.app, viewer.cookie).get('/api/v1/clients');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'ORGANIZATION_REQUIRED' } });
  });
});
