import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  mailAccounts,
  mailAttachments,
  mailFolders,
  mailMessages as mailMessagesTable,
  mailPendingChanges,
} from '@server/db/schema/mailbox.ts';
import { insertAttachments } from '@server/modules/mailbox/attachments-repository.ts';
import { insertMessage, type NewMessage } from '@server/modules/mailbox/messages-repository.ts';
import { attachmentKey, rawMessageKey } from '@server/modules/mailbox/storage-keys.ts';
import { clientInput } from '@server/seed/factories.ts';
import type { TClient } from '@shared/clients/contracts.ts';
import type { TClientTimeline } from '@shared/clients/timeline.ts';
import type {
  TMailFolder,
  TMailLabel,
  TMailboxOverview,
  TMessage,
  TMessagePage,
} from '@shared/mailbox/contracts.ts';
import {
  DATABASES,
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';
import { addMember, createUser } from '@server/seed/factories.ts';
import { PASSWORD, uniqueEmail } from '../helpers/test-app.ts';
import { DEMO_CREDENTIALS } from '@server/seed/demo.ts';
import { openImap } from '@server/modules/mailbox/imap-client.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../helpers/dovecot.ts';

/** api() with PATCH. */
function mailApi(app: TestApp['app'], cookie: string) {
  return {
    ...api(app, cookie),
    patch: (url: string, body: object) =>
      app.inject({ method: 'PATCH', url, headers: { origin: ORIGIN, cookie }, payload: body }),
  };
}
type Client = ReturnType<typeof mailApi>;

const dovecotMissing = dovecotUnavailable();
type Scope = { orgId: string; userId: string };

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:riunione-1@example.com',
  'DTSTAMP:20260301T090000Z',
  'DTSTART:20260310T090000Z',
  'DTEND:20260310T100000Z',
  'SUMMARY:Sopralluogo in cantiere',
  'LOCATION:Via Roma 1\\, Milano',
  'ORGANIZER:mailto:mario@rossicostruzioni.example.it',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe.each(DATABASES)('mailbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.app.services.database.db;

  /** A fresh organization's super_admin with its local mailbox made (GET /mail/folders). */
  async function freshUser(owner?: SignedInWithOrg) {
    const user = owner ?? (await createSignedInUserWithOrg(t.app));
    const c = mailApi(t.app, user.cookie);
    const overview = await folders(c);
    const scope: Scope = { orgId: user.organizationId, userId: user.user.id };
    const byRole = (role: string) => overview.folders.find((f) => f.role === role && f.accountId === null)!;
    return { user, c, scope, overview, byRole };
  }

  async function folders(c: Client): Promise<TMailboxOverview> {
    const res = await c.get('/api/v1/mail/folders');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TMailboxOverview;
  }

  async function list(c: Client, query = ''): Promise<TMessagePage> {
    const res = await c.get(`/api/v1/mail/messages${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TMessagePage;
  }

  async function action(c: Client, body: object, status = 200) {
    const res = await c.post('/api/v1/mail/messages/actions', body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { updated: number };
  }

  let seq = 0;
  /** A message row inserted directly (the ingest is another module). */
  async function addMessage(scope: Scope, folderId: string, values: Partial<NewMessage> = {}) {
    seq += 1;
    const messageId = values.messageId ?? `<m${seq}.${Date.now()}@example.test>`;
    return insertMessage(db(), scope, {
      folderId,
      messageId,
      threadId: values.threadId ?? messageId,
      subject: `Messaggio ${seq}`,
      snippet: '',
      fromName: 'Mario Bianchi',
      fromAddress: 'mario.bianchi@example.it',
      addressText: 'mario.bianchi@example.it',
      textBody: 'Buongiorno, un saluto.',
      receivedAt: new Date(Date.UTC(2026, 0, 1) + seq * 60_000),
      ...values,
    });
  }

  describe('local mailbox and folders', () => {
    it('creates the five local system folders once, with counts', async () => {
      const { c, scope, byRole } = await freshUser();
      const again = await folders(c);
      expect(again.folders.filter((f) => f.accountId === null).map((f) => f.role)).toEqual(
        expect.arrayContaining(['inbox', 'sent', 'drafts', 'trash', 'spam']),
      );
      expect(again.folders).toHaveLength(5);
      await addMessage(scope, byRole('inbox').id);
      await addMessage(scope, byRole('inbox').id, { isRead: true });
      const counted = (await folders(c)).folders.find((f) => f.role === 'inbox')!;
      expect(counted).toMatchObject({ unreadCount: 1, totalCount: 2 });
      expect(again.accounts).toEqual([]);
    });

    it('creates, nests, renames, recolours and deletes a custom folder; its mail moves to the Inbox', async () => {
      const { c, scope, byRole } = await freshUser();
      const res = await c.post('/api/v1/mail/folders', { name: 'Clienti', color: '#2563eb' });
      expect(res.statusCode, res.body).toBe(201);
      const parent = res.json() as TMailFolder;
      expect(parent).toMatchObject({ name: 'Clienti', path: 'Clienti', role: null, color: '#2563eb' });
      const child = (
        await c.post('/api/v1/mail/folders', { name: 'Rossi', parentId: parent.id })
      ).json() as TMailFolder;
      expect(child).toMatchObject({ path: 'Clienti/Rossi', parentId: parent.id });
      expect((await c.post('/api/v1/mail/folders', { name: 'Clienti' })).statusCode).toBe(409);
      expect((await c.post('/api/v1/mail/folders', { name: 'a/b' })).json().error.code).toBe(
        'MAIL_FOLDER_NAME_INVALID',
      );
      expect((await c.post('/api/v1/mail/folders', { name: '' })).statusCode).toBe(400);

      const patch = (id: string, body: object) => c.patch(`/api/v1/mail/folders/${id}`, body);
      const p1 = await patch(parent.id, { name: 'Clienti 2026', color: '#16a34a' });
      expect(p1.statusCode, p1.body).toBe(200);
      expect(p1.json()).toMatchObject({ name: 'Clienti 2026', path: 'Clienti 2026', color: '#16a34a' });
      const afterRename = (await folders(c)).folders.find((f) => f.id === child.id)!;
      expect(afterRename.path).toBe('Clienti 2026/Rossi');
      // A folder cannot go inside itself; system folders keep their name.
      expect((await patch(parent.id, { parentId: child.id })).json().error.code).toBe(
        'MAIL_FOLDER_INVALID_PARENT',
      );
      expect((await patch(byRole('inbox').id, { name: 'Posta' })).json().error.code).toBe(
        'MAIL_SYSTEM_FOLDER',
      );
      expect((await patch(byRole('inbox').id, { color: '#dc2626' })).statusCode).toBe(200);

      const inChild = await addMessage(scope, child.id);
      const inParent = await addMessage(scope, parent.id);
      expect((await c.del(`/api/v1/mail/folders/${byRole('trash').id}`)).json().error.code).toBe(
        'MAIL_SYSTEM_FOLDER',
      );
      expect((await c.del(`/api/v1/mail/folders/${parent.id}`)).statusCode).toBe(204);
      const after = await folders(c);
      expect(after.folders.some((f) => f.id === parent.id || f.id === child.id)).toBe(false);
      const inbox = await list(c, `?folderId=${byRole('inbox').id}&group=messages`);
      expect(inbox.items.map((m) => m.id)).toEqual(expect.arrayContaining([inChild, inParent]));
    });
  });

  describe('list, paging, filters, conversations', () => {
    it('pages 50 at a time, newest first, with the spec filters', async () => {
      const { c, scope, byRole } = await freshUser();
      const inbox = byRole('inbox').id;
      for (let i = 0; i < 55; i++) {
        await addMessage(scope, inbox, {
          isRead: i % 2 === 0,
          isStarred: i === 3,
          isImportant: i === 4,
          hasAttachments: i === 5,
          receivedAt: new Date(Date.UTC(2026, 1, 1, 0, i)),
        });
      }
      const first = await list(c, '?group=messages');
      expect(first.items).toHaveLength(50);
      expect(first.total).toBe(55);
      const times = first.items.map((m) => m.receivedAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(first.hasMore).toBe(true);
      const second = await list(c, '?group=messages&page=2');
      expect(second.items).toHaveLength(5);
      expect(second.items.some((m) => first.items.some((f) => f.id === m.id))).toBe(false);
      expect(second.hasMore).toBe(false);
      // The mailbox's own list asks no count: the same rows, whether more follow, no total.
      const uncounted = await list(c, '?group=messages&count=false');
      expect(uncounted).not.toHaveProperty('total');
      expect(uncounted.items.map((m) => m.id)).toEqual(first.items.map((m) => m.id));
      expect(uncounted.hasMore).toBe(true);
      expect((await list(c, '?group=messages&page=2&count=false')).hasMore).toBe(false);
      expect((await list(c, '?isRead=false')).total).toBe(27);
      expect((await list(c, '?isStarred=true')).total).toBe(1);
      expect((await list(c, '?isImportant=true')).total).toBe(1);
      expect((await list(c, '?hasAttachments=true')).total).toBe(1);
      expect((await list(c, '?view=starred')).total).toBe(1);
      expect((await list(c, '?from=2026-02-01&to=2026-02-01')).total).toBe(55);
      expect((await list(c, '?from=2026-02-02')).total).toBe(0);
      expect((await c.get('/api/v1/mail/messages?pageSize=51')).statusCode).toBe(400);
      expect((await c.get('/api/v1/mail/messages?isRead=maybe')).statusCode).toBe(400);
      for (const bad of ['2026-02-30', '2026-13-01', '9999-12-31', '26-1-1']) {
        const res = await c.get(`/api/v1/mail/messages?to=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
    });

    it('the unified Inbox, Starred and search span every account of the user, and only the user’s', async () => {
      const { c, scope, byRole, user } = await freshUser();
      const [a, b] = [await addAccount(scope), await addAccount(scope)];
      const ids = {
        local: await addMessage(scope, byRole('inbox').id, { subject: 'Locale preventivo' }),
        aInbox: await addMessage(scope, a.inbox, { accountId: a.id, uid: 1, subject: 'Conto A preventivo' }),
        bInbox: await addMessage(scope, b.inbox, {
          accountId: b.id,
          uid: 1,
          subject: 'Conto B preventivo',
          isStarred: true,
        }),
        aArchive: await addMessage(scope, a.archive, {
          accountId: a.id,
          uid: 2,
          subject: 'Archiviato preventivo',
          isStarred: true,
        }),
        bTrash: await addMessage(scope, b.trash, {
          accountId: b.id,
          uid: 2,
          subject: 'Cestinato preventivo',
        }),
      };
      // A colleague in the same organization with an account of their own: never part of this user's views.
      const admin = await memberOf(user, 'admin');
      const theirScope: Scope = { orgId: scope.orgId, userId: admin.id };
      const theirAccount = await addAccount(theirScope);
      await addMessage(theirScope, theirAccount.inbox, {
        accountId: theirAccount.id,
        uid: 1,
        subject: 'Collega preventivo',
        isStarred: true,
      });

      const idsOf = async (query: string) =>
        (await list(c, `?group=messages${query}`)).items.map((m) => m.id).sort();
      expect(await idsOf('')).toEqual([ids.local, ids.aInbox, ids.bInbox].sort());
      expect(await idsOf('&view=inbox')).toEqual([ids.local, ids.aInbox, ids.bInbox].sort());
      expect(await idsOf('&view=starred')).toEqual([ids.bInbox, ids.aArchive].sort());
      expect(await idsOf('&view=all&q=preventivo')).toEqual(Object.values(ids).sort());
      expect(await idsOf(`&folderId=${a.inbox}`)).toEqual([ids.aInbox]);
      expect(await idsOf(`&folderId=${b.trash}`)).toEqual([ids.bTrash]);
      // Each account's folders are listed with their own counts.
      const overview = await folders(c);
      const count = (id: string) => overview.folders.find((f) => f.id === id)!.totalCount;
      expect([count(a.inbox), count(b.inbox), count(a.archive), count(b.trash)]).toEqual([1, 1, 1, 1]);
      expect(overview.folders.some((f) => f.accountId === theirAccount.id)).toBe(false);
      // Another user's folder is not found.
      expect((await c.get(`/api/v1/mail/messages?folderId=${theirAccount.inbox}`)).statusCode).toBe(404);
    });

    it('counts at most 1000 rows and says so (totalCapped)', async () => {
      const { c, scope, byRole } = await freshUser();
      await db().execute(
        sql`insert into mail_messages (organization_id, user_id, folder_id, thread_id, subject, received_at)
            select ${scope.orgId}, ${scope.userId}, ${byRole('inbox').id}::uuid, '<cap-' || g || '@x>', 'Ordine ' || g,
                   now() - (g || ' minutes')::interval
            from generate_series(1, 1001) g`,
      );
      const page = await list(c, '');
      expect(page).toMatchObject({ total: 1000, totalCapped: true });
      expect(page.items[0]!.subject).toBe('Ordine 1');
      expect((await list(c, '?page=21')).items.map((m) => m.subject)).toEqual(['Ordine 1001']);
      const searched = await list(c, '?q=ordine');
      expect(searched).toMatchObject({ total: 1000, totalCapped: true });
      expect((await list(c, '?q=1001')).totalCapped).toBeUndefined();
    });

    it('shows one row per conversation with its count, including the reply in Sent', async () => {
      const { c, scope, byRole } = await freshUser();
      const root = '<root-1@example.test>';
      await addMessage(scope, byRole('inbox').id, { messageId: root, threadId: root, subject: 'Preventivo' });
      await addMessage(scope, byRole('sent').id, {
        messageId: '<reply-1@example.test>',
        threadId: root,
        subject: 'Re: Preventivo',
        inReplyTo: root,
      });
      const newest = await addMessage(scope, byRole('inbox').id, {
        messageId: '<reply-2@example.test>',
        threadId: root,
        subject: 'Re: Re: Preventivo',
      });
      await addMessage(scope, byRole('inbox').id, { subject: 'Altro' });
      const page = await list(c, '');
      expect(page.total).toBe(2);
      const conversation = page.items.find((m) => m.threadId === root)!;
      expect(conversation.id).toBe(newest);
      expect(conversation.threadCount).toBe(3);
      const single = await list(c, '?group=messages');
      expect(single.total).toBe(3);
      const thread = await c.get(`/api/v1/mail/threads/${encodeURIComponent(root)}`);
      expect(thread.statusCode, thread.body).toBe(200);
      expect((thread.json() as { messages: TMessage[] }).messages.map((m) => m.subject)).toEqual([
        'Preventivo',
        'Re: Preventivo',
        'Re: Re: Preventivo',
      ]);
      // The id of one of its messages names the conversation too.
      const byMessage = (await c.get(`/api/v1/mail/threads/${newest}`)).json() as {
        threadId: string;
        messages: TMessage[];
      };
      expect(byMessage.threadId).toBe(root);
      expect(byMessage.messages).toHaveLength(3);
      expect(
        (await c.get(`/api/v1/mail/threads/${encodeURIComponent('<nothing@example.test>')}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('conversation actions', () => {
    it('an action on a conversation row applies to every message of the conversation, in one request', async () => {
      const { c, scope, byRole } = await freshUser();
      const root = '<conv-root@example.test>';
      const first = await addMessage(scope, byRole('inbox').id, { messageId: root, threadId: root });
      const mine = await addMessage(scope, byRole('sent').id, { threadId: root, inReplyTo: root });
      const newest = await addMessage(scope, byRole('inbox').id, { threadId: root });
      const other = await addMessage(scope, byRole('inbox').id, {});
      const row = async (id: string) => (await c.get(`/api/v1/mail/messages/${id}`)).json() as TMessage;
      const label = (
        (await c.post('/api/v1/mail/labels', { name: 'Conversazione', color: '#2563eb' })).json() as {
          id: string;
        }
      ).id;

      expect(await action(c, { ids: [newest], action: 'read', conversations: true })).toEqual({ updated: 3 });
      await action(c, { ids: [newest], action: 'star', conversations: true });
      await action(c, { ids: [newest], action: 'label', labelId: label, conversations: true });
      for (const id of [first, mine, newest]) {
        expect(await row(id)).toMatchObject({ isRead: true, isStarred: true, labelIds: [label] });
      }
      expect(await row(other)).toMatchObject({ isRead: false, isStarred: false, labelIds: [] });
      // Without it, the newest only (the single-message view).
      await action(c, { ids: [newest], action: 'unread' });
      expect((await row(first)).isRead).toBe(true);

      // Trashed: the conversation's messages go, one's own reply stays in Sent.
      await action(c, { ids: [newest], action: 'trash', conversations: true });
      expect((await row(first)).folderId).toBe(byRole('trash').id);
      expect((await row(newest)).folderId).toBe(byRole('trash').id);
      expect((await row(mine)).folderId).toBe(byRole('sent').id);
      // Deleted for good from the Trash: what is in the Trash.
      expect(await action(c, { ids: [first], action: 'delete', conversations: true })).toEqual({
        updated: 2,
      });
      expect((await c.get(`/api/v1/mail/messages/${newest}`)).statusCode).toBe(404);
      expect((await row(mine)).folderId).toBe(byRole('sent').id);

      // Another user's message names no conversation of this one.
      const stranger = await freshUser();
      const theirs = await addMessage(stranger.scope, stranger.byRole('inbox').id, { threadId: root });
      await action(c, { ids: [theirs], action: 'read', conversations: true }, 404);
      expect(await action(stranger.c, { ids: [theirs], action: 'read', conversations: true })).toEqual({
        updated: 1,
      });
    });
  });

  describe('search', () => {
    it('finds Italian stems, prefixes and address fragments, with highlight markers', async () => {
      const { c, scope, byRole } = await freshUser();
      const inbox = byRole('inbox').id;
      const invoice = await addMessage(scope, inbox, {
        subject: 'Domanda sulla fattura di marzo',
        textBody: 'Vi scrivo per la fattura 12/2026 che non torna.',
      });
      const quote = await addMessage(scope, inbox, {
        subject: 'Richiesta preventivo ristrutturazione',
        textBody: 'Ci servirebbe un preventivo per il capannone.',
      });
      const other = await addMessage(scope, inbox, {
        subject: 'Auguri',
        fromAddress: 'segreteria@studiocolombo.example.com',
        addressText: 'segreteria@studiocolombo.example.com info@officina.example.it',
      });
      const attached = await addMessage(scope, inbox, {
        subject: 'Documenti',
        attachmentNames: 'planimetria.pdf',
      });

      const fatture = await list(c, `?q=${encodeURIComponent('fatture')}&view=all`);
      expect(fatture.items.map((m) => m.id)).toEqual([invoice]);
      expect(fatture.items[0]!.highlight!.subject).toContain('\u0002fattura\u0003');
      expect(fatture.items[0]!.highlight!.subject).not.toContain('<');
      const prefix = await list(c, '?q=prev&view=all');
      expect(prefix.items.map((m) => m.id)).toEqual([quote]);
      expect(prefix.items[0]!.highlight!.subject).toContain('\u0002preventivo\u0003');
      const address = await list(c, '?q=studiocolomb&view=all');
      expect(address.items.map((m) => m.id)).toEqual([other]);
      expect((await list(c, '?q=planimetria&view=all')).items.map((m) => m.id)).toEqual([attached]);
      expect(
        (await list(c, `?q=${encodeURIComponent('capannone preventivo')}`)).items.map((m) => m.id),
      ).toEqual([quote]);
      // Tsquery syntax from the user is only words.
      const hostile = await c.get(`/api/v1/mail/messages?q=${encodeURIComponent("'&|!:*()<->")}`);
      expect(hostile.statusCode).toBe(200);
    });
  });

  describe('actions', () => {
    it('marks read, stars, labels, moves and trashes in bulk; another user’s id changes nothing', async () => {
      const { c, scope, byRole } = await freshUser();
      const inbox = byRole('inbox').id;
      const ids = [
        await addMessage(scope, inbox),
        await addMessage(scope, inbox),
        await addMessage(scope, inbox),
      ];
      expect((await action(c, { ids, action: 'read' })).updated).toBe(3);
      expect((await list(c, '?isRead=false')).total).toBe(0);
      await action(c, { ids: [ids[0]], action: 'star' });
      await action(c, { ids: [ids[0]], action: 'important' });
      await action(c, { ids: [ids[0]], action: 'confidential' });
      const one = (await c.get(`/api/v1/mail/messages/${ids[0]}`)).json() as TMessage;
      expect(one).toMatchObject({ isStarred: true, isImportant: true, isConfidential: true, isRead: true });

      const label = (
        await c.post('/api/v1/mail/labels', { name: 'Urgente', color: '#dc2626' })
      ).json() as TMailLabel;
      await action(c, { ids, action: 'label', labelId: label.id });
      await action(c, { ids: [ids[0]], action: 'label', labelId: label.id });
      expect((await list(c, `?labelId=${label.id}`)).total).toBe(3);
      const labelled = (await c.get(`/api/v1/mail/messages/${ids[0]}`)).json() as TMessage;
      expect(labelled.labelIds).toEqual([label.id]);
      await action(c, { ids: [ids[1]], action: 'unlabel', labelId: label.id });
      expect((await list(c, `?labelId=${label.id}`)).total).toBe(2);

      const archive = (await c.post('/api/v1/mail/folders', { name: 'Archivio' })).json() as TMailFolder;
      await action(c, { ids: [ids[1]], action: 'move', folderId: archive.id });
      expect((await list(c, `?folderId=${archive.id}`)).items.map((m) => m.id)).toEqual([ids[1]]);
      await action(c, { ids: [ids[2]], action: 'trash' });
      expect((await list(c, `?folderId=${byRole('trash').id}`)).items.map((m) => m.id)).toEqual([ids[2]]);

      // Another user's message among the ids: 404 and nothing changed.
      const other = await freshUser();
      const foreign = await addMessage(other.scope, other.byRole('inbox').id);
      const refused = await c.post('/api/v1/mail/messages/actions', {
        ids: [ids[0], foreign],
        action: 'unread',
      });
      expect(refused.statusCode).toBe(404);
      expect(((await c.get(`/api/v1/mail/messages/${ids[0]}`)).json() as TMessage).isRead).toBe(true);
      expect(((await other.c.get(`/api/v1/mail/messages/${foreign}`)).json() as TMessage).isRead).toBe(false);
      // Validation: move needs a folder, at most 500 ids.
      expect((await c.post('/api/v1/mail/messages/actions', { ids, action: 'move' })).statusCode).toBe(400);
      const many = Array.from({ length: 501 }, () => ids[0]);
      expect((await c.post('/api/v1/mail/messages/actions', { ids: many, action: 'read' })).statusCode).toBe(
        400,
      );
    });
  });

  /** An IMAP account of the user with its Inbox, Trash and a custom folder, inserted directly. */
  async function addAccount(
    scope: Scope,
    server?: { host: string; port: number; username: string; password: string },
  ) {
    const [account] = await db()
      .insert(mailAccounts)
      .values({
        organizationId: scope.orgId,
        userId: scope.userId,
        emailAddress: `me-${seq++}@imap.example.test`,
        imapHost: server?.host ?? '127.0.0.1',
        imapPort: server?.port ?? 1,
        imapSecurity: 'none',
        imapUsername: server?.username ?? 'me',
        smtpHost: '127.0.0.1',
        smtpPort: 1,
        smtpSecurity: 'none',
        smtpUsername: 'me',
        passwordSealed: t.app.services.mailCredentials.seal(server?.password ?? 'secret-password'),
      })
      .returning({ id: mailAccounts.id });
    const folder = async (path: string, role: 'inbox' | 'trash' | null) => {
      const [row] = await db()
        .insert(mailFolders)
        .values({
          organizationId: scope.orgId,
          userId: scope.userId,
          accountId: account!.id,
          path,
          name: path,
          role,
          delimiter: '/',
        })
        .returning({ id: mailFolders.id });
      return row!.id;
    };
    return {
      id: account!.id,
      inbox: await folder('INBOX', 'inbox'),
      trash: await folder('Trash', 'trash'),
      archive: await folder('Archivio', null),
    };
  }

  async function pending(accountId: string) {
    return db()
      .select({
        kind: mailPendingChanges.kind,
        uid: mailPendingChanges.uid,
        folderPath: mailPendingChanges.folderPath,
        payload: mailPendingChanges.payload,
      })
      .from(mailPendingChanges)
      .where(eq(mailPendingChanges.accountId, accountId))
      .orderBy(mailPendingChanges.createdAt, mailPendingChanges.uid);
  }

  describe('IMAP write-back', () => {
    it('queues flags, label keywords, moves and deletes of account messages in the same change', async () => {
      const { c, scope } = await freshUser();
      const account = await addAccount(scope);
      const a = await addMessage(scope, account.inbox, { accountId: account.id, uid: 11 });
      const b = await addMessage(scope, account.inbox, { accountId: account.id, uid: 12 });
      const local = await addMessage(
        scope,
        (await folders(c)).folders.find((f) => f.role === 'inbox' && !f.accountId)!.id,
      );

      await action(c, { ids: [a, b], action: 'read' });
      await action(c, { ids: [a], action: 'star' });
      await action(c, { ids: [b], action: 'important' });
      await action(c, { ids: [a], action: 'confidential' });
      const label = (
        await c.post('/api/v1/mail/labels', { name: 'Fornitori Über', color: '#16a34a' })
      ).json() as TMailLabel;
      await action(c, { ids: [a], action: 'label', labelId: label.id });
      let queued = await pending(account.id);
      expect(queued.map((q) => [q.kind, q.uid, q.folderPath, q.payload])).toEqual([
        // The read status each was made on: the server's wins if it changed meanwhile (spec §9).
        ['flags', 11, 'INBOX', { add: ['\\Seen'], remove: [], readBefore: false }],
        ['flags', 12, 'INBOX', { add: ['\\Seen'], remove: [], readBefore: false }],
        ['flags', 11, 'INBOX', { add: ['\\Flagged'], remove: [] }],
        ['flags', 12, 'INBOX', { add: ['$Important'], remove: [] }],
        ['flags', 11, 'INBOX', { add: ['$label_fornitori_uber'], remove: [] }],
      ]);

      // A move to another account's folder, or to a local one, is refused; a move within the account is queued.
      expect(
        (
          await c.post('/api/v1/mail/messages/actions', {
            ids: [a, local],
            action: 'move',
            folderId: account.archive,
          })
        ).json().error.code,
      ).toBe('MAIL_MOVE_ACROSS_ACCOUNTS');
      await action(c, { ids: [a], action: 'move', folderId: account.archive });
      await action(c, { ids: [b], action: 'trash' });
      queued = await pending(account.id);
      expect(queued.slice(5).map((q) => [q.kind, q.uid, q.folderPath, q.payload])).toEqual([
        ['move', 11, 'INBOX', { toPath: 'Archivio', toFolderId: account.archive }],
        ['move', 12, 'INBOX', { toPath: 'Trash', toFolderId: account.trash }],
      ]);
      const moved = (await c.get(`/api/v1/mail/messages/${b}`)).json() as TMessage;
      expect(moved.folderId).toBe(account.trash);

      const c2 = await addMessage(scope, account.inbox, { accountId: account.id, uid: 13 });
      await action(c, { ids: [c2], action: 'delete' });
      expect((await pending(account.id)).at(-1)).toMatchObject({
        kind: 'delete',
        uid: 13,
        folderPath: 'INBOX',
      });
      // Deleting the label removes its keyword on the server too (for messages whose UID is known: a message
      // whose move is not yet confirmed by the server has none until the replay stores it).
      const d = await addMessage(scope, account.inbox, { accountId: account.id, uid: 14 });
      await action(c, { ids: [d], action: 'label', labelId: label.id });
      expect((await c.del(`/api/v1/mail/labels/${label.id}`)).statusCode).toBe(204);
      expect((await pending(account.id)).at(-1)).toMatchObject({
        kind: 'flags',
        uid: 14,
        payload: { add: [], remove: ['$label_fornitori_uber'] },
      });
      expect(((await c.get(`/api/v1/mail/messages/${a}`)).json() as TMessage).labelIds).toEqual([]);
      // The overview shows the account's state, never its password.
      const overview = await c.get('/api/v1/mail/folders');
      expect(overview.body).not.toContain('secret-password');
      expect(overview.body).not.toContain('passwordSealed');
      expect((overview.json() as TMailboxOverview).accounts[0]).toMatchObject({
        id: account.id,
        syncStatus: 'idle',
      });
    });

    it("deleting a custom folder of an account moves its mail to that account's Inbox and queues the moves, then the folder's delete", async () => {
      const { c, scope } = await freshUser();
      const account = await addAccount(scope);
      const m = await addMessage(scope, account.archive, { accountId: account.id, uid: 5 });
      expect((await c.del(`/api/v1/mail/folders/${account.archive}`)).statusCode).toBe(204);
      expect(((await c.get(`/api/v1/mail/messages/${m}`)).json() as TMessage).folderId).toBe(account.inbox);
      // One transaction, so one created_at: by uid (the folder's delete has none, 0; the replay orders them).
      expect(await pending(account.id)).toEqual([
        {
          kind: 'folderDelete',
          uid: 0,
          folderPath: 'Archivio',
          payload: { inboxPath: 'INBOX', delimiter: '/' },
        },
        {
          kind: 'move',
          uid: 5,
          folderPath: 'Archivio',
          payload: { toPath: 'INBOX', toFolderId: account.inbox },
        },
      ]);
    });
  });

  describe.skipIf(dovecotMissing)(
    `folders on the IMAP server${dovecotMissing ? ` (skipped: ${dovecotMissing})` : ''}`,
    () => {
      let dovecot: Dovecot;
      beforeAll(async () => {
        dovecot = await startDovecot({ alice: 'alice-password' });
      });
      afterAll(async () => {
        await dovecot?.close();
      });
      const serverFolders = async () => {
        const client = await openImap({
          host: dovecot.host,
          port: dovecot.port,
          security: 'none',
          username: 'alice',
          password: 'alice-password',
        });
        try {
          return (await client.list()).map((f) => f.path);
        } finally {
          await client.logout();
        }
      };

      it('creates and renames an account folder on the server too; an unreachable server changes nothing', async () => {
        const { c, scope } = await freshUser();
        const account = await addAccount(scope, {
          host: dovecot.host,
          port: dovecot.port,
          username: 'alice',
          password: 'alice-password',
        });
        const res = await c.post('/api/v1/mail/folders', { name: 'Clienti', accountId: account.id });
        expect(res.statusCode, res.body).toBe(201);
        const folder = res.json() as TMailFolder;
        expect(folder).toMatchObject({ accountId: account.id, path: 'Clienti' });
        expect(await serverFolders()).toContain('Clienti');
        const renamed = await c.patch(`/api/v1/mail/folders/${folder.id}`, { name: 'Clienti 2026' });
        expect(renamed.statusCode, renamed.body).toBe(200);
        const paths = await serverFolders();
        expect(paths).toContain('Clienti 2026');
        expect(paths).not.toContain('Clienti');

        await dovecot.stop();
        try {
          const refused = await c.post('/api/v1/mail/folders', { name: 'Fornitori', accountId: account.id });
          expect(refused.statusCode).toBe(409);
          expect(refused.json().error.code).toBe('MAIL_SERVER_UNREACHABLE');
          expect((await folders(c)).folders.some((f) => f.name === 'Fornitori')).toBe(false);
        } finally {
          await dovecot.start();
        }
      }, 60_000);
    },
  );

  describe('attachments and permanent delete', () => {
    it('downloads with the stored type; inline only for images and PDF, sandboxed; delete removes unused files', async () => {
      const { c, scope, byRole } = await freshUser();
      const files = t.app.services.files;
      const put = async (content: string) => {
        const checksum = createHash('sha256').update(content).digest('hex');
        const key = attachmentKey(scope, checksum);
        await files.put(key, Buffer.from(content));
        return { checksum, key };
      };
      const pdf = await put('%PDF-1.4 fattura');
      const html = await put('<script>alert(1)</script>');
      const shared = await put('shared bytes');
      const one = await addMessage(scope, byRole('inbox').id, { hasAttachments: true });
      const two = await addMessage(scope, byRole('inbox').id, { hasAttachments: true });
      const raw = rawMessageKey(scope, one);
      await files.put(raw, Buffer.from('From: a@b\r\n\r\nbody'));
      await db().update(mailMessagesTable).set({ rawKey: raw }).where(eq(mailMessagesTable.id, one));
      const att = (
        filename: string,
        contentType: string,
        f: { checksum: string; key: string },
        messageId: string,
      ) => ({
        messageId,
        filename,
        contentType,
        size: 10,
        contentId: null,
        isInline: false,
        checksum: f.checksum,
        storageKey: f.key,
      });
      await insertAttachments(db(), scope, [
        att('fattura è.pdf', 'application/pdf', pdf, one),
        att('pagina.html', 'text/html', html, one),
        att('comune.txt', 'text/plain', shared, one),
        att('comune.txt', 'text/plain', shared, two),
        att('invito.ics', 'text/calendar', await put(ICS), two),
      ]);
      const message = (await c.get(`/api/v1/mail/messages/${one}`)).json() as TMessage;
      expect(message.attachments.map((a) => a.filename)).toEqual([
        'comune.txt',
        'fattura è.pdf',
        'pagina.html',
      ]);
      const idOf = (name: string) => message.attachments.find((a) => a.filename === name)!.id;

      const download = await c.get(`/api/v1/mail/attachments/${idOf('fattura è.pdf')}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="fattura _.pdf"; filename*=UTF-8''fattura%20%C3%A8.pdf`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.body).toBe('%PDF-1.4 fattura');
      const inline = await c.get(`/api/v1/mail/attachments/${idOf('fattura è.pdf')}?inline=1`);
      expect(inline.headers['content-disposition']).toMatch(/^inline;/);
      expect(inline.headers['content-security-policy']).toBe('sandbox');
      const hostile = await c.get(`/api/v1/mail/attachments/${idOf('pagina.html')}?inline=1`);
      expect(hostile.headers['content-disposition']).toMatch(/^attachment;/);
      expect((await c.get('/api/v1/mail/attachments/not-a-uuid')).statusCode).toBe(404);

      // The .ics of the other message is read as an invitation.
      const invitation = (await c.get(`/api/v1/mail/messages/${two}`)).json() as TMessage;
      expect(invitation.invitations).toEqual([
        expect.objectContaining({
          summary: 'Sopralluogo in cantiere',
          start: '2026-03-10T09:00:00.000Z',
          location: 'Via Roma 1, Milano',
          organizer: 'mario@rossicostruzioni.example.it',
          method: 'REQUEST',
        }),
      ]);

      await action(c, { ids: [one], action: 'delete' });
      expect((await c.get(`/api/v1/mail/messages/${one}`)).statusCode).toBe(404);
      expect(await files.get(raw)).toBeNull();
      expect(await files.get(pdf.key)).toBeNull();
      expect(await files.get(html.key)).toBeNull();
      // Still used by the other message: kept.
      expect((await files.get(shared.key))?.toString()).toBe('shared bytes');
      expect((await c.get(`/api/v1/mail/attachments/${idOf('fattura è.pdf')}`)).statusCode).toBe(404);
    });
  });

  describe('labels, client link and timeline', () => {
    it('creates, renames and deletes labels; links a message to a client by hand and shows it on the timeline', async () => {
      const { c, scope, byRole, user } = await freshUser();
      const created = await c.post('/api/v1/mail/labels', { name: 'Clienti', color: '#2563eb' });
      expect(created.statusCode, created.body).toBe(201);
      const label = created.json() as TMailLabel;
      expect((await c.post('/api/v1/mail/labels', { name: 'clienti', color: '#2563eb' })).statusCode).toBe(
        409,
      );
      expect((await c.post('/api/v1/mail/labels', { name: 'X', color: 'red' })).statusCode).toBe(400);
      const renamed = await c.patch(`/api/v1/mail/labels/${label.id}`, { name: 'Clienti VIP' });
      expect(renamed.json()).toMatchObject({ id: label.id, name: 'Clienti VIP', color: '#2563eb' });
      const unchanged = await c.patch(`/api/v1/mail/labels/${label.id}`, {});
      expect(unchanged.statusCode, unchanged.body).toBe(200);
      expect((await c.patch(`/api/v1/mail/folders/${byRole('inbox').id}`, {})).statusCode).toBe(200);
      expect(((await c.get('/api/v1/mail/labels')).json() as TMailLabel[]).map((l) => l.name)).toEqual([
        'Clienti VIP',
      ]);

      const client = (
        await c.post(
          '/api/v1/clients',
          clientInput({
            type: 'company',
            companyName: 'Rossi Costruzioni S.r.l.',
            email: 'amministrazione@rossicostruzioni.example.it',
          }),
        )
      ).json() as TClient;
      const m = await addMessage(scope, byRole('inbox').id, {
        subject: 'Preventivo capannone',
        labelIds: [label.id],
      });
      const linked = await c.put(`/api/v1/mail/messages/${m}/client`, { clientId: client.id });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({
        clientId: client.id,
        clientLink: 'manual',
        client: { id: client.id, name: 'Rossi Costruzioni S.r.l.' },
      });
      expect((await list(c, `?clientId=${client.id}`)).items.map((x) => x.id)).toEqual([m]);
      const timeline = (await c.get(`/api/v1/clients/${client.id}/timeline`)).json() as TClientTimeline;
      expect(timeline.items).toContainEqual(
        expect.objectContaining({
          kind: 'email',
          id: m,
          direction: 'received',
          subject: 'Preventivo capannone',
        }),
      );
      // Another member of the organization sees the client, not the owner's mail on its timeline.
      const colleague = await memberOf(user, 'admin');
      const theirs = (
        await colleague.c.get(`/api/v1/clients/${client.id}/timeline`)
      ).json() as TClientTimeline;
      expect(theirs.items.some((i) => i.kind === 'email')).toBe(false);

      const unlinked = await c.put(`/api/v1/mail/messages/${m}/client`, { clientId: null });
      expect(unlinked.json()).toMatchObject({ clientId: null, clientLink: 'unlinked', client: null });
      expect(
        (
          await c.put(`/api/v1/mail/messages/${m}/client`, {
            clientId: '00000000-0000-4000-8000-000000000000',
          })
        ).statusCode,
      ).toBe(404);

      expect((await c.del(`/api/v1/mail/labels/${label.id}`)).statusCode).toBe(204);
      expect(((await c.get(`/api/v1/mail/messages/${m}`)).json() as TMessage).labelIds).toEqual([]);
      expect((await c.del(`/api/v1/mail/labels/${label.id}`)).statusCode).toBe(404);
    });

    it("records the app's own mail sent for a user in that user's local Sent, linked to the client", async () => {
      const { c, user } = await freshUser();
      const client = (
        await c.post(
          '/api/v1/clients',
          clientInput({
            type: 'company',
            companyName: 'Bianchi & Figli S.n.c.',
            email: 'info@bianchiefigli.example.it',
          }),
        )
      ).json() as TClient;
      const live: string[] = [];
      const stop = t.app.services.hub.subscribe(`mail:org:${user.organizationId}:user:${user.user.id}`, (m) =>
        live.push(m.type),
      );
      await t.app.services.mail.send(
        {
          to: 'info@bianchiefigli.example.it',
          subject: 'Preventivo P3/2026',
          text: 'In allegato il preventivo.',
          attachments: [
            { filename: 'P3-2026.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 p') },
          ],
        },
        { organizationId: user.organizationId, userId: user.user.id },
      );
      const sent = (await folders(c)).folders.find((f) => f.role === 'sent' && !f.accountId)!;
      const page = await list(c, `?folderId=${sent.id}`);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        subject: 'Preventivo P3/2026',
        clientId: client.id,
        isRead: true,
        hasAttachments: true,
      });
      const message = (await c.get(`/api/v1/mail/messages/${page.items[0]!.id}`)).json() as TMessage;
      expect(message.attachments.map((a) => a.filename)).toEqual(['P3-2026.pdf']);
      stop();
      expect(live).toEqual(['email:new', 'folder:updated']);
    });
  });

  /** Another member of the same organization, signed in with that organization active. */
  async function memberOf(owner: SignedInWithOrg, role: 'admin' | 'user') {
    const email = uniqueEmail(role);
    const created = await createUser(t.app.services.auth, { name: `A ${role}`, email, password: PASSWORD });
    await addMember(t.app.services.auth, { userId: created.id, organizationId: owner.organizationId, role });
    const signed = await signIn(t.app, email);
    let cookie = signed.cookie;
    if ((await mailApi(t.app, cookie).get('/api/v1/mail/labels')).statusCode !== 200) {
      const res = await mailApi(t.app, cookie).post('/api/auth/organization/set-active', {
        organizationId: owner.organizationId,
      });
      expect(res.statusCode, res.body).toBe(200);
      cookie = mergeCookies(cookie, res);
    }
    expect((await mailApi(t.app, cookie).get('/api/v1/mail/labels')).statusCode).toBe(200);
    return { c: mailApi(t.app, cookie), cookie, id: created.id };
  }

  describe('tenancy', () => {
    it('answers 404 to another member of the organization (an admin too) and to another organization, for every route', async () => {
      const { c, scope, byRole, user } = await freshUser();
      const m = await addMessage(scope, byRole('inbox').id, { threadId: '<tenancy-thread@example.test>' });
      const folder = (await c.post('/api/v1/mail/folders', { name: 'Privata' })).json() as TMailFolder;
      const label = (
        await c.post('/api/v1/mail/labels', { name: 'Privata', color: '#111111' })
      ).json() as TMailLabel;
      const checksum = createHash('sha256').update('x').digest('hex');
      await t.app.services.files.put(attachmentKey(scope, checksum), Buffer.from('x'));
      await insertAttachments(db(), scope, [
        {
          messageId: m,
          filename: 'x.txt',
          contentType: 'text/plain',
          size: 1,
          contentId: null,
          isInline: false,
          checksum,
          storageKey: attachmentKey(scope, checksum),
        },
      ]);
      const attachmentId = ((await c.get(`/api/v1/mail/messages/${m}`)).json() as TMessage).attachments[0]!
        .id;

      const admin = await memberOf(user, 'admin');
      const requests: [string, string, object?][] = [
        ['GET', `/api/v1/mail/messages/${m}`],
        ['GET', `/api/v1/mail/threads/${encodeURIComponent('<tenancy-thread@example.test>')}`],
        ['GET', `/api/v1/mail/messages?folderId=${folder.id}`],
        ['GET', `/api/v1/mail/attachments/${attachmentId}`],
        ['PUT', `/api/v1/mail/messages/${m}/client`, { clientId: null }],
        ['POST', '/api/v1/mail/messages/actions', { ids: [m], action: 'read' }],
        ['POST', '/api/v1/mail/messages/actions', { ids: [m], action: 'delete' }],
        ['POST', '/api/v1/mail/messages/actions', { ids: [m], action: 'label', labelId: label.id }],
        ['PATCH', `/api/v1/mail/folders/${folder.id}`, { name: 'Mia' }],
        ['DELETE', `/api/v1/mail/folders/${folder.id}`],
        ['POST', '/api/v1/mail/folders', { name: 'Sotto', parentId: folder.id }],
        ['PATCH', `/api/v1/mail/labels/${label.id}`, { name: 'Mia' }],
        ['DELETE', `/api/v1/mail/labels/${label.id}`],
      ];
      for (const [method, url, body] of requests) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { origin: ORIGIN, cookie: admin.cookie },
          ...(body ? { payload: body } : {}),
        });
        expect(res.statusCode, `${method} ${url} as an admin of the same organization`).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Item not found' } });
      }
      // The lists and the overview of the admin are its own, empty ones.
      const theirs = (await admin.c.get('/api/v1/mail/folders')).json() as TMailboxOverview;
      expect(theirs.folders.some((f) => f.id === folder.id)).toBe(false);
      expect(theirs.labels).toEqual([]);
      expect(((await admin.c.get('/api/v1/mail/messages?view=all')).json() as TMessagePage).total).toBe(0);
      expect((await admin.c.get('/api/v1/mail/labels')).json() as TMailLabel[]).toEqual([]);
      // Nothing changed for the owner.
      expect(((await c.get(`/api/v1/mail/messages/${m}`)).json() as TMessage).isRead).toBe(false);
      expect(((await c.get('/api/v1/mail/labels')).json() as TMailLabel[]).map((l) => l.name)).toEqual([
        'Privata',
      ]);

      // Another organization: the tenancy helper, for each route that addresses one resource.
      const inOrgA = async (owner: SignedInWithOrg) => {
        const u = await freshUser(owner);
        const threadId = `<t-${seq}-${Date.now()}@example.test>`;
        const id = await addMessage(u.scope, u.byRole('inbox').id, { threadId });
        return { ...u, id, threadId, attachmentId: await addAttachment(u.scope, id) };
      };
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/mail/messages/${id}`,
        createInOrgA: async (ctx) => (await inOrgA(ctx.owner)).id,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (threadId) => `/api/v1/mail/threads/${encodeURIComponent(threadId)}`,
        createInOrgA: async (ctx) => (await inOrgA(ctx.owner)).threadId,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/mail/attachments/${id}`,
        createInOrgA: async (ctx) => (await inOrgA(ctx.owner)).attachmentId,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/mail/messages/${id}/client`,
        method: 'PUT',
        body: { clientId: null },
        createInOrgA: async (ctx) => (await inOrgA(ctx.owner)).id,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/mail/folders/${id}`,
        method: 'PATCH',
        body: { name: 'Altro' },
        createInOrgA: async (ctx) => {
          await freshUser(ctx.owner);
          return ((await ctx.client.post('/api/v1/mail/folders', { name: 'Privata' })).json() as TMailFolder)
            .id;
        },
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/mail/folders/${id}`,
        method: 'DELETE',
        createInOrgA: async (ctx) =>
          ((await ctx.client.post('/api/v1/mail/folders', { name: 'Privata' })).json() as TMailFolder).id,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/mail/labels/${id}`,
        method: 'PATCH',
        body: { name: 'Altro' },
        createInOrgA: async (ctx) =>
          (
            (
              await ctx.client.post('/api/v1/mail/labels', { name: 'Privata', color: '#111111' })
            ).json() as TMailLabel
          ).id,
      });
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/mail/labels/${id}`,
        method: 'DELETE',
        createInOrgA: async (ctx) =>
          (
            (
              await ctx.client.post('/api/v1/mail/labels', { name: 'Privata', color: '#111111' })
            ).json() as TMailLabel
          ).id,
      });
      // Actions and folder creation address resources in the body: another organization's user gets 404 too.
      const foreign = await inOrgA(await createSignedInUserWithOrg(t.app));
      const stranger = mailApi(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
      expect(
        (await stranger.post('/api/v1/mail/messages/actions', { ids: [foreign.id], action: 'delete' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await stranger.post('/api/v1/mail/folders', { name: 'X', parentId: foreign.byRole('inbox').id }))
          .statusCode,
      ).toBe(404);
      expect((await foreign.c.get(`/api/v1/mail/messages/${foreign.id}`)).statusCode).toBe(200);
    });
  });

  async function addAttachment(scope: Scope, messageId: string): Promise<string> {
    const checksum = createHash('sha256').update(`x${messageId}`).digest('hex');
    const storageKey = attachmentKey(scope, checksum);
    await t.app.services.files.put(storageKey, Buffer.from('x'));
    await insertAttachments(db(), scope, [
      {
        messageId,
        filename: 'x.txt',
        contentType: 'text/plain',
        size: 1,
        contentId: null,
        isInline: false,
        checksum,
        storageKey,
      },
    ]);
    const [row] = await db()
      .select({ id: mailAttachments.id })
      .from(mailAttachments)
      .where(eq(mailAttachments.messageId, messageId));
    return row!.id;
  }

  describe('demo mailbox', () => {
    it('gives the demo user a mailbox of conversations with the demo clients, a flagged IBAN fraud and an invitation', async () => {
      const demo = await createTestApp(kind, { demoData: true });
      try {
        const signed = await signIn(demo.app, DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password);
        const c = mailApi(demo.app, signed.cookie);
        const overview = (await c.get('/api/v1/mail/folders')).json() as TMailboxOverview;
        expect(overview.labels.map((l) => l.name).sort()).toEqual(['Clienti', 'Fornitori', 'Urgente']);
        const count = (role: string) => overview.folders.find((f) => f.role === role)!.totalCount;
        expect(count('inbox')).toBeGreaterThanOrEqual(20);
        expect(count('sent')).toBeGreaterThanOrEqual(5);
        expect(count('drafts')).toBeGreaterThanOrEqual(1);
        const all = (await c.get('/api/v1/mail/messages?view=all&pageSize=50')).json() as TMessagePage;
        expect(all.total).toBeGreaterThanOrEqual(20);
        expect(all.items.filter((m) => m.clientId !== null).length).toBeGreaterThanOrEqual(10);
        const fraud = all.items.find((m) => m.subject.includes('coordinate bancarie'))!;
        expect(fraud.risk).toBe('high');
        expect(fraud.clientId).toBeNull();
        const detail = (await c.get(`/api/v1/mail/messages/${fraud.id}`)).json() as TMessage;
        expect(detail.securityAnalysis!.indicators.map((i) => i.key)).toEqual(
          expect.arrayContaining([
            'security.bankDetailsChange',
            'security.lookalikeDomain',
            'security.replyToDifferent',
            'security.dmarcFail',
          ]),
        );
        const invitation = all.items.find((m) => m.subject.startsWith('Invito'))!;
        const withIcs = (await c.get(`/api/v1/mail/messages/${invitation.id}`)).json() as TMessage;
        expect(withIcs.invitations[0]).toMatchObject({
          summary: 'Riunione manutenzione impianti',
          method: 'REQUEST',
        });
        const related = all.items.filter((m) => m.threadCount > 1);
        expect(related.length).toBeGreaterThan(3);
        const searched = (await c.get('/api/v1/mail/messages?view=all&q=fatture')).json() as TMessagePage;
        expect(searched.total).toBeGreaterThan(0);
        const invoiceMail = (
          await c.get('/api/v1/mail/messages?view=all&q=fattura&group=messages')
        ).json() as TMessagePage;
        const withDocs = await Promise.all(
          invoiceMail.items.map(
            async (m) => ((await c.get(`/api/v1/mail/messages/${m.id}`)).json() as TMessage).relatedDocuments,
          ),
        );
        expect(withDocs.some((d) => d.some((r) => r.type === 'invoice'))).toBe(true);
      } finally {
        await demo.close();
      }
    });
  });
});

function mergeCookies(base: string, response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [raw as string];
  const pairs = new Map(base.split('; ').map((p) => [p.split('=')[0]!, p] as const));
  for (const c of list) {
    const pair = c.split(';')[0]!.trim();
    if (pair && !pair.endsWith('=')) pairs.set(pair.split('=')[0]!, pair);
  }
  return [...pairs.values()].join('; ');
}
