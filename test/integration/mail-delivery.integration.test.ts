import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { MAX_SEND_ATTEMPTS, OUTAGE_CHECK_MAX_MS, RETRY_POLICY } from '@shared/mail/delivery.ts';
import { activityOf, sendDocumentMail } from '@server/modules/invoicing/document-mail.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';
import { freePort, startSmtpServer } from '../helpers/smtp.ts';
import type { TOrganizationMailMode } from '@shared/mail/sender-settings.ts';

/**
 * Delivery over a real SMTP server (smtp-server) with the email-client spec's retry policy (§9) and error
 * classes (§8). The dispatcher's regular poll is out of the way (a long interval): what delivers is the send
 * itself, explicit dispatchDue() calls and the dispatcher's own wake-ups for retries and server checks.
 */

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
type MailHealth = { status: string; detail: string; queue?: Record<string, unknown> };

async function outboxRow(t: TestApp, id: string) {
  const [row] = await t.app.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

async function mailHealth(t: TestApp): Promise<MailHealth> {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  return (response.json() as { subsystems: { mail: MailHealth } }).subsystems.mail;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) return value;
    await sleep(50);
  }
}

describe.each(DATABASES)('mail delivery through an SMTP outage on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let smtp: Smtp | undefined;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(kind, { smtpUrl: `smtp://127.0.0.1:${port}`, mailPollMs: 60_000 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('holds the queue without spending attempts, says so in health, and delivers within seconds of the return', async () => {
    // The server is down: the message waits, its attempts are not spent, and it is never put off past 30 s.
    const to = uniqueEmail('outage');
    const member = await createSignedInUserWithOrg(t.app);
    const sending = async () =>
      (await api(t.app, member.cookie).get('/api/v1/mail/sending')).json() as TOrganizationMailMode;
    expect((await sending()).providerIssues).toBe(false);
    const id = await t.app.services.mail.send(
      { to, subject: 'During the outage', text: 'wait for me' },
      { organizationId: member.organizationId, userId: member.user.id },
    );
    await t.app.services.mail.dispatchDue();
    // Spec §8: the screens say "Email provider experiencing issues. Emails will be queued for delivery."
    expect(await sending()).toEqual({ mailMode: 'smtp', providerIssues: true });
    const waiting = await outboxRow(t, id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0, errorCode: 'CONNECTION_ERROR' });
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(RETRY_POLICY.maxMs);

    const down = await mailHealth(t);
    expect(down.status).toBe('offline');
    expect(down.detail).toContain('not reachable');
    expect(down.queue).toMatchObject({ waiting: 1, lastErrorCode: 'CONNECTION_ERROR' });

    // An outage longer than the whole retry budget (1 + 2 + 4 s) costs the message nothing.
    await sleep(9_000);
    const later = await outboxRow(t, id);
    expect(later).toMatchObject({ status: 'queued', attempts: 0 });
    expect(later.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(RETRY_POLICY.maxMs);
    expect((await mailHealth(t)).queue).toMatchObject({ waiting: 1 });

    // The server comes back on the same port: the dispatcher finds it by itself, within seconds.
    smtp = await startSmtpServer(port);
    const back = Date.now();
    const mail = await smtp.waitFor(to, OUTAGE_CHECK_MAX_MS + 3_000);
    expect(Date.now() - back).toBeLessThanOrEqual(OUTAGE_CHECK_MAX_MS + 1_000);
    expect(mail.to).toEqual([to]);
    const sent = await until(
      () => outboxRow(t, id),
      (row) => row.status === 'sent',
      2_000,
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, errorCode: null });
    expect(await mailHealth(t)).toMatchObject({ status: 'healthy', queue: { waiting: 0 } });
    expect((await sending()).providerIssues).toBe(false);
  }, 30_000);

  it('retries a temporary refusal after 1 s, 2 s, 4 s and then fails with the reason', async () => {
    expect(smtp, 'the SMTP server of the previous test').toBeDefined();
    const server = smtp!;
    const to = uniqueEmail('busy');
    server.failNext(MAX_SEND_ATTEMPTS);
    const id = await t.app.services.mail.send({ to, subject: 'Busy server', text: 'no luck' });
    const first = await until(
      () => outboxRow(t, id),
      (row) => row.attempts >= 1 && row.status === 'queued',
      2_000,
    );
    expect(first).toMatchObject({ status: 'queued', errorCode: 'SERVICE_UNAVAILABLE' });
    expect(first.lastError).toContain('451');
    // The dispatcher retries by itself: 1 + 2 + 4 s (+ 10% jitter) after the first attempt it gives up.
    const failed = await until(
      () => outboxRow(t, id),
      (row) => row.status === 'failed',
      12_000,
    );
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_SEND_ATTEMPTS,
      errorCode: 'SERVICE_UNAVAILABLE',
    });
    expect(server.received.some((m) => m.to.includes(to))).toBe(false);
    const health = await mailHealth(t);
    expect(health.status).toBe('degraded');
    expect(health.detail).toContain('failed');
    expect(health.queue).toMatchObject({ failedLastDay: 1 });
  }, 20_000);
});

