import { and, eq, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  mailAccounts,
  mailAttachments,
  mailFolders,
  mailMessages,
  mailPendingChanges,
} from '@server/db/schema/mailbox.ts';
import { openImap } from '@server/modules/mailbox/imap-client.ts';
import { queueChanges } from '@server/modules/mailbox/pending-changes-repository.ts';
import { syncAccount, type SyncDeps, type SyncOptions } from '@server/modules/mailbox/sync/sync-account.ts';
import { createIdleWatcher, createSyncRunner } from '@server/modules/mailbox/sync/sync-jobs.ts';
import { claimAccount, claimDueAccount, renewLease } from '@server/modules/mailbox/sync/sync-repository.ts';
import { createForeground } from '@server/platform/foreground.ts';
import { topics } from '@server/platform/realtime.ts';
import type { TMailboxOverview } from '@shared/mailbox/contracts.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../helpers/dovecot.ts';
import { addMailAccount } from '../helpers/mail-account.ts';
import { startStallingProxy } from '../helpers/stalling-proxy.ts';
import { until } from '../helpers/until.ts';
import { clientInput } from '@server/seed/factories.ts';
import { createMailAnalyzer } from '@server/modules/mailbox/local-mailbox-service.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

const skip = dovecotUnavailable();
if (skip) console.warn(`mail-sync tests skipped: ${skip}`);

function rawMail(n: number, tag: string, extra: string[] = []) {
  return Buffer.from(
    [
      `From: Cliente ${n} <cliente${n}@example.it>`,
      'To: alice@example.test',
      `Subject: Messaggio ${n} ${tag}`,
      `Message-ID: <m${n}.${tag}@example.it>`,
      `Date: ${new Date(Date.UTC(2026, 0, n, 9)).toUTCString()}`,
      ...extra,
      '',
      `Corpo del messaggio ${n}`,
      '',
    ].join('\r\n'),
  );
}

let dovecot: Dovecot;
/** One IMAP user per test that calls setup(), on each database (a test added needs one more here). */
const USERS = Array.from({ length: 64 }, (_, i) => `user${i}`);
beforeAll(async () => {
  if (!skip)
    dovecot = await startDovecot(
      Object.fromEntries([['seed', 'pw'], ...USERS.map((u) => [u, 'secret-pw'])]),
      // Folders whose owner may not set keywords (restrictFolder).
      { acl: true },
    );
}, 30_000);
afterAll(async () => {
  await dovecot?.close();
});

