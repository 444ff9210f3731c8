import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { session } from '@server/db/schema/auth.ts';
import { auditLogs } from '@server/db/schema/security.ts';
import { requireStepUp } from '@server/platform/step-up.ts';
import type { FastifyRequest } from 'fastify';
import {
  DATABASES,
  PASSWORD,
  api,
  createTestApp,
  signIn,
  signInRequest,
  signUp,
  type TestApp,
} from '../helpers/test-app.ts';

describe.each(DATABASES)('step-up and sign-in audit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.services.database.db;

  async function auditOf(userId: string) {
    return db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, userId))
      .orderBy(desc(auditLogs.createdAt));
  }

  async function sessionIdOf(userId: string) {
    const [row] = await db().select({ id: session.id }).from(session).where(eq(session.userId, userId));
    return row!.id;
  }

  it('logs a sign-in (LOW) and a failed sign-in (MEDIUM) with the origin', async () => {
    const signed = await signUp(t.app);
    const wrong = await signInRequest(t.app, signed.user.email, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    await signIn(t.app, signed.user.email);
    const entries = await auditOf(signed.user.id);
    const failed = entries.find((e) => e.action === 'sign_in_failed');
    const ok = entries.find((e) => e.action === 'sign_in');
    expect(failed).toMatchObject({ severity: 'MEDIUM', userEmail: signed.user.email, organizationId: null });
    expect(ok).toMatchObject({ severity: 'LOW', userId: signed.user.id });
    expect(ok!.ipAddress).toBeTruthy();
  });

  it('asks for a step-up, refuses a wrong password, then grants the action for its preset window', async () => {
    const signed = await signUp(t.app);
    const sessionId = await sessionIdOf(signed.user.id);
    const request = { user: { ...signed.user, sessionId, activeOrganizationId: null } } as FastifyRequest;
    const guard = requireStepUp(db(), 'change_role');

    await expect(guard(request)).rejects.toMatchObject({
      code: 'STEP_UP_REQUIRED',
      details: { action: 'change_role', preset: 'strict', maxAgeMinutes: 10, twoFactor: false },
    });

    const wrong = await api(t.app, signed.cookie).post('/api/v1/security/step-up', { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_PASSWORD');
    await expect(guard(request)).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED' });

    const ok = await api(t.app, signed.cookie).post('/api/v1/security/step-up', { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ level: 'first_factor' });
    await expect(guard(request)).resolves.toBeUndefined();

    // Eleven minutes later the strict preset (10 min) asks again; the moderate one (60 min) still passes.
    await db()
      .update(session)
      .set({ reverifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.id, sessionId));
    await expect(guard(request)).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED' });
    await expect(requireStepUp(db(), 'export_data')(request)).resolves.toBeUndefined();

    const actions = (await auditOf(signed.user.id)).map((e) => [e.action, e.severity]);
    expect(actions).toContainEqual(['step_up_failed', 'MEDIUM']);
    expect(actions).toContainEqual(['step_up_verified', 'LOW']);
  });

  it('a step-up of one session does not cover another session of the same user', async () => {
    const signed = await signUp(t.app);
    const second = await signIn(t.app, signed.user.email);
    const ok = await api(t.app, second.cookie).post('/api/v1/security/step-up', { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    const rows = await db()
      .select({ id: session.id, reverifiedAt: session.reverifiedAt })
      .from(session)
      .where(and(eq(session.userId, signed.user.id)));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.reverifiedAt !== null)).toHaveLength(1);
  });
});
