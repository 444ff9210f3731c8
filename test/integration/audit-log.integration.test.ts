import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '@server/db/schema/security.ts';
import { organizationSettings } from '@server/db/schema/organization-settings.ts';
import { recordAudit } from '@server/platform/audit.ts';
import { addMember, createUser } from '@server/seed/factories.ts';
import type { TAuditLogEntry, TAuditLogPage } from '@shared/security/audit-contracts.ts';
import {
  DATABASES,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  uniqueEmail,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

const LIST = '/api/v1/security/audit-logs';
const EXPORT = '/api/v1/security/audit-logs/export';

describe.each(DATABASES)('audit log list and export on %s', (kind) => {
  let t: TestApp;
  let admin: SignedInWithOrg;
  let other: SignedInWithOrg;
  let colleague: { id: string; email: string };
  let outsider: { id: string; email: string };

  const db = () => t.app.services.database.db;

  async function insertAt(createdAt: string, values: Partial<typeof auditLogs.$inferInsert>) {
    await db()
      .insert(auditLogs)
      .values({ action: 'role_changed', severity: 'HIGH', ...values, createdAt: new Date(createdAt) });
  }

  async function list(query = '', cookie = admin.cookie) {
    const response = await api(t.app, cookie).get(`${LIST}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TAuditLogPage;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUserWithOrg(t.app, { name: 'Anna Admin' });
    other = await createSignedInUserWithOrg(t.app, { name: 'Otto Other' });
    const auth = t.app.services.auth;
    const colleagueEmail = uniqueEmail('colleague');
    const created = await createUser(auth, {
      name: 'Carla Colleague',
      email: colleagueEmail,
      password: PASSWORD,
    });
    await addMember(auth, { userId: created.id, organizationId: admin.organizationId, role: 'manager' });
    // The colleague is in both organizations: only the first one's entries and her own may show there.
    await addMember(auth, { userId: created.id, organizationId: other.organizationId, role: 'user' });
    colleague = { id: created.id, email: colleagueEmail };
    const outsiderEmail = uniqueEmail('outsider');
    const out = await createUser(auth, { name: 'Olga Outsider', email: outsiderEmail, password: PASSWORD });
    outsider = { id: out.id, email: outsiderEmail };

    // A sign-in of the admin and of the outsider (user-level entries, no organization).
    await signIn(t.app, admin.user.email);
    await signIn(t.app, outsiderEmail);
    await signIn(t.app, colleagueEmail);

    // Entries of the first organization at known times (Europe/Rome: UTC+1 in March).
    await insertAt('2026-03-04T23:30:00Z', {
      organizationId: admin.organizationId,
      userId: admin.user.id,
      userEmail: admin.user.email,
      targetUserId: colleague.id,
      details: { from: 'user', to: 'manager' },
      ipAddress: '10.0.0.1',
    }); // 5 March 2026, 00:30 in Rome (still the 4th in UTC)
    await insertAt('2026-03-05T23:30:00Z', {
      organizationId: admin.organizationId,
      action: 'member_invited',
      severity: 'MEDIUM',
      userId: admin.user.id,
      userEmail: admin.user.email,
    }); // 6 March 2026, 00:30 in Rome
    await insertAt('2026-03-03T09:00:00Z', {
      organizationId: admin.organizationId,
      action: 'settings_backup_created',
      severity: 'LOW',
      userId: colleague.id,
      userEmail: colleague.email,
    });
    // Another organization's entries, also about the shared colleague: never shown to the first one.
    await insertAt('2026-03-05T10:00:00Z', {
      organizationId: other.organizationId,
      userId: other.user.id,
      userEmail: other.user.email,
      targetUserId: colleague.id,
      details: { secret: 'other-org' },
    });
    await insertAt('2026-03-05T11:00:00Z', {
      organizationId: other.organizationId,
      action: 'member_removed',
      userId: colleague.id,
      userEmail: colleague.email,
      details: { secret: 'other-org-by-colleague' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the organization's entries and its members' own events, never another organization's", async () => {
    const page = await list('?pageSize=100');
    const actions = page.items.map((e) => `${e.action}:${e.user?.email}`);
    expect(actions).toContain(`sign_in:${admin.user.email}`);
    expect(actions).toContain(`sign_in:${colleague.email}`);
    expect(actions).toContain(`member_invited:${admin.user.email}`);
    expect(actions).toContain(`settings_backup_created:${colleague.email}`);
    // Not a member: the outsider's sign-in stays out; the other organization's rows too.
    expect(actions.some((a) => a.endsWith(outsider.email))).toBe(false);
    expect(JSON.stringify(page.items)).not.toContain('other-org');
    expect(page.items.every((e) => e.user?.email !== other.user.email)).toBe(true);
    expect(page.timeZone).toBe('Europe/Rome');

    const signInEntry = page.items.find((e) => e.action === 'sign_in' && e.user?.id === admin.user.id)!;
    expect(signInEntry).toMatchObject({
      severity: 'LOW',
      organizationLevel: false,
      user: { id: admin.user.id, email: admin.user.email, name: 'Anna Admin' },
    });
    expect(signInEntry.ipAddress).toBeTruthy();
    const roleChange = page.items.find((e) => e.action === 'role_changed')!;
    expect(roleChange).toMatchObject({
      organizationLevel: true,
      targetUser: { id: colleague.id, email: colleague.email, name: 'Carla Colleague' },
      details: { from: 'user', to: 'manager' },
    });

    // The other organization sees its own entries and not the first one's.
    const theirs = await list('?pageSize=100', other.cookie);
    expect(JSON.stringify(theirs.items)).toContain('other-org');
    expect(theirs.items.some((e) => e.action === 'member_invited')).toBe(false);
  });

  it('orders newest first and pages without overlap', async () => {
    const all = await list('?pageSize=100');
    const times = all.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await list('?page=1&pageSize=2');
    const second = await list('?page=2&pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: all.total });
    expect(first.items).toHaveLength(2);
    expect(second.items.length).toBeGreaterThan(0);
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(all.items.slice(0, ids.length).map((e) => e.id));
  });

  it('filters by user, action and severity', async () => {
    const byUser = await list(`?userId=${colleague.id}&pageSize=100`);
    expect(byUser.items.length).toBeGreaterThan(0);
    expect(byUser.items.every((e) => e.user?.id === colleague.id)).toBe(true);
    expect(byUser.items.map((e) => e.action).sort()).toEqual(['settings_backup_created', 'sign_in']);

    const byAction = await list('?action=member_invited');
    expect(byAction.total).toBe(1);
    expect(byAction.items[0]!.action).toBe('member_invited');

    const high = await list('?severity=HIGH&pageSize=100');
    expect(high.items.map((e) => e.action)).toEqual(['role_changed']);
    const low = await list('?severity=LOW&pageSize=100');
    expect(low.items.length).toBeGreaterThan(0);
    expect(low.items.every((e) => e.severity === 'LOW')).toBe(true);

    const empty = await list('?severity=&action=&userId=');
    expect(empty.total).toBe((await list()).total);

    const bad = await api(t.app, admin.cookie).get(`${LIST}?severity=EXTREME`);
    expect(bad.statusCode).toBe(400);
  });

  it("reads days in the organization's time zone and instants as given", async () => {
    const day = await list('?from=2026-03-05&to=2026-03-05&pageSize=100');
    // 23:30 UTC on the 4th is 00:30 on the 5th in Rome; 23:30 UTC on the 5th is already the 6th there.
    expect(day.items.map((e) => e.action)).toEqual(['role_changed']);

    const range = await list('?from=2026-03-03&to=2026-03-06&pageSize=100');
    expect(range.items.map((e) => e.action)).toEqual([
      'member_invited',
      'role_changed',
      'settings_backup_created',
    ]);

    const instants = await list(
      `?from=${encodeURIComponent('2026-03-05T23:00:00Z')}&to=${encodeURIComponent('2026-03-06T00:00:00Z')}`,
    );
    expect(instants.items.map((e) => e.action)).toEqual(['member_invited']);

    // In UTC the same day holds the other entry.
    await db()
      .insert(organizationSettings)
      .values({ organizationId: admin.organizationId, timeZone: 'UTC' })
      .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { timeZone: 'UTC' } });
    try {
      const utcDay = await list('?from=2026-03-05&to=2026-03-05');
      expect(utcDay.timeZone).toBe('UTC');
      expect(utcDay.items.map((e) => e.action)).toEqual(['member_invited']);
    } finally {
      await db()
        .update(organizationSettings)
        .set({ timeZone: 'Europe/Rome' })
        .where(eq(organizationSettings.organizationId, admin.organizationId));
    }

    const bad = await api(t.app, admin.cookie).get(`${LIST}?from=05/03/2026`);
    expect(bad.statusCode).toBe(400);
  });

  it('lists the members for the user filter', async () => {
    const response = await api(t.app, admin.cookie).get(`${LIST}/users`);
    expect(response.statusCode).toBe(200);
    const emails = (response.json() as { items: { email: string }[] }).items.map((u) => u.email).sort();
    expect(emails).toEqual([admin.user.email, colleague.email].sort());
  });

  it('needs view_audit_logs to read and export_audit_logs to export', async () => {
    const plain = await createSignedInUserWithOrg(t.app, { role: 'user' });
    expect((await api(t.app, plain.cookie).get(LIST)).statusCode).toBe(403);
    expect((await api(t.app, plain.cookie).get(`${LIST}/users`)).statusCode).toBe(403);

    const manager = await signIn(t.app, colleague.email);
    const managerApi = api(t.app, manager.cookie);
    // She belongs to two organizations: she chooses the first one.
    const chosen = await api(t.app, manager.cookie).put('/api/v1/organizations/active', {
      organizationId: admin.organizationId,
    });
    expect(chosen.statusCode).toBe(200);
    expect((await managerApi.get(LIST)).statusCode).toBe(200);
    const refused = await managerApi.get(EXPORT);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
  });

  it('exports the filtered entries as CSV after a step-up, and audits the export', async () => {
    const client = api(t.app, admin.cookie);
    const before = await client.get(EXPORT);
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      details: { action: 'export_data', preset: 'moderate' },
    });
    const exported = () =>
      db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'audit_log_exported'), eq(auditLogs.userId, admin.user.id)));
    expect(await exported()).toHaveLength(0);

    expect((await client.post('/api/v1/security/step-up', { password: PASSWORD })).statusCode).toBe(200);
    const response = await client.get(EXPORT, { 'accept-language': 'it' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="registro-attivita-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.headers['x-export-truncated']).toBe('false');
    const csv = response.body;
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Data e ora (Europe/Rome);Azione;Gravità;Utente;Utente interessato;Indirizzo IP;User agent;Dettagli',
    );
    const roleLine = lines.find((l) => l.startsWith('2026-03-05 00:30:00;'));
    expect(roleLine).toBe(
      `2026-03-05 00:30:00;Ruolo cambiato;Alta;Anna Admin <${admin.user.email}>;` +
        `Carla Colleague <${colleague.email}>;10.0.0.1;;"{""to"":""manager"",""from"":""user""}"`,
    );
    const signInLine = lines.find((l) => l.includes(';Accesso;') && l.includes(admin.user.email));
    expect(signInLine).toBeDefined();
    expect(csv).not.toContain('other-org');
    expect(csv).not.toContain(outsider.email);

    const entries = await exported();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      organizationId: admin.organizationId,
      severity: 'MEDIUM',
      details: { truncated: false },
    });
    expect((entries[0]!.details as { rows: number }).rows).toBe(lines.length - 1);

    // Filters apply to the file; English uses commas and English labels.
    const filtered = await client.get(`${EXPORT}?severity=HIGH`, { 'accept-language': 'en' });
    expect(filtered.statusCode).toBe(200);
    const filteredLines = filtered.body.slice(1).split('\r\n');
    expect(filteredLines[0]).toBe(
      'Date and time (Europe/Rome),Action,Severity,User,Target user,IP address,User agent,Details',
    );
    expect(filteredLines).toHaveLength(2);
    expect(filteredLines[1]).toContain(',Role changed,High,');
    expect(filtered.headers['content-disposition']).toContain('audit-log-');
  });

  it('neutralises formulas coming from outside', async () => {
    await recordAudit(db(), {
      action: 'sign_in_failed',
      organizationId: admin.organizationId,
      userEmail: admin.user.email,
      userAgent: '=HYPERLINK("http://evil.test")',
    });
    const response = await api(t.app, admin.cookie).get(`${EXPORT}?action=sign_in_failed`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(';=HYPERLINK');
    expect(response.body).toContain('HYPERLINK');
  });

  it('shows the new export in the list', async () => {
    const page = await list('?action=audit_log_exported');
    expect(page.total).toBeGreaterThan(0);
    const entry: TAuditLogEntry = page.items[0]!;
    expect(entry).toMatchObject({ severity: 'MEDIUM', organizationLevel: true, user: { id: admin.user.id } });
  });
});
