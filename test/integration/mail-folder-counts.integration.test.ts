import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFolders, mailMessages } from '@server/db/schema/mailbox.ts';
import { storeMessage } from '@server/modules/mailbox/ingest/store-message.ts';
import { openImap } from '@server/modules/mailbox/imap-client.ts';
import { insertMessage } from '@server/modules/mailbox/messages-repository.ts';
import { syncAccount } from '@server/modules/mailbox/sync/sync-account.ts';
import { claimAccount } from '@server/modules/mailbox/sync/sync-repository.ts';
import { sequence } from '@server/seed/sequence.ts';
import type { TMailFolder, TMailboxOverview } from '@shared/mailbox/contracts.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../helpers/dovecot.ts';
import { addMailAccount } from '../helpers/mail-account.ts';
import {
  DATABASES,
  ORIGIN,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

const dovecotMissing = dovecotUnavailable();

function rawMail(n: number, tag: string) {
  return Buffer.from(
    [
      `From: Cliente ${n} <cliente${n}@example.it>`,
      'To: me@example.test',
      `Subject: Messaggio ${n} ${tag}`,
      `Message-ID: <m${n}.${tag}@example.it>`,
      `Date: ${new Date(Date.UTC(2026, 0, n, 9)).toUTCString()}`,
      '',
      `Corpo del messaggio ${n}`,
      '',
    ].join('\r\n'),
  );
}

describe.each(DATABASES)('mail folder counts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.app.services.database.db;

  async function freshUser() {
    const user = await createSignedInUserWithOrg(t.app);
    const scope = { orgId: user.organizationId, userId: user.user.id };
    const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
      t.app.inject({
        method,
        url,
        headers: { origin: ORIGIN, cookie: user.cookie },
        ...(body ? { payload: body } : {}),
      });
    const overview = async () => {
      const res = await request('GET', '/api/v1/mail/folders');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TMailboxOverview;
    };
    const action = async (body: object) => {
      const res = await request('POST', '/api/v1/mail/messages/actions', body);
      expect(res.statusCode, res.body).toBe(200);
    };
    const local = Object.fromEntries(
      (await overview()).folders.filter((f) => f.accountId === null).map((f) => [f.role, f.id]),
    ) as Record<'inbox' | 'sent' | 'drafts' | 'trash' | 'spam', string>;
    return { scope, request, overview, action, local };
  }

  /** Every folder of the database whose kept counts differ from a count of its messages (none, always). */
  async function wrongCounts() {
    const rows = await db()
      .select({
        id: mailFolders.id,
        total: mailFolders.totalCount,
        unread: mailFolders.unreadCount,
        counted: sql<number>`count(${mailMessages.id})`.mapWith(Number),
        unreadCounted:
          sql<number>`count(${mailMessages.id}) filter (where not ${mailMessages.isRead})`.mapWith(Number),
      })
      .from(mailFolders)
      .leftJoin(mailMessages, eq(mailMessages.folderId, mailFolders.id))
      .groupBy(mailFolders.id);
    expect(rows.length).toBeGreaterThan(0);
    return rows.filter((r) => r.total !== r.counted || r.unread !== r.unreadCounted);
  }

  const shown = (overview: TMailboxOverview, id: string) => {
    const f = overview.folders.find((x) => x.id === id)!;
    return { unread: f.unreadCount, total: f.totalCount };
  };

  let seq = 0;
  const addMessage = (
    scope: { orgId: string; userId: string },
    folderId: string,
    values: { accountId?: string | null; isRead?: boolean; uid?: number | null } = {},
  ) => {
    seq += 1;
    return insertMessage(db(), scope, {
      folderId,
      messageId: `<c${seq}@example.test>`,
      threadId: `<c${seq}@example.test>`,
      subject: `Messaggio ${seq}`,
      receivedAt: new Date(Date.UTC(2026, 0, 1) + seq * 60_000),
      ...values,
    });
  };

  /** An IMAP account (never synced here) with its Inbox, Trash and a custom folder, inserted directly. */
  async function addAccount(scope: { orgId: string; userId: string }) {
    const id = await addMailAccount(
      t.app,
      { organizationId: scope.orgId, userId: scope.userId },
      { host: '127.0.0.1', port: 1, username: 'me', password: 'pw' },
    );
    const folder = async (path: string, role: 'inbox' | 'trash' | null) => {
      const [row] = await db()
        .insert(mailFolders)
        .values({
          organizationId: scope.orgId,
          userId: scope.userId,
          accountId: id,
          path,
          name: path,
          role,
          delimiter: '/',
        })
        .returning({ id: mailFolders.id });
      return row!.id;
    };
    return { id, inbox: await folder('INBOX', 'inbox'), trash: await folder('Trash', 'trash') };
  }

  it('the folder pane shows the kept counts, not a count of the messages', async () => {
    const { scope, overview, local } = await freshUser();
    await addMessage(scope, local.inbox);
    await db()
      .update(mailFolders)
      .set({ totalCount: 42, unreadCount: 7 })
      .where(eq(mailFolders.id, local.inbox));
    expect(shown(await overview(), local.inbox)).toEqual({ unread: 7, total: 42 });
    // The true counts back: the other tests check every folder of the database.
    await db()
      .update(mailFolders)
      .set({ totalCount: 1, unreadCount: 1 })
      .where(eq(mailFolders.id, local.inbox));
  });

  it('stay true through ingest, read/unread (one and bulk), move, trash, permanent delete and folder deletion', async () => {
    const { scope, overview, action, request, local } = await freshUser();
    const store = (folderId: string, n: number, flags: string[] = []) =>
      storeMessage(
        { db: db(), files: t.app.services.files },
        {
          scope,
          folder: { id: folderId, accountId: null },
          flags,
          uid: null,
          receivedAt: new Date(Date.UTC(2026, 0, n)),
          raw: rawMail(n, `ingest${seq++}`),
        },
      );
    for (let n = 1; n <= 4; n++) await store(local.inbox, n, n === 4 ? ['\\Seen'] : []);
    expect(await wrongCounts()).toEqual([]);
    expect(shown(await overview(), local.inbox)).toEqual({ unread: 3, total: 4 });

    const ids = (
      await db()
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(and(eq(mailMessages.userId, scope.userId), eq(mailMessages.folderId, local.inbox)))
        .orderBy(mailMessages.receivedAt)
    ).map((r) => r.id);
    await action({ ids: [ids[0]], action: 'read' });
    expect(shown(await overview(), local.inbox)).toEqual({ unread: 2, total: 4 });
    await action({ ids: [ids[0]], action: 'read' }); // already read: nothing moves
    await action({ ids, action: 'read' });
    expect(shown(await overview(), local.inbox)).toEqual({ unread: 0, total: 4 });
    await action({ ids: ids.slice(0, 3), action: 'unread' });
    expect(shown(await overview(), local.inbox)).toEqual({ unread: 3, total: 4 });
    expect(await wrongCounts()).toEqual([]);

    const folder = (await request('POST', '/api/v1/mail/folders', { name: 'Clienti' })).json() as TMailFolder;
    await action({ ids: ids.slice(0, 2), action: 'move', folderId: folder.id });
    let now = await overview();
    expect(shown(now, local.inbox)).toEqual({ unread: 1, total: 2 });
    expect(shown(now, folder.id)).toEqual({ unread: 2, total: 2 });
    await action({ ids: [ids[2]], action: 'trash' });
    now = await overview();
    expect(shown(now, local.inbox)).toEqual({ unread: 0, total: 1 });
    expect(shown(now, local.trash)).toEqual({ unread: 1, total: 1 });
    await action({ ids: [ids[2]], action: 'delete' });
    expect(shown(await overview(), local.trash)).toEqual({ unread: 0, total: 0 });
    expect(await wrongCounts()).toEqual([]);

    expect((await request('DELETE', `/api/v1/mail/folders/${folder.id}`)).statusCode).toBe(204);
    expect(shown(await overview(), local.inbox)).toEqual({ unread: 2, total: 3 });
    expect(await wrongCounts()).toEqual([]);
  });

  it('account removal takes its folders and mail; the other folders keep their counts', async () => {
    const { scope, overview, request, local } = await freshUser();
    const account = await addAccount(scope);
    for (let uid = 1; uid <= 3; uid++) {
      await addMessage(scope, account.inbox, { accountId: account.id, uid, isRead: uid === 1 });
    }
    await addMessage(scope, account.trash, { accountId: account.id, uid: 1 });
    await addMessage(scope, local.inbox);
    expect(shown(await overview(), account.inbox)).toEqual({ unread: 2, total: 3 });
    const removed = await request('DELETE', `/api/v1/mail/accounts/${account.id}`, { confirm: true });
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await overview();
    expect(after.folders.some((f) => f.accountId === account.id)).toBe(false);
    expect(shown(after, local.inbox)).toEqual({ unread: 1, total: 1 });
    expect(await wrongCounts()).toEqual([]);
  });

  it('equal a fresh count after a random sequence of stores, flags, moves, trash, deletes and folder changes', async () => {
    const { scope, action, request, overview, local } = await freshUser();
    const account = await addAccount(scope);
    // The demo seeds' deterministic sequence: a failing run of steps is the same on every run.
    const next = sequence(kind === 'pglite' ? 15 : 1815);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
    const some = <T>(list: T[]) => list.filter(() => next() < 0.35).slice(0, 6);
    let uid = 0;
    let made = 0;
    const done = new Set<string>();

    for (let step = 0; step < 80; step++) {
      const folders = await db()
        .select({ id: mailFolders.id, accountId: mailFolders.accountId, role: mailFolders.role })
        .from(mailFolders)
        .where(and(eq(mailFolders.organizationId, scope.orgId), eq(mailFolders.userId, scope.userId)));
      const messages = await db()
        .select({ id: mailMessages.id, accountId: mailMessages.accountId })
        .from(mailMessages)
        .where(and(eq(mailMessages.organizationId, scope.orgId), eq(mailMessages.userId, scope.userId)));
      const op =
        messages.length < 5
          ? 'store'
          : pick([
              'store',
              'store',
              'flags',
              'flags',
              'move',
              'trash',
              'delete',
              'newFolder',
              'dropFolder',
            ] as const);
      const ids = some(messages).map((m) => m.id);
      if (op === 'store') {
        for (let i = 0; i < 1 + Math.floor(next() * 4); i++) {
          const folder = pick(folders);
          await addMessage(scope, folder.id, {
            accountId: folder.accountId,
            uid: folder.accountId ? ++uid : null,
            isRead: next() < 0.4,
          });
        }
        done.add(op);
      } else if (op === 'flags' && ids.length) {
        const read = next() < 0.5 ? 'read' : 'unread';
        await action({ ids, action: read });
        done.add(read);
      } else if (op === 'move') {
        const to = pick(folders);
        const same = some(messages.filter((m) => m.accountId === to.accountId)).map((m) => m.id);
        if (same.length) {
          await action({ ids: same, action: 'move', folderId: to.id });
          done.add(op);
        }
      } else if ((op === 'trash' || op === 'delete') && ids.length) {
        await action({ ids, action: op });
        done.add(op);
      } else if (op === 'newFolder') {
        const name = `Cartella ${++made}`;
        if (next() < 0.5) {
          const res = await request('POST', '/api/v1/mail/folders', { name });
          expect(res.statusCode, res.body).toBe(201);
        } else {
          await db().insert(mailFolders).values({
            organizationId: scope.orgId,
            userId: scope.userId,
            accountId: account.id,
            path: name,
            name,
            delimiter: '/',
          });
        }
        done.add(op);
      } else if (op === 'dropFolder') {
        const custom = folders.filter((f) => f.role === null);
        if (custom.length) {
          const res = await request('DELETE', `/api/v1/mail/folders/${pick(custom).id}`);
          expect(res.statusCode, res.body).toBe(204);
          done.add(op);
        }
      }
      expect(await wrongCounts(), `after step ${step} (${op})`).toEqual([]);
    }
    expect([...done].sort()).toEqual([
      'delete',
      'dropFolder',
      'move',
      'newFolder',
      'read',
      'store',
      'trash',
      'unread',
    ]);
    const before = await overview();
    expect(before.folders.some((f) => f.totalCount > 0 && f.unreadCount > 0)).toBe(true);
    const removed = await request('DELETE', `/api/v1/mail/accounts/${account.id}`, { confirm: true });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await wrongCounts()).toEqual([]);
    const after = await overview();
    for (const id of Object.values(local)) expect(shown(after, id)).toEqual(shown(before, id));
  });

  describe.skipIf(dovecotMissing)(
    `synced mail${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`,
    () => {
      let dovecot: Dovecot;
      beforeAll(async () => {
        dovecot = await startDovecot({ carla: 'carla-pw' });
      }, 30_000);
      afterAll(async () => {
        await dovecot?.close();
      });

      it('stay true through a first sync and through flags, moves and deletes made in another client', async () => {
        const { scope, overview } = await freshUser();
        const accountId = await addMailAccount(
          t.app,
          { organizationId: scope.orgId, userId: scope.userId },
          { host: dovecot.host, port: dovecot.port, username: 'carla', password: 'carla-pw' },
        );
        const sync = async () => {
          expect(await claimAccount(db(), accountId, 'test', 60)).toBe(true);
          await syncAccount(
            {
              db: db(),
              files: t.app.services.files,
              hub: t.app.services.hub,
              mailCredentials: t.app.services.mailCredentials,
            },
            accountId,
            { owner: 'test', leaseSeconds: 60, batchSize: 2 },
          );
        };
        const other = await openImap({
          host: dovecot.host,
          port: dovecot.port,
          security: 'none',
          username: 'carla',
          password: 'carla-pw',
        });
        try {
          await other.mailboxCreate('Archivio');
          for (let n = 1; n <= 5; n++) {
            await other.append(
              'INBOX',
              rawMail(n, 'sync'),
              n === 5 ? ['\\Seen'] : [],
              new Date(Date.UTC(2026, 0, n)),
            );
          }
          await sync();
          const byPath = Object.fromEntries(
            (await db().select().from(mailFolders).where(eq(mailFolders.accountId, accountId))).map((f) => [
              f.path,
              f.id,
            ]),
          );
          expect(shown(await overview(), byPath['INBOX']!)).toEqual({ unread: 4, total: 5 });
          expect(await wrongCounts()).toEqual([]);

          const lock = await other.getMailboxLock('INBOX');
          try {
            await other.messageFlagsAdd('1', ['\\Seen'], { uid: true });
            await other.messageMove('2', 'Archivio', { uid: true });
            await other.messageDelete('3', { uid: true });
          } finally {
            lock.release();
          }
          await sync();
          const now = await overview();
          expect(shown(now, byPath['INBOX']!)).toEqual({ unread: 1, total: 3 });
          expect(shown(now, byPath['Archivio']!)).toEqual({ unread: 1, total: 1 });
          expect(await wrongCounts()).toEqual([]);
        } finally {
          await other.logout().catch(() => other.close());
        }
      }, 60_000);
    },
  );
});

