import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { twoFactor } from '@server/db/schema/auth.ts';
import { auditLogs } from '@server/db/schema/security.ts';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  api,
  createTestApp,
  signInRequest,
  signUp,
  type TestApp,
} from '../helpers/test-app.ts';
import {
  cookieOf,
  enableTwoFactor,
  totpFor,
  wrongTotpFor,
  type TwoFactorUser,
} from '../helpers/two-factor.ts';

describe.each(DATABASES)('two-factor authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.services.database.db;
  const auditOf = (userId: string) =>
    db().select().from(auditLogs).where(eq(auditLogs.userId, userId)).orderBy(desc(auditLogs.createdAt));

  /** The password step of a sign-in with two-factor on: better-auth's pending-challenge cookie. */
  async function passwordStep(email: string) {
    const response = await signInRequest(t.app, email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true });
    const cookie = cookieOf(response.headers['set-cookie']);
    expect(cookie).toMatch(/two_factor=/);
    expect(cookie).not.toMatch(/session_token=/);
    return cookie!;
  }

  function secondStep(challenge: string, path: 'verify-totp' | 'verify-backup-code', code: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/auth/two-factor/${path}`,
      headers: { origin: ORIGIN, cookie: challenge },
      payload: { code },
    });
  }

  async function stepUp(user: TwoFactorUser) {
    const ok = await api(t.app, user.cookie).post('/api/v1/security/step-up', {
      password: PASSWORD,
      code: await totpFor(user.secret),
    });
    expect(ok.statusCode).toBe(200);
  }

  it('turns on only after a valid code, with the QR code, the secret and 8 backup codes', async () => {
    const signed = await signUp(t.app);
    const client = api(t.app, signed.cookie);
    expect((await client.get('/api/v1/security/two-factor')).json()).toEqual({
      enabled: false,
      pending: false,
      backupCodesRemaining: null,
    });

    const wrongPassword = await client.post('/api/v1/security/two-factor/enable', { password: 'Nope-12345' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_PASSWORD');

    const setup = await client.post('/api/v1/security/two-factor/enable', { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { totpUri, secret, qrCode, backupCodes } = setup.json() as {
      totpUri: string;
      secret: string;
      qrCode: string;
      backupCodes: string[];
    };
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Gestionale:/);
    expect(new URL(totpUri).searchParams.get('secret')).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(backupCodes).toHaveLength(8);
    expect(new Set(backupCodes).size).toBe(8);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]$/);

    // Not on yet: the status says pending and the password alone still signs in.
    expect((await client.get('/api/v1/security/two-factor')).json()).toMatchObject({
      enabled: false,
      pending: true,
    });
    const stillPassword = await signInRequest(t.app, signed.user.email, PASSWORD);
    expect(stillPassword.json()).not.toHaveProperty('twoFactorRedirect');

    const wrong = await client.post('/api/v1/security/two-factor/verify', {
      code: await wrongTotpFor(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'INVALID_VERIFICATION_CODE',
      message: 'Invalid verification code',
    });
    const italian = await client.post(
      '/api/v1/security/two-factor/verify',
      { code: await wrongTotpFor(secret) },
      { 'accept-language': 'it-IT' },
    );
    expect(italian.json().error.message).toBe('Codice di verifica non valido');
    expect((await client.get('/api/v1/security/two-factor')).json()).toMatchObject({ enabled: false });

    const ok = await client.post('/api/v1/security/two-factor/verify', { code: await totpFor(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ enabled: true, pending: false, backupCodesRemaining: 8 });
    // better-auth rotates the session when two-factor turns on: the new cookie works, the old one is gone.
    const rotated = cookieOf(ok.headers['set-cookie'])!;
    expect(rotated).toMatch(/session_token=/);
    expect((await api(t.app, rotated).get('/api/v1/security/two-factor')).statusCode).toBe(200);
    expect((await client.get('/api/v1/security/two-factor')).statusCode).toBe(401);

    const again = await api(t.app, rotated).post('/api/v1/security/two-factor/enable', {
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TWO_FACTOR_ALREADY_ENABLED');

    // The secret is stored encrypted, never as the base32 text the user typed.
    const [row] = await db().select().from(twoFactor).where(eq(twoFactor.userId, signed.user.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.backupCodes).not.toContain(backupCodes[0]!);

    const actions = (await auditOf(signed.user.id)).map((e) => [e.action, e.severity, e.details]);
    expect(actions).toContainEqual([
      'two_factor_failed',
      'MEDIUM',
      { stage: 'setup', method: 'totp', reason: 'INVALID_CODE' },
    ]);
    expect(actions).toContainEqual(['two_factor_enabled', 'MEDIUM', { method: 'totp' }]);
  });

  it('asks for the code at sign-in: a wrong code is refused, a valid one signs in', async () => {
    const user = await enableTwoFactor(t.app, await signUp(t.app));
    const challenge = await passwordStep(user.user.email);
    // The pending challenge is no session.
    expect((await api(t.app, challenge).get('/api/v1/me')).statusCode).toBe(401);

    const wrong = await secondStep(challenge, 'verify-totp', await wrongTotpFor(user.secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });

    const ok = await secondStep(challenge, 'verify-totp', await totpFor(user.secret));
    expect(ok.statusCode).toBe(200);
    const session = cookieOf(ok.headers['set-cookie'])!;
    expect(session).toMatch(/session_token=/);
    expect((await api(t.app, session).get('/api/v1/security/two-factor')).json()).toMatchObject({
      enabled: true,
    });

    const entries = await auditOf(user.user.id);
    const signIns = entries.filter((e) => e.action === 'sign_in');
    // The password step alone is no sign-in: the only entry is the one of the second factor.
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.details).toMatchObject({ method: 'totp' });
    expect(
      entries.find((e) => e.action === 'two_factor_failed' && e.details.stage === 'sign_in'),
    ).toMatchObject({ userEmail: user.user.email, details: { method: 'totp', reason: 'INVALID_CODE' } });
  });

  it('accepts a backup code once and refuses its reuse', async () => {
    const user = await enableTwoFactor(t.app, await signUp(t.app));
    const [first] = user.backupCodes;

    const ok = await secondStep(await passwordStep(user.user.email), 'verify-backup-code', first!);
    expect(ok.statusCode).toBe(200);
    const session = cookieOf(ok.headers['set-cookie'])!;
    expect((await api(t.app, session).get('/api/v1/security/two-factor')).json()).toMatchObject({
      backupCodesRemaining: 7,
    });

    const reused = await secondStep(await passwordStep(user.user.email), 'verify-backup-code', first!);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });

    const entries = await auditOf(user.user.id);
    expect(entries.filter((e) => e.action === 'backup_code_used')).toHaveLength(1);
    expect(entries.find((e) => e.action === 'sign_in')?.details).toMatchObject({ method: 'backup_code' });
  });

  it('regenerates the backup codes after a step-up: the new set replaces the old one', async () => {
    const user = await enableTwoFactor(t.app, await signUp(t.app));
    const client = api(t.app, user.cookie);

    const refused = await client.post('/api/v1/security/two-factor/backup-codes');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      details: { action: 'regenerate_backup_codes', preset: 'strict', twoFactor: true },
    });

    await stepUp(user);
    const fresh = await client.post('/api/v1/security/two-factor/backup-codes');
    expect(fresh.statusCode).toBe(200);
    const codes = (fresh.json() as { backupCodes: string[] }).backupCodes;
    expect(codes).toHaveLength(8);
    expect(codes.filter((c) => user.backupCodes.includes(c))).toEqual([]);

    const old = await secondStep(
      await passwordStep(user.user.email),
      'verify-backup-code',
      user.backupCodes[1]!,
    );
    expect(old.statusCode).toBe(401);
    const now = await secondStep(await passwordStep(user.user.email), 'verify-backup-code', codes[0]!);
    expect(now.statusCode).toBe(200);

    const regenerated = (await auditOf(user.user.id)).find((e) => e.action === 'backup_codes_regenerated');
    expect(regenerated).toMatchObject({ severity: 'MEDIUM', organizationId: null, details: { count: 8 } });
  });

  it('disables after a step-up with password and code, and clears the backup codes', async () => {
    const user = await enableTwoFactor(t.app, await signUp(t.app));
    const client = api(t.app, user.cookie);

    const refused = await client.post('/api/v1/security/two-factor/disable');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      details: { action: 'disable_two_factor', preset: 'strict_mfa', twoFactor: true },
    });
    // With two-factor on, the password alone is no step-up.
    const passwordOnly = await client.post('/api/v1/security/step-up', { password: PASSWORD });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().error.code).toBe('INVALID_VERIFICATION_CODE');
    expect((await client.post('/api/v1/security/two-factor/disable')).statusCode).toBe(403);

    await stepUp(user);
    const off = await client.post('/api/v1/security/two-factor/disable');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, pending: false, backupCodesRemaining: null });
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, user.user.id))).toEqual([]);

    const signIn = await signInRequest(t.app, user.user.email, PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await client.post('/api/v1/security/two-factor/disable')).json().error.code).toBe(
      'TWO_FACTOR_NOT_ENABLED',
    );

    const disabled = (await auditOf(user.user.id)).find((e) => e.action === 'two_factor_disabled');
    expect(disabled).toMatchObject({ severity: 'HIGH', userEmail: user.user.email });
  });

  it("refuses better-auth's own paths that would skip the step-up", async () => {
    const user = await enableTwoFactor(t.app, await signUp(t.app));
    const client = api(t.app, user.cookie);
    for (const path of [
      '/api/auth/two-factor/disable',
      '/api/auth/two-factor/generate-backup-codes',
      '/api/auth/revoke-other-sessions',
      '/api/auth/revoke-sessions',
    ]) {
      const response = await client.post(path, { password: PASSWORD });
      expect(response.statusCode, path).toBe(404);
    }
    expect((await client.get('/api/v1/security/two-factor')).json()).toMatchObject({
      enabled: true,
      backupCodesRemaining: 8,
    });
  });

  it('locks the second factor after five wrong codes', async () => {
    const user = await enableTwoFactor(t.app, await signUp(t.app));
    const challenge = await passwordStep(user.user.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await secondStep(challenge, 'verify-totp', await wrongTotpFor(user.secret));
      expect(wrong.json().code).toBe('INVALID_CODE');
    }
    // Even the right code on a fresh challenge waits for the lock to expire.
    const locked = await secondStep(
      await passwordStep(user.user.email),
      'verify-totp',
      await totpFor(user.secret),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_TEMPORARILY_LOCKED' });
    const failures = (await auditOf(user.user.id)).filter((e) => e.action === 'two_factor_failed');
    expect(failures).toHaveLength(6);
  });
});