describe.each(DATABASES)("a document e-mail's real state on %s", (kind) => {
  let t: TestApp;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, { smtpUrl: smtp.url, mailPollMs: 60_000 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('reads queued, then sent once the server took it, or failed with the reason', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const client = await api(t.app, owner.cookie).post('/api/v1/clients', {
      type: 'company',
      companyName: 'Bianchi Srl',
      email: 'bianchi@example.test',
      country: 'IT',
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = (client.json() as { id: string }).id;
    const deps = { db: t.app.services.database.db, mail: t.app.services.mail };
    const mail = (to: string) => ({
      orgId: owner.organizationId,
      userId: owner.user.id,
      clientId,
      type: 'statement',
      templateKey: 'statement' as const,
      language: 'it' as const,
      to,
      values: {},
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-') }],
    });
    const states = async (to: string) =>
      (await activityOf(t.app.services.database, { orgId: owner.organizationId, clientId })).filter(
        (a) => a.recipientEmail === to,
      );

    const delivered = await sendDocumentMail(deps, mail('ok@example.test'));
    expect(['queued', 'sending', 'sent']).toContain(delivered.status);
    await smtp.waitFor('ok@example.test');
    expect(
      await until(
        () => states('ok@example.test'),
        (rows) => rows[0]?.status === 'sent',
        2_000,
      ),
    ).toEqual([expect.objectContaining({ status: 'sent', errorCode: null, attachments: ['a.pdf'] })]);

    smtp.failNext(MAX_SEND_ATTEMPTS);
    await sendDocumentMail(deps, mail('busy@example.test'));
    // Three attempts 1 s, 2 s and 4 s apart, each waiting for the poller: about 8 s idle, more on a busy CI core.
    const failed = await until(
      () => states('busy@example.test'),
      (rows) => rows[0]?.status === 'failed',
      25_000,
    );
    expect(failed[0]).toMatchObject({ status: 'failed', errorCode: 'SERVICE_UNAVAILABLE' });
    expect(failed[0]!.lastError).toContain('451');
  }, 40_000);
});

describe.each(DATABASES)('a refused SMTP login on %s', (kind) => {
  let t: TestApp;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startSmtpServer(0, { refuseLogin: true });
    t = await createTestApp(kind, {
      smtpUrl: `smtp://mailer:wrong-password@127.0.0.1:${smtp.port}`,
      mailPollMs: 60_000,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is an AUTH_ERROR: no retry, the message fails saying why, and health says the login was refused', async () => {
    const to = uniqueEmail('auth');
    const id = await t.app.services.mail.send({ to, subject: 'Wrong password', text: 'never leaves' });
    const failed = await until(
      () => outboxRow(t, id),
      (row) => row.status === 'failed',
      3_000,
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'AUTH_ERROR' });
    // Not retried later either.
    await sleep(1_500);
    expect(await outboxRow(t, id)).toMatchObject({ status: 'failed', attempts: 1 });

    // Once the settings are fixed, a failed message can be sent again from the outbox.
    const owner = await createSignedInUserWithOrg(t.app);
    const orgMail = await t.app.services.mail.send(
      { to, subject: 'Retry after the fix', text: 'again' },
      { organizationId: owner.organizationId, userId: owner.user.id },
    );
    await until(
      () => outboxRow(t, orgMail),
      (row) => row.status === 'failed',
      3_000,
    );
    const client = api(t.app, owner.cookie);
    const retried = await client.post(`/api/v1/outbox/${orgMail}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    const again = await until(
      () => outboxRow(t, orgMail),
      (row) => row.status === 'failed',
      3_000,
    );
    expect(again).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'AUTH_ERROR' });
    // Only a failed message of the caller's organization can be retried.
    const stranger = await createSignedInUserWithOrg(t.app);
    expect((await api(t.app, stranger.cookie).post(`/api/v1/outbox/${orgMail}/retry`)).statusCode).toBe(404);
    const queued = await t.app.services.mail.send(
      { to, subject: 'Not failed', text: 'x' },
      { organizationId: owner.organizationId, userId: owner.user.id },
    );
    await until(
      () => outboxRow(t, queued),
      (row) => row.status === 'failed',
      3_000,
    );
    await t.app.services.database.db
      .update(mailOutbox)
      .set({ status: 'sent' })
      .where(eq(mailOutbox.id, queued));
    expect((await client.post(`/api/v1/outbox/${queued}/retry`)).statusCode).toBe(409);

    const health = await mailHealth(t);
    expect(health.status).toBe('unhealthy');
    expect(health.detail).toContain('AUTH_ERROR');
    expect(health.detail).toContain('refused the login');
    expect(health.detail).not.toContain('not reachable');
  });
});
