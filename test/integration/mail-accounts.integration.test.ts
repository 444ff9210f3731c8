import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '@server/db/schema/security.ts';
import {
  mailAccounts,
  mailAttachments,
  mailFolders,
  mailMessages,
  mailPendingChanges,
} from '@server/db/schema/mailbox.ts';
import { attachmentKey, rawMessageKey } from '@server/modules/mailbox/storage-keys.ts';
import { addMember, createUser } from '@server/seed/factories.ts';
import type { Role } from '@shared/auth/permissions.ts';
import type { TMailAccount, TMailAccountList, TMailConnectionTest } from '@shared/mailbox/accounts.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../helpers/dovecot.ts';
import { freePort, startSmtpServer } from '../helpers/smtp.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  uniqueEmail,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

const IMAP_PASSWORD = 'Imap-Secret-7391';
const SMTP_PASSWORD = 'Smtp-Secret-4420';
const skipImap = dovecotUnavailable();
if (skipImap) console.warn(`mail-accounts: connection tests against Dovecot skipped: ${skipImap}`);

/** A valid body for an account on local servers (security none is allowed on 127.0.0.1). */
function accountBody(overrides: Record<string, unknown> = {}) {
  return {
    emailAddress: uniqueEmail('casella'),
    displayName: 'Mario Rossi',
    signatureHtml: '<p>Saluti<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    provider: null,
    imap: { host: '127.0.0.1', port: 143, security: 'none', username: 'alice' },
    smtp: { host: '127.0.0.1', port: 587, security: 'none', username: 'alice' },
    password: IMAP_PASSWORD,
    isPec: false,
    ...overrides,
  };
}

