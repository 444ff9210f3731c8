import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { emailActivity } from '@server/db/schema/invoicing.ts';
import { addMember, createUser, lineInput } from '@server/seed/factories.ts';
import type { TSenderSettings } from '@shared/mail/sender-settings.ts';
import { addCompanyClient, completeProfile, issueInvoice } from '../helpers/business.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { until as untilIn } from '../helpers/until.ts';
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

/**
 * The organization's sender (issue 16, Settings → Email sending) on an installation without SMTP_URL: the
 * settings and their validation, the test message through the business's own server, and the app's own mail (an
 * invoice sent to a client) leaving from the business's address through that server instead of being kept.
 */

const until = <T>(check: () => Promise<T | null> | T | null) => untilIn(check, 8_000);

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
let smtp: Smtp;
let refusing: Smtp;
beforeAll(async () => {
  [smtp, refusing] = await Promise.all([startSmtpServer(), startSmtpServer(0, { refuseLogin: true })]);
});
afterAll(async () => {
  await smtp?.close();
  await refusing?.close();
});

describe.each(DATABASES)('the organization’s sender on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  beforeAll(async () => {
    t = await createTestApp(kind, { mailPollMs: 60_000 });
    owner = await createSignedInUserWithOrg(t.app);
    await completeProfile(c());
  });
  afterAll(() => t.close());
  const c = () => api(t.app, owner.cookie);
  const db = () => t.app.services.database.db;

  const own = (port: number, extra: object = {}) => ({
    senderName: 'Officina Rossi — Amministrazione',
    senderAddress: 'Fatture@OfficinaRossi.test',
    replyTo: 'amministrazione@officinarossi.test',
    transport: 'smtp',
    smtp: { host: '127.0.0.1', port, security: 'none', username: 'officina' },
    password: 'smtp-secret',
    ...extra,
  });

  it('answers the defaults until set, refuses what is wrong with field messages, and never answers the password', async () => {
    const before = (await c().get('/api/v1/mail/sender-settings')).json() as TSenderSettings;
    expect(before).toMatchObject({
      transport: 'installation',
      senderName: null,
      smtp: null,
      hasPassword: false,
      defaults: { name: 'Officina Rossi S.r.l.', installationServer: false },
    });

    const wrong = await c().put('/api/v1/mail/sender-settings', {
      transport: 'smtp',
      replyTo: 'not an address',
      smtp: { host: 'smtp.example.com', port: 25, security: 'none', username: 'x' },
    });
    expect(wrong.statusCode).toBe(400);
    const details = (wrong.json() as { error: { details: { path: string; message: string }[] } }).error
      .details;
    expect(details.map((d) => [d.path, d.message])).toEqual(
      expect.arrayContaining([
        ['replyTo', 'Invalid e-mail address'],
        ['smtp.security', expect.stringMatching(/./)],
        ['senderAddress', 'The sender address is required with your own mail server'],
      ]),
    );
    const noPassword = await c().put('/api/v1/mail/sender-settings', { ...own(smtp.port), password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.body).toContain('password');

    const saved = await c().put('/api/v1/mail/sender-settings', own(smtp.port));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      senderAddress: 'fatture@officinarossi.test',
      transport: 'smtp',
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', username: 'officina' },
      hasPassword: true,
    });
    expect(saved.body).not.toContain('smtp-secret');

    // A member without manage_organization reads and changes nothing.
    const email = uniqueEmail('member');
    const member = await createUser(t.app.services.auth, { name: 'A member', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: member.id,
      organizationId: owner.organizationId,
      role: 'user',
    });
    const theirs = api(t.app, (await signIn(t.app, email)).cookie);
    expect((await theirs.get('/api/v1/mail/sender-settings')).statusCode).toBe(403);
    expect((await theirs.put('/api/v1/mail/sender-settings', own(smtp.port))).statusCode).toBe(403);
    // Every member knows whether the organization's mail is sent (what the screens say after an invitation).
    expect((await theirs.get('/api/v1/mail/sending')).json()).toEqual({
      mailMode: 'smtp',
      providerIssues: false,
    });
  });

  it('sends a test message through the business’s server, and says why when it cannot', async () => {
    const before = smtp.received.length;
    const ok = await c().post('/api/v1/mail/sender-settings/test', { ...own(smtp.port), password: '' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ sentTo: owner.user.email, response: expect.stringMatching(/^250/) });
    const received = smtp.received[before]!;
    expect(received.from).toBe('fatture@officinarossi.test');
    expect(received.to).toEqual([owner.user.email]);
    const parsed = await simpleParser(received.raw);
    expect(parsed.from?.value[0]).toMatchObject({
      name: 'Officina Rossi — Amministrazione',
      address: 'fatture@officinarossi.test',
    });
    expect(parsed.replyTo?.value[0]?.address).toBe('amministrazione@officinarossi.test');

    const refused = await c().post('/api/v1/mail/sender-settings/test', own(refusing.port));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'MAIL_TEST_FAILED',
      // Plain words, not the failure class in capitals; the server's own answer is in the details.
      message: expect.not.stringContaining('AUTH_ERROR'),
      details: [{ path: 'smtp', code: 'AUTH_ERROR', message: expect.stringMatching(/auth|535/i) }],
    });
    const none = await c().post('/api/v1/mail/sender-settings/test', { transport: 'installation' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('MAIL_SERVER_MISSING');
  });

  it('sends the app’s own mail from the business’s address through its server; another business’s mail stays kept', async () => {
    const clientId = await addCompanyClient(c(), 1);
    const invoice = await issueInvoice(c(), clientId, [lineInput({ unitPriceCents: 100_000, vatRate: 22 })]);
    const before = smtp.received.length;
    const sent = await c().post(`/api/v1/invoices/${invoice.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { activity: { status: string } }).activity.status).not.toBe('stored');
    const row = await until(async () => {
      const rows = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.organizationId, owner.organizationId));
      const r = rows.find((m) => m.toAddresses.includes('fatture1@cliente.example.com'));
      return r?.status === 'sent' ? r : null;
    });
    expect(row.viaOrganizationSmtp).toBe(true);
    // The document e-mail's own record says what the outbox said when it was written (queued, or already being
    // sent): never "kept", which an organization with its own server never is.
    const [recorded] = await db().select().from(emailActivity).where(eq(emailActivity.outboxId, row.id));
    expect(['queued', 'sending', 'sent']).toContain(recorded!.status);
    expect(row.fromAddress).toBe('"Officina Rossi — Amministrazione" <fatture@officinarossi.test>');
    const received = smtp.received.slice(before).find((m) => m.to.includes('fatture1@cliente.example.com'))!;
    expect(received.from).toBe('fatture@officinarossi.test');
    expect((await simpleParser(received.raw)).replyTo?.value[0]?.address).toBe(
      'amministrazione@officinarossi.test',
    );

    // Another organization without a sender of its own, on this installation without SMTP_URL: kept, not sent.
    const other = await createSignedInUserWithOrg(t.app);
    const theirs = api(t.app, other.cookie);
    await completeProfile(theirs);
    const theirClient = await addCompanyClient(theirs, 2);
    const theirInvoice = await issueInvoice(theirs, theirClient, [
      lineInput({ unitPriceCents: 50_000, vatRate: 22 }),
    ]);
    expect((await theirs.get('/api/v1/mail/sending')).json()).toEqual({
      mailMode: 'outbox',
      providerIssues: false,
    });
    const kept = await theirs.post(`/api/v1/invoices/${theirInvoice.id}/send`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as { activity: { status: string } }).activity.status).toBe('stored');
    const [keptRow] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, other.organizationId));
    expect(keptRow).toMatchObject({ status: 'stored', viaOrganizationSmtp: false });
  });
});
