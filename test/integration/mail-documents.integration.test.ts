import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { validateXml } from '@server/platform/xml-schema.ts';
import { invoiceInput, lineInput, quoteInput } from '@server/seed/factories.ts';
import type { TComposeResult } from '@shared/mailbox/compose.ts';
import { addCompanyClient, completeProfile, issueInvoice } from '../helpers/business.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

/** Documents of the app attached from the composer (issue 16): an invoice's PDF and XML, a quote's PDF. */
describe.each(DATABASES)('documents attached to composed mail on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  let clientId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { mailPollMs: 60_000 });
    owner = await createSignedInUserWithOrg(t.app);
    await completeProfile(c());
    clientId = await addCompanyClient(c(), 1);
  });
  afterAll(() => t.close());
  const c = () => api(t.app, owner.cookie);
  const send = (documents: object[], who = c()) =>
    who.post('/api/v1/mail/send', {
      accountId: null,
      to: ['fatture1@cliente.example.com'],
      subject: 'Documenti',
      text: 'In allegato.',
      undoSeconds: 0,
      documents,
    });

  it('attaches the files as the documents read now, and refuses what cannot be made', async () => {
    const invoice = await issueInvoice(c(), clientId, [lineInput({ unitPriceCents: 100_000, vatRate: 22 })]);
    const quote = await c().post('/api/v1/quotes', quoteInput({ clientId }));
    expect(quote.statusCode, quote.body).toBe(201);
    const quoteId = (quote.json() as { id: string }).id;

    const sent = await send([
      { kind: 'invoice', id: invoice.id, format: 'pdf' },
      { kind: 'invoice', id: invoice.id, format: 'xml' },
      { kind: 'quote', id: quoteId, format: 'pdf' },
    ]);
    expect(sent.statusCode, sent.body).toBe(202);
    const { delivery } = sent.json() as TComposeResult;
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, delivery.outboxId));
    const files = row!.attachments.map((a) => [a.filename, a.contentType]);
    expect(files).toEqual([
      [expect.stringMatching(/\.pdf$/), 'application/pdf'],
      [expect.stringMatching(/^IT\d{11}_[0-9A-Z]{5}\.xml$/), 'application/xml'],
      [expect.stringMatching(/\.pdf$/), 'application/pdf'],
    ]);
    const pdf = Buffer.from(row!.attachments[0]!.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = Buffer.from(row!.attachments[1]!.contentBase64, 'base64');
    expect((await validateXml('fatturapa', xml, 'f.xml')).valid).toBe(true);

    // A draft has no e-invoice yet; a document of another organization is not found; nothing is sent.
    const draft = await c().post('/api/v1/invoices', invoiceInput({ clientId }));
    expect(draft.statusCode, draft.body).toBe(201);
    const draftId = (draft.json() as { id: string }).id;
    const noXml = await send([{ kind: 'invoice', id: draftId, format: 'xml' }]);
    expect(noXml.statusCode).toBe(422);
    expect(noXml.json().error.code).toBe('EINVOICE_DATA_MISSING');
    const stranger = await createSignedInUserWithOrg(t.app);
    const theirs = await send(
      [{ kind: 'invoice', id: invoice.id, format: 'pdf' }],
      api(t.app, stranger.cookie),
    );
    expect(theirs.statusCode).toBe(404);
    const rows = await db().select().from(mailOutbox);
    expect(rows.filter((r) => r.subject === 'Documenti')).toHaveLength(1);
  });
  const db = () => t.app.services.database.db;
});
