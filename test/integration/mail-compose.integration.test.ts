import { and, eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { mailAccounts, mailFolders, mailMessages } from '@server/db/schema/mailbox.ts';
import { openImap } from '@server/modules/mailbox/imap-client.ts';
import { syncAccount } from '@server/modules/mailbox/sync/sync-account.ts';
import { claimAccount } from '@server/modules/mailbox/sync/sync-repository.ts';
import { topics } from '@server/platform/realtime.ts';
import type { TInvitationList } from '@shared/calendar/contracts.ts';
import type { TComposeResult } from '@shared/mailbox/compose.ts';
import type { TMessage } from '@shared/mailbox/contracts.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../helpers/dovecot.ts';
import { addMailAccount } from '../helpers/mail-account.ts';
import { pecReceipt } from '../helpers/pec.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { until as untilIn } from '../helpers/until.ts';
import { events } from '@server/db/schema/calendar.ts';
import { applyCalendarReply } from '@server/modules/calendar/replies.ts';
import { addMember, createUser, eventInput } from '@server/seed/factories.ts';
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
 * Composing and sending (issue 16) against a real IMAP server (Dovecot) and a real SMTP server (smtp-server): the
 * spec §5 validation, the copy in Sent with its true state, the message on the wire, the APPEND to the IMAP Sent
 * folder without a second copy at the next sync, a refused login, and mail without an account.
 */

const skip = dovecotUnavailable();
/** Sends go through real servers: up to 8 s for a state to change. */
const until = <T>(check: () => Promise<T | null> | T | null) => untilIn(check, 8_000);
if (skip) console.warn(`mail-compose tests skipped: ${skip}`);

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

let dovecot: Dovecot;
let smtp: Smtp;
let refusing: Smtp;
const USERS = Array.from({ length: 24 }, (_, i) => `user${i}`);
beforeAll(async () => {
  if (skip) return;
  [dovecot, smtp, refusing] = await Promise.all([
    startDovecot(Object.fromEntries(USERS.map((u) => [u, 'secret-pw']))),
    startSmtpServer(),
    startSmtpServer(0, { refuseLogin: true }),
  ]);
}, 30_000);
afterAll(async () => {
  await dovecot?.close();
  await smtp?.close();
  await refusing?.close();
});

describe.skipIf(!!skip).each(DATABASES)('composing and sending on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  beforeAll(async () => {
    // The dispatcher's poll is out of the way: the send itself wakes it.
    t = await createTestApp(kind, { mailPollMs: 60_000 });
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(() => t.close());
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  const db = () => t.app.services.database.db;
  const c = () => api(t.app, owner.cookie);

  async function setup(smtpPort: number) {
    const username = USERS.shift()!;
    const emailAddress = `${username}@example.test`;
    const accountId = await addMailAccount(
      t.app,
      { organizationId: owner.organizationId, userId: owner.user.id },
      { host: dovecot.host, port: dovecot.port, username, password: 'secret-pw' },
      { emailAddress, smtpPort, displayName: 'Anna Bianchi' },
    );
    const other = await openImap({
      host: dovecot.host,
      port: dovecot.port,
      security: 'none',
      username,
      password: 'secret-pw',
    });
    const pushed: TServerMessage[] = [];
    const off = t.app.services.hub.subscribe(topics.userMail(owner.organizationId, owner.user.id), (m) =>
      pushed.push(m),
    );
    cleanups.push(async () => {
      off();
      await db().update(mailAccounts).set({ syncEnabled: false }).where(eq(mailAccounts.id, accountId));
      await other.logout().catch(() => other.close());
    });
    return { accountId, emailAddress, other, pushed };
  }

  async function sync(accountId: string) {
    expect(await claimAccount(db(), accountId, 'test', 60)).toBe(true);
    const calendar = {
      db: db(),
      mail: t.app.services.mail,
      hub: t.app.services.hub,
      appUrl: t.config.appUrl,
      mailFrom: t.config.mailFrom,
    };
    const deps = {
      db: db(),
      files: t.app.services.files,
      hub: t.app.services.hub,
      mailCredentials: t.app.services.mailCredentials,
      // As app.ts wires the sync: guests' calendar replies answer the invitations.
      calendarReply: (reply: Parameters<typeof applyCalendarReply>[1]) => applyCalendarReply(calendar, reply),
    };
    return syncAccount(deps, accountId, { owner: 'test', leaseSeconds: 60 });
  }

  const outbox = async (id: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const message = async (id: string) => (await c().get(`/api/v1/mail/messages/${id}`)).json() as TMessage;
  const sentUids = async (other: ImapFlow) => {
    const lock = await other.getMailboxLock('Sent');
    try {
      return (await other.search({ all: true }, { uid: true })) || [];
    } finally {
      lock.release();
    }
  };

  it('refuses what spec §5 refuses, in the caller’s language, and stores nothing', async () => {
    const empty = await c().post('/api/v1/mail/send', {
      accountId: null,
      to: [],
      subject: ' ',
      html: '<p> </p>',
    });
    expect(empty.statusCode).toBe(400);
    const body = empty.json() as {
      error: { code: string; message: string; details: { path: string; message: string }[] };
    };
    expect(body.error.code).toBe('INVALID_EMAIL_DATA');
    expect(body.error.message).toBe('Invalid email data');
    expect(body.error.details.map((d) => [d.path, d.message])).toEqual([
      ['to', 'Recipient email is required'],
      ['subject', 'Subject is required'],
      ['content', 'Email content is required'],
    ]);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mail/send',
      headers: { cookie: owner.cookie, 'accept-language': 'it', origin: 'http://localhost:3000' },
      payload: {
        accountId: null,
        to: ['mario rossi@example.it'],
        bcc: ['ok@example.it'],
        subject: 'Ciao',
        text: 'x',
      },
    });
    expect(wrong.statusCode).toBe(400);
    const it = wrong.json() as { error: { message: string; details: { path: string; message: string }[] } };
    expect(it.error.message).toBe("Dati dell'e-mail non validi");
    expect(it.error.details).toEqual([
      expect.objectContaining({ path: 'to', message: "Formato dell'e-mail del destinatario non valido" }),
    ]);

    const someoneElses = await c().post('/api/v1/mail/send', {
      accountId: '00000000-0000-4000-8000-000000000000',
      to: ['a@example.it'],
      subject: 'x',
      text: 'x',
    });
    expect(someoneElses.statusCode).toBe(404);
    expect(await db().select().from(mailOutbox)).toHaveLength(0);
  });

  it('sends through the account’s SMTP, files the copy in the IMAP Sent folder once, and says so live', async () => {
    const { accountId, emailAddress, other, pushed } = await setup(smtp.port);
    await other.append(
      'INBOX',
      Buffer.from(
        'From: Mario Rossi <mario@rossi.example>\r\nTo: me@example.test\r\nSubject: Preventivo\r\n' +
          'Message-ID: <q1@rossi.example>\r\nDate: Mon, 5 Jan 2026 09:00:00 +0000\r\n\r\nCi mandate il preventivo?\r\n',
      ),
    );
    await sync(accountId);
    const [question] = await db()
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.messageId, '<q1@rossi.example>')));

    const response = await c().post('/api/v1/mail/send', {
      accountId,
      to: [`Mario Rossi <mario.${kind}@rossi.example>`],
      cc: ['ufficio@rossi.example'],
      bcc: ['archivio@example.test'],
      subject: 'Re: Preventivo',
      html: '<p>Eccolo <b>qui</b>.</p><script>alert(1)</script>',
      inReplyToId: question!.id,
      undoSeconds: 0,
    });
    expect(response.statusCode).toBe(202);
    const sent = response.json() as TComposeResult;
    // The answer is the truth at that moment: queued, not sent.
    expect(sent.delivery.status).toBe('queued');

    const wire = await smtp.waitFor(`mario.${kind}@rossi.example`, 8_000);
    expect(wire.from).toBe(emailAddress);
    expect(wire.to.sort()).toEqual([
      'archivio@example.test',
      `mario.${kind}@rossi.example`,
      'ufficio@rossi.example',
    ]);
    expect(wire.raw).toMatch(/^From: "?Anna Bianchi"? <user\d@example\.test>/m);
    expect(wire.raw).toContain('In-Reply-To: <q1@rossi.example>');
    expect(wire.raw).not.toMatch(/^Bcc:/im);
    expect(wire.raw).not.toContain('<script>');
    // The plain-text alternative is made from the HTML.
    expect(wire.raw).toContain('Eccolo qui.');

    const delivered = await until(async () => {
      const row = await outbox(sent.delivery.outboxId);
      return row.status === 'sent' ? row : null;
    });
    expect(delivered.accountId).toBe(accountId);
    const copy = await until(async () => {
      const m = await message(sent.messageId);
      return m.delivery?.status === 'sent' ? m : null;
    });
    expect(copy.threadId).toBe(question!.threadId);
    expect(copy.bcc.map((a) => a.address)).toEqual(['archivio@example.test']);
    await until(() =>
      pushed.some(
        (m) => m.type === 'email:updated' && m.emailId === sent.messageId && m.delivery?.status === 'sent',
      ),
    );

    // The APPEND gave the copy its UID in the Sent folder; the next sync stores no second row.
    const row = await until(async () => {
      const [r] = await db().select().from(mailMessages).where(eq(mailMessages.id, sent.messageId));
      return r?.uid ? r : null;
    });
    const [sentFolder] = await db().select().from(mailFolders).where(eq(mailFolders.id, row!.folderId));
    expect(sentFolder!.path).toBe('Sent');
    expect(await sentUids(other)).toEqual([row!.uid]);
    await sync(accountId);
    const copies = await db()
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.messageId, row!.messageId!)));
    expect(copies).toHaveLength(1);
  });

  it('another member of the organization, an admin too, can neither send from the account nor see its mail', async () => {
    const { accountId } = await setup(smtp.port);
    const sent = (
      await c().post('/api/v1/mail/send', {
        accountId,
        to: ['x@example.it'],
        subject: 'Privata',
        text: 'Solo mia',
        undoSeconds: 0,
      })
    ).json() as TComposeResult;
    await until(async () => (await outbox(sent.delivery.outboxId)).status === 'sent');

    const email = uniqueEmail('admin');
    const admin = await createUser(t.app.services.auth, { name: 'An admin', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: admin.id,
      organizationId: owner.organizationId,
      role: 'admin',
    });
    const theirs = api(t.app, (await signIn(t.app, email)).cookie);
    expect((await theirs.get('/api/v1/mail/labels')).statusCode).toBe(200);

    const asThem = await theirs.post('/api/v1/mail/send', {
      accountId,
      to: ['y@example.it'],
      subject: 'x',
      text: 'x',
    });
    expect(asThem.statusCode).toBe(404);
    const listed = (await theirs.get('/api/v1/outbox')).json() as { items: { id: string }[] };
    expect(listed.items.map((i) => i.id)).not.toContain(sent.delivery.outboxId);
    expect((await theirs.get(`/api/v1/outbox/${sent.delivery.outboxId}`)).statusCode).toBe(404);
    expect((await theirs.get(`/api/v1/mail/messages/${sent.messageId}`)).statusCode).toBe(404);
    // The sender sees it.
    const mine = (await c().get('/api/v1/outbox')).json() as { items: { id: string }[] };
    expect(mine.items.map((i) => i.id)).toContain(sent.delivery.outboxId);
  });

  it('a copy the server filed itself is found by its Message-ID at the next sync, not stored twice', async () => {
    const { accountId, other } = await setup(smtp.port);
    await sync(accountId);
    // As Gmail does: the provider files the sent mail itself, so no APPEND is made here.
    await db().update(mailAccounts).set({ provider: 'gmail' }).where(eq(mailAccounts.id, accountId));
    const sent = (
      await c().post('/api/v1/mail/send', {
        accountId,
        to: ['x@example.it'],
        subject: 'Filed by the server',
        text: 'Ciao',
        undoSeconds: 0,
      })
    ).json() as TComposeResult;
    await until(async () => (await outbox(sent.delivery.outboxId)).status === 'sent');
    expect(await sentUids(other)).toEqual([]);
    const [row] = await db().select().from(mailMessages).where(eq(mailMessages.id, sent.messageId));
    expect(row!.uid).toBeNull();
    const raw = await t.app.services.files.get(row!.rawKey!);
    await other.append('Sent', raw!, ['\\Seen']);
    await sync(accountId);
    const copies = await db()
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.messageId, row!.messageId!)));
    expect(copies).toHaveLength(1);
    expect(copies[0]!.id).toBe(sent.messageId);
    expect(copies[0]!.uid).not.toBeNull();
  });

  it('a refused login fails the message with AUTH_ERROR and the reason, shown on the copy', async () => {
    const { accountId } = await setup(refusing.port);
    const sent = (
      await c().post('/api/v1/mail/send', {
        accountId,
        to: ['x@example.it'],
        subject: 'Refused',
        text: 'Ciao',
        undoSeconds: 0,
      })
    ).json() as TComposeResult;
    const failed = await until(async () => {
      const m = await message(sent.messageId);
      return m.delivery?.status === 'failed' ? m : null;
    });
    expect(failed.delivery).toMatchObject({ errorCode: 'AUTH_ERROR' });
    expect(failed.delivery!.lastError).toMatch(/auth|credentials/i);
  });

  it('undo: within its seconds nothing leaves, the message and its copy go; after, it is too late', async () => {
    const { accountId } = await setup(smtp.port);
    const before = smtp.received.length;
    const sent = (
      await c().post('/api/v1/mail/send', {
        accountId,
        to: ['undo@example.it'],
        subject: 'Ops',
        text: 'x',
        undoSeconds: 30,
      })
    ).json() as TComposeResult;
    expect(sent.delivery.status).toBe('queued');
    expect(new Date(sent.delivery.sendAt!).getTime()).toBeGreaterThan(Date.now() + 25_000);
    // The dispatcher looks now: not due, nothing leaves.
    await t.app.services.mail.dispatchDue();
    expect(smtp.received.length).toBe(before);
    const undo = await c().post(`/api/v1/mail/outbox/${sent.delivery.outboxId}/cancel`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ attachments: [] });
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.id, sent.delivery.outboxId)),
    ).toHaveLength(0);
    expect((await c().get(`/api/v1/mail/messages/${sent.messageId}`)).statusCode).toBe(404);
    expect((await c().post(`/api/v1/mail/outbox/${sent.delivery.outboxId}/cancel`)).statusCode).toBe(404);

    // Once the dispatcher has taken it, undo is refused and changes nothing.
    const gone = (
      await c().post('/api/v1/mail/send', {
        accountId,
        to: ['late@example.it'],
        subject: 'Late',
        text: 'x',
        undoSeconds: 0,
      })
    ).json() as TComposeResult;
    await until(async () => (await outbox(gone.delivery.outboxId)).status === 'sent');
    const late = await c().post(`/api/v1/mail/outbox/${gone.delivery.outboxId}/cancel`);
    expect(late.statusCode).toBe(409);
    expect((late.json() as { error: { code: string } }).error.code).toBe('MAIL_SEND_STARTED');
    expect((await message(gone.messageId)).delivery?.status).toBe('sent');
  });

  it('scheduled send: in the organization’s time zone, listed as Scheduled, moved, sent when due', async () => {
    const { accountId } = await setup(smtp.port);
    const past = await c().post('/api/v1/mail/send', {
      accountId,
      to: ['a@example.it'],
      subject: 'Yesterday',
      text: 'x',
      sendAt: { date: '2020-01-01', time: '09:00' },
    });
    expect(past.statusCode).toBe(400);
    expect(
      (past.json() as { error: { details: { path: string }[] } }).error.details.map((d) => d.path),
    ).toEqual(['sendAt']);

    const tooFar = await c().post('/api/v1/mail/send', {
      accountId,
      to: ['a@example.it'],
      subject: 'Too far',
      text: 'x',
      sendAt: { date: '2099-06-01', time: '09:00' },
    });
    expect(tooFar.statusCode).toBe(400);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    /** The day and time an instant is in Rome, the organization's zone (Europe/Rome until one is set). */
    const inRome = (iso: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Rome',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(iso));
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
    };
    const recipient = `programmato.${kind}@example.it`;
    const response = await c().post('/api/v1/mail/send', {
      accountId,
      to: [recipient],
      subject: 'Domattina',
      text: 'Buongiorno',
      sendAt: { date: day(30), time: '09:00' },
    });
    expect(response.statusCode).toBe(202);
    const sent = response.json() as TComposeResult;
    expect(sent.delivery.status).toBe('scheduled');
    expect(inRome(sent.delivery.sendAt!)).toBe(`${day(30)} 09:00`);
    const view = (await c().get('/api/v1/mail/messages?view=scheduled')).json() as {
      items: { id: string }[];
    };
    expect(view.items.map((m) => m.id)).toEqual([sent.messageId]);

    const moved = await c().put(`/api/v1/mail/outbox/${sent.delivery.outboxId}/send-at`, {
      sendAt: { date: day(60), time: '17:30' },
    });
    expect(moved.statusCode).toBe(200);
    const movedTo = moved.json() as { status: string; sendAt: string };
    expect(movedTo.status).toBe('scheduled');
    expect(inRome(movedTo.sendAt)).toBe(`${day(60)} 17:30`);

    // Due now (as if the time had come): the dispatcher sends it and it leaves the Scheduled view.
    await db()
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, sent.delivery.outboxId));
    await t.app.services.mail.dispatchDue();
    await smtp.waitFor(recipient);
    expect((await message(sent.messageId)).delivery?.status).toBe('sent');
    const after = (await c().get('/api/v1/mail/messages?view=scheduled')).json() as { items: unknown[] };
    expect(after.items).toEqual([]);
    const tooLate = await c().put(`/api/v1/mail/outbox/${sent.delivery.outboxId}/send-at`, {
      sendAt: { date: day(61), time: '09:00' },
    });
    expect(tooLate.statusCode).toBe(409);
  });

  it('attachments: uploaded files and a forwarded message’s files go with it; over 25 MB is refused; undo gives them back', async () => {
    const { accountId, other } = await setup(smtp.port);
    await other.append(
      'INBOX',
      Buffer.from(
        [
          'From: Fornitore <f@fornitore.example>',
          'To: me@example.test',
          'Subject: Listino 2027',
          'Message-ID: <listino@fornitore.example>',
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="b"',
          '',
          '--b',
          'Content-Type: text/plain',
          '',
          'In allegato il listino.',
          '--b',
          'Content-Type: application/pdf; name="listino.pdf"',
          'Content-Disposition: attachment; filename="listino.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from('%PDF-1.4 listino').toString('base64'),
          '--b--',
          '',
        ].join('\r\n'),
      ),
    );
    await sync(accountId);
    const [original] = await db()
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.accountId, accountId), eq(mailMessages.messageId, '<listino@fornitore.example>')),
      );
    const forwarded = (await message(original!.id)).attachments[0]!;

    const upload = async (content: Buffer, cookie = owner.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/mail/uploads',
        headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/octet-stream' },
        payload: content,
      });
    const uploaded = await upload(Buffer.from('Preventivo firmato'));
    expect(uploaded.statusCode).toBe(201);
    const { uploadId } = uploaded.json() as { uploadId: string };

    const recipient = `allegati.${kind}@example.it`;
    const sent = await c().post('/api/v1/mail/send', {
      accountId,
      to: [recipient],
      subject: 'I: Listino 2027',
      text: 'Ecco i file',
      attachments: [{ uploadId, filename: 'preventivo.txt', contentType: 'text/plain' }],
      forwardAttachmentIds: [forwarded.id],
      undoSeconds: 0,
    });
    expect(sent.statusCode).toBe(202);
    const wire = await smtp.waitFor(recipient);
    expect(wire.raw).toContain('filename=preventivo.txt');
    expect(wire.raw).toContain(Buffer.from('Preventivo firmato').toString('base64'));
    expect(wire.raw).toContain('filename=listino.pdf');
    // The upload went with the message: it cannot be sent a second time.
    const again = await c().post('/api/v1/mail/send', {
      accountId,
      to: [recipient],
      subject: 'x',
      text: 'x',
      attachments: [{ uploadId, filename: 'preventivo.txt', contentType: 'text/plain' }],
    });
    expect(again.statusCode).toBe(404);

    // Another user's upload id, or an attachment of theirs, names nothing here.
    const stranger = await createSignedInUserWithOrg(t.app);
    const theirs = (await upload(Buffer.from('altrui'), stranger.cookie)).json() as { uploadId: string };
    const foreign = await c().post('/api/v1/mail/send', {
      accountId,
      to: [recipient],
      subject: 'x',
      text: 'x',
      attachments: [{ uploadId: theirs.uploadId, filename: 'a.txt', contentType: 'text/plain' }],
    });
    expect(foreign.statusCode).toBe(404);

    // Over the limit, in one file: ATTACHMENT_TOO_LARGE with the limit stated.
    const big = await upload(Buffer.alloc(25 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      error: { code: 'ATTACHMENT_TOO_LARGE', message: 'The attachments are too large: at most 25 MB in all' },
    });

    // Undo: the files come back as new uploads for the composer.
    const file = (await upload(Buffer.from('bozza'))).json() as { uploadId: string };
    const undone = (
      await c().post('/api/v1/mail/send', {
        accountId,
        to: [recipient],
        subject: 'Con allegato',
        text: 'x',
        attachments: [{ uploadId: file.uploadId, filename: 'bozza.txt', contentType: 'text/plain' }],
        undoSeconds: 30,
      })
    ).json() as TComposeResult;
    const cancel = await c().post(`/api/v1/mail/outbox/${undone.delivery.outboxId}/cancel`);
    const back = cancel.json() as { attachments: { uploadId: string; filename: string; size: number }[] };
    expect(back.attachments).toEqual([
      expect.objectContaining({ filename: 'bozza.txt', contentType: 'text/plain', size: 5 }),
    ]);
    expect(back.attachments[0]!.uploadId).not.toBe(file.uploadId);
    const resent = await c().post('/api/v1/mail/send', {
      accountId,
      to: [recipient],
      subject: 'Con allegato, di nuovo',
      text: 'x',
      attachments: [
        { uploadId: back.attachments[0]!.uploadId, filename: 'bozza.txt', contentType: 'text/plain' },
      ],
      undoSeconds: 30,
    });
    expect(resent.statusCode).toBe(202);
  });

  it('PEC: the provider’s receipts come back with the sync and give the sent message its legal status', async () => {
    const { accountId, other } = await setup(smtp.port);
    await db().update(mailAccounts).set({ isPec: true }).where(eq(mailAccounts.id, accountId));
    await sync(accountId);
    const sent = (
      await c().post('/api/v1/mail/send', {
        accountId,
        to: [`cliente.${kind}@pec.rossi.example`],
        subject: 'Offerta certificata',
        text: 'In allegato la nostra offerta.',
        undoSeconds: 0,
      })
    ).json() as TComposeResult;
    await until(async () => (await outbox(sent.delivery.outboxId)).status === 'sent');
    expect((await message(sent.messageId)).pec).toEqual({ status: 'waiting', receipts: [] });

    const [row] = await db().select().from(mailMessages).where(eq(mailMessages.id, sent.messageId));
    const refersTo = row!.messageId!;
    await other.append('INBOX', pecReceipt({ kind: 'accettazione', refersTo }));
    await other.append(
      'INBOX',
      pecReceipt({ kind: 'avvenuta-consegna', refersTo, consegna: `cliente.${kind}@pec.rossi.example` }),
    );
    await sync(accountId);
    const certified = await message(sent.messageId);
    expect(certified.pec?.status).toBe('delivered');
    expect(certified.pec?.receipts.map((r) => [r.kind, r.recipient])).toEqual([
      ['accettazione', null],
      ['avvenuta-consegna', `cliente.${kind}@pec.rossi.example`],
    ]);
    // Each receipt is a message of the Inbox, which can be opened.
    const opened = await c().get(`/api/v1/mail/messages/${certified.pec!.receipts[1]!.messageId}`);
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as TMessage).attachments.map((a) => a.filename)).toEqual(['daticert.xml']);
  });

  it('a guest’s REPLY from a calendar app answers the invitation; an uninvited address or unknown UID changes nothing', async () => {
    const { accountId, other } = await setup(smtp.port);
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const created = await c().post(
      '/api/v1/events',
      eventInput({ title: 'Inaugurazione showroom', startDate: day, startTime: '18:00', endTime: '20:00' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json() as { id: string };
    const guest = `ospite.${kind}@example.it`;
    const invited = await c().post(`/api/v1/events/${event.id}/invitations`, { inviteeEmail: guest });
    expect(invited.statusCode, invited.body).toBe(201);
    const [row] = await db().select({ uid: events.uid }).from(events).where(eq(events.id, event.id));

    const reply = (from: string, attendee: string, uid: string, partstat: string) =>
      Buffer.from(
        [
          `From: <${from}>`,
          'To: anna@example.test',
          'Subject: Accettato: Inaugurazione showroom',
          `Message-ID: <reply.${Math.random().toString(36).slice(2)}@calendar.example>`,
          'MIME-Version: 1.0',
          'Content-Type: text/calendar; method=REPLY; charset=utf-8',
          '',
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
          'METHOD:REPLY',
          'BEGIN:VEVENT',
          `UID:${uid}`,
          'DTSTAMP:20261128T090000Z',
          `ATTENDEE;CN=Ospite;PARTSTAT=${partstat}:mailto:${attendee}`,
          'COMMENT:Ci saremo in due',
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      );
    // Someone not invited answering as the guest, and an answer for an event we do not have: nothing changes.
    await other.append('INBOX', reply('intruso@example.it', guest, row!.uid, 'DECLINED'));
    await other.append('INBOX', reply(guest, guest, 'unknown-uid@example.it', 'DECLINED'));
    await other.append('INBOX', reply(guest, guest, row!.uid, 'ACCEPTED'));
    await sync(accountId);
    const { items } = (await c().get(`/api/v1/events/${event.id}/invitations`)).json() as TInvitationList;
    expect(items.map((i) => [i.inviteeEmail, i.rsvpStatus, i.rsvpResponseMessage])).toEqual([
      [guest, 'accepted', 'Ci saremo in due'],
    ]);
    // An older answer found later (a mailbox's first sync reads old mail too) does not undo the newer one.
    await other.append(
      'INBOX',
      reply(guest, guest, row!.uid, 'DECLINED'),
      [],
      new Date(Date.now() - 86_400_000),
    );
    await sync(accountId);
    const after = (await c().get(`/api/v1/events/${event.id}/invitations`)).json() as TInvitationList;
    expect(after.items.map((i) => i.rsvpStatus)).toEqual(['accepted']);
  });

  it('without an account: the organization’s sender; no mail server means kept in the app, and it says so', async () => {
    const response = await c().post('/api/v1/mail/send', {
      accountId: null,
      to: ['cliente@example.it'],
      subject: 'Dalla cassetta locale',
      text: 'Buongiorno',
    });
    expect(response.statusCode).toBe(202);
    const sent = response.json() as TComposeResult;
    expect(sent.delivery.status).toBe('stored');
    const copy = await message(sent.messageId);
    expect(copy.folderName).toBe('Sent');
    expect(copy.accountAddress).toBeNull();
    expect(copy.delivery).toMatchObject({ status: 'stored', outboxId: sent.delivery.outboxId });
  });
});
