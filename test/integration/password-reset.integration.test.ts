import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verification } from '@server/db/schema/auth.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signInRequest,
  signUp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';
import { headerOf, startSmtpServer } from '../helpers/smtp.ts';

const NEW_PASSWORD = 'Brand-new-pass-2026';

/** The reset link of a raw message, whatever its transfer encoding (7bit or quoted-printable). */
function resetLinkFrom(raw: string): { link: string; token: string } {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const match = /(http:\/\/localhost:3000\/login\?resetToken)(?:=3D|=)([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return { link: `${match[1]}=${match[2]}`, token: match[2]! };
}

async function outboxRow(t: TestApp, id: string) {
  const [row] = await t.app.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

describe.each(DATABASES)('password reset and mail delivery over SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, { smtpUrl: smtp.url, mailPollMs: 100 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });

  async function requestResetToken(email: string) {
    const before = smtp.received.length;
    const response = await post('/api/auth/request-password-reset', { email, redirectTo: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true });
    const deadline = Date.now() + 5000;
    while (!smtp.received.slice(before).some((m) => m.to.includes(email))) {
      if (Date.now() > deadline) throw new Error(`no reset mail for ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const mail = smtp.received.slice(before).find((m) => m.to.includes(email))!;
    return { mail, ...resetLinkFrom(mail.raw) };
  }

  it('sends a one-time reset link through SMTP that sets a new password', async () => {
    const { user, cookie: oldSession } = await signUp(t.app, { name: 'Maria Reset' });
    const { mail, link, token } = await requestResetToken(user.email);
    expect(mail.to).toEqual([user.email]);
    expect(headerOf(mail.raw, 'subject')).toBe('Reset your password');
    expect(headerOf(mail.raw, 'to')).toContain(user.email);
    expect(link).toBe(`http://localhost:3000/login?resetToken=${token}`);

    // The rules apply to the new password too; a refused attempt does not use the link up.
    const weak = await post('/api/auth/reset-password', { newPassword: 'weakpassword', token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_POLICY' });

    const reset = await post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    expect((await signInRequest(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signInRequest(t.app, user.email, PASSWORD)).statusCode).toBe(401);
    // Sessions opened with the old password end.
    expect((await api(t.app, oldSession).get('/api/v1/me')).statusCode).toBe(401);

    // The link works once.
    const again = await post('/api/auth/reset-password', { newPassword: 'Another-pass-2027', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signInRequest(t.app, user.email, 'Another-pass-2027')).statusCode).toBe(401);
    expect((await signInRequest(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { user } = await signUp(t.app);
    const { token } = await requestResetToken(user.email);
    const expired = await t.app.services.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verification.identifier, `reset-password:${token}`))
      .returning({ id: verification.id });
    expect(expired).toHaveLength(1);

    const response = await post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signInRequest(t.app, user.email, PASSWORD)).statusCode).toBe(200);
    expect((await signInRequest(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a made-up token', async () => {
    const response = await post('/api/auth/reset-password', {
      newPassword: NEW_PASSWORD,
      token: 'abcdefghijklmnopqrstuvwx',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    const { user } = await signUp(t.app);
    const known = await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/login' });
    const stranger = uniqueEmail('stranger');
    const unknown = await post('/api/auth/request-password-reset', { email: stranger, redirectTo: '/login' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.waitFor(user.email);
    await t.app.services.mail.dispatchDue();
    expect(smtp.received.some((m) => m.to.includes(stranger))).toBe(false);
  });

  it('records a delivered message as sent after one attempt', async () => {
    const to = uniqueEmail('delivered');
    const id = await t.app.services.mail.send({
      to,
      subject: 'Fattura 7/2026',
      text: 'In allegato la fattura.',
      html: '<p>In allegato la fattura.</p>',
      attachments: [
        { filename: 'fattura.txt', contentType: 'text/plain', content: Buffer.from('FATTURA-7') },
      ],
      headers: { 'X-Gestionale-Test': 'yes' },
    });
    const mail = await smtp.waitFor(to);
    expect(headerOf(mail.raw, 'subject')).toBe('Fattura 7/2026');
    expect(headerOf(mail.raw, 'x-gestionale-test')).toBe('yes');
    expect(mail.raw).toContain('fattura.txt');
    expect(mail.raw).toContain(Buffer.from('FATTURA-7').toString('base64'));
    await t.app.services.mail.dispatchDue();
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('reports mail as healthy when the SMTP server answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subsystems: { mail: { status: 'healthy' } } });
  });
});

describe.each(DATABASES)('outbox without SMTP on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the message with status stored and shows it to the organization', async () => {
    const owner = await createSignedInUserWithOrg(t.app, { organizationName: 'Rossi "Impianti" Srl' });
    const id = await t.app.services.mail.send(
      {
        to: ['cliente@example.test', 'ufficio@example.test'],
        subject: 'Preventivo 3/2026',
        text: 'Gentile cliente, ecco il preventivo.',
        html: '<p>Gentile cliente, ecco il preventivo.</p>',
        attachments: [
          { filename: 'preventivo.pdf', contentType: 'application/pdf', content: Buffer.alloc(300, 1) },
        ],
        headers: { 'X-Priority': '1' },
      },
      { organizationId: owner.organizationId, userId: owner.user.id },
    );
    expect(await t.app.services.mail.dispatchDue()).toBe(0);
    expect(await outboxRow(t, id)).toMatchObject({ status: 'stored', attempts: 0 });

    const client = api(t.app, owner.cookie);
    const list = await client.get('/api/v1/outbox');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      items: [
        {
          id,
          toAddresses: ['cliente@example.test', 'ufficio@example.test'],
          subject: 'Preventivo 3/2026',
          status: 'stored',
          attempts: 0,
          errorCode: null,
          lastError: null,
          nextAttemptAt: null,
          createdAt: expect.any(String),
          sentAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    const one = await client.get(`/api/v1/outbox/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id,
      status: 'stored',
      // The organization's mail bears the business's name, from the installation's address.
      fromAddress: '"Rossi \\"Impianti\\" Srl" <no-reply@localhost>',
      textBody: 'Gentile cliente, ecco il preventivo.',
      htmlBody: '<p>Gentile cliente, ecco il preventivo.</p>',
      headers: { 'X-Priority': '1' },
      attachments: [{ filename: 'preventivo.pdf', contentType: 'application/pdf', size: 300 }],
      lastError: null,
    });
  });

  it("keeps a reset link in the outbox, readable by the account's owner", async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN, 'accept-language': 'it-IT' },
      payload: { email: owner.user.email, redirectTo: '/login' },
    });
    expect(response.statusCode).toBe(200);
    const client = api(t.app, owner.cookie);
    const list = (await client.get('/api/v1/outbox')).json() as { items: { id: string; subject: string }[] };
    const item = list.items.find((i) => i.subject === 'Reimposta la password');
    expect(item, JSON.stringify(list.items)).toBeDefined();
    const message = (await client.get(`/api/v1/outbox/${item!.id}`)).json() as {
      textBody: string;
      status: string;
    };
    expect(message.status).toBe('stored');
    const { token } = resetLinkFrom(message.textBody);
    // A signed-out user cannot open the outbox: the same message is an .eml file in the data folder.
    const eml = await fs.readFile(path.join(t.config.dataDir, 'outbox', `${item!.id}.eml`), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${owner.user.email.replace('.', '\\.')}`, 'm'));
    expect(eml).toContain('Subject: Reimposta la password');
    expect(eml.replace(/=\r?\n/g, '')).toContain(token);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { newPassword: NEW_PASSWORD, token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signInRequest(t.app, owner.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
