import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients } from '@server/db/schema/clients.ts';
import { invoices, quotes } from '@server/db/schema/invoicing.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { isoDateIn } from '@shared/dates/dates.ts';
import { formatDateFor } from '@server/modules/invoicing/dates-and-money.ts';
import { expireQuotes, startQuoteJobs } from '@server/modules/invoicing/quotes/jobs.ts';
import { quoteInput, type QuoteBody } from '@server/seed/factories.ts';
import { topics } from '@server/platform/realtime.ts';
import { piva } from '../helpers/italian-ids.ts';
import type { TQuote, TQuotePage } from '@shared/invoicing/contracts.ts';
import type { TNotification } from '@shared/realtime/messages.ts';
import {
  DATABASES,
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';

type Api = ReturnType<typeof api>;

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const today = isoDateIn('Europe/Rome');
const year = Number(today.slice(0, 4));

/**
 * Three lines at 22, 10 and 4 % with discounts:
 * 2 h × 100.00 − 10 % = 180.00 @22 → VAT 39.60;
 * 3 × 33.33 = 99.99 @10 → VAT 9.999 → 10.00 (half-up);
 * 1.5 × 19.99 − 5 % = 28.48575 → 28.49 @4 → VAT 1.1396 → 1.14.
 * Taxable 308.48, VAT 50.74, total 359.22; no stamp duty (every line has VAT).
 */
const LINES = [
  {
    description: 'Progettazione impianto',
    quantity: '2',
    unit: 'h',
    unitPriceCents: 10000,
    discountPercent: '10',
    vatRate: 22,
  },
  { description: 'Materiale edile', quantity: '3', unit: 'pz', unitPriceCents: 3333, vatRate: 10 },
  {
    description: 'Manuale tecnico',
    quantity: '1,5',
    unit: 'pz',
    unitPriceCents: 1999,
    discountPercent: '5',
    vatRate: 4,
  },
];
const EXPECTED = { taxableCents: 30848, vatCents: 5074, totalCents: 35922, amountDueCents: 35922 };

describe.each(DATABASES)('quotes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.app.services.database.db;

  /** An organization with a business profile and one client (Italian, with e-mail unless told otherwise). */
  async function setup(
    options: { clientEmail?: string | null; language?: 'it' | 'en'; companyName?: string | null } = {},
  ) {
    const owner = await createSignedInUserWithOrg(t.app, { name: 'Marta Rossi' });
    const c = api(t.app, owner.cookie);
    const profile = await c.put('/api/v1/business-profile', {
      companyName: 'Officina Rossi S.r.l.',
      businessType: 'llc',
      industry: 'manufacturing',
      phone: '+39 0543 123456',
      vatNumber: piva(1234567),
      taxRegime: 'RF01',
      street: 'Via Emilia 12',
      city: 'Forlì',
      province: 'FC',
      postalCode: '47121',
      country: 'IT',
      email: 'preventivi@officinarossi.example.it',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const clientId = await newClient(c, options);
    return { owner, c, clientId };
  }

  let clientSerial = 0;
  async function newClient(
    c: Api,
    options: { clientEmail?: string | null; language?: 'it' | 'en'; companyName?: string | null } = {},
  ) {
    clientSerial += 1;
    const person = options.companyName === null;
    const res = await c.post('/api/v1/clients', {
      type: person ? 'person' : 'company',
      ...(person
        ? { fullName: `Giulia Verdi ${clientSerial}` }
        : { companyName: options.companyName ?? `Bianchi Costruzioni ${clientSerial} S.p.A.` }),
      email:
        options.clientEmail === undefined ? `ufficio${clientSerial}@bianchi.example.it` : options.clientEmail,
      city: 'Milano',
      country: 'IT',
      preferredLanguage: options.language ?? 'it',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  async function create(c: Api, clientId: string, extra: Partial<QuoteBody> = {}) {
    const res = await c.post('/api/v1/quotes', quoteInput({ clientId, lines: LINES, ...extra }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TQuote;
  }

  async function setStatus(c: Api, id: string, status: string, headers?: Record<string, string>) {
    return c.post(`/api/v1/quotes/${id}/status`, { status }, headers);
  }

  async function outboxOf(orgId: string) {
    return db().select().from(mailOutbox).where(eq(mailOutbox.organizationId, orgId));
  }

  /** Sends the quote and returns the link token read from the e-mail (the database only has its hash). */
  async function send(c: Api, owner: SignedInWithOrg, id: string) {
    const before = (await outboxOf(owner.organizationId)).length;
    const res = await c.post(`/api/v1/quotes/${id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const messages = await outboxOf(owner.organizationId);
    expect(messages).toHaveLength(before + 1);
    const message = messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
    const token = new RegExp(`${ORIGIN}/q/([A-Za-z0-9_-]+)`).exec(message.textBody)?.[1];
    expect(token, message.textBody).toBeDefined();
    return { token: token!, message, activity: res.json().activity as TQuote['activity'][number] };
  }

  /** The client's side: no cookie, no session. */
  const publicGet = (url: string) => t.app.inject({ method: 'GET', url });
  const publicPost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });

  describe('create and read', () => {
    it('numbers quotes per year and stores the totals of three lines at 22/10/4 % with discounts', async () => {
      const { c, clientId } = await setup();
      const first = await create(c, clientId);
      expect(first).toMatchObject({
        number: `P1/${year}`,
        status: 'draft',
        issueDate: today,
        validUntil: addDays(today, 30),
        language: 'it',
        pdfTemplate: 'default',
        sentAt: null,
        convertedInvoiceId: null,
        activity: [],
      });
      expect(first.client).toMatchObject({ id: clientId, name: expect.stringContaining('Bianchi') });
      expect(first.totals).toMatchObject({ ...EXPECTED, stampDutyCents: 0 });
      expect(first.totals.vatSummary.map((r) => [r.vatRate, r.taxableCents, r.vatCents])).toEqual([
        [22, 18000, 3960],
        [10, 9999, 1000],
        [4, 2849, 114],
      ]);
      const [stored] = await db().select().from(quotes).where(eq(quotes.id, first.id));
      expect(stored).toMatchObject({ ...EXPECTED, year, sequence: 1, publicTokenHash: null });

      const second = await create(c, clientId);
      expect(second.number).toBe(`P2/${year}`);
      // Another year has its own progressive.
      const nextYear = await create(c, clientId, { issueDate: `${year + 1}-01-15` });
      expect(nextYear.number).toBe(`P1/${year + 1}`);
      expect((await create(c, clientId)).number).toBe(`P3/${year}`);

      const read = await c.get(`/api/v1/quotes/${first.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(first);
    });

    it('takes the language from the client and keeps a validity date that was given', async () => {
      const { c } = await setup();
      const english = await newClient(c, { language: 'en' });
      const quote = await create(c, english, { validUntil: addDays(today, 10), pdfTemplate: 'modern' });
      expect(quote).toMatchObject({ language: 'en', validUntil: addDays(today, 10), pdfTemplate: 'modern' });
    });

    it('gives quotes created at the same moment distinct consecutive numbers', async () => {
      const { c, clientId } = await setup();
      const made = await Promise.all(
        Array.from({ length: 6 }, () => c.post('/api/v1/quotes', quoteInput({ clientId, lines: LINES }))),
      );
      expect(made.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      const numbers = made.map((r) => (r.json() as TQuote).number).sort();
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => `P${n}/${year}`).sort());
    });

    it('refuses invalid input with messages in Italian and English', async () => {
      const { c, clientId } = await setup();
      const before = quoteInput({ clientId, lines: LINES, validUntil: addDays(today, -1) });
      const it_ = await c.post('/api/v1/quotes', before, { 'accept-language': 'it' });
      expect(it_.statusCode).toBe(400);
      expect(it_.json()).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Alcuni campi non sono validi',
          details: [
            {
              path: 'validUntil',
              key: 'invoicing.errors.validUntilBeforeIssue',
              message: 'La data di validità non può precedere la data di emissione',
            },
          ],
        },
      });
      const en = await c.post('/api/v1/quotes', before, { 'accept-language': 'en' });
      expect(en.json().error.details[0].message).toBe('The validity date cannot be before the issue date');

      const noLines = await c.post(
        '/api/v1/quotes',
        { clientId, issueDate: 'yesterday', lines: [] },
        { 'accept-language': 'it' },
      );
      expect(noLines.statusCode).toBe(400);
      const byPath = Object.fromEntries(
        (noLines.json().error.details as { path: string; message: string }[]).map((d) => [d.path, d.message]),
      );
      expect(byPath).toEqual({ issueDate: 'Inserisci una data valida', lines: 'Aggiungi almeno una riga' });

      const zeroVat = await c.post(
        '/api/v1/quotes',
        quoteInput({ clientId, lines: [{ ...LINES[0]!, vatRate: 0 }] }),
        { 'accept-language': 'en' },
      );
      expect(zeroVat.statusCode).toBe(400);
      expect(zeroVat.json().error.details).toEqual([
        {
          path: 'lines.0.nature',
          key: 'invoicing.errors.natureRequired',
          message: 'A line at 0 % VAT needs its Natura code (why no VAT is charged)',
        },
      ]);
      // Nothing was numbered by the refused requests.
      expect((await create(c, clientId)).number).toBe(`P1/${year}`);
    });
  });

  describe('tenancy and permissions', () => {
    it("answers 404 for another organization's quote on every route", async () => {
      let ownerClient: Api | undefined;
      const { id, stranger } = await expectOtherOrganizationGets404(t.app, {
        path: (qid) => `/api/v1/quotes/${qid}`,
        createInOrgA: async ({ client }) => {
          ownerClient = client;
          const clientId = await newClient(client);
          return (await create(client, clientId)).id;
        },
      });
      const s = api(t.app, stranger.cookie);
      const strangerClient = await newClient(s);
      const notFound = { error: { code: 'NOT_FOUND', message: 'Item not found' } };
      for (const res of [
        await s.put(`/api/v1/quotes/${id}`, quoteInput({ clientId: strangerClient, lines: LINES })),
        await s.del(`/api/v1/quotes/${id}`),
        await setStatus(s, id, 'sent'),
        await s.post(`/api/v1/quotes/${id}/send`),
        await s.post(`/api/v1/quotes/${id}/convert`),
        await s.get(`/api/v1/quotes/${id}/pdf`),
        await s.get('/api/v1/quotes/not-a-uuid'),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      // Untouched, and absent from the stranger's list.
      expect((await ownerClient!.get(`/api/v1/quotes/${id}`)).json()).toMatchObject({ status: 'draft' });
      expect((await s.get('/api/v1/quotes')).json()).toMatchObject({ items: [], total: 0 });
    });

    it("refuses another organization's client", async () => {
      const a = await setup();
      const b = await setup();
      const res = await a.c.post('/api/v1/quotes', quoteInput({ clientId: b.clientId, lines: LINES }));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      const mine = await create(a.c, a.clientId);
      const moved = await a.c.put(
        `/api/v1/quotes/${mine.id}`,
        quoteInput({ clientId: b.clientId, lines: LINES }),
      );
      expect(moved.statusCode).toBe(404);
    });

    it('lets a viewer read but not create, change or send', async () => {
      const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
      const v = api(t.app, viewer.cookie);
      expect((await v.get('/api/v1/quotes')).statusCode).toBe(200);
      const created = await v.post(
        '/api/v1/quotes',
        quoteInput({ clientId: '00000000-0000-4000-8000-000000000000', lines: LINES }),
      );
      expect(created.statusCode).toBe(403);
      expect(created.json().error.code).toBe('FORBIDDEN');
      const id = '00000000-0000-4000-8000-000000000000';
      expect((await v.post(`/api/v1/quotes/${id}/send`)).statusCode).toBe(403);
      expect((await setStatus(v, id, 'sent')).statusCode).toBe(403);
      expect((await v.post(`/api/v1/quotes/${id}/convert`)).statusCode).toBe(403);
      expect((await v.del(`/api/v1/quotes/${id}`)).statusCode).toBe(403);
    });

    it('requires a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/quotes' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('list', () => {
    it('pages by 10, newest first, searches number and client and filters', async () => {
      const { c, clientId } = await setup();
      const other = await newClient(c, { companyName: 'Ferramenta Zanetti' });
      // Dates 0–20 days before an anchor that keeps them all in this year (numbers restart each year).
      const anchor = today > `${year}-02-15` ? today : `${year}-02-15`;
      for (let i = 0; i < 11; i++) await create(c, clientId, { issueDate: addDays(anchor, -i) });
      const zanetti = await create(c, other, { issueDate: addDays(anchor, -20) });

      const first = (await c.get('/api/v1/quotes')).json() as TQuotePage;
      expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      expect(first.items[0]!.number).toBe(`P1/${year}`);
      expect(first.items[0]).toMatchObject({ status: 'draft', totalCents: EXPECTED.totalCents });
      const second = (await c.get('/api/v1/quotes?page=2')).json() as TQuotePage;
      expect(second.items.map((i) => i.number)).toEqual([`P11/${year}`, zanetti.number]);
      expect((await c.get('/api/v1/quotes?page=5')).json()).toMatchObject({ items: [], total: 12 });

      const byName = (await c.get('/api/v1/quotes?q=zanet')).json() as TQuotePage;
      expect(byName.items.map((i) => i.id)).toEqual([zanetti.id]);
      expect(byName.items[0]!.client.name).toBe('Ferramenta Zanetti');
      const byNumber = (await c.get(`/api/v1/quotes?q=${encodeURIComponent(`p12/${year}`)}`)).json();
      expect((byNumber as TQuotePage).items.map((i) => i.id)).toEqual([zanetti.id]);
      expect(((await c.get(`/api/v1/quotes?clientId=${other}`)).json() as TQuotePage).total).toBe(1);
      const range = `from=${addDays(anchor, -3)}&to=${addDays(anchor, -1)}`;
      expect(((await c.get(`/api/v1/quotes?${range}`)).json() as TQuotePage).total).toBe(3);

      expect((await setStatus(c, zanetti.id, 'sent')).statusCode).toBe(200);
      const sent = (await c.get('/api/v1/quotes?status=sent')).json() as TQuotePage;
      expect(sent.items.map((i) => i.id)).toEqual([zanetti.id]);
      expect(((await c.get('/api/v1/quotes?status=draft')).json() as TQuotePage).total).toBe(11);
      expect((await c.get('/api/v1/quotes?status=lost')).statusCode).toBe(400);
    });
  });

  describe('status transitions', () => {
    it('follows the table and explains a refused change (409) in the reader language', async () => {
      const { c, clientId } = await setup();
      const quote = await create(c, clientId);

      const early = await setStatus(c, quote.id, 'accepted', { 'accept-language': 'en' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        error: {
          code: 'INVALID_TRANSITION',
          message: 'This change is not allowed: the document is draft and cannot become accepted',
        },
      });
      const earlyIt = await setStatus(c, quote.id, 'accepted', { 'accept-language': 'it' });
      expect(earlyIt.json().error.message).toBe(
        'Modifica non consentita: il documento è draft e non può diventare accepted',
      );

      const sent = await setStatus(c, quote.id, 'sent');
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
      // Still editable once sent; the number stays.
      const edited = await c.put(
        `/api/v1/quotes/${quote.id}`,
        quoteInput({ clientId, lines: [LINES[0]!], notes: 'Prezzi validi salvo esaurimento' }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        status: 'sent',
        number: quote.number,
        notes: 'Prezzi validi salvo esaurimento',
        totals: { taxableCents: 18000, vatCents: 3960, totalCents: 21960 },
      });
      // A sent quote cannot be deleted, nor converted before it is accepted.
      const del = await c.del(`/api/v1/quotes/${quote.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().error.code).toBe('INVALID_TRANSITION');
      expect((await c.post(`/api/v1/quotes/${quote.id}/convert`)).statusCode).toBe(409);

      const accepted = await setStatus(c, quote.id, 'accepted');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ status: 'accepted', respondedAt: expect.any(String) });
      for (const to of ['rejected', 'sent', 'draft', 'converted']) {
        const res = await setStatus(c, quote.id, to);
        expect(res.statusCode, to).toBe(409);
        expect(res.json().error.message).toBe(
          `This change is not allowed: the document is accepted and cannot become ${to}`,
        );
      }
      const frozen = await c.put(`/api/v1/quotes/${quote.id}`, quoteInput({ clientId, lines: LINES }));
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json().error.message).toBe(
        'This change is not allowed: the document is accepted and cannot become draft',
      );

      const rejectedOne = await create(c, clientId);
      await setStatus(c, rejectedOne.id, 'sent');
      expect((await setStatus(c, rejectedOne.id, 'rejected')).json().status).toBe('rejected');
      expect((await setStatus(c, rejectedOne.id, 'accepted')).statusCode).toBe(409);
      expect((await setStatus(c, rejectedOne.id, 'bogus')).statusCode).toBe(400);

      const draft = await create(c, clientId);
      expect((await c.del(`/api/v1/quotes/${draft.id}`)).statusCode).toBe(204);
      expect((await c.get(`/api/v1/quotes/${draft.id}`)).statusCode).toBe(404);
    });
  });

  describe('sending and the client link', () => {
    it('e-mails the quote with its PDF and a link whose token only exists as a hash', async () => {
      const { c, owner, clientId } = await setup();
      const quote = await create(c, clientId);
      const { token, message, activity } = await send(c, owner, quote.id);

      expect(message.toAddresses).toEqual([expect.stringMatching(/^ufficio\d+@bianchi\.example\.it$/)]);
      expect(message.subject).toBe(`Preventivo P1/${year} da Officina Rossi S.r.l.`);
      expect(message.textBody).toContain('Gentile Bianchi Costruzioni');
      expect(message.textBody).toContain('359,22');
      expect(message.textBody).toContain(`${ORIGIN}/q/${token}`);
      expect(message.headers).toMatchObject({ Importance: 'high' });
      // From the business (its name, the installation's address), replies to the business's e-mail.
      expect(message.fromAddress).toBe('"Officina Rossi S.r.l." <no-reply@localhost>');
      expect(message.headers['Reply-To']).toBe('preventivi@officinarossi.example.it');
      expect(message.attachments).toHaveLength(1);
      const [pdf] = message.attachments;
      expect(pdf).toMatchObject({
        filename: `Quote_P1-${year}_${today}.pdf`,
        contentType: 'application/pdf',
      });
      expect(Buffer.from(pdf!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      // No SMTP server here: kept in the outbox, which is what the quote reports (not "sent").
      expect(activity).toMatchObject({ type: 'quote_sent', subject: message.subject, status: 'stored' });

      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [stored] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(stored!.publicTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored!.publicTokenExpiresAt!.toISOString().slice(0, 10)).toBe(addDays(quote.validUntil, 30));

      const read = (await c.get(`/api/v1/quotes/${quote.id}`)).json() as TQuote;
      expect(read).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
      expect(read.activity).toEqual([expect.objectContaining({ type: 'quote_sent' })]);

      // A re-send makes a new link and retires the old one.
      const again = await send(c, owner, quote.id);
      expect(again.token).not.toBe(token);
      expect((await publicGet(`/api/public/quotes/${token}`)).statusCode).toBe(404);
      expect((await publicGet(`/api/public/quotes/${again.token}`)).statusCode).toBe(200);
    });

    it('writes to an English client in English and to a nameless one as "Valued Customer"', async () => {
      const { c, owner } = await setup();
      const english = await newClient(c, { language: 'en', companyName: null });
      const quote = await create(c, english);
      const { message } = await send(c, owner, quote.id);
      expect(message.subject).toBe(`Quote P1/${year} from Officina Rossi S.r.l.`);
      expect(message.textBody).toContain('Dear Giulia Verdi');
      expect(message.textBody).toContain('€359.22');
      expect(message.textBody).toContain(`valid until ${formatDateFor(quote.validUntil, 'en')}`);

      // The API always asks for a name; a client imported without one is greeted with the spec's fallback.
      await db().update(clients).set({ fullName: null, companyName: null }).where(eq(clients.id, english));
      const nameless = await send(c, owner, quote.id);
      expect(nameless.message.textBody).toMatch(/^Dear Valued Customer,/);
    });

    it('refuses to send without a client e-mail, or a quote that was answered', async () => {
      const { c, owner } = await setup();
      const noEmail = await newClient(c, { clientEmail: null });
      const quote = await create(c, noEmail);
      const res = await c.post(`/api/v1/quotes/${quote.id}/send`, undefined, { 'accept-language': 'it' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'CLIENT_EMAIL_MISSING',
        message: 'Il cliente non ha un indirizzo e-mail: aggiungilo per inviare il documento',
      });
      expect(await outboxOf(owner.organizationId)).toHaveLength(0);
      expect((await c.get(`/api/v1/quotes/${quote.id}`)).json()).toMatchObject({ status: 'draft' });

      const withEmail = await newClient(c);
      const answered = await create(c, withEmail);
      await setStatus(c, answered.id, 'sent');
      await setStatus(c, answered.id, 'rejected');
      const late = await c.post(`/api/v1/quotes/${answered.id}/send`);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(
        'This change is not allowed: the document is rejected and cannot become sent',
      );
    });

    it('shows the client who the quote is from: VAT number, address, contacts and logo', async () => {
      const { c, owner, clientId } = await setup();
      const quote = await create(c, clientId);
      const { token } = await send(c, owner, quote.id);
      const before = (await publicGet(`/api/public/quotes/${token}`)).json();
      expect(before.seller).toEqual({
        name: 'Officina Rossi S.r.l.',
        vatNumber: piva(1234567),
        codiceFiscale: null,
        address: 'Via Emilia 12, 47121 Forlì (FC)',
        email: 'preventivi@officinarossi.example.it',
        phone: '+39 0543 123456',
        hasLogo: false,
      });
      expect((await publicGet(`/api/public/quotes/${token}/logo`)).statusCode).toBe(404);

      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('a tiny png')]);
      const uploaded = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/business-profile/logo',
        headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': 'image/png' },
        payload: png,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect((await publicGet(`/api/public/quotes/${token}`)).json().seller.hasLogo).toBe(true);
      const logo = await publicGet(`/api/public/quotes/${token}/logo`);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.equals(png)).toBe(true);
      const unknown = 'A'.repeat(43);
      expect((await publicGet(`/api/public/quotes/${unknown}/logo`)).statusCode).toBe(404);
    });

    it('lets the client read, download and accept once; the organization hears of it', async () => {
      const { c, owner, clientId } = await setup();
      const quote = await create(c, clientId, { terms: 'Pagamento a 30 giorni', notes: 'Nota interna' });
      const { token } = await send(c, owner, quote.id);

      const view = await publicGet(`/api/public/quotes/${token}`);
      expect(view.statusCode, view.body).toBe(200);
      const body = view.json();
      expect(body).toMatchObject({
        number: quote.number,
        status: 'sent',
        language: 'it',
        sellerName: 'Officina Rossi S.r.l.',
        clientName: expect.stringContaining('Bianchi'),
        terms: 'Pagamento a 30 giorni',
        canRespond: true,
        respondedAt: null,
        totals: EXPECTED,
      });
      expect(body).not.toHaveProperty('id');
      expect(body).not.toHaveProperty('notes');
      expect(JSON.stringify(body)).not.toContain(owner.organizationId);

      const pdf = await publicGet(`/api/public/quotes/${token}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const received: TNotification[] = [];
      const unsubscribe = t.app.services.hub.subscribe(topics.orgNotifications(owner.organizationId), (m) => {
        if (m.type === 'NOTIFICATION') received.push(m.notification);
      });
      try {
        const accept = await publicPost(`/api/public/quotes/${token}/respond`, {
          response: 'accepted',
          message: '  Procediamo pure, grazie!  ',
        });
        expect(accept.statusCode, accept.body).toBe(200);
        expect(accept.json()).toMatchObject({
          status: 'accepted',
          canRespond: false,
          respondedAt: expect.any(String),
        });
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({
          type: 'success',
          title: `Preventivo ${quote.number} accettato`,
          data: { url: `/quotes/${quote.id}` },
        });
        expect(received[0]!.message).toContain('Procediamo pure, grazie!');
      } finally {
        unsubscribe();
      }

      // Stored for the bell, so an owner who was signed out finds it at the next page load.
      const bell = (await c.get('/api/v1/notifications')).json() as { items: TNotification[] };
      expect(bell.items[0]).toMatchObject({
        id: received[0]!.id,
        type: 'success',
        title: `Preventivo ${quote.number} accettato`,
        read: false,
        data: { url: `/quotes/${quote.id}` },
      });

      // The creator gets an e-mail too.
      const toCreator = (await outboxOf(owner.organizationId)).filter((m) =>
        m.toAddresses.includes(owner.user.email),
      );
      expect(toCreator).toHaveLength(1);
      expect(toCreator[0]!.subject).toBe(`Preventivo ${quote.number} accettato`);
      expect(toCreator[0]!.textBody).toContain('Procediamo pure, grazie!');
      expect(toCreator[0]!.textBody).toContain(`${ORIGIN}/quotes/${quote.id}`);

      const read = (await c.get(`/api/v1/quotes/${quote.id}`)).json() as TQuote;
      expect(read).toMatchObject({ status: 'accepted', clientResponseMessage: 'Procediamo pure, grazie!' });

      // A second answer is refused, in the client's language when asked.
      const second = await t.app.inject({
        method: 'POST',
        url: `/api/public/quotes/${token}/respond`,
        headers: { 'accept-language': 'it' },
        payload: { response: 'rejected' },
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toEqual({
        code: 'INVALID_TRANSITION',
        message: 'Modifica non consentita: il documento è accepted e non può diventare rejected',
      });
      expect((await c.get(`/api/v1/quotes/${quote.id}`)).json()).toMatchObject({ status: 'accepted' });
      // The link still shows the quote, without the buttons.
      expect((await publicGet(`/api/public/quotes/${token}`)).json()).toMatchObject({
        status: 'accepted',
        canRespond: false,
      });
    });

    it('records a rejection and refuses bad answers', async () => {
      const { c, owner, clientId } = await setup();
      const quote = await create(c, clientId);
      const { token } = await send(c, owner, quote.id);
      const bad = await publicPost(`/api/public/quotes/${token}/respond`, { response: 'maybe' });
      expect(bad.statusCode).toBe(400);
      const rejected = await publicPost(`/api/public/quotes/${token}/respond`, { response: 'rejected' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().status).toBe('rejected');
      expect((await c.get(`/api/v1/quotes/${quote.id}`)).json()).toMatchObject({
        status: 'rejected',
        clientResponseMessage: null,
      });
    });

    it('answers 404 QUOTE_LINK_INVALID for unknown, malformed and expired links', async () => {
      const { c, owner, clientId } = await setup();
      const unknown = 'A'.repeat(43);
      for (const url of [
        `/api/public/quotes/${unknown}`,
        `/api/public/quotes/${unknown}/pdf`,
        '/api/public/quotes/short',
        `/api/public/quotes/${unknown}A`,
        `/api/public/quotes/${unknown.slice(1)}*`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'it' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toEqual({
          code: 'QUOTE_LINK_INVALID',
          message: 'Questo link non è valido o è scaduto',
        });
      }
      const respond = await publicPost(`/api/public/quotes/${unknown}/respond`, { response: 'accepted' });
      expect(respond.statusCode).toBe(404);
      expect(respond.json().error.code).toBe('QUOTE_LINK_INVALID');

      const quote = await create(c, clientId);
      const { token } = await send(c, owner, quote.id);
      await db()
        .update(quotes)
        .set({ publicTokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(quotes.id, quote.id));
      expect((await publicGet(`/api/public/quotes/${token}`)).json().error.code).toBe('QUOTE_LINK_INVALID');
      const late = await publicPost(`/api/public/quotes/${token}/respond`, { response: 'accepted' });
      expect(late.statusCode).toBe(404);
      expect((await c.get(`/api/v1/quotes/${quote.id}`)).json()).toMatchObject({ status: 'sent' });
    });
  });

  it('rate limits the public link routes like sign-in', async () => {
    const limited = await createTestApp(kind, { authRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const url = `/api/public/quotes/${'B'.repeat(43)}`;
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  describe('expiry', () => {
    it('shows a sent quote past its validity as expired, refuses answers, and the job stores it', async () => {
      const { c, owner, clientId } = await setup();
      const quote = await create(c, clientId, { issueDate: addDays(today, -40) });
      expect(quote.validUntil).toBe(addDays(today, -10));
      const fresh = await create(c, clientId);
      const { token } = await send(c, owner, fresh.id);
      // Sending is refused once the validity date has passed.
      const tooLate = await c.post(`/api/v1/quotes/${quote.id}/send`);
      expect(tooLate.statusCode).toBe(409);
      expect(tooLate.json().error.message).toBe(
        'This change is not allowed: the document is expired and cannot become sent',
      );
      // The validity of the sent quote ends yesterday.
      await db()
        .update(quotes)
        .set({ validUntil: addDays(today, -1) })
        .where(eq(quotes.id, fresh.id));

      const before = (await c.get(`/api/v1/quotes/${fresh.id}`)).json() as TQuote;
      expect(before.status).toBe('expired');
      const listed = (await c.get('/api/v1/quotes?status=expired')).json() as TQuotePage;
      expect(listed.items.map((i) => i.id)).toEqual([fresh.id]);
      expect(((await c.get('/api/v1/quotes?status=sent')).json() as TQuotePage).total).toBe(0);
      expect((await publicGet(`/api/public/quotes/${token}`)).json()).toMatchObject({
        status: 'expired',
        canRespond: false,
      });
      const answer = await publicPost(`/api/public/quotes/${token}/respond`, { response: 'accepted' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(
        'This change is not allowed: the document is expired and cannot become accepted',
      );

      expect(await expireQuotes(db(), today)).toBe(1);
      const [stored] = await db().select().from(quotes).where(eq(quotes.id, fresh.id));
      expect(stored!.status).toBe('expired');
      expect(await expireQuotes(db(), today)).toBe(0);
      // Drafts are never expired by the job.
      const [draft] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(draft!.status).toBe('draft');

      // expired → sent again once the validity date moved forward.
      const extended = await c.put(
        `/api/v1/quotes/${fresh.id}`,
        quoteInput({ clientId, validUntil: addDays(today, 15), lines: LINES }),
      );
      expect(extended.statusCode, extended.body).toBe(200);
      expect(extended.json().status).toBe('expired');
      const resent = await send(c, owner, fresh.id);
      expect((await c.get(`/api/v1/quotes/${fresh.id}`)).json().status).toBe('sent');
      const accepted = await publicPost(`/api/public/quotes/${resent.token}/respond`, {
        response: 'accepted',
      });
      expect(accepted.statusCode).toBe(200);
    });
  });

  describe('expiry job', () => {
    it('runs at start, logs what it expired and stops cleanly', async () => {
      const { c, clientId } = await setup();
      const quote = await create(c, clientId);
      await setStatus(c, quote.id, 'sent');
      // Two days back: past its validity in every time zone, which is what the job waits for.
      await db()
        .update(quotes)
        .set({ validUntil: addDays(today, -2) })
        .where(eq(quotes.id, quote.id));
      const log = { info: vi.fn(), error: vi.fn() };
      const jobs = startQuoteJobs({ db: db(), log });
      await jobs.stop(); // waits for the run started at once
      expect(log.error).not.toHaveBeenCalled();
      expect(log.info).toHaveBeenCalledWith({ count: 1 }, 'quotes expired');
      const [stored] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(stored!.status).toBe('expired');
      expect(await jobs.runNow()).toBe(0);
    });
  });

  describe('conversion', () => {
    it('turns an accepted quote into a draft invoice once, and links them', async () => {
      const { c, clientId } = await setup();
      const quote = await create(c, clientId, {
        notes: 'Consegna in cantiere',
        terms: 'Pagamento a 30 giorni',
        pdfTemplate: 'elegant',
      });
      await setStatus(c, quote.id, 'sent');
      await setStatus(c, quote.id, 'accepted');

      const res = await c.post(`/api/v1/quotes/${quote.id}/convert`);
      expect(res.statusCode, res.body).toBe(201);
      const invoice = res.json();
      expect(invoice).toMatchObject({
        documentType: 'TD01',
        status: 'draft',
        number: null,
        fromQuoteId: quote.id,
        client: { id: clientId },
        issueDate: today,
        notes: 'Consegna in cantiere',
        terms: 'Pagamento a 30 giorni',
        pdfTemplate: 'elegant',
        totals: EXPECTED,
      });
      expect(invoice.lines.map((l: { description: string }) => l.description)).toEqual(
        LINES.map((l) => l.description),
      );
      expect((await c.get(`/api/v1/quotes/${quote.id}`)).json()).toMatchObject({
        status: 'converted',
        convertedInvoiceId: invoice.id,
      });
      expect((await c.get(`/api/v1/invoices/${invoice.id}`)).statusCode).toBe(200);

      const again = await c.post(`/api/v1/quotes/${quote.id}/convert`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(
        'This change is not allowed: the document is converted and cannot become converted',
      );
      const made = await db()
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.fromQuoteId, quote.id));
      expect(made).toHaveLength(1);
    });

    it('creates a single invoice when two conversions race', async () => {
      const { c, owner, clientId } = await setup();
      const quote = await create(c, clientId);
      await setStatus(c, quote.id, 'sent');
      await setStatus(c, quote.id, 'accepted');
      const results = await Promise.all([
        c.post(`/api/v1/quotes/${quote.id}/convert`),
        c.post(`/api/v1/quotes/${quote.id}/convert`),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const made = await db()
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.organizationId, owner.organizationId), isNotNull(invoices.fromQuoteId)));
      expect(made).toHaveLength(1);
    });
  });

  describe('PDF', () => {
    it('downloads the quote as a PDF named after its number and date', async () => {
      const { c, clientId } = await setup();
      const quote = await create(c, clientId);
      const res = await c.get(`/api/v1/quotes/${quote.id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Quote_P1-${year}_${today}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(1000);
    });
  });
});
