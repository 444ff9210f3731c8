import { and, eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '@server/db/schema/invoicing.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { transactions } from '@server/db/schema/transactions.ts';
import { validateFatturaPaXml } from '../helpers/fatturapa-validate.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { loadDocument } from '@server/modules/invoicing/document.ts';
import { sendAutomaticReminders } from '@server/modules/invoicing/invoices/jobs.ts';
import { seedClientsDemo } from '@server/seed/clients-demo.ts';
import { invoiceInput, quoteInput, type InvoiceBody } from '@server/seed/factories.ts';
import { seedInvoicingDemo } from '@server/seed/invoicing-demo.ts';
import { isoDateIn } from '@shared/dates/dates.ts';
import { piva } from '../helpers/italian-ids.ts';
import type { TInvoice, TInvoiceListItem } from '@shared/invoicing/contracts.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

type Api = ReturnType<typeof api>;

const today = isoDateIn('Europe/Rome');
const year = Number(today.slice(0, 4));

/** 3 lines at 22, 10 and 4 %: 2 × 100.00 − 10 % = 180.00 @22; 50.00 @10; 3 × 33.33 = 99.99 @4. */
const LINES = [
  {
    description: 'Manodopera officina',
    quantity: '2',
    unit: 'h',
    unitPriceCents: 10000,
    discountPercent: '10',
    vatRate: 22,
  },
  {
    description: 'Libro tecnico',
    quantity: '1',
    unit: 'pz',
    unitPriceCents: 5000,
    discountPercent: '0',
    vatRate: 10,
  },
  {
    description: 'Alimenti per la mensa',
    quantity: '3',
    unit: 'kg',
    unitPriceCents: 3333,
    discountPercent: '0',
    vatRate: 4,
  },
];
// VAT: 180.00 × 22 % = 39.60; 50.00 × 10 % = 5.00; 99.99 × 4 % = 4.00 (3.9996 half-up) → 48.60.
const EXPECTED = { taxableCents: 32999, vatCents: 4860, totalCents: 37859 };

describe.each(DATABASES)('invoices on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A complete business profile, as the e-invoice needs it. */
  async function completeProfile(c: Api, regime = 'RF01') {
    const profile = await c.put('/api/v1/business-profile', {
      companyName: 'Officina Rossi S.r.l.',
      businessType: 'llc',
      industry: 'manufacturing',
      phone: '+39 0543 123456',
      vatNumber: piva(1234567),
      taxRegime: regime,
      street: 'Via Emilia 12',
      city: 'Forlì',
      province: 'FC',
      postalCode: '47121',
      country: 'IT',
      email: 'amministrazione@officinarossi.example.it',
    });
    expect(profile.statusCode, profile.body).toBe(200);
  }

  /** An organization with a complete business profile and one client reachable by SDI code and e-mail. */
  async function setup(options: { clientEmail?: string | null; regime?: string } = {}) {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c, options.regime);
    const client = await c.post('/api/v1/clients', {
      type: 'company',
      companyName: 'Bianchi Costruzioni S.p.A.',
      email: options.clientEmail === undefined ? 'fatture@bianchi.example.it' : options.clientEmail,
      address: 'Corso Buenos Aires 1',
      city: 'Milano',
      postalCode: '20124',
      province: 'MI',
      country: 'IT',
      vatNumber: piva(7654321),
      sdiCode: 'M5UXCR1',
      paymentTermsDays: 30,
    });
    expect(client.statusCode, client.body).toBe(201);
    return { owner, c, clientId: (client.json() as { id: string }).id };
  }

  async function draft(c: Api, clientId: string, extra: Partial<InvoiceBody> = {}) {
    const res = await c.post('/api/v1/invoices', invoiceInput({ clientId, lines: LINES, ...extra }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TInvoice;
  }

  async function issue(c: Api, id: string) {
    const res = await c.post(`/api/v1/invoices/${id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInvoice;
  }

  it('creates a draft without a number, with totals per VAT rate and the due date from the client terms', async () => {
    const { c, clientId } = await setup();
    const inv = await draft(c, clientId);
    expect(inv).toMatchObject({ number: null, status: 'draft', documentType: 'TD01' });
    expect(inv.totals).toMatchObject({ ...EXPECTED, amountDueCents: EXPECTED.totalCents });
    const due = new Date(`${today}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(inv.dueDate).toBe(due.toISOString().slice(0, 10));
  });

  it('refuses bad lines with translated messages and changes nothing', async () => {
    const { c, clientId } = await setup();
    const bad = await c.post(
      '/api/v1/invoices',
      invoiceInput({ clientId, lines: [{ ...LINES[0]!, vatRate: 0 }] }),
      { 'accept-language': 'it' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toContainEqual(
      expect.objectContaining({
        path: 'lines.0.nature',
        message: "Una riga con IVA 0 % richiede il codice Natura (il motivo per cui l'IVA non si applica)",
      }),
    );
    const list = await c.get('/api/v1/invoices');
    expect(list.json().total).toBe(0);
  });

  it('issues with the next number of the year, then freezes the document', async () => {
    const { c, clientId } = await setup();
    const first = await issue(c, (await draft(c, clientId)).id);
    const second = await issue(c, (await draft(c, clientId)).id);
    expect([first.number, second.number]).toEqual([`1/${year}`, `2/${year}`]);
    expect(first.status).toBe('issued');
    const edit = await c.put(`/api/v1/invoices/${first.id}`, invoiceInput({ clientId, lines: LINES }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('DOCUMENT_FROZEN');
    expect((await c.del(`/api/v1/invoices/${first.id}`)).statusCode).toBe(409);
    const again = await c.post(`/api/v1/invoices/${first.id}/issue`);
    expect(again.statusCode).toBe(409);
  });

  it('numbers parallel issues with no gaps and no duplicates', async () => {
    const { c, clientId } = await setup();
    const drafts = await Promise.all(Array.from({ length: 8 }, () => draft(c, clientId)));
    const results = await Promise.all(drafts.map((d) => c.post(`/api/v1/invoices/${d.id}/issue`)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results
      .map((r) => (r.json() as TInvoice).number)
      .sort((a, b) => parseInt(a!) - parseInt(b!));
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `${i + 1}/${year}`));
  });

  it('records partial and final payments as ledger income; refuses more; reminders refused once paid', async () => {
    const { c, clientId } = await setup();
    const inv = await issue(c, (await draft(c, clientId)).id);
    const partial = await c.post(`/api/v1/invoices/${inv.id}/payments`, {
      paidOn: today,
      amountCents: 10000,
      method: 'bank_transfer',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      status: 'partially_paid',
      paidCents: 10000,
      outstandingCents: 27859,
    });

    const tooMuch = await c.post(
      `/api/v1/invoices/${inv.id}/payments`,
      { paidOn: today, amountCents: 30000 },
      { 'accept-language': 'en' },
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('The payment exceeds the amount still due (€278.59)');

    const final = await c.post(`/api/v1/invoices/${inv.id}/payments`, { paidOn: today, amountCents: 27859 });
    const paid = final.json() as TInvoice;
    expect(paid).toMatchObject({ status: 'paid', outstandingCents: 0 });
    expect(paid.payments).toHaveLength(2);

    const ledger = await t.app.services.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.invoiceId, inv.id));
    expect(ledger.map((e) => [e.direction, e.amountCents]).sort()).toEqual([
      ['income', 10000],
      ['income', 27859],
    ]);

    const reminder = await c.post(
      `/api/v1/invoices/${inv.id}/reminders`,
      { type: 'gentle' },
      { 'accept-language': 'en' },
    );
    expect(reminder.statusCode).toBe(409);
    expect(reminder.json().error.message).toBe(`Invoice 1/${year} is already paid`);
    const more = await c.post(`/api/v1/invoices/${inv.id}/payments`, { paidOn: today, amountCents: 1 });
    expect(more.json().error.code).toBe('INVOICE_ALREADY_PAID');

    // A payment removed by mistake takes its ledger entry with it.
    const removed = await c.del(`/api/v1/invoices/${inv.id}/payments/${paid.payments[1]!.id}`);
    expect(removed.json()).toMatchObject({ status: 'partially_paid', paidCents: 10000 });
    const after = await t.app.services.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.invoiceId, inv.id));
    expect(after).toHaveLength(1);
  });

  it('produces a FatturaPA file valid against the official schema, named IT{P.IVA}_{progressive}.xml', async () => {
    const { c, clientId } = await setup();
    const inv = await issue(c, (await draft(c, clientId)).id);
    expect(inv.eInvoiceMissing).toEqual([]);
    const res = await c.get(`/api/v1/invoices/${inv.id}/xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`IT${piva(1234567)}_[0-9A-Z]{5}\\.xml`));
    expect(res.body).toContain(`<Numero>1/${year}</Numero>`);
    expect(res.body).toContain('<ImportoTotaleDocumento>378.59</ImportoTotaleDocumento>');
    const validation = await validateFatturaPaXml(res.body);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
  });

  it('says before sending exactly what the e-mail attaches: the XML only when it can be built', async () => {
    const { owner, c, clientId } = await setup();
    const inv = await issue(c, (await draft(c, clientId)).id);
    expect(inv.mailAttachments).toEqual(['pdf', 'xml']);
    // An invoice whose frozen data cannot make an XML (issued before the checks, say): the PDF only.
    await t.app.services.database.db
      .update(invoices)
      .set({ snapshot: sql`jsonb_set(${invoices.snapshot}, '{seller,regime}', 'null'::jsonb)` })
      .where(eq(invoices.id, inv.id));
    const read = (await c.get(`/api/v1/invoices/${inv.id}`)).json() as TInvoice;
    expect(read.eInvoiceMissing).toContain('seller.regime');
    expect(read.mailAttachments).toEqual(['pdf']);
    const sent = await c.post(`/api/v1/invoices/${inv.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = await t.app.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, owner.organizationId));
    expect(message!.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.pdf$/)]);
    expect(sent.json().activity.attachments).toEqual([message!.attachments[0]!.filename]);
  });

  it('refuses to issue what could never become an e-invoice, naming each field; nothing is numbered (issue 12, point 14)', async () => {
    const { c, clientId } = await setup();
    // A client without an address (the client form allows it) and a draft that holds an emoji and the abolished
    // withholding code "Z" (stored before the form refused them).
    const bare = await c.post('/api/v1/clients', {
      type: 'company',
      companyName: 'Verdi Impianti S.r.l.',
      vatNumber: piva(5550001),
      sdiCode: 'M5UXCR1',
      country: 'IT',
    });
    expect(bare.statusCode, bare.body).toBe(201);
    const created = await draft(c, bare.json().id, {
      withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
    });
    const [row] = await t.app.services.database.db.select().from(invoices).where(eq(invoices.id, created.id));
    await t.app.services.database.db
      .update(invoices)
      .set({
        lines: row!.lines.map((l, i) => (i === 1 ? { ...l, description: 'Libro tecnico 📘' } : l)),
        tax: { ...row!.tax, withholding: { type: 'RT01', ratePercent: '20', causale: 'Z' } },
      })
      .where(eq(invoices.id, created.id));

    // The draft says beforehand what issuing would refuse, each problem on its field.
    const before = (await c.get(`/api/v1/invoices/${created.id}`)).json() as TInvoice;
    expect(before.eInvoiceProblems).toEqual([
      {
        key: 'lines.descriptionCharacters',
        path: 'lines.1.description',
        params: { line: '2', chars: '📘' },
      },
      { key: 'tax.withholdingCausale', path: 'withholding.causale', params: { code: 'Z' } },
      { key: 'buyer.address', path: 'buyer.address' },
    ]);

    const refused = await c.post(`/api/v1/invoices/${created.id}/issue`, undefined, {
      'accept-language': 'it',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'INVOICE_NOT_ISSUABLE',
      details: [
        {
          path: 'lines.1.description',
          key: 'invoicing.missing.lines.descriptionCharacters',
          message: 'Riga 2: la descrizione contiene caratteri non ammessi nella fattura elettronica (📘)',
        },
        {
          path: 'withholding.causale',
          key: 'invoicing.missing.tax.withholdingCausale',
          message: 'La causale della ritenuta "Z" non è più valida: scegline una in vigore (es. A)',
        },
        {
          path: 'buyer.address',
          key: 'invoicing.missing.buyer.address',
          message: "L'indirizzo completo del cliente: via, CAP, città (provincia in Italia)",
        },
      ],
    });
    const still = (await c.get(`/api/v1/invoices/${created.id}`)).json() as TInvoice;
    expect(still).toMatchObject({ status: 'draft', number: null });
    // The number was not used up: the next invoice issued is number 1.
    expect((await issue(c, (await draft(c, clientId)).id)).number).toBe(`1/${year}`);
  });

  it('refuses an issue date after today or before the last issued invoice of the series (issue 12, point 15)', async () => {
    const { c, clientId } = await setup();
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const future = await draft(c, clientId, { issueDate: tomorrow.toISOString().slice(0, 10) });
    // The draft says it beforehand…
    expect(future.eInvoiceProblems).toEqual([
      { key: 'document.issueDateFuture', path: 'issueDate', params: { today } },
    ]);
    // …and issuing refuses it.
    const refusedFuture = await c.post(`/api/v1/invoices/${future.id}/issue`, undefined, {
      'accept-language': 'en',
    });
    expect(refusedFuture.statusCode).toBe(422);
    expect(refusedFuture.json().error.details).toEqual([
      {
        path: 'issueDate',
        key: 'invoicing.missing.document.issueDateFuture',
        message: `The issue date cannot be after today (${today}): the SDI refuses invoices dated in the future`,
        params: { today },
      },
    ]);

    // Invoices of a year are issued in date order: a later number cannot carry an earlier date.
    const first = `${year}-01-01`;
    const last = await issue(c, (await draft(c, clientId)).id);
    expect(last.number).toBe(`1/${year}`);
    if (today > first) {
      const earlier = await draft(c, clientId, { issueDate: first, dueDate: today });
      const refusedEarlier = await c.post(`/api/v1/invoices/${earlier.id}/issue`, undefined, {
        'accept-language': 'it',
      });
      expect(refusedEarlier.statusCode).toBe(422);
      expect(refusedEarlier.json().error.details).toEqual([
        expect.objectContaining({
          path: 'issueDate',
          message: `La data di emissione non può precedere il ${today}, data di 1/${year}, l'ultimo documento emesso della serie`,
        }),
      ]);
      expect((await c.get(`/api/v1/invoices/${earlier.id}`)).json()).toMatchObject({ number: null });
    }
    // The same date as the last one is fine, and gets the next number.
    expect((await issue(c, (await draft(c, clientId)).id)).number).toBe(`2/${year}`);
    // Credit notes are a series of their own: a credit note dated today is not compared with invoices.
    const note = (await c.post(`/api/v1/invoices/${last.id}/credit-note`)).json() as TInvoice;
    expect((await issue(c, note.id)).number).toBe(`NC1/${year}`);
  });

  it('the XML of an issued document with missing data lists it, on the same fields, instead of an invalid file', async () => {
    const { c, clientId } = await setup();
    const inv = await issue(c, (await draft(c, clientId)).id);
    // An invoice issued before issuing ran the checks: its frozen snapshot lacks the regime.
    const [row] = await t.app.services.database.db.select().from(invoices).where(eq(invoices.id, inv.id));
    await t.app.services.database.db
      .update(invoices)
      .set({ snapshot: { ...row!.snapshot!, seller: { ...row!.snapshot!.seller, regime: '' } } })
      .where(eq(invoices.id, inv.id));
    expect(((await c.get(`/api/v1/invoices/${inv.id}`)).json() as TInvoice).eInvoiceMissing).toEqual([
      'seller.regime',
    ]);
    const res = await c.get(`/api/v1/invoices/${inv.id}/xml`, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual([
      {
        path: 'seller.regime',
        key: 'invoicing.missing.seller.regime',
        message: 'Il tuo regime fiscale, es. RF01 o RF19 (profilo aziendale)',
      },
    ]);
  });

  it('downloads the PDF with the spec file name', async () => {
    const { c, clientId } = await setup();
    const inv = await issue(c, (await draft(c, clientId)).id);
    const res = await c.get(`/api/v1/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice_1-${year}_${today}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("makes an issued invoice from its frozen snapshot, a draft and a quote from today's client (loadDocument)", async () => {
    const { owner, c, clientId } = await setup();
    const issued = await issue(c, (await draft(c, clientId)).id);
    const pending = await draft(c, clientId);
    const quote = await c.post('/api/v1/quotes', quoteInput({ clientId, lines: LINES }));
    expect(quote.statusCode, quote.body).toBe(201);
    const client = (await c.get(`/api/v1/clients/${clientId}`)).json() as Record<string, unknown>;
    const renamed = await c.put(`/api/v1/clients/${clientId}`, {
      ...client,
      companyName: 'Bianchi Nuova S.p.A.',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const db = t.app.services.database.db;
    // A template name this version does not know (a retired one, say) draws the default.
    await db.update(invoices).set({ pdfTemplate: 'retired' }).where(eq(invoices.id, pending.id));

    const deps = { db, files: t.app.services.files };
    const orgId = owner.organizationId;
    const frozen = await loadDocument(deps, { orgId, kind: 'invoice', id: issued.id });
    expect(frozen.snapshot.buyer.name).toBe('Bianchi Costruzioni S.p.A.');
    expect(frozen.snapshot).toMatchObject({ number: `1/${year}`, status: 'issued' });
    const live = await loadDocument(deps, { orgId, kind: 'invoice', id: pending.id });
    expect(live.snapshot.buyer.name).toBe('Bianchi Nuova S.p.A.');
    expect(live).toMatchObject({ template: 'default', snapshot: { number: null, status: 'draft' } });
    const liveQuote = await loadDocument(deps, { orgId, kind: 'quote', id: quote.json().id });
    expect(liveQuote.snapshot).toMatchObject({ kind: 'quote', buyer: { name: 'Bianchi Nuova S.p.A.' } });
    await expect(loadDocument(deps, { orgId, kind: 'invoice', id: quote.json().id })).rejects.toMatchObject({
      code: 'INVOICE_NOT_FOUND',
    });

    // What the user downloads says the same.
    const pdfText = async (url: string) => {
      const res = await c.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
    };
    const issuedPdf = await pdfText(`/api/v1/invoices/${issued.id}/pdf`);
    expect(issuedPdf).toContain('Bianchi Costruzioni S.p.A.');
    expect(issuedPdf).not.toContain('Bianchi Nuova');
    expect(await pdfText(`/api/v1/invoices/${pending.id}/pdf`)).toContain('Bianchi Nuova S.p.A.');
    expect(await pdfText(`/api/v1/quotes/${quote.json().id}/pdf`)).toContain('Bianchi Nuova S.p.A.');
    const xml = await c.get(`/api/v1/invoices/${issued.id}/xml`);
    expect(xml.body).toContain('<Denominazione>Bianchi Costruzioni S.p.A.</Denominazione>');
  });

  it('sends the invoice with PDF and XML to the client, important, and records it', async () => {
    const { owner, c, clientId } = await setup();
    const inv = await issue(c, (await draft(c, clientId)).id);
    const sent = await c.post(`/api/v1/invoices/${inv.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = await t.app.services.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, owner.organizationId)));
    expect(message!.toAddresses).toEqual(['fatture@bianchi.example.it']);
    expect(message!.subject).toBe(`Fattura 1/${year} da Officina Rossi S.r.l.`);
    expect(message!.headers.Importance).toBe('high');
    expect(message!.attachments.map((a) => a.filename)).toEqual([
      `Invoice_1-${year}_${today}.pdf`,
      expect.stringMatching(/^IT\d{11}_[0-9A-Z]{5}\.xml$/),
    ]);
    const detail = (await c.get(`/api/v1/invoices/${inv.id}`)).json() as TInvoice;
    // Without a mail server the message only waits in the outbox: the invoice is issued, not "sent".
    expect(detail.status).toBe('issued');
    // The client's timeline shows the invoice and the e-mail; a client with documents cannot be deleted.
    const timeline = (await c.get(`/api/v1/clients/${clientId}/timeline`)).json();
    expect(timeline.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'invoice', id: inv.id, number: `1/${year}`, status: 'issued' }),
        expect.objectContaining({
          kind: 'mail',
          invoiceId: inv.id,
          subject: message!.subject,
          status: 'stored',
        }),
      ]),
    );
    expect((await c.del(`/api/v1/clients/${clientId}`)).json().error.code).toBe('IN_USE');
    // No SMTP server here: the message is kept in the outbox, and the invoice says so rather than "sent".
    expect(sent.json().activity).toMatchObject({ status: 'stored', errorCode: null });
    expect(detail.activity).toEqual([
      expect.objectContaining({
        type: 'invoice_sent',
        recipientEmail: 'fatture@bianchi.example.it',
        status: 'stored',
        attachments: message!.attachments.map((a) => a.filename),
      }),
    ]);
  });

  describe('with an SMTP server', () => {
    let outboxApp: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      outboxApp = t;
      t = await createTestApp(kind, { smtpUrl: smtp.url, mailPollMs: 60_000 });
    });
    afterAll(async () => {
      await t.close();
      t = outboxApp;
      await smtp.close();
    });

    it('becomes "sent" once the mail server accepted the message, and says so', async () => {
      const { c, clientId } = await setup();
      const inv = await issue(c, (await draft(c, clientId)).id);
      const sent = await c.post(`/api/v1/invoices/${inv.id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
      await smtp.waitFor('fatture@bianchi.example.it');
      let detail = (await c.get(`/api/v1/invoices/${inv.id}`)).json() as TInvoice;
      for (let i = 0; i < 40 && detail.status !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        detail = (await c.get(`/api/v1/invoices/${inv.id}`)).json() as TInvoice;
      }
      expect(detail.status).toBe('sent');
      expect(detail.activity).toEqual([expect.objectContaining({ type: 'invoice_sent', status: 'sent' })]);
    });
  });

  it('sends with the version of a template the organization edited; system templates are reset, never deleted', async () => {
    const { owner, c, clientId } = await setup();
    const list = (await c.get('/api/v1/email-templates')).json().items as {
      id: string;
      isSystem: boolean;
      customized: boolean;
    }[];
    expect(list.filter((tpl) => tpl.isSystem)).toHaveLength(18);
    expect(list.every((tpl) => !tpl.customized)).toBe(true);
    const saved = await c.put('/api/v1/email-templates/invoice_send', {
      language: 'it',
      subject: 'La nostra fattura {{invoice_number}}',
      contentText: 'Buongiorno {{client_name}}, in allegato la fattura di {{total_amount}}.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const inv = await issue(c, (await draft(c, clientId)).id);
    await c.post(`/api/v1/invoices/${inv.id}/send`);
    const [message] = await t.app.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, owner.organizationId));
    expect(message!.subject).toBe(`La nostra fattura 1/${year}`);
    expect(message!.textBody).toMatch(
      /^Buongiorno Bianchi Costruzioni S\.p\.A\., in allegato la fattura di 378,59\s€\.$/,
    );

    const del = await c.del('/api/v1/email-templates/invoice_send', { 'accept-language': 'en' });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('System templates cannot be deleted');
    const reset = await c.post('/api/v1/email-templates/invoice_send/reset', { language: 'it' });
    expect(reset.json()).toMatchObject({
      customized: false,
      subject: 'Fattura {{invoice_number}} da {{company_name}}',
    });
    const other = await setup();
    expect(
      ((await other.c.get('/api/v1/email-templates')).json().items as { customized: boolean }[]).some(
        (x) => x.customized,
      ),
    ).toBe(false);
  });

  it('confirms a payment and sends a statement of the open invoices, in the client language', async () => {
    const { owner, c, clientId } = await setup();
    const statementNone = await c.post(`/api/v1/clients/${clientId}/statement`, undefined, {
      'accept-language': 'en',
    });
    expect(statementNone.statusCode).toBe(400);
    expect(statementNone.json().error.details[0].message).toBe(
      'This client has no open invoices: there is nothing to put in a statement',
    );
    const first = await issue(c, (await draft(c, clientId)).id);
    await issue(c, (await draft(c, clientId)).id);
    const paid = (
      await c.post(`/api/v1/invoices/${first.id}/payments`, {
        paidOn: today,
        amountCents: 10000,
        method: 'cash',
      })
    ).json() as TInvoice;
    const confirmation = await c.post(
      `/api/v1/invoices/${first.id}/payments/${paid.payments[0]!.id}/confirmation`,
    );
    expect(confirmation.statusCode, confirmation.body).toBe(200);
    const statement = await c.post(`/api/v1/clients/${clientId}/statement`);
    expect(statement.statusCode, statement.body).toBe(200);
    const messages = await t.app.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, owner.organizationId));
    const bySubject = (prefix: string) => messages.find((m) => m.subject.startsWith(prefix))!;
    expect(bySubject('Pagamento ricevuto').textBody).toMatch(
      /pagamento di 100,00\s€ del \d{2}\/\d{2}\/\d{4} \(Contanti\)/,
    );
    const text = bySubject('Estratto conto').textBody;
    // 378.59 − 100.00 + 378.59 still due, one line per open invoice before the greeting.
    expect(text).toMatch(/per un totale di 657,18\s€/);
    expect(text).toMatch(
      new RegExp(`- Fattura 1/${year} .*278,59\\s€\\n- Fattura 2/${year} .*378,59\\s€\\n\\nCordiali saluti`),
    );
  });

  it('refuses to send to a client without e-mail with a clear error', async () => {
    const { c, clientId } = await setup({ clientEmail: null });
    const inv = await issue(c, (await draft(c, clientId)).id);
    const res = await c.post(`/api/v1/invoices/${inv.id}/send`, undefined, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('The client has no e-mail address: add one to send the document');
  });

  it('corrects an invoice with a credit note (TD04, own numbering); fully credited → cancelled', async () => {
    const { c, clientId } = await setup();
    const inv = await issue(c, (await draft(c, clientId)).id);
    const created = await c.post(`/api/v1/invoices/${inv.id}/credit-note`);
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json() as TInvoice;
    expect(note).toMatchObject({ documentType: 'TD04', status: 'draft', relatedInvoice: { id: inv.id } });
    const issuedNote = await issue(c, note.id);
    expect(issuedNote.number).toBe(`NC1/${year}`);
    const xml = await c.get(`/api/v1/invoices/${note.id}/xml`);
    expect(xml.body).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml.body).toContain(`<IdDocumento>1/${year}</IdDocumento>`);
    expect((await validateFatturaPaXml(xml.body)).valid).toBe(true);
    const original = (await c.get(`/api/v1/invoices/${inv.id}`)).json() as TInvoice;
    expect(original.status).toBe('cancelled');
  });

  it('lists with filters and totals (issued, collected, outstanding, overdue), and exports CSV', async () => {
    const { c, clientId } = await setup();
    const overdueDate = `${year - 1}-01-10`;
    const late = await issue(
      c,
      (await draft(c, clientId, { issueDate: overdueDate, dueDate: overdueDate })).id,
    );
    const paid = await issue(c, (await draft(c, clientId)).id);
    await c.post(`/api/v1/invoices/${paid.id}/payments`, { paidOn: today, amountCents: EXPECTED.totalCents });
    await draft(c, clientId);

    expect((await c.get('/api/v1/invoices')).json().total).toBe(3);
    expect((await c.get('/api/v1/invoices/totals')).json()).toEqual({
      issuedCents: 2 * EXPECTED.totalCents,
      collectedCents: EXPECTED.totalCents,
      outstandingCents: EXPECTED.totalCents,
      overdueCents: EXPECTED.totalCents,
    });
    expect((await c.get('/api/v1/invoices/totals?status=paid')).json()).toMatchObject({
      issuedCents: EXPECTED.totalCents,
      outstandingCents: 0,
    });
    const overdue = await c.get('/api/v1/invoices?status=overdue');
    expect(overdue.json().items.map((i: TInvoiceListItem) => i.id)).toEqual([late.id]);
    expect(
      (await c.get('/api/v1/invoices?status=paid')).json().items.map((i: TInvoiceListItem) => i.id),
    ).toEqual([paid.id]);
    expect((await c.get('/api/v1/invoices?status=draft')).json().total).toBe(1);
    expect((await c.get(`/api/v1/invoices?q=${encodeURIComponent(`1/${year - 1}`)}`)).json().total).toBe(1);
    expect((await c.get('/api/v1/invoices?q=bianchi')).json().total).toBe(3);

    const csv = await c.get('/api/v1/invoices/export?format=csv', { 'accept-language': 'it' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Tipo;Numero;Stato;Cliente;Data;Scadenza;Totale;Da pagare;Incassato;Residuo');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain('378,59');
  });

  it('sends automatic reminders once per slot, even when two instances run the job together', async () => {
    const { owner, c, clientId } = await setup();
    const soon = new Date(`${today}T00:00:00Z`);
    soon.setUTCDate(soon.getUTCDate() + 2);
    const inv = await issue(c, (await draft(c, clientId, { dueDate: soon.toISOString().slice(0, 10) })).id);
    const deps = { db: t.app.services.database.db, mail: t.app.services.mail, files: t.app.services.files };
    const [a, b] = await Promise.all([sendAutomaticReminders(deps), sendAutomaticReminders(deps)]);
    const mine = async () =>
      t.app.services.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.organizationId, owner.organizationId));
    expect((await mine()).map((m) => m.subject)).toEqual([
      `Promemoria: fattura 1/${year} in scadenza il ${soon.toISOString().slice(8, 10)}/${soon.toISOString().slice(5, 7)}/${year}`,
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await sendAutomaticReminders(deps);
    expect(await mine()).toHaveLength(1);
    const detail = (await c.get(`/api/v1/invoices/${inv.id}`)).json() as TInvoice;
    expect(detail.reminderCount).toBe(1);
    expect(detail.activity.map((x) => x.type)).toEqual(['payment_reminder']);
  });

  it('demo data tells the story: paid, partially paid, overdue, issued and draft invoices, quotes in three states', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    const area = { db: t.app.services.database.db, orgId: owner.organizationId, userId: owner.user.id };
    await completeProfile(c);
    await seedClientsDemo(area);
    const written = await seedInvoicingDemo(area);
    expect(written).toBeGreaterThanOrEqual(40); // a year of invoices
    expect(await seedInvoicingDemo(area)).toBe(0); // once only
    expect((await c.get('/api/v1/invoices')).json().total).toBe(written);
    for (const status of ['draft', 'issued', 'overdue', 'paid', 'partially_paid']) {
      expect((await c.get(`/api/v1/invoices?status=${status}`)).json().total, status).toBeGreaterThan(0);
    }
    const quotes = (await c.get('/api/v1/quotes'))
      .json()
      .items.map((q: { status: string }) => q.status)
      .sort();
    expect(quotes).toEqual(['accepted', 'draft', 'sent']);
  });

  it('reads and saves the invoicing settings; a bad IBAN or pattern is refused with a clear message', async () => {
    const { c } = await setup();
    const defaults = await c.get('/api/v1/invoicing/settings');
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json()).toMatchObject({ invoiceNumberPattern: '{n}/{yyyy}', quoteValidityDays: 30 });
    const body = {
      ...defaults.json(),
      iban: 'it60 x054 2811 1010 0000 0123 456',
      defaultWithholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
      defaultPensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false },
    };
    const saved = await c.put('/api/v1/invoicing/settings', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      iban: 'IT60X0542811101000000123456',
      defaultWithholding: { type: 'RT01', ratePercent: '20' },
    });
    const bad = await c.put(
      '/api/v1/invoicing/settings',
      { ...body, iban: 'IT00', invoiceNumberPattern: 'no-number' },
      { 'accept-language': 'en' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { path: string }) => d.path)).toContain('iban');
  });

  it('issues a professional invoice with withholding and pension fund, valid as FatturaPA', async () => {
    const { c, clientId } = await setup();
    const created = await c.post(
      '/api/v1/invoices',
      invoiceInput({
        clientId,
        lines: [{ description: 'Consulenza tecnica', quantity: '1', unitPriceCents: 100000, vatRate: 22 }],
        withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
        pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    // 1000.00 + 4 % cassa 40.00 = 1040.00 taxable; VAT 228.80; total 1268.80; withholding 200.00 → due 1068.80.
    expect(created.json().totals).toMatchObject({
      taxableCents: 104000,
      vatCents: 22880,
      totalCents: 126880,
      withholdingCents: 20000,
      amountDueCents: 106880,
    });
    const inv = await issue(c, created.json().id);
    const xml = await c.get(`/api/v1/invoices/${inv.id}/xml`);
    expect(xml.body).toContain('<TipoRitenuta>RT01</TipoRitenuta>');
    expect(xml.body).toContain('<TipoCassa>TC22</TipoCassa>');
    expect((await validateFatturaPaXml(xml.body)).valid).toBe(true);
  });

  it('carries order/contract with CIG and CUP, instalments, delivery notes (TD24) into the XML (issue 12, point 18)', async () => {
    const { c, clientId } = await setup();
    const earlier = new Date(`${today}T00:00:00Z`);
    earlier.setUTCDate(earlier.getUTCDate() - 3);
    const ddtDate = earlier.toISOString().slice(0, 10);
    const later = (days: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const references = {
      purchase: {
        kind: 'order' as const,
        documentId: 'PO-2026/118',
        date: ddtDate,
        cig: 'z1a2b3c4d5',
        cup: null,
      },
      instalments: [
        { dueDate: later(30), amountCents: 18000 },
        { dueDate: later(60), amountCents: EXPECTED.totalCents - 18000 },
      ],
      deferred: true,
      deliveryNotes: [{ number: 'DDT 12', date: ddtDate }],
    };
    // Bad references are refused on their fields.
    const bad = await c.post(
      '/api/v1/invoices',
      invoiceInput({
        clientId,
        lines: LINES,
        references: { ...references, purchase: { ...references.purchase, cig: '123' }, deliveryNotes: [] },
      }),
      { 'accept-language': 'en' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'references.purchase.cig',
          message: 'The CIG has 10 letters and digits',
        }),
        expect.objectContaining({
          path: 'references.deliveryNotes',
          message: 'A deferred invoice lists its delivery notes (DDT)',
        }),
      ]),
    );

    const created = await draft(c, clientId, { references });
    expect(created.references).toMatchObject({
      purchase: { cig: 'Z1A2B3C4D5' },
      deferred: true,
    });
    // The invoice is due when its last instalment is.
    expect(created.dueDate).toBe(later(60));
    const inv = await issue(c, created.id);
    const xml = await c.get(`/api/v1/invoices/${inv.id}/xml`);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.body).toContain('<TipoDocumento>TD24</TipoDocumento>');
    expect(xml.body).toContain('<IdDocumento>PO-2026/118</IdDocumento>');
    expect(xml.body).toContain('<CodiceCIG>Z1A2B3C4D5</CodiceCIG>');
    expect(xml.body).toContain('<NumeroDDT>DDT 12</NumeroDDT>');
    expect(xml.body).toContain('<CondizioniPagamento>TP01</CondizioniPagamento>');
    expect(xml.body.match(/<DettaglioPagamento>/g)).toHaveLength(2);
    expect(await validateFatturaPaXml(xml.body)).toEqual({ valid: true, errors: [] });

    // Instalments that do not add up to the amount due keep the draft from being issued.
    const uneven = await draft(c, clientId, {
      references: { instalments: [{ dueDate: later(30), amountCents: 100 }] },
    });
    const refused = await c.post(`/api/v1/invoices/${uneven.id}/issue`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([
      expect.objectContaining({
        path: 'references.instalments',
        params: { instalments: '1.00', due: '378.59' },
      }),
    ]);
  });

  it('answers 404 with the spec message for another organization, and 403 without the permission', async () => {
    const { c, clientId } = await setup();
    const inv = await draft(c, clientId);
    const other = await setup();
    const res = await other.c.get(`/api/v1/invoices/${inv.id}`, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(`Invoice with ID ${inv.id} not found`);
    expect((await other.c.post(`/api/v1/invoices/${inv.id}/issue`)).statusCode).toBe(404);
    expect((await other.c.get(`/api/v1/invoices/${inv.id}/pdf`)).statusCode).toBe(404);
    // Another organization's client cannot be invoiced.
    const foreignClient = await other.c.post('/api/v1/invoices', invoiceInput({ clientId, lines: LINES }));
    expect(foreignClient.statusCode).toBe(404);

    const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    const v = api(t.app, viewer.cookie);
    expect((await v.get('/api/v1/invoices')).statusCode).toBe(200);
    expect((await v.post('/api/v1/invoices', invoiceInput({ clientId, lines: LINES }))).statusCode).toBe(403);
    expect((await v.get('/api/v1/invoices/export')).statusCode).toBe(403);
  });
});
