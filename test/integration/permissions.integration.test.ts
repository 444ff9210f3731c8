import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, hasPermission, type Role } from '@shared/auth/permissions.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

describe.each(DATABASES)('permission guard on %s', (kind) => {
  let t: TestApp;
  const clients = {} as Record<Role, ReturnType<typeof api>>;
  const organizations = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of ROLES) {
      const signed = await createSignedInUserWithOrg(t.app, { role });
      clients[role] = api(t.app, signed.cookie);
      organizations[role] = signed.organizationId;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the matrix gives view_users to super_admin, admin and manager only', () => {
    expect(ROLES.filter((r) => hasPermission(r, 'view_users'))).toEqual(['super_admin', 'admin', 'manager']);
  });

  it.each(['super_admin', 'admin', 'manager'] as const)('%s lists the members (200)', async (role) => {
    const response = await clients[role].get('/api/v1/organization/members');
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      items: { role: string }[];
      total: number;
      page: number;
      pageSize: number;
    };
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(10);
    if (role === 'super_admin') {
      expect(body.items.map((m) => m.role)).toEqual(['super_admin']);
    } else {
      // The organization's owner and the member itself.
      expect(body.total).toBe(2);
      expect(body.items.map((m) => m.role).sort()).toEqual([role, 'super_admin'].sort());
    }
  });

  it.each(['user', 'viewer'] as const)('%s is refused with 403 Insufficient permissions', async (role) => {
    const response = await clients[role].get('/api/v1/organization/members');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Insufficient permissions' } });
  });

  it('answers the refusal in Italian when asked', async () => {
    const response = await clients.viewer.get('/api/v1/organization/members', {
      'accept-language': 'it-IT,it;q=0.9,en;q=0.8',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Permessi insufficienti' } });
  });

  it('guards HEAD like GET', async () => {
    const viewer = await clients.viewer.get('/api/v1/organization/members');
    expect(viewer.statusCode).toBe(403);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/v1/organization/members',
      headers: { cookie: (await createSignedInUserWithOrg(t.app, { role: 'viewer' })).cookie },
    });
    expect(head.statusCode).toBe(403);
    expect(head.body).toBe('');
    const anonymous = await t.app.inject({ method: 'HEAD', url: '/api/v1/organization/members' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each(ROLES)('/me tells %s its role and permissions', async (role) => {
    const response = await clients[role].get('/api/v1/me');
    expect(response.statusCode).toBe(200);
    const me = response.json() as { role: string; permissions: string[]; activeOrganizationId: string };
    expect(me.role).toBe(role);
    expect(me.activeOrganizationId).toBe(organizations[role]);
    expect(me.permissions.includes('view_users')).toBe(hasPermission(role, 'view_users'));
  });

  it('routes without a permission requirement are open to every role of the organization', async () => {
    for (const role of ROLES) {
      const response = await clients[role].get('/api/v1/outbox');
      expect(response.statusCode, role).toBe(200);
    }
  });
});
