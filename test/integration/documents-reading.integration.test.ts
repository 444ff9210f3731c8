import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadingRunner, emptyExpiredTrash } from '@server/modules/documents/index.ts';
import { topics } from '@server/platform/realtime.ts';
import type { TDocument, TUploadResult } from '@shared/documents/contracts.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { makeSample } from '../helpers/ocr-samples.ts';
import {
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * The reading job of documents (issue 17) on PGlite (the job's SQL is the same on PostgreSQL, which
 * documents.integration.test.ts runs): a receipt photo read by OCR with its fields suggested and its progress on the
 * live channel; a corrupt PDF fails with its reason without holding up the next document; cancel; a lease that ran
 * out is taken again (resume after a restart) at most three times; the trash is emptied after 30 days.
 */
describe('the documents reading job', () => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  const c = () => api(t.app, owner.cookie);
  const db = () => t.app.services.database.db;
  const runner = () =>
    createReadingRunner({
      db: db(),
      files: t.app.services.files,
      hub: t.app.services.hub,
      log: t.app.log,
    });
  const upload = async (fileName: string, content: Buffer) => {
    const boundary = '----readingtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: {
        cookie: owner.cookie,
        origin: ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as TUploadResult).document;
  };
  const read = async (id: string) => (await c().get(`/api/v1/documents/${id}`)).json() as TDocument;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(() => t.close());

  it('reads a receipt photo by OCR, suggests its fields, shows progress live; a corrupt PDF fails alone', async () => {
    const sample = await makeSample({ kind: 'receipt', language: 'it', quality: 'photo' }, 5);
    const corrupt = await upload('rotto.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage'));
    const photo = await upload('scontrino.jpg', sample.image);
    const seen: TServerMessage[] = [];
    const off = t.app.services.hub.subscribe(topics.orgDocuments(owner.organizationId), (m) => seen.push(m));
    expect(await runner().runDue()).toBe(2);
    off();

    expect(await read(corrupt.id)).toMatchObject({ readingStatus: 'failed', readingError: 'FILE_CORRUPT' });
    const doc = await read(photo.id);
    expect(doc).toMatchObject({ readingStatus: 'done', textSource: 'ocr', readingProgress: 100 });
    expect(doc.suggestions).toMatchObject({
      documentType: 'receipt',
      totalCents: { value: sample.fields.totalCents },
      documentDate: { value: sample.fields.date },
      vatNumbers: expect.arrayContaining([sample.fields.issuerVatNumber]),
    });
    const statuses = seen.filter((m) => m.type === 'DOCUMENT_READING' && m.documentId === photo.id);
    expect(statuses.at(0)).toMatchObject({ status: 'running', progress: 0 });
    expect(statuses.at(-1)).toMatchObject({ status: 'done', progress: 100 });
    // A word of the receipt is found by search.
    const word = sample.text.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w))!;
    const found = (await c().get(`/api/v1/documents?q=${encodeURIComponent(word)}`)).json() as {
      items: { id: string }[];
    };
    expect(found.items.map((d) => d.id)).toContain(photo.id);
  });

  it('reads a HEIC photo and keeps it as JPEG, which every browser shows', async () => {
    const heic = await fs.readFile(path.join(import.meta.dirname, '../fixtures/documents/receipt.heic'));
    const doc = await upload('scontrino iPhone.HEIC', heic);
    expect(doc.mimeType).toBe('image/heic');
    expect(await runner().runDue()).toBe(1);
    expect(await read(doc.id)).toMatchObject({
      readingStatus: 'done',
      textSource: 'ocr',
      mimeType: 'image/jpeg',
      fileName: 'scontrino iPhone.jpg',
      suggestions: { totalCents: { value: 10243 }, documentDate: { value: '2026-07-03' } },
    });
    const file = await c().get(`/api/v1/documents/${doc.id}/file`);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The same photo again is still the same document (its SHA-256 is the original's).
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: {
        cookie: owner.cookie,
        origin: ORIGIN,
        'content-type': 'multipart/form-data; boundary=----readingtest',
      },
      payload: Buffer.concat([
        Buffer.from(
          '------readingtest\r\nContent-Disposition: form-data; name="file"; filename="copia.heic"\r\nContent-Type: application/octet-stream\r\n\r\n',
        ),
        heic,
        Buffer.from('\r\n------readingtest--\r\n'),
      ]),
    });
    expect(again.json()).toMatchObject({ status: 'duplicate', document: { id: doc.id } });
  });

  it('a cancelled reading is not taken; one whose lease ran out is resumed, at most three times', async () => {
    const cancelled = await upload('annullato.txt', Buffer.from('da non leggere'));
    const res = await c().post(`/api/v1/documents/${cancelled.id}/reading/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await c().post(`/api/v1/documents/${cancelled.id}/reading/cancel`)).json()).toMatchObject({
      error: { code: 'DOCUMENT_NOT_READING' },
    });

    const interrupted = await upload('interrotto.txt', Buffer.from('lettura interrotta una volta'));
    const given = await upload('sfortunato.txt', Buffer.from('interrotto tre volte'));
    // As a stopped instance leaves them: running, with a lease in the past.
    await db().execute(sql`update documents set reading_status = 'running', reading_attempts = 1,
      reading_lease_until = now() - interval '1 minute' where id = ${interrupted.id}`);
    await db().execute(sql`update documents set reading_status = 'running', reading_attempts = 3,
      reading_lease_until = now() - interval '1 minute' where id = ${given.id}`);
    expect(await runner().runDue()).toBe(1);
    expect(await read(cancelled.id)).toMatchObject({ readingStatus: 'cancelled' });
    expect(await read(interrupted.id)).toMatchObject({
      readingStatus: 'done',
      content: 'lettura interrotta una volta',
    });
    expect(await read(given.id)).toMatchObject({
      readingStatus: 'failed',
      readingError: 'READING_INTERRUPTED',
    });

    expect((await c().post(`/api/v1/documents/${cancelled.id}/reading/retry`)).statusCode).toBe(200);
    expect(await runner().runDue()).toBe(1);
    expect(await read(cancelled.id)).toMatchObject({ readingStatus: 'done' });
  });

  it('empties the trash of documents deleted more than 30 days ago, with their files', async () => {
    const old = await upload('vecchio.txt', Buffer.from('nel cestino da tempo'));
    const recent = await upload('recente.txt', Buffer.from('appena cestinato'));
    await c().del(`/api/v1/documents/${old.id}`);
    await c().del(`/api/v1/documents/${recent.id}`);
    await db().execute(
      sql`update documents set deleted_at = now() - interval '31 days' where id = ${old.id}`,
    );
    const dir = path.join(t.config.dataDir, 'files', 'documents', owner.organizationId);
    const before = (await fs.readdir(dir)).length;
    expect(await emptyExpiredTrash({ db: db(), files: t.app.services.files })).toBe(1);
    expect((await c().get(`/api/v1/documents/${old.id}`)).statusCode).toBe(404);
    expect((await c().get(`/api/v1/documents/${recent.id}`)).statusCode).toBe(200);
    expect((await fs.readdir(dir)).length).toBe(before - 1);
  });
});
