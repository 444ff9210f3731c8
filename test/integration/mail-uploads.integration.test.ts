import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailUploads } from '@server/db/schema/mailbox.ts';
import { sweepUploads, UPLOAD_SWEEP } from '@server/modules/mailbox/compose-attachments.ts';
import { uploadKey } from '@server/modules/mailbox/storage-keys.ts';
import type { TUploadResult } from '@shared/mailbox/compose.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * The composer's uploads (issue 16) are recorded when uploaded and removed when sent; those of a composer closed
 * without sending are swept once older than UPLOAD_SWEEP.keepHours, unless a draft still names them.
 */
describe.each(DATABASES)('the sweep of abandoned uploads on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  beforeAll(async () => {
    t = await createTestApp(kind, { mailPollMs: 60_000 });
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(() => t.close());
  const db = () => t.app.services.database.db;
  const scope = () => ({ orgId: owner.organizationId, userId: owner.user.id });
  const upload = async (text: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mail/uploads',
      headers: {
        cookie: owner.cookie,
        origin: 'http://localhost:3000',
        'content-type': 'application/octet-stream',
      },
      payload: Buffer.from(text),
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as TUploadResult).uploadId;
  };
  const stored = (uploadId: string) => t.app.services.files.get(uploadKey(scope(), uploadId));

  it('removes old uploads nobody sent, keeps those a draft names and recent ones; a sent one leaves no row', async () => {
    const abandoned = await upload('bozza mai inviata');
    const inDraft = await upload('allegato della bozza');
    const recent = await upload('appena caricato');
    const sent = await upload('inviato');

    const draft = await api(t.app, owner.cookie).put(`/api/v1/mail/drafts/${randomUUID()}`, {
      accountId: null,
      to: 'cliente@example.it',
      subject: 'Bozza con allegato',
      html: '<p>Ciao</p>',
      attachments: [{ uploadId: inDraft, filename: 'bozza.txt', contentType: 'text/plain', size: 20 }],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const send = await api(t.app, owner.cookie).post('/api/v1/mail/send', {
      accountId: null,
      to: ['cliente@example.it'],
      subject: 'Con allegato',
      text: 'Ecco',
      attachments: [{ uploadId: sent, filename: 'inviato.txt', contentType: 'text/plain' }],
    });
    expect(send.statusCode).toBe(202);
    expect(await db().select().from(mailUploads).where(eq(mailUploads.id, sent))).toEqual([]);

    // Two days pass for the first two.
    const old = new Date(Date.now() - (UPLOAD_SWEEP.keepHours + 24) * 3_600_000);
    await db()
      .update(mailUploads)
      .set({ createdAt: old })
      .where(inArray(mailUploads.id, [abandoned, inDraft]));

    expect(await sweepUploads({ db: db(), files: t.app.services.files })).toBe(1);
    expect(await stored(abandoned)).toBeNull();
    expect((await stored(inDraft))?.toString()).toBe('allegato della bozza');
    expect((await stored(recent))?.toString()).toBe('appena caricato');
    const left = await db().select({ id: mailUploads.id }).from(mailUploads);
    expect(left.map((r) => r.id).sort()).toEqual([inDraft, recent].sort());
    // A second sweep finds nothing more.
    expect(await sweepUploads({ db: db(), files: t.app.services.files })).toBe(0);
  });
});
