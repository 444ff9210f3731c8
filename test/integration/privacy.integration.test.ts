import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  member,
  organization,
  session,
  twoFactor,
  user,
  verification,
} from '@server/db/schema/auth.ts';
import { calendarFeeds, events } from '@server/db/schema/calendar.ts';
import { clients } from '@server/db/schema/clients.ts';
import { invoices } from '@server/db/schema/invoicing.ts';
import { auditLogs } from '@server/db/schema/security.ts';
import { transactions } from '@server/db/schema/transactions.ts';
import { topics } from '@server/platform/realtime.ts';
import { addMember, clientInput, createBusinessProfile, eventInput } from '@server/seed/factories.ts';
import type { Role } from '@shared/auth/permissions.ts';
import type { TDeletionPlan } from '@shared/privacy/contracts.ts';
import {
  DATABASES,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  signInRequest,
  signUp,
  type TestApp,
} from '../helpers/test-app.ts';

type Api = ReturnType<typeof api>;

/** The files of a zip answer, as text. */
function unzip(response: LightMyRequestResponse): Record<string, string> {
  const files = unzipSync(new Uint8Array(response.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

function json<T = unknown>(files: Record<string, string>, name: string): T {
  expect(Object.keys(files), `${name} in the zip`).toContain(name);
  return JSON.parse(files[name]!) as T;
}

describe.each(DATABASES)('GDPR exports and account deletion on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.services.database.db;

  async function stepUp(cookie: string) {
    const res = await api(t.app, cookie).post('/api/v1/security/step-up', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A client, a draft invoice for it, an event with it and a transaction with it: RESTRICT references. */
  async function seedBusiness(c: Api, label: string) {
    const client = await c.post(
      '/api/v1/clients',
      clientInput({
        companyName: `Cliente ${label}`,
        email: `${label.toLowerCase().replaceAll(' ', '-')}@clienti.example.it`,
        city: 'Bologna',
      }),
    );
    expect(client.statusCode, client.body).toBe(201);
    const clientId = (client.json() as { id: string }).id;
    const invoice = await c.post('/api/v1/invoices', {
      clientId,
      issueDate: '2026-03-02',
      lines: [
        {
          description: `Consulenza ${label}`,
          quantity: '1',
          unit: 'h',
          unitPriceCents: 10000,
          discountPercent: '0',
          vatRate: 22,
        },
      ],
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const event = await c.post('/api/v1/events', eventInput({ title: `Riunione ${label}`, clientId }));
    expect(event.statusCode, event.body).toBe(201);
    const transaction = await c.post('/api/v1/transactions', {
      occurredOn: '2026-03-03',
      direction: 'income',
      amount: '122,00',
      clientId,
    });
    expect(transaction.statusCode, transaction.body).toBe(201);
    return {
      clientId,
      invoiceId: (invoice.json() as { id: string }).id,
      eventId: (event.json() as { id: string }).id,
      transactionId: (transaction.json() as { id: string }).id,
    };
  }

  /** Adds an existing user to an organization and signs them in with it active. */
  async function joinAs(email: string, userId: string, organizationId: string, role: Role) {
    await addMember(t.app.services.auth, { userId, organizationId, role });
    const signed = await signIn(t.app, email);
    const res = await api(t.app, signed.cookie).put('/api/v1/organizations/active', { organizationId });
    expect([200, 204], res.body).toContain(res.statusCode);
    return signed;
  }

  async function memberRole(organizationId: string, userId: string) {
    const [row] = await db()
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)));
    return row?.role;
  }

  describe('personal data export', () => {
    it('asks for a step-up, then gives a zip of the user’s data without secrets or other people’s data', async () => {
      const alice = await createSignedInUserWithOrg(t.app, { name: 'Alice Verdi' });
      const c = api(t.app, alice.cookie);
      await seedBusiness(c, 'Di Alice');
      const feed = await c.post('/api/v1/calendar/feed');
      expect(feed.statusCode, feed.body).toBe(201);
      const feedUrl = (feed.json() as { url: string }).url;
      // Secrets that must never leave: the TOTP secret and backup codes, a reset token, the password hash.
      await db()
        .insert(twoFactor)
        .values({
          id: `tf-${alice.user.id}`,
          userId: alice.user.id,
          secret: 'TOTP-SECRET-MARKER-1234567890',
          backupCodes: 'BACKUP-CODES-MARKER',
        });
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: alice.user.email, redirectTo: '/login' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      // More audit entries than a page, all at the same instant: the cursor must neither repeat nor skip.
      const sameInstant = new Date();
      await db()
        .insert(auditLogs)
        .values(
          Array.from({ length: 150 }, (_, i) => ({
            action: 'sign_in',
            severity: 'LOW' as const,
            userId: alice.user.id,
            details: { n: i },
            createdAt: sameInstant,
          })),
        );

      // Someone else in Alice's organization, and someone in an organization of their own.
      const carolSignUp = await signUp(t.app, { name: 'Carol Neri' });
      const carol = await joinAs(
        carolSignUp.user.email,
        carolSignUp.user.id,
        alice.organizationId,
        'manager',
      );
      await seedBusiness(api(t.app, carol.cookie), 'Di Carol');
      const bob = await createSignedInUserWithOrg(t.app, { name: 'Bob Bianchi' });
      await seedBusiness(api(t.app, bob.cookie), 'Di Bob');

      const refused = await c.get('/api/v1/privacy/my-data');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        details: { action: 'export_data', preset: 'moderate' },
      });

      await stepUp(alice.cookie);
      const res = await c.get('/api/v1/privacy/my-data', { 'accept-language': 'it-IT' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="dati-personali-\d{4}-\d\d-\d\d\.zip"$/,
      );

      const files = unzip(res);
      expect(files['README.txt']).toContain('I TUOI DATI PERSONALI');
      expect(files['README.txt']).toContain(alice.user.email);
      expect(json(files, 'profile.json')).toMatchObject({
        id: alice.user.id,
        name: 'Alice Verdi',
        email: alice.user.email,
      });
      expect(json(files, 'accounts.json')).toEqual([
        expect.objectContaining({ providerId: 'credential', hasPassword: true }),
      ]);
      const sessions = json<{ ipAddress: string; current: boolean }[]>(files, 'sessions.json');
      expect(sessions.length).toBeGreaterThanOrEqual(1);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(json(files, 'organizations.json')).toEqual([
        expect.objectContaining({ organizationId: alice.organizationId, role: 'super_admin' }),
      ]);
      expect(json(files, 'two-factor.json')).toMatchObject({ enabled: false, configured: true });
      const audit = json<{ id: string; action: string }[]>(files, 'audit-log.json');
      expect(audit.map((e) => e.action)).toEqual(
        expect.arrayContaining(['step_up_verified', 'personal_data_exported']),
      );
      const storedAudit = await db()
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.userId, alice.user.id));
      expect(audit.length).toBeGreaterThan(150);
      expect(new Set(audit.map((e) => e.id)).size).toBe(audit.length);
      expect(audit.map((e) => e.id).sort()).toEqual(storedAudit.map((e) => e.id).sort());
      expect(json(files, 'calendar-feeds.json')).toEqual([
        expect.objectContaining({ organizationId: alice.organizationId }),
      ]);
      const mail = json<{ subject: string; textBody: string }[]>(files, 'mail.json');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.textBody).toContain('/login?resetToken=');

      // What Alice created, and not what Carol created in the same organization.
      const created = json<{ companyName: string; createdBy: string }[]>(files, 'created/clients.json');
      expect(created).toEqual([expect.objectContaining({ companyName: 'Cliente Di Alice' })]);
      expect(json<unknown[]>(files, 'created/invoices.json')).toHaveLength(1);
      expect(json<{ title: string }[]>(files, 'created/events.json')).toEqual([
        expect.objectContaining({ title: 'Riunione Di Alice' }),
      ]);
      expect(json<unknown[]>(files, 'created/transactions.json')).toHaveLength(1);

      const everything = Object.values(files).join('\n');
      const [hash] = await db()
        .select({ password: account.password })
        .from(account)
        .where(eq(account.userId, alice.user.id));
      const tokens = await db().select({ token: session.token }).from(session);
      const [resetRow] = await db()
        .select({ identifier: verification.identifier })
        .from(verification)
        .where(eq(verification.value, alice.user.id));
      const [feedRow] = await db()
        .select({ tokenHash: calendarFeeds.tokenHash })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, alice.user.id));
      const secrets = [
        hash!.password!,
        ...tokens.map((s) => s.token),
        'TOTP-SECRET-MARKER',
        'BACKUP-CODES-MARKER',
        resetRow!.identifier.replace('reset-password:', ''),
        feedRow!.tokenHash,
        new URL(feedUrl).pathname
          .split('/')
          .at(-1)!
          .replace(/\.ics$/, ''),
      ];
      for (const secret of secrets) expect(everything).not.toContain(secret);
      for (const other of [
        'Cliente Di Carol',
        'Riunione Di Carol',
        'Cliente Di Bob',
        bob.user.email,
        bob.organizationId,
        carol.user.email,
      ]) {
        expect(everything, other).not.toContain(other);
      }

      const [entry] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, alice.user.id), eq(auditLogs.action, 'personal_data_exported')));
      expect(entry).toMatchObject({ severity: 'MEDIUM', organizationId: null });
    });

    it('writes the README in English for an English caller', async () => {
      const signed = await signUp(t.app, { name: 'Dora Gialli' });
      await stepUp(signed.cookie);
      const res = await api(t.app, signed.cookie).get('/api/v1/privacy/my-data', { 'accept-language': 'en' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('personal-data-');
      const files = unzip(res);
      expect(files['README.txt']).toContain('YOUR PERSONAL DATA');
      expect(json(files, 'organizations.json')).toEqual([]);
    });
  });

  describe('organization export', () => {
    it('is for super admins only, after a step-up, with every organization table and nothing of others', async () => {
      const owner = await createSignedInUserWithOrg(t.app, { name: 'Olga Blu' });
      const c = api(t.app, owner.cookie);
      const seeded = await seedBusiness(c, 'Della Ditta');
      const other = await createSignedInUserWithOrg(t.app);
      await seedBusiness(api(t.app, other.cookie), 'Estraneo');
      // Two full pages of clients exactly (the keyset pagination, and its empty last read).
      await db()
        .insert(clients)
        .values(
          Array.from({ length: 999 }, (_, i) => ({
            organizationId: owner.organizationId,
            type: 'person',
            fullName: `Persona ${String(i).padStart(3, '0')}`,
          })),
        );

      for (const role of ['admin', 'manager'] as const) {
        const signed = await signUp(t.app);
        const memberSession = await joinAs(signed.user.email, signed.user.id, owner.organizationId, role);
        await stepUp(memberSession.cookie);
        const forbidden = await api(t.app, memberSession.cookie).get('/api/v1/privacy/organization-export');
        expect(forbidden.statusCode, role).toBe(403);
        expect(forbidden.json().error.code, role).toBe('FORBIDDEN');
      }

      const refused = await c.get('/api/v1/privacy/organization-export');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
      await stepUp(owner.cookie);
      const res = await c.get('/api/v1/privacy/organization-export', { 'accept-language': 'en' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');

      const files = unzip(res);
      expect(files['README.txt']).toContain('ORGANIZATION DATA');
      expect(json(files, 'organization.json')).toMatchObject({ id: owner.organizationId });
      expect(
        json<{ role: string }[]>(files, 'members.json')
          .map((m) => m.role)
          .sort(),
      ).toEqual(['admin', 'manager', 'super_admin']);

      // Every table of the database with an organization_id column has its file.
      const result = (await db().execute(
        sql`select table_name from information_schema.columns
            where column_name = 'organization_id' and table_schema = current_schema()`,
      )) as unknown as { rows: { table_name: string }[] };
      const expected = result.rows.map((r) => `tables/${r.table_name}.json`);
      expect(expected.length).toBeGreaterThan(15);
      const manifest = json<{ files: { file: string; rows: number }[] }>(files, 'manifest.json');
      expect(manifest.files.map((f) => f.file).sort()).toEqual([...expected].sort());
      for (const file of expected) expect(Object.keys(files)).toContain(file);

      const exportedClients = json<{ id: string; companyName: string | null; organizationId: string }[]>(
        files,
        'tables/clients.json',
      );
      expect(exportedClients).toHaveLength(1000);
      expect(new Set(exportedClients.map((r) => r.id)).size).toBe(1000);
      expect(exportedClients.every((r) => r.organizationId === owner.organizationId)).toBe(true);
      expect(manifest.files.find((f) => f.file === 'tables/clients.json')?.rows).toBe(1000);
      expect(json<{ id: string }[]>(files, 'tables/invoices.json').map((r) => r.id)).toEqual([
        seeded.invoiceId,
      ]);
      expect(json<{ id: string }[]>(files, 'tables/events.json').map((r) => r.id)).toEqual([seeded.eventId]);
      expect(json<{ id: string }[]>(files, 'tables/transactions.json').map((r) => r.id)).toEqual([
        seeded.transactionId,
      ]);

      const everything = Object.values(files).join('\n');
      expect(everything).not.toContain('Cliente Estraneo');
      expect(everything).not.toContain(other.organizationId);
      expect(everything).not.toContain('"searchText"');

      const [entry] = await db()
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.organizationId, owner.organizationId),
            eq(auditLogs.action, 'organization_data_exported'),
          ),
        );
      expect(entry).toMatchObject({ severity: 'HIGH', userId: owner.user.id });
    });
  });

  describe('account deletion', () => {
    async function scenario() {
      // Alice: only super admin of "Shared" (Carol is a manager there) and of "Solo" (alone, with data);
      // a plain member of Bob's organization.
      const alice = await createSignedInUserWithOrg(t.app, {
        name: 'Alice Rosa',
        organizationName: 'Shared',
      });
      const carolSignUp = await signUp(t.app, { name: 'Carol Neri' });
      await addMember(t.app.services.auth, {
        userId: carolSignUp.user.id,
        organizationId: alice.organizationId,
        role: 'manager',
      });
      const c = api(t.app, alice.cookie);
      const solo = await c.post('/api/v1/organizations', { name: 'Solo' });
      expect(solo.statusCode, solo.body).toBe(201);
      const soloId = (solo.json() as { id: string }).id;
      const activate = await c.put('/api/v1/organizations/active', { organizationId: soloId });
      expect([200, 204]).toContain(activate.statusCode);
      const soloData = await seedBusiness(c, 'Solo');
      const bob = await createSignedInUserWithOrg(t.app, { name: 'Bob Bianchi' });
      const bobData = await seedBusiness(api(t.app, bob.cookie), 'Di Bob');
      await addMember(t.app.services.auth, {
        userId: alice.user.id,
        organizationId: bob.organizationId,
        role: 'user',
      });
      return { alice, c, carol: carolSignUp, soloId, soloData, bob, bobData };
    }

    it('shows the plan: organizations needing a decision with the members who can take over', async () => {
      const { alice, c, carol, soloId, bob } = await scenario();
      const res = await c.get('/api/v1/privacy/delete-account/plan');
      expect(res.statusCode, res.body).toBe(200);
      const plan = res.json() as TDeletionPlan;
      expect(plan.confirmationText).toBe(alice.user.email);
      expect(plan.needsDecision).toEqual([
        {
          id: alice.organizationId,
          name: 'Shared',
          memberCount: 2,
          candidates: [
            { userId: carol.user.id, name: 'Carol Neri', email: carol.user.email, role: 'manager' },
          ],
        },
        { id: soloId, name: 'Solo', memberCount: 1, candidates: [] },
      ]);
      expect(plan.leaves).toEqual([{ id: bob.organizationId, name: expect.any(String), role: 'user' }]);
    });

    it('needs a step-up, the typed e-mail and a decision for each organization; then deletes', async () => {
      const { alice, c, carol, soloId, soloData, bob, bobData } = await scenario();
      const body = {
        confirmation: `  ${alice.user.email.toUpperCase()} `,
        organizations: [
          { id: alice.organizationId, action: 'transfer', toUserId: carol.user.id },
          { id: soloId, action: 'delete' },
        ],
      };

      const refused = await c.post('/api/v1/privacy/delete-account', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        details: { action: 'delete_account', preset: 'strict_mfa' },
      });
      await stepUp(alice.cookie);

      const mismatch = await c.post('/api/v1/privacy/delete-account', { ...body, confirmation: 'ELIMINA' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.code).toBe('CONFIRMATION_MISMATCH');

      const undecided = await c.post(
        '/api/v1/privacy/delete-account',
        { ...body, organizations: [body.organizations[0]] },
        { 'accept-language': 'en' },
      );
      expect(undecided.statusCode).toBe(409);
      expect(undecided.json().error).toMatchObject({
        code: 'ORGANIZATION_DECISION_REQUIRED',
        message: 'Decide what happens to Solo: you are the only super admin',
        details: { organizations: [{ id: soloId, name: 'Solo' }] },
      });
      const none = await c.post('/api/v1/privacy/delete-account', { ...body, organizations: [] });
      expect(none.json().error.details.organizations.map((o: { name: string }) => o.name)).toEqual([
        'Shared',
        'Solo',
      ]);

      const outsider = await c.post('/api/v1/privacy/delete-account', {
        ...body,
        organizations: [
          { id: alice.organizationId, action: 'transfer', toUserId: bob.user.id },
          body.organizations[1],
        ],
      });
      expect(outsider.statusCode).toBe(422);
      expect(outsider.json().error.code).toBe('TRANSFER_TARGET_INVALID');
      // Nothing changed by the refused attempts.
      expect(await memberRole(alice.organizationId, carol.user.id)).toBe('manager');
      const [stillThere] = await db().select().from(organization).where(eq(organization.id, soloId));
      expect(stillThere).toBeDefined();

      // A second device signed in: told that its session ended; the device deleting the account is not.
      await signIn(t.app, alice.user.email);
      const sessionIds = (
        await db().select({ id: session.id }).from(session).where(eq(session.userId, alice.user.id))
      ).map((s) => s.id);
      const { items: current } = (await c.get('/api/v1/security/sessions')).json() as {
        items: { id: string; current: boolean }[];
      };
      const revoked: string[] = [];
      const unsubscribe = sessionIds.map((id) =>
        t.app.services.hub.subscribe(topics.session(id), (message) => {
          if (message.type === 'SESSION_REVOKED') revoked.push(id);
        }),
      );

      // Stored files: the deleted organization's logo goes with it, the logo of an organization that stays stays.
      const files = t.app.services.files;
      const logoOf = async (organizationId: string, name: string) => {
        const key = `orgs/${organizationId}/logo-${name}.png`;
        await files.put(key, Buffer.from(name));
        await createBusinessProfile(db(), organizationId, { companyName: name, logoKey: key });
        return key;
      };
      const soloLogo = await logoOf(soloId, 'solo');
      const bobLogo = await logoOf(bob.organizationId, 'bob');

      const res = await c.post('/api/v1/privacy/delete-account', body);
      unsubscribe.forEach((stop) => stop());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        deleted: true,
        organizationsDeleted: [soloId],
        organizationsTransferred: [{ id: alice.organizationId, toUserId: carol.user.id }],
      });
      expect(String(res.headers['set-cookie'])).toMatch(/gestionale\.session_token=;/);
      expect(await files.get(soloLogo)).toBeNull();
      expect(String(await files.get(bobLogo))).toBe('bob');
      const currentId = current.find((s) => s.current)!.id;
      expect(sessionIds.length).toBeGreaterThan(1);
      expect(revoked.sort()).toEqual(sessionIds.filter((id) => id !== currentId).sort());

      // The user, their sessions and memberships are gone; they cannot sign in or use the old cookie.
      expect(await db().select().from(user).where(eq(user.id, alice.user.id))).toEqual([]);
      expect(await db().select().from(session).where(eq(session.userId, alice.user.id))).toEqual([]);
      expect(await db().select().from(member).where(eq(member.userId, alice.user.id))).toEqual([]);
      expect((await c.get('/api/v1/me')).statusCode).toBe(401);
      expect((await signInRequest(t.app, alice.user.email, PASSWORD)).statusCode).toBe(401);

      // Transfer: Carol runs "Shared" now.
      expect(await memberRole(alice.organizationId, carol.user.id)).toBe('super_admin');
      // Deletion: "Solo" and all its rows are gone, restricted references included.
      expect(await db().select().from(organization).where(eq(organization.id, soloId))).toEqual([]);
      expect(await db().select().from(clients).where(eq(clients.organizationId, soloId))).toEqual([]);
      expect(await db().select().from(invoices).where(eq(invoices.id, soloData.invoiceId))).toEqual([]);
      expect(await db().select().from(events).where(eq(events.id, soloData.eventId))).toEqual([]);
      expect(
        await db().select().from(transactions).where(eq(transactions.id, soloData.transactionId)),
      ).toEqual([]);
      // Bob's organization is untouched.
      expect(await db().select().from(clients).where(eq(clients.id, bobData.clientId))).toHaveLength(1);
      expect(await db().select().from(invoices).where(eq(invoices.id, bobData.invoiceId))).toHaveLength(1);
      expect(await memberRole(bob.organizationId, bob.user.id)).toBe('super_admin');
      const bobMe = await api(t.app, bob.cookie).get('/api/v1/clients');
      expect(bobMe.statusCode).toBe(200);

      // The trail survives the user and the deleted organization.
      const trail = await db().select().from(auditLogs).where(eq(auditLogs.userId, alice.user.id));
      const actions = trail.map((e) => `${e.action}@${e.organizationId ?? '-'}`);
      expect(actions).toEqual(
        expect.arrayContaining([
          'step_up_verified@-',
          'account_deleted@-',
          `account_deleted@${alice.organizationId}`,
          `account_deleted@${bob.organizationId}`,
          'organization_deleted@-',
          `role_changed@${alice.organizationId}`,
        ]),
      );
      const orgDeleted = trail.find((e) => e.action === 'organization_deleted');
      expect(orgDeleted).toMatchObject({
        severity: 'HIGH',
        userEmail: alice.user.email,
        details: { organizationId: soloId, organizationName: 'Solo' },
      });

      // Carol, now super admin of "Shared", can still work there.
      const carolSignedIn = await signIn(t.app, carol.user.email);
      const carolMe = await api(t.app, carolSignedIn.cookie).get('/api/v1/me');
      expect(carolMe.json()).toMatchObject({
        activeOrganizationId: alice.organizationId,
        role: 'super_admin',
      });
    });

    it('lets a plain member go without any decision', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const signed = await signUp(t.app, { name: 'Elena Viola' });
      const memberSession = await joinAs(signed.user.email, signed.user.id, owner.organizationId, 'user');
      const c = api(t.app, memberSession.cookie);
      const plan = (await c.get('/api/v1/privacy/delete-account/plan')).json() as TDeletionPlan;
      expect(plan.needsDecision).toEqual([]);
      await stepUp(memberSession.cookie);
      const res = await c.post('/api/v1/privacy/delete-account', { confirmation: signed.user.email });
      expect(res.statusCode, res.body).toBe(200);
      expect(await memberRole(owner.organizationId, signed.user.id)).toBeUndefined();
      expect(await memberRole(owner.organizationId, owner.user.id)).toBe('super_admin');
    });

    it('two super admins deleting their accounts at once never leave the organization without one', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const other = await signUp(t.app, { name: 'Franco Blu' });
      const second = await joinAs(other.user.email, other.user.id, owner.organizationId, 'super_admin');
      await stepUp(owner.cookie);
      await stepUp(second.cookie);
      // Each one alone sees another super admin and needs no decision; together only one may go.
      const answers = await Promise.all([
        api(t.app, owner.cookie).post('/api/v1/privacy/delete-account', { confirmation: owner.user.email }),
        api(t.app, second.cookie).post('/api/v1/privacy/delete-account', { confirmation: other.user.email }),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes, answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(refused.json().error.code).toBe('ORGANIZATION_DECISION_REQUIRED');
      const roles = await Promise.all([
        memberRole(owner.organizationId, owner.user.id),
        memberRole(owner.organizationId, other.user.id),
      ]);
      expect(roles.filter((r) => r === 'super_admin')).toHaveLength(1);
    });
  });
});