describe.each(DATABASES)('mail accounts on %s', (kind) => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { logLevel: 'debug' },
      { logStream: { write: (line) => void log.push(line) } },
    );
  });
  afterAll(() => t.close());

  function as(user: { cookie: string }) {
    const headers = (lang = 'en') => ({ origin: ORIGIN, cookie: user.cookie, 'accept-language': lang });
    return {
      get: (url: string, lang?: string) => t.app.inject({ method: 'GET', url, headers: headers(lang) }),
      post: (url: string, body?: unknown, lang?: string) =>
        t.app.inject({ method: 'POST', url, headers: headers(lang), payload: body as object }),
      patch: (url: string, body: unknown) =>
        t.app.inject({ method: 'PATCH', url, headers: headers(), payload: body as object }),
      del: (url: string, body?: unknown) =>
        t.app.inject({
          method: 'DELETE',
          url,
          headers: headers(),
          ...(body === undefined ? {} : { payload: body as object }),
        }),
    };
  }

  async function create(user: { cookie: string }, overrides: Record<string, unknown> = {}) {
    const res = await as(user).post('/api/v1/mail/accounts', accountBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TMailAccount;
  }

  /** A member of `owner`'s organization with the role, signed in with it active. */
  async function colleague(owner: SignedInWithOrg, role: Role) {
    const email = uniqueEmail(role);
    const created = await createUser(t.app.services.auth, {
      name: `Collega ${role}`,
      email,
      password: PASSWORD,
    });
    await addMember(t.app.services.auth, { userId: created.id, organizationId: owner.organizationId, role });
    const signed = await signIn(t.app, email);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/organizations/active',
      headers: { origin: ORIGIN, cookie: signed.cookie },
      payload: { organizationId: owner.organizationId },
    });
    expect(put.statusCode, put.body).toBe(200);
    return signed;
  }

  it('answers the spec §5 messages in English and Italian, and stores nothing', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const bad = accountBody({
      imap: { host: '', port: 0, security: 'tls', username: ' ' },
      smtp: { host: 'smtp.example.it', port: 70000, security: 'none', username: 'a' },
      password: '',
    });
    const en = await as(owner).post('/api/v1/mail/accounts', bad, 'en');
    expect(en.statusCode).toBe(400);
    const byPath = (res: typeof en) =>
      Object.fromEntries(
        (res.json() as { error: { details: { path: string; message: string }[] } }).error.details.map((d) => [
          d.path,
          d.message,
        ]),
      );
    expect(byPath(en)).toMatchObject({
      'imap.host': 'Host is required',
      'imap.port': 'Valid port is required',
      'imap.username': 'Username is required',
      'smtp.port': 'Valid port is required',
      password: 'Password is required',
    });
    const it_ = await as(owner).post('/api/v1/mail/accounts', bad, 'it');
    expect(byPath(it_)).toMatchObject({
      'imap.host': "L'host è obbligatorio",
      'imap.port': 'È richiesta una porta valida',
      'imap.username': 'Il nome utente è obbligatorio',
      password: 'La password è obbligatoria',
    });
    // none towards a remote host: refused with its own message.
    const remote = await as(owner).post(
      '/api/v1/mail/accounts',
      accountBody({ smtp: { host: 'smtp.example.it', port: 587, security: 'none', username: 'a' } }),
    );
    expect(remote.statusCode).toBe(400);
    expect(byPath(remote)['smtp.security']).toMatch(/only for a server on this machine/);
    const list = await as(owner).get('/api/v1/mail/accounts');
    expect((list.json() as TMailAccountList).items).toEqual([]);
  });

  it('creates, lists, changes and removes; the password is sealed, never answered, never logged', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const account = await create(owner, { smtpPassword: SMTP_PASSWORD, isPec: true });
    expect(account).toMatchObject({
      displayName: 'Mario Rossi',
      isPec: true,
      hasSmtpPassword: true,
      syncEnabled: true,
      syncIntervalMinutes: 5,
      syncStatus: 'idle',
      syncErrorCode: null,
      lastSyncAt: null,
      imap: { host: '127.0.0.1', port: 143, security: 'none', username: 'alice' },
    });
    // The signature went through the allow-list.
    expect(account.signatureHtml).toContain('Saluti');
    expect(account.signatureHtml).not.toMatch(/script|onerror|alert/);

    // At rest: sealed, and it opens to the password.
    const [row] = await t.app.services.database.db
      .select({ p: mailAccounts.passwordSealed, s: mailAccounts.smtpPasswordSealed })
      .from(mailAccounts)
      .where(eq(mailAccounts.id, account.id));
    expect(row!.p).not.toContain(IMAP_PASSWORD);
    expect(row!.p).toMatch(/^v1\./);
    expect(t.app.services.mailCredentials.open(row!.p)).toBe(IMAP_PASSWORD);
    expect(t.app.services.mailCredentials.open(row!.s!)).toBe(SMTP_PASSWORD);

    const list = await as(owner).get('/api/v1/mail/accounts');
    expect((list.json() as TMailAccountList).items.map((a) => a.id)).toEqual([account.id]);
    const one = await as(owner).get(`/api/v1/mail/accounts/${account.id}`);
    expect(one.statusCode).toBe(200);
    for (const body of [list.body, one.body]) {
      expect(body).not.toContain(IMAP_PASSWORD);
      expect(body).not.toContain(SMTP_PASSWORD);
      expect(body).not.toContain(row!.p);
      expect(body).not.toMatch(/"(password|smtpPassword|passwordSealed)"/);
    }

    // The same address again (any case): a field error, nothing stored.
    const twice = await as(owner).post(
      '/api/v1/mail/accounts',
      accountBody({ emailAddress: account.emailAddress.toUpperCase() }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details[0]).toMatchObject({
      path: 'emailAddress',
      key: 'mailAccounts.emailTaken',
    });

    // A failing sync state, then a change of password: the error is cleared and the next sync is due now.
    await t.app.services.database.db
      .update(mailAccounts)
      .set({
        syncStatus: 'error',
        syncErrorCode: 'AUTH_ERROR',
        nextSyncAt: new Date(Date.now() + 86_400_000),
      })
      .where(eq(mailAccounts.id, account.id));
    const { password: _p, ...withoutPassword } = accountBody({ emailAddress: account.emailAddress });
    void _p;
    const keep = await as(owner).patch(`/api/v1/mail/accounts/${account.id}`, {
      ...withoutPassword,
      displayName: 'Ufficio',
      syncIntervalMinutes: 15,
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({
      displayName: 'Ufficio',
      syncIntervalMinutes: 15,
      hasSmtpPassword: true,
    });
    expect(keep.json().syncErrorCode).toBe('AUTH_ERROR'); // nothing of the connection changed
    const [kept] = await t.app.services.database.db
      .select({ p: mailAccounts.passwordSealed })
      .from(mailAccounts)
      .where(eq(mailAccounts.id, account.id));
    expect(t.app.services.mailCredentials.open(kept!.p)).toBe(IMAP_PASSWORD);

    const changed = await as(owner).patch(`/api/v1/mail/accounts/${account.id}`, {
      ...withoutPassword,
      password: 'Nuova-Password-1',
      smtpPassword: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ syncErrorCode: null, syncStatus: 'idle', hasSmtpPassword: false });
    const [after] = await t.app.services.database.db
      .select({ p: mailAccounts.passwordSealed, next: mailAccounts.nextSyncAt })
      .from(mailAccounts)
      .where(eq(mailAccounts.id, account.id));
    expect(t.app.services.mailCredentials.open(after!.p)).toBe('Nuova-Password-1');
    expect(new Date(after!.next).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Removing needs the confirmation.
    const unconfirmed = await as(owner).del(`/api/v1/mail/accounts/${account.id}`);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.details[0]).toMatchObject({
      path: 'confirm',
      key: 'mailAccounts.confirmRequired',
    });
    const removed = await as(owner).del(`/api/v1/mail/accounts/${account.id}`, { confirm: true });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await as(owner).get(`/api/v1/mail/accounts/${account.id}`)).statusCode).toBe(404);

    const actions = await t.app.services.database.db
      .select({ action: auditLogs.action, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, owner.user.id), eq(auditLogs.organizationId, owner.organizationId)));
    expect(actions.map((a) => a.action).sort()).toEqual(['mail_account_added', 'mail_account_removed']);

    const text = log.join('\n');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [IMAP_PASSWORD, SMTP_PASSWORD, 'Nuova-Password-1'])
      expect(text).not.toContain(secret);
  });

  it('is the owner’s alone: another member, admin and super admin included, gets 404 everywhere', async () => {
    const owner = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    // A viewer connects their own mail: it is theirs, not the organization's data.
    const account = await create(owner);
    const ownerOfOrg = { ...owner, organizationId: owner.organizationId } as SignedInWithOrg;
    for (const role of ['admin', 'super_admin', 'user'] as const) {
      const other = await colleague(ownerOfOrg, role);
      const c = as(other);
      const base = `/api/v1/mail/accounts/${account.id}`;
      expect((await c.get('/api/v1/mail/accounts')).json()).toEqual({ items: [] });
      const answers = [
        await c.get(base),
        await c.patch(base, accountBody({ emailAddress: account.emailAddress })),
        await c.post(`${base}/test`, undefined),
        await c.del(base, { confirm: true }),
      ];
      for (const res of answers) {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Item not found' } });
      }
    }
    expect((await as(owner).get(`/api/v1/mail/accounts/${account.id}`)).statusCode).toBe(200);
    expect((await as(owner).get('/api/v1/mail/accounts/not-a-uuid')).statusCode).toBe(404);

    await expectOtherOrganizationGets404(t.app, {
      path: (id) => `/api/v1/mail/accounts/${id}`,
      createInOrgA: async (ctx) => (await create(ctx.owner)).id,
    });
    await expectOtherOrganizationGets404(t.app, {
      path: (id) => `/api/v1/mail/accounts/${id}`,
      method: 'DELETE',
      body: { confirm: true },
      createInOrgA: async (ctx) => (await create(ctx.owner)).id,
    });
  });

  it('removes the account’s stored mail and files, keeping attachments other messages still use', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const gone = await create(owner);
    const stays = await create(owner);
    const db = t.app.services.database.db;
    const files = t.app.services.files;
    const scope = { orgId: owner.organizationId, userId: owner.user.id };
    async function message(accountId: string, checksums: string[]) {
      const [folder] = await db
        .insert(mailFolders)
        .values({
          ...owned(),
          accountId,
          path: `INBOX-${accountId}-${checksums.join()}`,
          name: 'Inbox',
          role: 'inbox',
        })
        .returning({ id: mailFolders.id });
      const [msg] = await db
        .insert(mailMessages)
        .values({
          ...owned(),
          accountId,
          folderId: folder!.id,
          uid: 1,
          threadId: 't',
          receivedAt: new Date(),
        })
        .returning({ id: mailMessages.id });
      const rawKey = rawMessageKey(scope, msg!.id);
      await db.update(mailMessages).set({ rawKey }).where(eq(mailMessages.id, msg!.id));
      await files.put(rawKey, Buffer.from('Subject: x\r\n\r\nbody'));
      for (const checksum of checksums) {
        const storageKey = attachmentKey(scope, checksum);
        await files.put(storageKey, Buffer.from(checksum));
        await db.insert(mailAttachments).values({
          ...owned(),
          messageId: msg!.id,
          filename: `${checksum}.pdf`,
          contentType: 'application/pdf',
          size: 10,
          checksum,
          storageKey,
        });
      }
      return { id: msg!.id, rawKey };
    }
    function owned() {
      return { organizationId: owner.organizationId, userId: owner.user.id };
    }
    const shared = 'a'.repeat(64);
    const own = 'b'.repeat(64);
    const m1 = await message(gone.id, [shared, own]);
    const m2 = await message(stays.id, [shared]);
    await db
      .insert(mailPendingChanges)
      .values({ ...owned(), accountId: gone.id, folderPath: 'INBOX', uid: 1, kind: 'delete', payload: {} });

    const res = await as(owner).del(`/api/v1/mail/accounts/${gone.id}`, { confirm: true });
    expect(res.statusCode, res.body).toBe(204);

    const left = await db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.userId, owner.user.id));
    expect(left.map((r) => r.id)).toEqual([m2.id]);
    expect(
      await db.select().from(mailPendingChanges).where(eq(mailPendingChanges.accountId, gone.id)),
    ).toEqual([]);
    expect(await files.get(m1.rawKey)).toBeNull();
    expect(await files.get(attachmentKey(scope, own))).toBeNull();
    expect(await files.get(attachmentKey(scope, shared))).not.toBeNull();
    expect(await files.get(m2.rawKey)).not.toBeNull();
  });

  describe.skipIf(!!skipImap)('connection test', () => {
    let dovecot: Dovecot;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let refusing: Awaited<ReturnType<typeof startSmtpServer>>;
    beforeAll(async () => {
      dovecot = await startDovecot({ alice: IMAP_PASSWORD });
      smtp = await startSmtpServer();
      refusing = await startSmtpServer(0, { refuseLogin: true });
    });
    afterAll(async () => {
      await dovecot?.close();
      await smtp?.close();
      await refusing?.close();
    });

    const servers = (imapPort: number, smtpPort: number) => ({
      imap: { host: '127.0.0.1', port: imapPort, security: 'none', username: 'alice' },
      smtp: { host: '127.0.0.1', port: smtpPort, security: 'none', username: 'alice' },
    });

    it('logs in to Dovecot and to SMTP, and names the failures with the spec §8 classes', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const c = as(owner);
      const test = async (body: object | undefined, url = '/api/v1/mail/accounts/test') => {
        const res = await c.post(url, body);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as TMailConnectionTest;
      };
      expect(await test(accountBody(servers(dovecot.port, smtp.port)))).toEqual({
        imap: { ok: true },
        smtp: { ok: true },
      });
      expect(
        await test(accountBody({ ...servers(dovecot.port, refusing.port), password: 'wrong-one' })),
      ).toEqual({
        imap: { ok: false, code: 'AUTH_ERROR' },
        smtp: { ok: false, code: 'AUTH_ERROR' },
      });
      const closed = await freePort();
      expect(await test(accountBody(servers(closed, closed)))).toEqual({
        imap: { ok: false, code: 'CONNECTION_ERROR' },
        smtp: { ok: false, code: 'CONNECTION_ERROR' },
      });

      // A stored account: with its sealed password, or with the form's edits and the stored password.
      const account = await create(owner, servers(dovecot.port, smtp.port));
      expect(await test(undefined, `/api/v1/mail/accounts/${account.id}/test`)).toEqual({
        imap: { ok: true },
        smtp: { ok: true },
      });
      const { password: _p, ...edited } = accountBody({
        emailAddress: account.emailAddress,
        ...servers(dovecot.port, refusing.port),
      });
      void _p;
      expect(await test(edited, `/api/v1/mail/accounts/${account.id}/test`)).toEqual({
        imap: { ok: true },
        smtp: { ok: false, code: 'AUTH_ERROR' },
      });
      // A stored password the server refuses.
      const stale = await create(owner, { ...servers(dovecot.port, smtp.port), password: 'old-password' });
      expect((await test(undefined, `/api/v1/mail/accounts/${stale.id}/test`)).imap).toEqual({
        ok: false,
        code: 'AUTH_ERROR',
      });
      expect(log.join('\n')).not.toContain(IMAP_PASSWORD);
    }, 60_000);

    it('syncs a new account at once, and again at once when its password is fixed', async () => {
      // An app whose background jobs run, as a server's do: the runner's own round comes only every 30 s.
      const live = await createTestApp(kind, { backgroundJobs: true });
      try {
        const owner = await createSignedInUserWithOrg(live.app);
        const headers = { origin: ORIGIN, cookie: owner.cookie };
        const created = await live.app.inject({
          method: 'POST',
          url: '/api/v1/mail/accounts',
          headers,
          payload: accountBody({ ...servers(dovecot.port, smtp.port), password: 'not-the-password' }),
        });
        expect(created.statusCode, created.body).toBe(201);
        const { id, emailAddress } = created.json() as TMailAccount;
        const state = async () =>
          (
            (
              await live.app.inject({ method: 'GET', url: `/api/v1/mail/accounts/${id}`, headers })
            ).json() as TMailAccount
          ).syncErrorCode;
        await expect.poll(state, { timeout: 10_000 }).toBe('AUTH_ERROR');

        const fixed = await live.app.inject({
          method: 'PATCH',
          url: `/api/v1/mail/accounts/${id}`,
          headers,
          payload: accountBody({
            ...servers(dovecot.port, smtp.port),
            emailAddress,
            password: IMAP_PASSWORD,
          }),
        });
        expect(fixed.statusCode, fixed.body).toBe(200);
        const synced = async () =>
          (
            (
              await live.app.inject({ method: 'GET', url: `/api/v1/mail/accounts/${id}`, headers })
            ).json() as TMailAccount
          ).lastSyncAt;
        await expect.poll(synced, { timeout: 10_000 }).not.toBeNull();
      } finally {
        await live.close();
      }
    }, 60_000);
  });
});
