import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailActivity } from '@server/db/schema/invoicing.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import type { TComposeResult } from '@shared/mailbox/compose.ts';
import { addMailAccount } from '../helpers/mail-account.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { until as untilIn } from '../helpers/until.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * A connected account's sending limits (issue 16): over the daily limit a message waits, untried, until the
 * window opens, says so, and then leaves by itself; nothing is lost or sent twice.
 */

const until = <T>(check: () => Promise<T | null> | T | null) => untilIn(check, 8_000);
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

describe.each(DATABASES)('sending limits on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  beforeAll(async () => {
    t = await createTestApp(kind, { mailPollMs: 60_000 });
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(() => t.close());
  const c = () => api(t.app, owner.cookie);
  const db = () => t.app.services.database.db;
  const patch = (url: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload,
    });
  const outbox = async (id: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  it('holds what is over the daily limit until the window opens, then sends it', async () => {
    const accountId = await addMailAccount(
      t.app,
      { organizationId: owner.organizationId, userId: owner.user.id },
      { host: '127.0.0.1', port: 1, username: 'limits', password: 'secret-pw' },
      { emailAddress: 'ufficio@limits.test', smtpPort: smtp.port },
    );
    // The limits are the account's settings: checked as any other field.
    const account = (await c().get(`/api/v1/mail/accounts/${accountId}`)).json() as Record<string, unknown>;
    const wrong = await patch(`/api/v1/mail/accounts/${accountId}`, { ...account, dailySendLimit: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('A limit is a whole number of messages, from 1');
    const saved = await patch(`/api/v1/mail/accounts/${accountId}`, { ...account, dailySendLimit: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ dailySendLimit: 2, monthlySendLimit: null });

    const before = smtp.received.length;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const sent = await c().post('/api/v1/mail/send', {
        accountId,
        to: [`cliente${n}@example.test`],
        subject: `Messaggio ${n}`,
        text: 'Buongiorno',
        undoSeconds: 0,
      });
      expect(sent.statusCode, sent.body).toBe(202);
      ids.push((sent.json() as TComposeResult).delivery.outboxId);
      await t.app.services.mail.dispatchDue();
    }
    await until(async () => ((await outbox(ids[1]!)).status === 'sent' ? true : null));
    const third = await until(async () => {
      const row = await outbox(ids[2]!);
      return row.errorCode === 'QUOTA_EXCEEDED' ? row : null;
    });
    expect(third).toMatchObject({ status: 'queued', attempts: 0 });
    const first = await outbox(ids[0]!);
    // It leaves when the oldest message of the window is a day old.
    expect(third.nextAttemptAt.getTime()).toBe(first.sentAt!.getTime() + 24 * 60 * 60 * 1000);
    expect(smtp.received.length - before).toBe(2);
    const shown = (
      await c().get(`/api/v1/mail/messages/${(await outbox(ids[2]!)).mailMessageId}`)
    ).json() as {
      delivery: { status: string; errorCode: string; sendAt: string };
    };
    expect(shown.delivery).toMatchObject({ status: 'queued', errorCode: 'QUOTA_EXCEEDED' });
    expect(new Date(shown.delivery.sendAt).getTime()).toBe(third.nextAttemptAt.getTime());

    // A day later (the two sent messages moved back 25 hours): it leaves, once.
    await db()
      .update(mailOutbox)
      .set({ sentAt: sql`${mailOutbox.sentAt} - interval '25 hours'` })
      .where(eq(mailOutbox.accountId, accountId));
    await db().update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, ids[2]!));
    await t.app.services.mail.dispatchDue();
    await until(async () => ((await outbox(ids[2]!)).status === 'sent' ? true : null));
    expect(smtp.received.length - before).toBe(3);
    const activity = await db().select().from(emailActivity).where(eq(emailActivity.userId, owner.user.id));
    expect(activity.map((a) => [a.type, a.outboxId])).toEqual(ids.map((id) => ['composed', id]));
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual([
      'cliente1@example.test',
      'cliente2@example.test',
      'cliente3@example.test',
    ]);
  });
});
