import fs from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { jsPDF } from 'jspdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  createReadingRunner,
  importNewMailAttachments,
  keepMailedInvoices,
} from '@server/modules/documents/index.ts';
import { receiveMailedInvoices } from '@server/modules/purchases/index.ts';
import { createS3FileStore } from '@server/platform/storage.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3.ts';
import { insertAttachments } from '@server/modules/mailbox/attachments-repository.ts';
import { insertMessage } from '@server/modules/mailbox/messages-repository.ts';
import { attachmentKey } from '@server/modules/mailbox/storage-keys.ts';
import type { TMailboxOverview } from '@shared/mailbox/contracts.ts';
import type { TDocument, TDocumentPage, TUploadResult } from '@shared/documents/contracts.ts';
import { addCompanyClient, completeProfile } from '../helpers/business.ts';
import { piva } from '../helpers/italian-ids.ts';
import { purchaseInvoiceXml } from '../helpers/purchase-invoice-xml.ts';
import {
  DATABASES,
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * Documents (issue 17) through the API: a streamed upload checked for its type, size, name and duplicates; the
 * reading job (text layer) that makes the words searchable; filing, tags, rules, links, trash, bulk actions, zip,
 * an expense from a receipt, an e-invoice recorded as a purchase; permissions and organization scoping.
 */

function multipart(fileName: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----docs${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const textPdf = (lines: string[]) => {
  const doc = new jsPDF();
  lines.forEach((line, i) => doc.text(line, 20, 20 + i * 10));
  return Buffer.from(doc.output('arraybuffer'));
};

describe.each(DATABASES)('documents on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  const c = () => api(t.app, owner.cookie);
  const runner = () =>
    createReadingRunner({
      db: t.app.services.database.db,
      files: t.app.services.files,
      hub: t.app.services.hub,
      log: t.app.log,
    });

  const upload = (
    fileName: string,
    content: Buffer,
    fields: Record<string, string> = {},
    cookie = owner.cookie,
  ) => {
    const body = multipart(fileName, content, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: { cookie, origin: ORIGIN, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const created = async (fileName: string, content: Buffer, fields: Record<string, string> = {}) => {
    const res = await upload(fileName, content, fields);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as TUploadResult).document;
  };
  const get = async <T>(url: string) => {
    const res = await c().get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const storedFiles = async () => {
    const dir = path.join(t.config.dataDir, 'files', 'documents', owner.organizationId);
    return fs.readdir(dir).catch(() => [] as string[]);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { documentMaxFileMb: 1 });
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(() => t.close());

  it('reads a text PDF so its words are found, with a marked snippet, and keeps the file encrypted at rest', async () => {
    const doc = await created(
      'Contratto locazione.pdf',
      textPdf(['Contratto di locazione', 'Canone mensile zaffiro 850']),
    );
    expect(doc).toMatchObject({
      title: 'Contratto locazione',
      readingStatus: 'pending',
      mimeType: 'application/pdf',
    });
    expect(await runner().runDue()).toBe(1);

    const read = await get<TDocument>(`/api/v1/documents/${doc.id}`);
    expect(read).toMatchObject({ readingStatus: 'done', textSource: 'pdf', pageCount: 1 });
    expect(read.content).toContain('zaffiro');

    const found = await get<TDocumentPage>('/api/v1/documents?q=zaffiro');
    expect(found.items.map((d) => d.id)).toEqual([doc.id]);
    expect(found.items[0]!.snippet).toContain('\u0002zaffiro\u0003');
    // Italian stemming: the plural finds the singular.
    expect((await get<TDocumentPage>('/api/v1/documents?q=contratti')).items.map((d) => d.id)).toContain(
      doc.id,
    );
    expect((await get<TDocumentPage>('/api/v1/documents?q=smeraldo')).total).toBe(0);

    // The stored bytes are not the PDF: the file store encrypts every file.
    const [stored] = await storedFiles();
    const raw = await fs.readFile(
      path.join(t.config.dataDir, 'files', 'documents', owner.organizationId, stored!),
    );
    expect(raw.subarray(0, 4).toString('latin1')).toBe('GFE1');
    expect(raw.includes(Buffer.from('%PDF'))).toBe(false);
    const file = await c().get(`/api/v1/documents/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('offers the stored document for the same content, and keeps a second copy only when asked', async () => {
    const content = Buffer.from('Verbale della riunione del 3 marzo\n');
    const first = await created('verbale.txt', content);
    const again = await upload('verbale copia.txt', content);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'duplicate', document: { id: first.id } });
    const forced = await upload('verbale copia.txt', content, { allowDuplicate: 'true' });
    expect(forced.statusCode).toBe(201);
  });

  it('refuses bad files with a clear code and stores nothing', async () => {
    const before = (await storedFiles()).length;
    const total = (await get<TDocumentPage>('/api/v1/documents')).total;
    const refused = [
      [await upload('../../etc/passwd.pdf', textPdf(['x'])), 400, 'FILE_NAME_INVALID'],
      [await upload('fattura\u0007.pdf', textPdf(['x'])), 400, 'FILE_NAME_INVALID'],
      [await upload('finto.pdf', Buffer.from('<html>not a pdf</html>')), 415, 'FILE_TYPE_MISMATCH'],
      [await upload('foto.jpg', Buffer.from('GIF89a....')), 415, 'FILE_TYPE_MISMATCH'],
      [await upload('vuoto.pdf', Buffer.alloc(0)), 400, 'FILE_EMPTY'],
      [
        await upload(
          'grande.pdf',
          Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024 + 10)]),
        ),
        413,
        'FILE_TOO_LARGE',
      ],
      [await upload('tipo.txt', Buffer.from('x'), { documentType: 'payroll' }), 400, 'VALIDATION_ERROR'],
    ] as const;
    for (const [res, status, code] of refused) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ error: { code } });
    }
    const tooLarge = refused[5][0].json() as { error: { message: string } };
    expect(tooLarge.error.message).toContain('1 MB');
    expect((await storedFiles()).length).toBe(before);
    expect((await get<TDocumentPage>('/api/v1/documents')).total).toBe(total);
  });

  it('files a document (type, date, client, tags) and finds it by tag and correspondent', async () => {
    const clientId = await addCompanyClient(c(), 41);
    const doc = await created('preventivo fornitore.txt', Buffer.from('Preventivo per la manutenzione'));
    const tag = await c().post('/api/v1/document-tags', { name: 'Manutenzione', color: 'teal' });
    expect(tag.statusCode, tag.body).toBe(201);
    const tagId = (tag.json() as { id: string }).id;
    expect((await c().post('/api/v1/document-tags', { name: 'manutenzione' })).json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR' },
    });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${doc.id}`,
      headers: { cookie: owner.cookie, origin: ORIGIN },
      payload: {
        documentType: 'quote',
        documentDate: '2026-03-02',
        tagIds: [tagId],
        correspondent: { kind: 'client', id: clientId },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      documentType: 'quote',
      documentDate: '2026-03-02',
      tags: [{ name: 'Manutenzione', color: 'teal' }],
      correspondent: { kind: 'client', id: clientId },
    });
    expect((await get<TDocumentPage>(`/api/v1/documents?tagId=${tagId}`)).items.map((d) => d.id)).toEqual([
      doc.id,
    ]);
    expect((await get<TDocumentPage>('/api/v1/documents?q=manutenzione')).items.map((d) => d.id)).toContain(
      doc.id,
    );
    expect((await get<TDocumentPage>(`/api/v1/documents?clientId=${clientId}&type=quote`)).total).toBe(1);
    expect(
      (await get<TDocumentPage>('/api/v1/documents?from=2026-03-03')).items.map((d) => d.id),
    ).not.toContain(doc.id);

    // A client of another organization cannot be named.
    const stranger = await createSignedInUserWithOrg(t.app);
    const foreignClient = await addCompanyClient(api(t.app, stranger.cookie), 1);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${doc.id}`,
      headers: { cookie: owner.cookie, origin: ORIGIN },
      payload: { correspondent: { kind: 'client', id: foreignClient } },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('matching rules file a new document by its words', async () => {
    const tag = (await (
      await c().post('/api/v1/document-tags', { name: 'Energia', color: 'amber' })
    ).json()) as {
      id: string;
    };
    const bad = await c().post('/api/v1/document-rules', {
      name: 'Rotta',
      algorithm: 'regex',
      pattern: '([a-z',
    });
    expect(bad.statusCode).toBe(400);
    const rule = await c().post('/api/v1/document-rules', {
      name: 'Bollette luce',
      algorithm: 'any',
      pattern: 'ENEL Edison',
      assignType: 'received_invoice',
      assignTagIds: [tag.id],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const doc = await created('bolletta.txt', Buffer.from('Bolletta ENEL Energia, periodo febbraio'));
    const other = await created('nota.txt', Buffer.from('Una nota su Enelix che non è una bolletta'));
    await runner().runDue();
    expect(await get<TDocument>(`/api/v1/documents/${doc.id}`)).toMatchObject({
      documentType: 'received_invoice',
      tags: [{ id: tag.id }],
    });
    expect(await get<TDocument>(`/api/v1/documents/${other.id}`)).toMatchObject({
      documentType: 'other',
      tags: [],
    });
  });

  it('trash: deleted documents leave the list, come back, and only from the trash go for good', async () => {
    const doc = await created('da cestinare.txt', Buffer.from('Documento da cestinare'));
    expect((await c().post(`/api/v1/documents/${doc.id}/restore`)).statusCode).toBe(200);
    expect((await c().del(`/api/v1/documents/${doc.id}/permanent`)).json()).toMatchObject({
      error: { code: 'DOCUMENT_NOT_IN_TRASH' },
    });
    expect((await c().del(`/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
    expect((await get<TDocumentPage>('/api/v1/documents')).items.map((d) => d.id)).not.toContain(doc.id);
    expect((await get<TDocumentPage>('/api/v1/documents?trash=true')).items.map((d) => d.id)).toContain(
      doc.id,
    );
    expect((await c().post(`/api/v1/documents/${doc.id}/restore`)).statusCode).toBe(200);
    expect((await get<TDocumentPage>('/api/v1/documents')).items.map((d) => d.id)).toContain(doc.id);

    const files = (await storedFiles()).length;
    await c().del(`/api/v1/documents/${doc.id}`);
    expect((await c().del(`/api/v1/documents/${doc.id}/permanent`)).statusCode).toBe(204);
    expect((await storedFiles()).length).toBe(files - 1);
    expect((await c().get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it('bulk actions, links shown with their record, a zip of the files, and an expense from a receipt', async () => {
    const a = await created('scontrino bar.txt', Buffer.from('BAR CENTRALE totale 4,50'));
    const b = await created('scontrino bar.txt', Buffer.from('BAR CENTRALE totale 3,20'));
    const tag = (await (await c().post('/api/v1/document-tags', { name: 'Trasferte' })).json()) as {
      id: string;
    };
    const bulk = await c().post('/api/v1/documents/bulk', {
      action: 'add_tag',
      ids: [a.id, b.id],
      tagId: tag.id,
    });
    expect(bulk.json()).toEqual({ count: 2 });
    expect(
      (
        await c().post('/api/v1/documents/bulk', {
          action: 'set_type',
          ids: [a.id, b.id],
          documentType: 'receipt',
        })
      ).json(),
    ).toEqual({ count: 2 });
    expect((await get<TDocumentPage>(`/api/v1/documents?type=receipt&tagId=${tag.id}`)).total).toBe(2);

    const clientId = await addCompanyClient(c(), 42);
    const linked = await c().post(`/api/v1/documents/${a.id}/links`, {
      recordType: 'client',
      recordId: clientId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as TDocument).links).toEqual([
      expect.objectContaining({ recordType: 'client', recordId: clientId, label: 'Cliente 42 S.p.A.' }),
    ]);
    expect(
      (await get<TDocumentPage>(`/api/v1/documents?linkedType=client&linkedId=${clientId}`)).items.map(
        (d) => d.id,
      ),
    ).toEqual([a.id]);

    const zip = await c().post('/api/v1/documents/download', { ids: [a.id, b.id] });
    expect(zip.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['scontrino bar (2).txt', 'scontrino bar.txt']);
    expect(Buffer.from(entries['scontrino bar.txt']!).toString()).toContain('4,50');

    const expense = await c().post(`/api/v1/documents/${b.id}/expense`, {
      occurredOn: '2026-11-20',
      direction: 'expense',
      amount: '3,20',
      description: 'Bar Centrale',
      paymentMethod: 'cash',
    });
    expect(expense.statusCode, expense.body).toBe(201);
    const { transactionId } = expense.json() as { transactionId: string };
    expect((await get<TDocument>(`/api/v1/documents/${b.id}`)).links).toEqual([
      expect.objectContaining({ recordType: 'transaction', recordId: transactionId, label: 'Bar Centrale' }),
    ]);
    const ledger = await get<{ items: { id: string; amountCents: number }[] }>('/api/v1/transactions');
    expect(ledger.items.find((tx) => tx.id === transactionId)?.amountCents).toBe(320);
  });

  it('an uploaded e-invoice becomes a purchase invoice of its supplier, linked to the document', async () => {
    await completeProfile(c());
    const xml = purchaseInvoiceXml({
      supplierVat: piva(7654321),
      supplierName: 'Carta e Toner S.r.l.',
      customerVat: piva(1234567),
      number: 'FT-88',
      date: '2026-10-05',
      rows: [{ rate: 22, taxableCents: 10_000 }],
    });
    const doc = await created('fattura toner.xml', Buffer.from(xml));
    expect(doc.documentType).toBe('received_invoice');
    await runner().runDue();
    const read = await get<TDocument>(`/api/v1/documents/${doc.id}`);
    expect(read).toMatchObject({
      textSource: 'einvoice',
      documentDate: '2026-10-05',
      correspondent: { kind: 'supplier', name: 'Carta e Toner S.r.l.' },
    });
    expect(read.links).toEqual([expect.objectContaining({ recordType: 'purchase_invoice', label: 'FT-88' })]);
  });

  it('an e-invoice received by PEC is kept as a document linked to the received invoice', async () => {
    await completeProfile(c());
    const xml = purchaseInvoiceXml({
      supplierVat: piva(7654322),
      supplierName: 'Corriere Espresso S.p.A.',
      customerVat: piva(1234567),
      number: 'PEC-9',
      date: '2026-11-02',
      rows: [{ rate: 22, taxableCents: 5_000 }],
    });
    const deps = {
      db: t.app.services.database.db,
      files: t.app.services.files,
      hub: t.app.services.hub,
    };
    const mailed = [
      { fileName: `IT${piva(7654322)}_00009.xml`, content: Buffer.from(xml) },
      { fileName: 'IT01234567890_00001_RC_001.xml', content: Buffer.from('<ricevuta/>') },
    ];
    const invoices = await receiveMailedInvoices(deps, {
      orgId: owner.organizationId,
      userId: owner.user.id,
      files: mailed,
      receivedAt: new Date(),
      messageRowId: null,
    });
    expect(invoices.map((f) => f.fileName)).toEqual([mailed[0]!.fileName]);
    const keep = { ...deps, maxFileBytes: 1024 * 1024 };
    const scope = { orgId: owner.organizationId, userId: owner.user.id };
    expect(await keepMailedInvoices(keep, { ...scope, files: invoices })).toBe(1);
    expect(await keepMailedInvoices(keep, { ...scope, files: invoices })).toBe(0);
    await runner().runDue();
    // An invoice number is found as written ("PEC-9": PostgreSQL's parser reads 'pec' and '-9').
    expect((await get<TDocumentPage>('/api/v1/documents?q=PEC-9')).total).toBe(1);
    const found = await get<TDocumentPage>('/api/v1/documents?q=Corriere+Espresso');
    expect(found.items.map((d) => d.fileName)).toEqual([mailed[0]!.fileName]);
    const doc = await get<TDocument>(`/api/v1/documents/${found.items[0]!.id}`);
    expect(doc.links).toEqual([expect.objectContaining({ recordType: 'purchase_invoice', label: 'PEC-9' })]);
  });

  it('a member without manage_financial_data reads but cannot change; another organization sees nothing', async () => {
    const doc = await created('riservato.txt', Buffer.from('Documento interno'));
    const member = await createSignedInUserWithOrg(t.app, { role: 'user' });
    // The member is in another organization created for them: nothing of this one is visible.
    expect((await api(t.app, member.cookie).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
    const refused = await upload('x.txt', Buffer.from('x'), {}, member.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await api(t.app, member.cookie).get('/api/v1/documents')).statusCode).toBe(200);
  });

  it('saves a mail attachment as a document once, and a folder imports the attachments of its new mail', async () => {
    const scope = { orgId: owner.organizationId, userId: owner.user.id };
    const inbox = (await get<TMailboxOverview>('/api/v1/mail/folders')).folders.find(
      (f) => f.role === 'inbox' && f.accountId === null,
    )!;
    const content = Buffer.from('Ricevuta di pagamento n. 77');
    const checksum = createHash('sha256').update(content).digest('hex');
    const storageKey = attachmentKey(scope, checksum);
    await t.app.services.files.put(storageKey, content);
    const messageId = await insertMessage(t.app.services.database.db, scope, {
      folderId: inbox.id,
      messageId: '<ricevuta@example.test>',
      threadId: '<ricevuta@example.test>',
      subject: 'Ricevuta',
      snippet: '',
      fromName: 'Fornitore',
      fromAddress: 'fornitore@example.it',
      addressText: 'fornitore@example.it',
      textBody: 'In allegato',
      receivedAt: new Date(),
      hasAttachments: true,
    });
    await insertAttachments(t.app.services.database.db, scope, [
      {
        messageId,
        filename: 'ricevuta 77.txt',
        contentType: 'text/plain',
        size: content.length,
        contentId: null,
        isInline: false,
        checksum,
        storageKey,
      },
    ]);
    const message = await get<{ attachments: { id: string }[] }>(`/api/v1/mail/messages/${messageId}`);
    const attachmentId = message.attachments[0]!.id;

    const saved = await c().post('/api/v1/documents/from-mail', { attachmentId });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ status: 'created', document: { fileName: 'ricevuta 77.txt' } });
    expect((await c().post('/api/v1/documents/from-mail', { attachmentId })).json()).toMatchObject({
      status: 'duplicate',
    });
    // Another user's mail is not theirs to save.
    const stranger = await createSignedInUserWithOrg(t.app);
    expect(
      (await api(t.app, stranger.cookie).post('/api/v1/documents/from-mail', { attachmentId })).statusCode,
    ).toBe(404);
    expect(
      (await api(t.app, stranger.cookie).put(`/api/v1/documents/mail-imports/${inbox.id}`, {})).statusCode,
    ).toBe(404);

    const tag = (await (await c().post('/api/v1/document-tags', { name: 'Da posta' })).json()) as {
      id: string;
    };
    const rule = await c().put(`/api/v1/documents/mail-imports/${inbox.id}`, {
      assignType: 'receipt',
      assignTagIds: [tag.id],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    expect((await get<{ items: unknown[] }>('/api/v1/documents/mail-imports')).items).toEqual([
      { folderId: inbox.id, assignType: 'receipt', assignTagIds: [tag.id] },
    ]);
    const deps = {
      db: t.app.services.database.db,
      files: t.app.services.files,
      maxFileBytes: 1024 * 1024,
    };
    const mail = (name: string, text: string) => ({
      ...scope,
      folderId: inbox.id,
      messages: [{ messageRowId: messageId, files: [{ fileName: name, content: Buffer.from(text) }] }],
    });
    expect(
      await importNewMailAttachments(deps, mail('scontrino posta.txt', 'Scontrino arrivato per posta')),
    ).toBe(1);
    const imported = await get<TDocumentPage>(`/api/v1/documents?tagId=${tag.id}`);
    expect(imported.items[0]).toMatchObject({ documentType: 'receipt', tags: [{ id: tag.id }] });
    // Without the folder's rule, nothing is imported.
    expect((await c().del(`/api/v1/documents/mail-imports/${inbox.id}`)).statusCode).toBe(204);
    expect(await importNewMailAttachments(deps, mail('altro.txt', 'Non importato'))).toBe(0);
  });
});

/** Server mode as the "done when" names it: PostgreSQL and the files in an S3-compatible bucket. */
describe.skipIf(!DATABASES.includes('postgres'))('documents on PostgreSQL with an S3 bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let owner: SignedInWithOrg;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('postgres', { s3: s3.config });
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('stores the upload encrypted in the bucket, reads it, finds its words and serves it back', async () => {
    const pdf = textPdf(['Verbale di consegna', 'Merce ricevuta: bancale ottanio']);
    const body = multipart('consegna.pdf', pdf);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: { cookie: owner.cookie, origin: ORIGIN, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = (res.json() as TUploadResult).document;
    const reader = createReadingRunner({
      db: t.app.services.database.db,
      files: t.app.services.files,
      hub: t.app.services.hub,
      log: t.app.log,
    });
    expect(await reader.runDue()).toBe(1);
    const c = api(t.app, owner.cookie);
    expect(
      ((await c.get('/api/v1/documents?q=ottanio')).json() as TDocumentPage).items.map((d) => d.id),
    ).toEqual([id]);
    const file = await c.get(`/api/v1/documents/${id}/file?download=1`);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const bucket = createS3FileStore(s3.config);
    const keys: string[] = [];
    for await (const entry of bucket.list(`documents/${owner.organizationId}/`)) keys.push(entry.key);
    expect(keys).toHaveLength(1);
    const atRest = (await bucket.get(keys[0]!))!;
    expect(atRest.subarray(0, 4).toString('latin1')).toBe('GFE1');
    expect(atRest.includes(Buffer.from('%PDF'))).toBe(false);
  });
});