describe('migration 0018 on PGlite', () => {
  it('counts the mail stored before it', async () => {
    const migrations = path.join(import.meta.dirname, '../../src/server/db/migrations');
    // The migrations up to 0017, as a database that has not taken 0018 yet.
    const before = await fs.mkdtemp(path.join(os.tmpdir(), 'counts-migrations-'));
    await fs.cp(migrations, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 18);
    await fs.writeFile(journalFile, JSON.stringify(journal));
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.exec(`
        insert into "user" (id, name, email) values ('u1', 'U', 'u1@example.test');
        insert into organization (id, name, slug) values ('o1', 'O', 'o1');
        insert into mail_folders (id, organization_id, user_id, path, name) values
          ('00000000-0000-4000-8000-000000000001', 'o1', 'u1', 'INBOX', 'Inbox'),
          ('00000000-0000-4000-8000-000000000002', 'o1', 'u1', 'Sent', 'Sent'),
          ('00000000-0000-4000-8000-000000000003', 'o1', 'u1', 'Trash', 'Trash');
        insert into mail_messages (organization_id, user_id, folder_id, thread_id, received_at, is_read) values
          ('o1', 'u1', '00000000-0000-4000-8000-000000000001', 'a', now(), false),
          ('o1', 'u1', '00000000-0000-4000-8000-000000000001', 'b', now(), false),
          ('o1', 'u1', '00000000-0000-4000-8000-000000000001', 'c', now(), true),
          ('o1', 'u1', '00000000-0000-4000-8000-000000000002', 'd', now(), true);
      `);
      await migrate(drizzle(client), { migrationsFolder: migrations });
      const { rows } = await client.query<{ path: string; total_count: number; unread_count: number }>(
        'select path, total_count, unread_count from mail_folders order by path',
      );
      expect(rows).toEqual([
        { path: 'INBOX', total_count: 3, unread_count: 2 },
        { path: 'Sent', total_count: 1, unread_count: 0 },
        { path: 'Trash', total_count: 0, unread_count: 0 },
      ]);
    } finally {
      await client.close();
      await fs.rm(before, { recursive: true, force: true });
    }
  });
});