describe.skipIf(!!skip).each(DATABASES)('mail sync on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(() => t.close());
  // No account of one test is due in the next: the runners claim any due account of the database.
  afterEach(async () => {
    await db().update(mailAccounts).set({ syncEnabled: false });
  });

  const db = () => t.app.services.database.db;
  const deps = (extra: Partial<SyncDeps> = {}): SyncDeps => ({
    db: db(),
    files: t.app.services.files,
    hub: t.app.services.hub,
    mailCredentials: t.app.services.mailCredentials,
    ...extra,
  });

  /** A fresh IMAP user with its account here, a second IMAP client as "another client", and the owner's pushes. */
  async function setup() {
    // Users made when Dovecot starts: its users file is re-read on a change of its time, in whole seconds.
    const username = USERS.shift();
    if (!username) throw new Error('mail-sync test: no IMAP user left, make USERS longer');
    const accountId = await addMailAccount(
      t.app,
      { organizationId: owner.organizationId, userId: owner.user.id },
      { host: dovecot.host, port: dovecot.port, username, password: 'secret-pw' },
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
      await other.logout().catch(() => other.close());
    });
    return { username, accountId, other, pushed, stopListening: off };
  }
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  async function syncOnce(
    accountId: string,
    extra: Partial<SyncOptions> & { deps?: Partial<SyncDeps> } = {},
  ) {
    expect(await claimAccount(db(), accountId, 'test', 60)).toBe(true);
    const { deps: more, ...options } = extra;
    return syncAccount(deps(more), accountId, { owner: 'test', leaseSeconds: 60, ...options });
  }

  async function append(other: ImapFlow, path: string, n: number, tag: string, flags: string[] = []) {
    await other.append(path, rawMail(n, tag), flags, new Date(Date.UTC(2026, 0, n, 9)));
  }

  const folders = async (accountId: string) =>
    db().select().from(mailFolders).where(eq(mailFolders.accountId, accountId));
  const messages = async (accountId: string) =>
    db().select().from(mailMessages).where(eq(mailMessages.accountId, accountId));
  const account = async (accountId: string) =>
    (await db().select().from(mailAccounts).where(eq(mailAccounts.id, accountId)))[0]!;
  /** Who and what a queued change of one stored Inbox message is about, as the mailbox API writes it. */
  const inboxChange = (accountId: string, row: { id: string; uid: number | null }) => ({
    organizationId: owner.organizationId,
    userId: owner.user.id,
    accountId,
    folderPath: 'INBOX',
    uid: row.uid!,
    messageRowId: row.id,
  });

  it('first sync: newest Inbox messages first, folder roles and hierarchy, raw kept, state and pushes', async () => {
    const { accountId, other, pushed } = await setup();
    for (let n = 1; n <= 5; n++) await append(other, 'INBOX', n, 'first');
    await append(other, 'Sent', 6, 'first', ['\\Seen']);
    await other.mailboxCreate('Clienti');
    await other.mailboxCreate('Clienti/Rossi');
    await append(other, 'Clienti/Rossi', 7, 'first');

    const order: string[] = [];
    const outcome = await syncOnce(accountId, {
      batchSize: 2,
      statistics: { every: 1_000, growth: 0.5, afterRun: 5 },
      deps: {
        analyze: (mail) => {
          order.push(mail.subject);
          return null;
        },
      },
    });
    expect(outcome).toEqual({ status: 'completed', newEmails: 0 });
    // The Inbox's newest batch is stored before anything else.
    expect(order.slice(0, 2)).toEqual(['Messaggio 5 first', 'Messaggio 4 first']);
    expect(order).toHaveLength(7);

    const byPath = Object.fromEntries((await folders(accountId)).map((f) => [f.path, f]));
    expect(byPath['INBOX']!.role).toBe('inbox');
    expect(byPath['Sent']!.role).toBe('sent');
    expect(byPath['Drafts']!.role).toBe('drafts');
    expect(byPath['Trash']!.role).toBe('trash');
    expect(byPath['Junk']!.role).toBe('spam');
    expect(byPath['Clienti']!.role).toBeNull();
    expect(byPath['Clienti/Rossi']!.parentId).toBe(byPath['Clienti']!.id);
    expect(byPath['INBOX']!.backfillDone).toBe(true);

    const stored = await messages(accountId);
    expect(stored).toHaveLength(7);
    // The run refreshed the planner's statistics (PGlite never does by itself): ANALYZE counts the rows.
    const stats = (await db().execute(
      sql`select reltuples::int as rows from pg_class where oid = 'mail_messages'::regclass`,
    )) as unknown as { rows: { rows: number }[] };
    expect(stats.rows[0]?.rows).toBe(7);
    const sent = stored.find((m) => m.folderId === byPath['Sent']!.id)!;
    expect(sent.isRead).toBe(true);
    expect(sent.fromAddress).toBe('cliente6@example.it');
    expect(sent.snippet).toBe('Corpo del messaggio 6');
    const raw = await t.app.services.files.get(sent.rawKey!);
    expect(raw?.toString()).toContain('Subject: Messaggio 6 first');

    const state = await account(accountId);
    expect(state).toMatchObject({ syncStatus: 'idle', syncErrorCode: null, syncLeaseOwner: null });
    expect(state.lastSyncAt).not.toBeNull();
    expect(state.syncProgress).toMatchObject({ phase: 'done', stored: 7, total: 7 });
    const types = pushed.map((m) => m.type);
    expect(types[0]).toBe('sync:started');
    expect(types).toContain('sync:progress');
    expect(types).toContain('folder:updated');
    expect(types.at(-2)).toBe('sync:completed');
  });

  it('a backfill pushes its folder counts at most every countsEveryMs, and the true counts when it ends', async () => {
    const { accountId, other, pushed } = await setup();
    for (let n = 1; n <= 12; n++) await append(other, 'INBOX', n, 'counts', n % 3 === 0 ? ['\\Seen'] : []);
    // Twelve messages in batches of two: the first batch, then five more in the backfill.
    await syncOnce(accountId, { batchSize: 2, countsEveryMs: 60_000 });
    const inbox = (await folders(accountId)).find((f) => f.role === 'inbox')!;
    const counts = pushed
      .filter((m) => m.type === 'folder:updated' && m.folderId === inbox.id)
      .map((m) => (m as Extract<TServerMessage, { type: 'folder:updated' }>).updates);
    // The first batch's push, the folder head's, and the backfill's when it ends: never one per batch (each push
    // counts the whole folder).
    expect(counts.length).toBeLessThanOrEqual(3);
    expect(counts.at(-1)).toEqual({ totalCount: 12, unreadCount: 8 });
  });

  it('ingest: attachments stored once per content, cid images rewritten, hostile HTML cleaned', async () => {
    const { accountId, other } = await setup();
    const pdf = Buffer.from('%PDF-1.4 preventivo').toString('base64');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ).toString('base64');
    const withParts = (n: number) =>
      Buffer.from(
        [
          `From: Rossi <rossi@example.it>`,
          `To: ${Array.from({ length: 500 }, (_, i) => `r${i}@example.it`).join(', ')}`,
          `Subject: Preventivo ${n}`,
          `Message-ID: <p${n}@example.it>`,
          ...(n === 2 ? ['In-Reply-To: <p1@example.it>'] : []),
          'Content-Type: multipart/mixed; boundary="b"',
          '',
          '--b',
          'Content-Type: multipart/related; boundary="r"',
          '',
          '--r',
          'Content-Type: text/html; charset=utf-8',
          '',
          '<p onclick="x()">Ciao<script>window.pwned=1</script><img src="cid:logo@x"><a href="javascript:alert(1)">x</a></p>',
          '--r',
          'Content-Type: image/png',
          'Content-Transfer-Encoding: base64',
          'Content-ID: <logo@x>',
          '',
          png,
          '--r--',
          '--b',
          'Content-Type: application/pdf; name="preventivo.pdf"',
          'Content-Disposition: attachment; filename="preventivo.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          pdf,
          '--b--',
          '',
        ].join('\r\n'),
      );
    await other.append('INBOX', withParts(1));
    await other.append('INBOX', withParts(2));
    const puts: string[] = [];
    const files = t.app.services.files;
    await syncOnce(accountId, {
      deps: { files: { ...files, put: (key, content) => (puts.push(key), files.put(key, content)) } },
    });
    const stored = (await messages(accountId)).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(stored.map((m) => m.subject)).toEqual(['Preventivo 1', 'Preventivo 2']);
    expect(stored[1]!.threadId).toBe('<p1@example.it>');
    expect(stored[0]!.to).toHaveLength(500);
    expect(stored[0]).toMatchObject({ hasAttachments: true, attachmentNames: 'preventivo.pdf' });
    expect(stored[0]!.htmlBody).not.toMatch(/script|pwned|onclick|javascript/);
    const atts = await db()
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.messageId, stored[0]!.id));
    const logo = atts.find((a) => a.contentId === 'logo@x')!;
    expect(stored[0]!.htmlBody).toContain(`/api/v1/mail/attachments/${logo.id}?inline=1`);
    // Two messages, two attachments each, two distinct contents: two attachment files, and two raw messages.
    expect(puts.filter((k) => k.includes('/att/'))).toHaveLength(2);
    expect(puts.filter((k) => k.includes('/raw/'))).toHaveLength(2);
  });

  it('incremental sync: new messages arrive once, announced as email:new', async () => {
    const { accountId, other, pushed } = await setup();
    await append(other, 'INBOX', 1, 'inc');
    await syncOnce(accountId);
    await append(other, 'INBOX', 2, 'inc');
    await append(other, 'INBOX', 3, 'inc');
    pushed.length = 0;
    expect(await syncOnce(accountId)).toEqual({ status: 'completed', newEmails: 2 });
    const news = pushed.filter((m) => m.type === 'email:new');
    expect(news.map((m) => m.type === 'email:new' && m.email.subject)).toEqual([
      'Messaggio 2 inc',
      'Messaggio 3 inc',
    ]);
    expect(await syncOnce(accountId)).toEqual({ status: 'completed', newEmails: 0 });
    expect(await messages(accountId)).toHaveLength(3);
  });

  it('synced mail gets the business links and the security analysis (the app wires createMailAnalyzer)', async () => {
    const { accountId, other } = await setup();
    const created = await api(t.app, owner.cookie).post(
      '/api/v1/clients',
      clientInput({ companyName: 'Cliente Sette S.r.l.', email: 'cliente7@example.it' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const clientId = (created.json() as { id: string }).id;
    await append(other, 'INBOX', 7, 'biz');
    await other.append(
      'INBOX',
      Buffer.from(
        [
          'From: Amministrazione <amministrazione@pagamenti-sicuri.example>',
          'To: alice@example.test',
          'Subject: Nuove coordinate bancarie',
          'Message-ID: <iban.1@pagamenti-sicuri.example>',
          '',
          'Vi comunichiamo il nuovo IBAN IT60X0542811101000000123456 per i prossimi pagamenti.',
          '',
        ].join('\r\n'),
      ),
    );
    await syncOnce(accountId, { deps: { analyze: createMailAnalyzer() } });
    const stored = await messages(accountId);
    const order = stored.find((m) => m.subject === 'Messaggio 7 biz')!;
    expect(order).toMatchObject({ clientId, clientLink: 'auto' });
    const fraud = stored.find((m) => m.subject === 'Nuove coordinate bancarie')!;
    expect(fraud.clientId).toBeNull();
    expect(fraud.securityAnalysis?.indicators.map((i) => i.key)).toContain('security.bankDetailsChange');
    expect(fraud.securityAnalysis?.riskScore).toBeGreaterThanOrEqual(30);
  });

  it('flags, moves and deletes made by another client are seen here (CONDSTORE and UID comparison)', async () => {
    const { accountId, other, pushed } = await setup();
    await other.mailboxCreate('Archivio');
    for (let n = 1; n <= 4; n++) await append(other, 'INBOX', n, 'other');
    await syncOnce(accountId);
    const lock = await other.getMailboxLock('INBOX');
    try {
      await other.messageFlagsAdd('1', ['\\Seen', '\\Flagged', '$Important'], { uid: true });
      await other.messageMove('2', 'Archivio', { uid: true });
      await other.messageDelete('3', { uid: true });
    } finally {
      lock.release();
    }
    pushed.length = 0;
    await syncOnce(accountId);
    const bySubject = async () =>
      Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    let rows = await bySubject();
    const archive = (await folders(accountId)).find((f) => f.path === 'Archivio')!;
    expect(archive.role).toBe('archive');
    expect(rows['1']).toMatchObject({ isRead: true, isStarred: true, isImportant: true });
    expect(rows['2']!.folderId).toBe(archive.id);
    expect(rows['3']).toBeUndefined();
    expect(Object.keys(rows).sort()).toEqual(['1', '2', '4']);
    expect(pushed.some((m) => m.type === 'email:updated')).toBe(true);
    // The move is recognised as one (moved-elsewhere.ts): only the deleted message is announced as deleted.
    expect(pushed.filter((m) => m.type === 'email:deleted')).toHaveLength(1);

    // The same without CONDSTORE/QRESYNC: flags of the newest messages and a UID comparison.
    const lock2 = await other.getMailboxLock('INBOX');
    try {
      await other.messageFlagsRemove('1', ['\\Seen'], { uid: true });
      await other.messageDelete('4', { uid: true });
    } finally {
      lock2.release();
    }
    await syncOnce(accountId, { forceUidCompare: true });
    rows = await bySubject();
    expect(rows['1']!.isRead).toBe(false);
    expect(rows['4']).toBeUndefined();
  });

  it('a server with CONDSTORE but not QRESYNC (as Gmail): changed flags by modseq, deletions by UID comparison', async () => {
    const gmailLike = await startDovecot(
      { gina: 'secret-pw' },
      // Dovecot's own list without QRESYNC (and without what imapflow would use in its place).
      {
        capabilities:
          'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ NAMESPACE UIDPLUS MOVE SPECIAL-USE CONDSTORE',
      },
    );
    const server = { host: gmailLike.host, port: gmailLike.port, username: 'gina', password: 'secret-pw' };
    const other = await openImap({ ...server, security: 'none' });
    try {
      expect(other.enabled.has('CONDSTORE')).toBe(true);
      expect(other.enabled.has('QRESYNC')).toBe(false);
      const accountId = await addMailAccount(
        t.app,
        { organizationId: owner.organizationId, userId: owner.user.id },
        server,
      );
      for (let n = 1; n <= 3; n++) await append(other, 'INBOX', n, 'gmail');
      await syncOnce(accountId);
      const inbox = (await folders(accountId)).find((f) => f.role === 'inbox')!;
      expect(inbox.highestModseq).not.toBeNull();
      const lock = await other.getMailboxLock('INBOX');
      try {
        await other.messageFlagsAdd('1', ['\\Seen', '\\Flagged'], { uid: true });
        await other.messageDelete('2', { uid: true });
      } finally {
        lock.release();
      }
      await syncOnce(accountId);
      const rows = Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
      expect(Object.keys(rows).sort()).toEqual(['1', '3']);
      expect(rows['1']).toMatchObject({ isRead: true, isStarred: true });
      expect(rows['3']).toMatchObject({ isRead: false, isStarred: false });
    } finally {
      await other.logout().catch(() => other.close());
      await gmailLike.close();
    }
  });

  it('replays queued changes (flags, move, delete) onto the server; a failed one stays queued', async () => {
    const { accountId, other } = await setup();
    for (let n = 1; n <= 4; n++) await append(other, 'INBOX', n, 'queue');
    await syncOnce(accountId);
    const rows = Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    const trash = (await folders(accountId)).find((f) => f.role === 'trash')!;
    const base = {
      organizationId: owner.organizationId,
      userId: owner.user.id,
      accountId,
      folderPath: 'INBOX',
    };
    // The local change (moved to Trash here), then the queue, as the mailbox API writes them.
    await db()
      .update(mailMessages)
      .set({ folderId: trash.id, uid: null })
      .where(eq(mailMessages.id, rows['2']!.id));
    await queueChanges(db(), [
      {
        ...base,
        uid: rows['1']!.uid!,
        messageRowId: rows['1']!.id,
        kind: 'flags',
        payload: { add: ['\\Seen'], remove: [] },
      },
      {
        ...base,
        uid: rows['2']!.uid!,
        messageRowId: rows['2']!.id,
        kind: 'move',
        payload: { toPath: 'Trash', toFolderId: trash.id },
      },
      { ...base, uid: rows['3']!.uid!, messageRowId: rows['3']!.id, kind: 'delete', payload: {} },
      {
        ...base,
        uid: rows['4']!.uid!,
        messageRowId: rows['4']!.id,
        kind: 'move',
        payload: { toPath: 'Nowhere', toFolderId: trash.id },
      },
    ]);
    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });

    const lock = await other.getMailboxLock('INBOX');
    let inbox: { uid: number; flags: Set<string>; subject: string }[] = [];
    try {
      for await (const m of other.fetch('1:*', { uid: true, flags: true, envelope: true }))
        inbox.push({ uid: m.uid, flags: m.flags!, subject: m.envelope!.subject! });
    } finally {
      lock.release();
    }
    inbox = inbox.sort((a, b) => a.uid - b.uid);
    expect(inbox.map((m) => m.subject)).toEqual(['Messaggio 1 queue', 'Messaggio 4 queue']);
    expect(inbox[0]!.flags.has('\\Seen')).toBe(true);
    const trashLock = await other.getMailboxLock('Trash');
    const inTrash: { uid: number; subject: string }[] = [];
    try {
      for await (const m of other.fetch('1:*', { uid: true, envelope: true }))
        inTrash.push({ uid: m.uid, subject: m.envelope!.subject! });
    } finally {
      trashLock.release();
    }
    expect(inTrash.map((m) => m.subject)).toEqual(['Messaggio 2 queue']);

    const after = await messages(accountId);
    const moved = after.filter((m) => m.subject === 'Messaggio 2 queue');
    expect(moved).toHaveLength(1); // the moved copy is not fetched again as new mail
    expect(moved[0]).toMatchObject({ folderId: trash.id, uid: inTrash[0]!.uid });
    expect(after.find((m) => m.subject === 'Messaggio 1 queue')!.isRead).toBe(true);
    expect(after.some((m) => m.subject === 'Messaggio 3 queue')).toBe(false);
    const queued = await db()
      .select()
      .from(mailPendingChanges)
      .where(eq(mailPendingChanges.accountId, accountId));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'move', attempts: 1 });
  });

  /** What the server holds in a folder, by subject (another client's view). */
  async function onServer(other: ImapFlow, path: string) {
    const lock = await other.getMailboxLock(path);
    const found: { uid: number; subject: string; flags: Set<string> }[] = [];
    try {
      for await (const m of other.fetch('1:*', { uid: true, flags: true, envelope: true })) {
        // Flag changes made by our sync meanwhile come first as untagged FETCH (FLAGS) without an envelope.
        if (m.envelope) found.push({ uid: m.uid, subject: m.envelope.subject!, flags: m.flags! });
      }
    } finally {
      lock.release();
    }
    return found.sort((a, b) => a.uid - b.uid);
  }
  const serverPaths = async (other: ImapFlow) => (await other.list()).map((l) => l.path).sort();

  it('deleting a custom folder: its mail moves to the Inbox, then the folder is deleted on the server too', async () => {
    const { accountId, other } = await setup();
    await other.mailboxCreate('Progetti');
    await other.mailboxCreate('Progetti/2026');
    await append(other, 'Progetti', 1, 'fdel');
    await append(other, 'Progetti/2026', 2, 'fdel');
    await append(other, 'INBOX', 3, 'fdel');
    await syncOnce(accountId);
    const progetti = (await folders(accountId)).find((f) => f.path === 'Progetti')!;
    const c = api(t.app, owner.cookie);
    expect((await c.del(`/api/v1/mail/folders/${progetti.id}`)).statusCode).toBe(204);
    // Delivered there after the delete here: never seen here, and still not lost.
    await append(other, 'Progetti', 4, 'fdel');

    // Until the server has taken it, the state says so, and the folder stays deleted here.
    const overview = await c.get('/api/v1/mail/folders');
    const state = (overview.json() as TMailboxOverview).accounts.find((a) => a.id === accountId)!;
    expect(state.pendingChanges).toBe(4); // two moves, two folder deletes
    expect(await serverPaths(other)).toContain('Progetti/2026');

    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });
    expect(await serverPaths(other)).not.toContain('Progetti');
    expect(await serverPaths(other)).not.toContain('Progetti/2026');
    const inbox = await onServer(other, 'INBOX');
    expect(inbox.map((m) => m.subject).sort()).toEqual([
      'Messaggio 1 fdel',
      'Messaggio 2 fdel',
      'Messaggio 3 fdel',
      'Messaggio 4 fdel',
    ]);
    expect((await folders(accountId)).some((f) => f.path.startsWith('Progetti'))).toBe(false);
    expect(
      await db().select().from(mailPendingChanges).where(eq(mailPendingChanges.accountId, accountId)),
    ).toEqual([]);
    // Each message once, in the Inbox, addressed by its UID there.
    const inboxFolder = (await folders(accountId)).find((f) => f.role === 'inbox')!;
    const stored = await messages(accountId);
    expect(stored.map((m) => m.subject).sort()).toEqual(inbox.map((m) => m.subject).sort());
    expect(stored.every((m) => m.folderId === inboxFolder.id && m.uid !== null)).toBe(true);
    expect(new Set(stored.map((m) => m.uid))).toEqual(new Set(inbox.map((m) => m.uid)));
    const after = (await c.get('/api/v1/mail/folders')).json() as TMailboxOverview;
    expect(after.accounts.find((a) => a.id === accountId)!.pendingChanges).toBe(0);
  });

  it('a change made to a message whose move is not confirmed yet goes after the move, to its new folder and UID', async () => {
    const { accountId, other } = await setup();
    await other.mailboxCreate('Archivio');
    await append(other, 'INBOX', 1, 'after');
    await append(other, 'INBOX', 2, 'after');
    await syncOnce(accountId);
    const rows = Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    const archive = (await folders(accountId)).find((f) => f.path === 'Archivio')!;
    const c = api(t.app, owner.cookie);
    const act = async (action: string, ids: string[], extra: object = {}) => {
      const res = await c.post('/api/v1/mail/messages/actions', { action, ids, ...extra });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Moved here (not yet on the server), then read and starred; the other to Trash, then deleted for good.
    await act('move', [rows['1']!.id], { folderId: archive.id });
    await act('read', [rows['1']!.id]);
    await act('star', [rows['1']!.id]);
    await act('trash', [rows['2']!.id]);
    await act('delete', [rows['2']!.id]);
    const queued = await db()
      .select()
      .from(mailPendingChanges)
      .where(eq(mailPendingChanges.accountId, accountId));
    expect(queued).toHaveLength(5);

    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });
    expect(await onServer(other, 'INBOX')).toEqual([]);
    expect(await onServer(other, 'Trash')).toEqual([]);
    const archived = await onServer(other, 'Archivio');
    expect(archived.map((m) => m.subject)).toEqual(['Messaggio 1 after']);
    expect([...archived[0]!.flags].sort()).toEqual(['\\Flagged', '\\Seen']);
    const after = await messages(accountId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      folderId: archive.id,
      uid: archived[0]!.uid,
      isRead: true,
      isStarred: true,
    });
    expect(
      await db().select().from(mailPendingChanges).where(eq(mailPendingChanges.accountId, accountId)),
    ).toEqual([]);
  });

  it("conflicts (spec §9): read status is the server's, starred is ours, labels merge", async () => {
    const { accountId, other, pushed } = await setup();
    const c = api(t.app, owner.cookie);
    const labelIds: string[] = [];
    for (const name of ['Conflitto qui', 'Conflitto altrove']) {
      const created = await c.post('/api/v1/mail/labels', { name, color: '#3366cc' });
      expect(created.statusCode, created.body).toBe(201);
      labelIds.push((created.json() as { id: string }).id);
    }
    const [ours, theirs] = labelIds as [string, string];
    await append(other, 'INBOX', 1, 'conflict', ['\\Seen']);
    await append(other, 'INBOX', 2, 'conflict');
    await append(other, 'INBOX', 3, 'conflict', ['\\Seen']);
    await append(other, 'INBOX', 4, 'conflict', ['\\Flagged']);
    await syncOnce(accountId);
    const bySubject = async () =>
      Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    const rows = await bySubject();
    const act = async (action: string, ids: string[], extra: object = {}) => {
      const res = await c.post('/api/v1/mail/messages/actions', { action, ids, ...extra });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Here, queued for the server: 1 marked read again (a bulk "read" over a read message), 2 read then unread
    // again, 3 unread, 4 starred again and labelled.
    await act('read', [rows['1']!.id]);
    await act('read', [rows['2']!.id]);
    await act('unread', [rows['2']!.id]);
    await act('unread', [rows['3']!.id]);
    await act('star', [rows['4']!.id]);
    await act('label', [rows['4']!.id], { labelId: ours });
    // Meanwhile, before the replay, another client: 1 unread, 2 read, 3 flagged (its read status untouched),
    // 4 unflagged and given the other label.
    const lock = await other.getMailboxLock('INBOX');
    try {
      await other.messageFlagsRemove(String(rows['1']!.uid), ['\\Seen'], { uid: true });
      await other.messageFlagsAdd(String(rows['2']!.uid), ['\\Seen'], { uid: true });
      await other.messageFlagsAdd(String(rows['3']!.uid), ['\\Flagged'], { uid: true });
      await other.messageFlagsRemove(String(rows['4']!.uid), ['\\Flagged'], { uid: true });
      await other.messageFlagsAdd(String(rows['4']!.uid), ['$label_conflitto_altrove'], { uid: true });
    } finally {
      lock.release();
    }
    pushed.length = 0;
    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });

    const server = Object.fromEntries(
      (await onServer(other, 'INBOX')).map((m) => [
        m.subject.split(' ')[1],
        [...m.flags].filter((f) => f !== '\\Recent').sort(),
      ]),
    );
    // Read status: the server's where another client changed it (1, 2); ours where it did not (3).
    expect(server['1']).toEqual([]);
    expect(server['2']).toEqual(['\\Seen']);
    expect(server['3']).toEqual(['\\Flagged']);
    // Starred: ours. Labels: both sides'.
    expect(server['4']).toEqual(['$label_conflitto_altrove', '$label_conflitto_qui', '\\Flagged']);
    const after = await bySubject();
    expect(after['1']).toMatchObject({ isRead: false });
    expect(after['2']).toMatchObject({ isRead: true });
    expect(after['3']).toMatchObject({ isRead: false, isStarred: true });
    expect(after['4']).toMatchObject({ isStarred: true, keywords: [] });
    expect([...after['4']!.labelIds].sort()).toEqual([ours, theirs].sort());
    const readPushes = pushed.flatMap((m) =>
      m.type === 'email:updated' && m.updates.isRead !== undefined ? [[m.emailId, m.updates.isRead]] : [],
    );
    expect(readPushes).toContainEqual([rows['1']!.id, false]);
    expect(readPushes).toContainEqual([rows['2']!.id, true]);
    expect(
      await db().select().from(mailPendingChanges).where(eq(mailPendingChanges.accountId, accountId)),
    ).toEqual([]);
  });

  it('a change the server refuses is retried with growing delays, then given up, shown, and tried again on "sync now"', async () => {
    const { accountId, other } = await setup();
    await append(other, 'INBOX', 1, 'cap');
    await syncOnce(accountId);
    const [row] = await messages(accountId);
    const base = inboxChange(accountId, row!);
    await queueChanges(db(), [
      { ...base, kind: 'move', payload: { toPath: 'Nowhere', toFolderId: row!.folderId } },
    ]);
    // Made later: it waits behind the move of the same message.
    await new Promise((r) => setTimeout(r, 5));
    await queueChanges(db(), [{ ...base, kind: 'flags', payload: { add: ['\\Seen'], remove: [] } }]);
    const queue = async () =>
      Object.fromEntries(
        (await db().select().from(mailPendingChanges).where(eq(mailPendingChanges.accountId, accountId))).map(
          (c) => [c.kind, c],
        ),
      );
    const state = async () =>
      ((await api(t.app, owner.cookie).get('/api/v1/mail/folders')).json() as TMailboxOverview).accounts.find(
        (a) => a.id === accountId,
      )!;

    await syncOnce(accountId);
    expect((await queue()).move).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('MOVE refused'),
    });
    expect((await queue()).flags).toMatchObject({ attempts: 0 });
    // Not due again at once (the first retry waits a minute).
    await syncOnce(accountId);
    expect((await queue()).move!.attempts).toBe(1);
    expect(await state()).toMatchObject({ pendingChanges: 2, failedChanges: 0 });
    // Due at every run (no delay): four more refusals, then given up, and the change behind it with it.
    for (let run = 2; run <= 5; run++) {
      await syncOnce(accountId, { replayBaseDelayMs: 0 });
      expect((await queue()).move!.attempts).toBe(run);
    }
    await syncOnce(accountId, { replayBaseDelayMs: 0 });
    expect((await queue()).move!.attempts).toBe(5);
    expect((await queue()).flags).toMatchObject({
      attempts: 5,
      lastError: expect.stringContaining('BLOCKED'),
    });
    expect(await state()).toMatchObject({ pendingChanges: 0, failedChanges: 2 });
    // The flag was never sent to the message at its old address meanwhile.
    expect((await onServer(other, 'INBOX'))[0]!.flags.has('\\Seen')).toBe(false);

    // "Sync now" is a new try for both, in their order.
    const now = await api(t.app, owner.cookie).post(`/api/v1/mail/accounts/${accountId}/sync`);
    expect(now.statusCode).toBe(202);
    expect(await state()).toMatchObject({ pendingChanges: 2, failedChanges: 0 });
  });

  it('a change queued through a long outage waits its delay after the first refusal, counted from that refusal', async () => {
    const { accountId, other } = await setup();
    await append(other, 'INBOX', 1, 'outage');
    await syncOnce(accountId);
    const [row] = await messages(accountId);
    await queueChanges(db(), [
      {
        ...inboxChange(accountId, row!),
        kind: 'move',
        payload: { toPath: 'Nowhere', toFolderId: row!.folderId },
      },
    ]);
    // Made two hours ago, while the server could not be reached.
    await db()
      .update(mailPendingChanges)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(mailPendingChanges.accountId, accountId));
    const change = async () =>
      (await db().select().from(mailPendingChanges).where(eq(mailPendingChanges.accountId, accountId)))[0]!;

    const before = Date.now();
    await syncOnce(accountId);
    const refused = await change();
    expect(refused.attempts).toBe(1);
    expect(refused.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    // The next run, a moment later: the first retry waits a minute from the refusal.
    await syncOnce(accountId);
    expect((await change()).attempts).toBe(1);
  });

  it('labels read back: a label keyword set or removed in another client sets or removes the label here', async () => {
    const { accountId, other, pushed } = await setup();
    const created = await api(t.app, owner.cookie).post('/api/v1/mail/labels', {
      name: 'Urgente',
      color: '#cc0000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const label = created.json() as { id: string };
    await append(other, 'INBOX', 1, 'kw');
    // Already labelled in another client when first synced.
    await append(other, 'INBOX', 2, 'kw', ['$label_urgente']);
    await syncOnce(accountId);
    const bySubject = async () =>
      Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    let rows = await bySubject();
    expect(rows['1']!.labelIds).toEqual([]);
    expect(rows['2']).toMatchObject({ labelIds: [label.id], keywords: [] });

    const lock = await other.getMailboxLock('INBOX');
    try {
      await other.messageFlagsAdd(String(rows['1']!.uid), ['$label_urgente', 'Lavoro'], { uid: true });
      await other.messageFlagsRemove(String(rows['2']!.uid), ['$label_urgente'], { uid: true });
    } finally {
      lock.release();
    }
    pushed.length = 0;
    await syncOnce(accountId);
    rows = await bySubject();
    // A keyword that is no label of ours stays a keyword.
    expect(rows['1']).toMatchObject({ labelIds: [label.id], keywords: ['Lavoro'] });
    expect(rows['2']!.labelIds).toEqual([]);
    expect(
      pushed.some(
        (m) =>
          m.type === 'email:updated' && m.emailId === rows['1']!.id && m.updates.labelIds?.[0] === label.id,
      ),
    ).toBe(true);

    // The same without CONDSTORE (the flags of the newest messages compared).
    const lock2 = await other.getMailboxLock('INBOX');
    try {
      await other.messageFlagsRemove(String(rows['1']!.uid), ['$label_urgente'], { uid: true });
    } finally {
      lock2.release();
    }
    await syncOnce(accountId, { forceUidCompare: true });
    expect((await bySubject())['1']!.labelIds).toEqual([]);
  });

  it('labels are keywords only where the server takes them (PERMANENTFLAGS); elsewhere they stay ours', async () => {
    const { username, accountId, other } = await setup();
    const c = api(t.app, owner.cookie);
    const labels: Record<string, string> = {};
    for (const name of ['Fissa', 'Seconda']) {
      const created = await c.post('/api/v1/mail/labels', { name, color: '#228833' });
      expect(created.statusCode, created.body).toBe(201);
      labels[name] = (created.json() as { id: string }).id;
    }
    await other.mailboxCreate('Vincolata');
    // Read, list, seen, insert, expunge, create, delete, admin: no "w", so no keyword is permanent there.
    dovecot.restrictFolder(username, 'Vincolata', 'lrsitekxa');
    await append(other, 'Vincolata', 1, 'perm');
    await append(other, 'INBOX', 2, 'perm');
    await syncOnce(accountId);
    const bySubject = async () =>
      Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    let rows = await bySubject();
    const act = async (action: string, ids: string[], extra: object = {}) => {
      const res = await c.post('/api/v1/mail/messages/actions', { action, ids, ...extra });
      expect(res.statusCode, res.body).toBe(200);
    };
    const queue = () =>
      db().select().from(mailPendingChanges).where(eq(mailPendingChanges.accountId, accountId));

    // Not known yet: queued for both; the replay learns that Vincolata takes no keyword and keeps it ours there.
    await act('label', [rows['1']!.id, rows['2']!.id], { labelId: labels['Fissa'] });
    expect(await queue()).toHaveLength(2);
    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });
    expect(await queue()).toEqual([]);
    const byPath = Object.fromEntries((await folders(accountId)).map((f) => [f.path, f]));
    expect(byPath['Vincolata']!.permanentFlags).not.toContain('\\*');
    expect(byPath['INBOX']!.permanentFlags).toContain('\\*');
    expect((await onServer(other, 'Vincolata'))[0]!.flags.has('$label_fissa')).toBe(false);
    expect((await onServer(other, 'INBOX'))[0]!.flags.has('$label_fissa')).toBe(true);

    // Known now: a label there is not queued at all (no change that would fail), one in the Inbox is.
    await act('label', [rows['1']!.id, rows['2']!.id], { labelId: labels['Seconda'] });
    const queued = await queue();
    expect(queued.map((q) => q.messageRowId)).toEqual([rows['2']!.id]);

    // Another client reads the message there: the sync takes its flags and keeps our labels.
    const lock = await other.getMailboxLock('Vincolata');
    try {
      await other.messageFlagsAdd('1', ['\\Seen'], { uid: true });
    } finally {
      lock.release();
    }
    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });
    rows = await bySubject();
    expect(rows['1']!.isRead).toBe(true);
    expect([...rows['1']!.labelIds].sort()).toEqual([labels['Fissa'], labels['Seconda']].sort());
    expect([...rows['2']!.labelIds].sort()).toEqual([labels['Fissa'], labels['Seconda']].sort());
    expect(await queue()).toEqual([]);

    // Removing the label: nothing queued where the server never had it.
    const removed = await c.del(`/api/v1/mail/labels/${labels['Seconda']}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await queue()).map((q) => q.messageRowId)).toEqual([rows['2']!.id]);
  });

  it('a move made in another client is recognised as a move: the same row, its client link and labels kept', async () => {
    const { accountId, other, pushed } = await setup();
    await other.mailboxCreate('Archivio');
    await append(other, 'INBOX', 1, 'mv');
    await append(other, 'Archivio', 2, 'mv');
    await append(other, 'INBOX', 3, 'mv');
    await syncOnce(accountId);
    const label = (
      (
        await api(t.app, owner.cookie).post('/api/v1/mail/labels', { name: 'Spostati', color: '#00aa00' })
      ).json() as {
        id: string;
      }
    ).id;
    const client = (
      (
        await api(t.app, owner.cookie).post(
          '/api/v1/clients',
          clientInput({ companyName: 'Cliente Spostato S.r.l.', email: 'spostato@example.it' }),
        )
      ).json() as { id: string }
    ).id;
    const before = Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    // Linked by hand here, and labelled (its keyword is set on the server below, as the write-back would).
    await db()
      .update(mailMessages)
      .set({ clientId: client, clientLink: 'manual', labelIds: [label] })
      .where(eq(mailMessages.id, before['1']!.id));
    const byPath = Object.fromEntries((await folders(accountId)).map((f) => [f.path, f]));

    // Inbox → Archivio (the source is synced first), and Archivio → Inbox (the destination first).
    let lock = await other.getMailboxLock('INBOX');
    try {
      await other.messageFlagsAdd(String(before['1']!.uid), ['$label_spostati'], { uid: true });
      await other.messageMove(String(before['1']!.uid), 'Archivio', { uid: true });
      await other.messageDelete(String(before['3']!.uid), { uid: true });
    } finally {
      lock.release();
    }
    lock = await other.getMailboxLock('Archivio');
    try {
      await other.messageMove(String(before['2']!.uid), 'INBOX', { uid: true });
    } finally {
      lock.release();
    }
    pushed.length = 0;
    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });

    const after = Object.fromEntries((await messages(accountId)).map((m) => [m.subject.split(' ')[1], m]));
    expect(Object.keys(after).sort()).toEqual(['1', '2']);
    const archived = await onServer(other, 'Archivio');
    const inbox = await onServer(other, 'INBOX');
    expect(after['1']).toMatchObject({
      id: before['1']!.id,
      folderId: byPath['Archivio']!.id,
      uid: archived[0]!.uid,
      clientId: client,
      clientLink: 'manual',
      labelIds: [label],
    });
    expect(after['2']).toMatchObject({
      id: before['2']!.id,
      folderId: byPath['INBOX']!.id,
      uid: inbox[0]!.uid,
    });
    const deleted = pushed
      .filter((m) => m.type === 'email:deleted')
      .map((m) => m.type === 'email:deleted' && m.emailId);
    expect(deleted).toContain(before['3']!.id);
    // Moved out of the Inbox, which is synced first: no copy announced as new mail either.
    expect(pushed.some((m) => m.type === 'email:new' && m.email.subject === 'Messaggio 1 mv')).toBe(false);
    expect(deleted).not.toContain(before['1']!.id);
    expect(deleted).not.toContain(before['2']!.id);
    expect(
      pushed.some(
        (m) =>
          m.type === 'email:updated' &&
          m.emailId === before['1']!.id &&
          m.updates.folderId === byPath['Archivio']!.id,
      ),
    ).toBe(true);
    // Settled: the next run changes nothing.
    pushed.length = 0;
    await syncOnce(accountId);
    expect(pushed.filter((m) => m.type === 'email:deleted' || m.type === 'email:new')).toEqual([]);
    expect(await messages(accountId)).toHaveLength(2);
  });

  it('UIDVALIDITY change: a folder deleted and made again is resynced', async () => {
    const { accountId, other, pushed } = await setup();
    await other.mailboxCreate('Progetti');
    const created = Date.now();
    await append(other, 'Progetti', 1, 'uv');
    await append(other, 'Progetti', 2, 'uv');
    await syncOnce(accountId);
    const before = (await folders(accountId)).find((f) => f.path === 'Progetti')!;
    expect((await messages(accountId)).filter((m) => m.folderId === before.id)).toHaveLength(2);
    // Dovecot's UIDVALIDITY is a time in seconds: a folder made again a second later gets a new one.
    await new Promise((r) => setTimeout(r, Math.max(0, created + 1100 - Date.now())));
    await other.mailboxDelete('Progetti');
    await other.mailboxCreate('Progetti');
    await append(other, 'Progetti', 3, 'uv');
    pushed.length = 0;
    await syncOnce(accountId);
    const after = (await folders(accountId)).find((f) => f.path === 'Progetti')!;
    expect(after.uidValidity).not.toBe(before.uidValidity);
    const inFolder = (await messages(accountId)).filter((m) => m.folderId === after.id);
    expect(inFolder.map((m) => m.subject)).toEqual(['Messaggio 3 uv']);
    expect(pushed.filter((m) => m.type === 'email:deleted')).toHaveLength(2);
  });

  it('IMAP IDLE: new mail, a flag and a deletion made elsewhere while the owner listens are pushed within seconds', async () => {
    const { accountId, other, pushed, stopListening } = await setup();
    await append(other, 'INBOX', 1, 'idle');
    await syncOnce(accountId);
    const log = t.app.log;
    const runner = createSyncRunner({ ...deps(), log }, { owner: 'idle-runner', intervalMs: 60_000 }).start();
    const watcher = createIdleWatcher({
      ...deps(),
      log,
      onInboxChange: (id) => runner.syncInbox(id),
    }).start();
    try {
      await until(() => watcher.watching().includes(accountId));
      const sent = Date.now();
      await append(other, 'INBOX', 2, 'idle');
      const news = await until(() =>
        pushed.find((m) => m.type === 'email:new' && m.email.subject === 'Messaggio 2 idle'),
      );
      expect(news).toBeTruthy();
      expect(Date.now() - sent).toBeLessThan(5_000);

      // Another client reads message 1 and deletes message 2: no new mail, yet both show here within seconds.
      const [first, second] = (await messages(accountId)).sort((a, b) => a.uid! - b.uid!);
      const changedAt = Date.now();
      const lock = await other.getMailboxLock('INBOX');
      try {
        await other.messageFlagsAdd(String(first!.uid), ['\\Seen'], { uid: true });
        await other.messageDelete(String(second!.uid), { uid: true });
      } finally {
        lock.release();
      }
      await until(() =>
        pushed.some(
          (m) => m.type === 'email:updated' && m.emailId === first!.id && m.updates.isRead === true,
        ),
      );
      await until(() => pushed.some((m) => m.type === 'email:deleted' && m.emailId === second!.id));
      expect(Date.now() - changedAt).toBeLessThan(5_000);
      stopListening();
      // The last listener left: the IDLE connection closes.
      await until(() => !watcher.watching().includes(accountId));
    } finally {
      watcher.stop();
      await runner.stop();
    }
  });

  it('wrong password: AUTH_ERROR, and no more retries until the account is changed', async () => {
    const { accountId, pushed } = await setup();
    await db()
      .update(mailAccounts)
      .set({ passwordSealed: t.app.services.mailCredentials.seal('wrong-password') })
      .where(eq(mailAccounts.id, accountId));
    expect(await syncOnce(accountId)).toEqual({ status: 'failed', code: 'AUTH_ERROR', retryAt: null });
    expect(await account(accountId)).toMatchObject({ syncStatus: 'error', syncErrorCode: 'AUTH_ERROR' });
    expect(pushed.some((m) => m.type === 'sync:error' && m.error === 'AUTH_ERROR')).toBe(true);
    // Even when due, no runner claims it again.
    await db()
      .update(mailAccounts)
      .set({ nextSyncAt: new Date(0) })
      .where(eq(mailAccounts.id, accountId));
    expect(await claimDueAccount(db(), 'other', 60)).toBeNull();
    const runner = createSyncRunner({ ...deps(), log: t.app.log }, { owner: 'auth-runner' });
    expect(await runner.runDue()).toBe(0);
    expect(JSON.stringify(await account(accountId))).not.toContain('wrong-password');
  });

  it('server stopped during a sync: error state, retried with the spec delays, stored mail still readable', async () => {
    const { accountId, other } = await setup();
    for (let n = 1; n <= 6; n++) await append(other, 'INBOX', n, 'down');
    await other.logout();
    let stops = 0;
    try {
      const outcome = await syncOnce(accountId, {
        batchSize: 2,
        deps: {
          analyze: async () => {
            if (stops++ === 0) await dovecot.stop();
            return null;
          },
        },
      });
      expect(outcome).toMatchObject({ status: 'failed', code: 'CONNECTION_ERROR' });
      const failed = await account(accountId);
      expect(failed).toMatchObject({
        syncStatus: 'error',
        syncErrorCode: 'CONNECTION_ERROR',
        syncAttempts: 1,
      });
      // Spec §9: the first retry after 1 s (+ up to 10%).
      const delay = failed.nextSyncAt.getTime() - Date.now();
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(1_100);
      // The batch stored before the outage stands, readable with its raw message.
      const stored = await messages(accountId);
      expect(stored.map((m) => m.subject).sort()).toEqual(['Messaggio 5 down', 'Messaggio 6 down']);
      expect(await t.app.services.files.get(stored[0]!.rawKey!)).not.toBeNull();

      // Still down: the second retry waits longer.
      await db().update(mailAccounts).set({ nextSyncAt: new Date() }).where(eq(mailAccounts.id, accountId));
      const runner = createSyncRunner(
        { ...deps(), log: t.app.log },
        { owner: 'retry-runner', sync: { batchSize: 2 } },
      );
      expect(await runner.runDue()).toBe(1);
      const again = await account(accountId);
      expect(again.syncAttempts).toBe(2);
      expect(again.nextSyncAt.getTime() - Date.now()).toBeGreaterThan(1_100);

      // Back: the due retry resumes where the first run stopped.
      await dovecot.start();
      await db().update(mailAccounts).set({ nextSyncAt: new Date() }).where(eq(mailAccounts.id, accountId));
      expect(await runner.runDue()).toBe(1);
      expect(await account(accountId)).toMatchObject({
        syncStatus: 'idle',
        syncErrorCode: null,
        syncAttempts: 0,
      });
      expect(await messages(accountId)).toHaveLength(6);
    } finally {
      await dovecot.start();
    }
  });

  it('a server that stops answering mid-sync: TIMEOUT_ERROR, stored mail readable, the next run goes on', async () => {
    const username = USERS.shift()!;
    const proxy = await startStallingProxy(dovecot.port);
    const other = await openImap({
      host: dovecot.host,
      port: dovecot.port,
      security: 'none',
      username,
      password: 'secret-pw',
    });
    try {
      const accountId = await addMailAccount(
        t.app,
        { organizationId: owner.organizationId, userId: owner.user.id },
        { host: '127.0.0.1', port: proxy.port, username, password: 'secret-pw' },
      );
      for (let n = 1; n <= 6; n++) await append(other, 'INBOX', n, 'slow');
      let batches = 0;
      const outcome = await syncOnce(accountId, {
        batchSize: 2,
        deps: {
          imapTimeouts: { socketMs: 1_500 },
          // After the first batch is stored, the server goes silent with the connection open.
          analyze: async () => {
            if (batches++ === 1) proxy.freeze();
            return null;
          },
        },
      });
      expect(outcome).toMatchObject({ status: 'failed', code: 'TIMEOUT_ERROR' });
      expect(await account(accountId)).toMatchObject({
        syncStatus: 'error',
        syncErrorCode: 'TIMEOUT_ERROR',
        syncAttempts: 1,
      });
      const stored = await messages(accountId);
      expect(stored.length).toBeGreaterThan(0);
      expect(await t.app.services.files.get(stored[0]!.rawKey!)).not.toBeNull();

      // The server answers again: the next run stores the rest and the state is idle.
      proxy.thaw();
      await syncOnce(accountId, { batchSize: 2 });
      expect(await account(accountId)).toMatchObject({ syncStatus: 'idle', syncErrorCode: null });
      expect((await messages(accountId)).map((m) => m.subject).sort()).toEqual(
        [1, 2, 3, 4, 5, 6].map((n) => `Messaggio ${n} slow`),
      );
    } finally {
      proxy.thaw();
      await proxy.close();
      await other.logout().catch(() => other.close());
    }
  });

  it('a stopped sync ends after its current batch, idle, keeping what it stored; the next run goes on', async () => {
    const { accountId, other } = await setup();
    for (let n = 1; n <= 4; n++) await append(other, 'INBOX', n, 'stop');
    const controller = new AbortController();
    const outcome = await syncOnce(accountId, {
      batchSize: 1,
      signal: controller.signal,
      deps: {
        analyze: () => {
          controller.abort();
          return null;
        },
      },
    });
    expect(outcome).toEqual({ status: 'stopped' });
    expect(await account(accountId)).toMatchObject({ syncStatus: 'idle', syncLeaseOwner: null });
    expect((await messages(accountId)).map((m) => m.subject)).toEqual(['Messaggio 4 stop']);
    expect(await syncOnce(accountId)).toMatchObject({ status: 'completed' });
    expect(await messages(accountId)).toHaveLength(4);
  });

  it("paces the backfill of older mail, never the Inbox's newest messages", async () => {
    const { accountId, other } = await setup();
    for (let n = 1; n <= 7; n++) await append(other, 'INBOX', n, 'paced');
    const calls: { paced: number; analysed: number }[] = [];
    let analysed = 0;
    const giveWay = async (pacedWorkMs: number) => {
      calls.push({ paced: pacedWorkMs, analysed });
    };
    const analyze = () => {
      analysed++;
      return null;
    };
    expect(await syncOnce(accountId, { batchSize: 2, deps: { giveWay, analyze } })).toMatchObject({
      status: 'completed',
    });
    expect(await messages(accountId)).toHaveLength(7);
    // The Inbox's newest batch (2 messages) is stored unpaced, the older mail paced.
    expect(calls.filter((c) => c.analysed < 2).every((c) => c.paced === 0)).toBe(true);
    expect(calls.some((c) => c.paced > 0)).toBe(true);
  });

  it('gives way to the requests of the people using the app: nothing stored while one is answered', async () => {
    const { accountId, other } = await setup();
    for (let n = 1; n <= 3; n++) await append(other, 'INBOX', n, 'way');
    const foreground = createForeground();
    const giveWay = () => foreground.giveWay({ maxWaitMs: 60_000 });
    foreground.enter(); // a request in flight
    const run = syncOnce(accountId, { deps: { giveWay } });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await messages(accountId)).toHaveLength(0);
    foreground.leave();
    expect(await run).toMatchObject({ status: 'completed' });
    expect(await messages(accountId)).toHaveLength(3);

    // One connection (PGlite): a request arriving in the middle of a transaction waits for it, so the sync does
    // not wait inside one (it would wait for itself); it gives way again before the next.
    for (let n = 4; n <= 6; n++) await append(other, 'INBOX', n, 'way');
    let arrived = false;
    const oneConnection = syncOnce(accountId, {
      oneConnection: true,
      transactionSize: 10,
      deps: {
        giveWay,
        analyze: () => {
          if (!arrived) foreground.enter();
          arrived = true;
          return null;
        },
      },
    });
    await expect.poll(() => messages(accountId).then((rows) => rows.length), { timeout: 10_000 }).toBe(6);
    foreground.leave();
    expect(await oneConnection).toMatchObject({ status: 'completed' });
  });

  it('two runners on one database never sync one account at once', async () => {
    const a = await setup();
    const b = await setup();
    for (const s of [a, b]) for (let n = 1; n <= 3; n++) await append(s.other, 'INBOX', n, 'two');
    const runnerA = createSyncRunner({ ...deps(), log: t.app.log }, { owner: 'runner-a' });
    const runnerB = createSyncRunner({ ...deps(), log: t.app.log }, { owner: 'runner-b' });
    const [ranA, ranB] = await Promise.all([runnerA.runDue(), runnerB.runDue()]);
    expect(ranA + ranB).toBe(2);
    const started = a.pushed.filter((m) => m.type === 'sync:started');
    expect(started.map((m) => m.type === 'sync:started' && m.accountId).sort()).toEqual(
      [a.accountId, b.accountId].sort(),
    );
    for (const id of [a.accountId, b.accountId]) expect(await messages(id)).toHaveLength(3);
    // A held lease is not claimed by the other runner.
    await db()
      .update(mailAccounts)
      .set({ nextSyncAt: new Date(0) })
      .where(eq(mailAccounts.id, a.accountId));
    expect(await claimAccount(db(), a.accountId, 'runner-a', 60)).toBe(true);
    expect(await claimAccount(db(), a.accountId, 'runner-b', 60)).toBe(false);
    expect(await claimDueAccount(db(), 'runner-b', 60)).not.toBe(a.accountId);
  });

  it('sync now (202) and stop (409 "No sync interval found" when none runs), only on the own account', async () => {
    const { accountId } = await setup();
    const c = api(t.app, owner.cookie);
    await db()
      .update(mailAccounts)
      .set({ nextSyncAt: new Date(Date.now() + 3_600_000) })
      .where(eq(mailAccounts.id, accountId));
    const now = await c.post(`/api/v1/mail/accounts/${accountId}/sync`);
    expect(now.statusCode, now.body).toBe(202);
    expect((await account(accountId)).nextSyncAt.getTime()).toBeLessThanOrEqual(Date.now());

    const idle = await c.post(`/api/v1/mail/accounts/${accountId}/sync/stop`);
    expect(idle.statusCode).toBe(409);
    expect(idle.json()).toEqual({
      error: { code: 'MAIL_SYNC_NOT_RUNNING', message: 'No sync interval found' },
    });
    const it409 = await c.post(`/api/v1/mail/accounts/${accountId}/sync/stop`, undefined, {
      'accept-language': 'it',
    });
    expect(it409.json().error.message).toBe('Nessuna sincronizzazione in corso da interrompere');

    // A running sync (its lease held) is stopped: the lease is taken away.
    expect(await claimAccount(db(), accountId, 'busy', 60)).toBe(true);
    const stop = await c.post(`/api/v1/mail/accounts/${accountId}/sync/stop`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect((await account(accountId)).syncLeaseOwner).toBeNull();
    // The instance running it finds its lease gone at its next batch, and stops.
    expect(await renewLease(db(), accountId, 'busy', 60)).toBe(false);
    expect((await account(accountId)).nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    // Another member of the same organization, and a user of another one, do not find it.
    const admin = await createSignedInUserWithOrg(t.app, { role: 'admin' });
    const theirs = await addMailAccount(
      t.app,
      { organizationId: admin.organizationId, userId: admin.ownerId },
      { host: dovecot.host, port: dovecot.port, username: 'seed', password: 'pw' },
    );
    for (const url of [`/api/v1/mail/accounts/${theirs}/sync`, `/api/v1/mail/accounts/${theirs}/sync/stop`]) {
      const res = await api(t.app, admin.cookie).post(url);
      expect(res.statusCode, url).toBe(404);
    }
    const stranger = await createSignedInUserWithOrg(t.app);
    expect(
      (await api(t.app, stranger.cookie).post(`/api/v1/mail/accounts/${accountId}/sync`)).statusCode,
    ).toBe(404);
    expect((await c.post('/api/v1/mail/accounts/not-a-uuid/sync')).statusCode).toBe(404);
    const stillMine = await db()
      .select({ id: mailAccounts.id })
      .from(mailAccounts)
      .where(and(eq(mailAccounts.id, accountId), eq(mailAccounts.userId, owner.user.id)));
    expect(stillMine).toHaveLength(1);
  });
});
