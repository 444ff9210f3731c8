import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { member } from '@server/db/schema/auth.ts';
import { notifyOrganization, notifyUser } from '@server/modules/notifications/service.ts';
import { addMember } from '@server/seed/factories.ts';
import { MAX_NOTIFICATIONS } from '@shared/notifications/rules.ts';
import type { TNotification } from '@shared/realtime/messages.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signUp,
  type TestApp,
} from '../helpers/test-app.ts';

/** Notifications are stored on the server: the bell of a user who was signed out is not empty. */
describe.each(DATABASES)('stored notifications on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deps = () => ({ db: t.app.services.database.db, hub: t.app.services.hub });
  const bell = async (cookie: string) => {
    const response = await api(t.app, cookie).get('/api/v1/notifications');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: TNotification[] }).items;
  };

  it('keeps what arrived while nobody was connected, for every member, scoped to the organization', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const colleague = await signUp(t.app, { name: 'Collega' });
    await addMember(t.app.services.auth, {
      userId: colleague.user.id,
      organizationId: owner.organizationId,
      role: 'user',
    });
    const active = await api(t.app, colleague.cookie).put('/api/v1/organizations/active', {
      organizationId: owner.organizationId,
    });
    expect(active.statusCode, active.body).toBe(200);
    const stranger = await createSignedInUserWithOrg(t.app);

    const sent = await notifyOrganization(deps(), {
      orgId: owner.organizationId,
      type: 'success',
      title: 'Preventivo 4/2026 accettato',
      message: 'Bianchi ha accettato.',
      data: { url: '/quotes/q1' },
    });
    const mine = await bell(owner.cookie);
    expect(mine).toEqual([
      {
        id: sent.id,
        type: 'success',
        title: 'Preventivo 4/2026 accettato',
        message: 'Bianchi ha accettato.',
        timestamp: sent.timestamp,
        read: false,
        data: { url: '/quotes/q1' },
      },
    ]);
    // Another organization sees nothing of it.
    expect(await bell(stranger.cookie)).toEqual([]);

    // Each member reads and removes their own copy.
    const read = await api(t.app, owner.cookie).post('/api/v1/notifications/read', { ids: [sent.id] });
    expect(read.statusCode).toBe(204);
    expect((await bell(owner.cookie))[0]).toMatchObject({ id: sent.id, read: true });
    expect(await bell(colleague.cookie)).toEqual([expect.objectContaining({ id: sent.id, read: false })]);
    // The stranger cannot touch it.
    await api(t.app, stranger.cookie).post('/api/v1/notifications/remove', { ids: [sent.id] });
    expect(await bell(owner.cookie)).toHaveLength(1);
    await api(t.app, owner.cookie).post('/api/v1/notifications/remove', { ids: [sent.id] });
    expect(await bell(owner.cookie)).toEqual([]);

    // A member who leaves no longer sees the organization's notifications.
    await t.app.services.database.db
      .delete(member)
      .where(and(eq(member.userId, colleague.user.id), eq(member.organizationId, owner.organizationId)));
    expect((await bell(colleague.cookie)).map((n) => n.id)).not.toContain(sent.id);
  });

  it("shows the user's own notifications in any organization, and read-all and clear act on them", async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const own = await notifyUser(deps(), {
      userId: owner.user.id,
      type: 'info',
      title: 'Prova',
      message: 'Ciao',
    });
    await notifyOrganization(deps(), {
      orgId: owner.organizationId,
      type: 'warning',
      title: 'Scorta',
      message: 'Bassa',
    });
    expect((await bell(owner.cookie)).map((n) => n.title)).toEqual(['Scorta', 'Prova']);
    expect((await api(t.app, owner.cookie).post('/api/v1/notifications/read-all')).statusCode).toBe(204);
    expect((await bell(owner.cookie)).every((n) => n.read)).toBe(true);
    expect((await api(t.app, owner.cookie).post('/api/v1/notifications/clear')).statusCode).toBe(204);
    expect(await bell(owner.cookie)).toEqual([]);
    expect(own.id).toBeTruthy();
  });

  it('keeps the 50 most recent per user', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    for (let i = 1; i <= MAX_NOTIFICATIONS + 5; i++) {
      await notifyOrganization(deps(), {
        orgId: owner.organizationId,
        type: 'info',
        title: `N${i}`,
        message: '',
      });
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct timestamps, so "most recent" is exact
    }
    const items = await bell(owner.cookie);
    expect(items).toHaveLength(MAX_NOTIFICATIONS);
    expect(items[0]!.title).toBe(`N${MAX_NOTIFICATIONS + 5}`);
    expect(items.at(-1)!.title).toBe('N6');
  });

  it('needs a session and refuses bad ids with a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    const owner = await createSignedInUserWithOrg(t.app);
    const bad = await api(t.app, owner.cookie).post('/api/v1/notifications/read', { ids: ['nope'] });
    expect(bad.statusCode).toBe(400);
  });
});
