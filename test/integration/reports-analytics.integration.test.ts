import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invoices, quotes } from '@server/db/schema/invoicing.ts';
import type { TInvoice, TQuote } from '@shared/invoicing/contracts.ts';
import type { TItem } from '@shared/inventory/contracts.ts';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';
import {
  invoiceInput,
  itemInput,
  lineInput,
  quoteInput,
  type InvoiceBody,
  type LineBody,
} from '@server/seed/factories.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { addCompanyClient, completeProfile } from '../helpers/business.ts';
import { extractText } from 'unpdf';
import { readXlsx } from '@server/modules/imports/spreadsheets.ts';

type Api = ReturnType<typeof api>;

const work = (unitPriceCents: number, extra: Partial<LineBody> = {}) =>
  lineInput({ description: 'Consulenza tecnica', quantity: '1', unitPriceCents, vatRate: 22, ...extra });

const MARCH = 'from=2025-03-01&to=2025-03-31';

describe.each(DATABASES)('Analytics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.app.services.database.db;

  async function issued(c: Api, clientId: string, lines: LineBody[], dates: Partial<InvoiceBody>) {
    const draft = await c.post('/api/v1/invoices', invoiceInput({ clientId, lines, ...dates }));
    expect(draft.statusCode, draft.body).toBe(201);
    const res = await c.post(`/api/v1/invoices/${(draft.json() as TInvoice).id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInvoice;
  }

  async function creditNote(c: Api, invoice: TInvoice, clientId: string, issueDate: string, cents: number) {
    const note = await c.post(`/api/v1/invoices/${invoice.id}/credit-note`);
    expect(note.statusCode, note.body).toBe(201);
    const id = (note.json() as TInvoice).id;
    const edited = await c.put(
      `/api/v1/invoices/${id}`,
      invoiceInput({
        documentType: 'TD04',
        relatedInvoiceId: invoice.id,
        clientId,
        issueDate,
        lines: [work(cents)],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const res = await c.post(`/api/v1/invoices/${id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  async function pay(c: Api, invoice: TInvoice, amountCents: number, paidOn: string) {
    const res = await c.post(`/api/v1/invoices/${invoice.id}/payments`, {
      paidOn,
      amountCents,
      method: 'bank_transfer',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function item(c: Api, name: string, cost: string) {
    const res = await c.post('/api/v1/inventory', itemInput({ name, cost }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TItem;
  }

  async function move(c: Api, itemId: string, kind: 'in' | 'out', quantity: string, occurredOn: string) {
    const res = await c.post(`/api/v1/inventory/${itemId}/movements`, { kind, quantity, occurredOn });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** A quote given its status and its sending and answer instants (as the send and answer flows store them). */
  async function quote(
    c: Api,
    clientId: string,
    values: { status: string; sentAt: string | null; respondedAt?: string; validUntil?: string },
  ) {
    const res = await c.post('/api/v1/quotes', quoteInput({ clientId, issueDate: '2025-01-02' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as TQuote).id;
    await db()
      .update(quotes)
      .set({
        status: values.status,
        sentAt: values.sentAt ? new Date(values.sentAt) : null,
        respondedAt: values.respondedAt ? new Date(values.respondedAt) : null,
        validUntil: values.validUntil ?? '2025-04-14',
      })
      .where(eq(quotes.id, id));
  }

  async function analytics(c: Api, query: string) {
    const res = await c.get(`/api/v1/analytics?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAnalytics;
  }

  it('computes every figure of March 2025 against February from the documents, by hand', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const [a, b, cc] = [
      await addCompanyClient(c, 1),
      await addCompanyClient(c, 2),
      await addCompanyClient(c, 3),
    ];
    const filter = await item(c, 'Filtro olio motore', '40,00');
    const belt = await item(c, 'Cinghia trapezoidale', '10,00');

    // Invoices in date order: A in February (1,000.00), A, B and C in March (2,000.00, 500.00, 300.00 of the
    // filter from the inventory), a draft that counts for nothing, a credit note of 100.00 on B's invoice.
    const febA = await issued(c, a, [work(100_000)], { issueDate: '2025-02-10', dueDate: '2025-03-12' });
    const marA = await issued(c, a, [work(200_000)], { issueDate: '2025-03-05', dueDate: '2025-04-04' });
    const marB = await issued(c, b, [work(50_000)], { issueDate: '2025-03-10', dueDate: '2025-03-20' });
    const marC = await issued(
      c,
      cc,
      [work(10_000, { itemId: filter.id, description: 'Filtro olio', quantity: '3' })],
      { issueDate: '2025-03-20', dueDate: '2025-04-19' },
    );
    const noteB = await creditNote(c, marB, b, '2025-03-25', 10_000);
    expect(
      (
        await c.post(
          '/api/v1/invoices',
          invoiceInput({ clientId: cc, issueDate: '2025-03-15', lines: [work(999_900)] }),
        )
      ).statusCode,
    ).toBe(201);

    // Payments: February's A paid in full 3 days late (33 days after issue); B's net of the credit note
    // (610.00 − 122.00) 8 days late (18 after issue); C 19 days early (11 after issue); March's A only in part.
    await pay(c, febA, 122_000, '2025-03-15');
    await pay(c, marB, 48_800, '2025-03-28');
    await pay(c, marC, 36_600, '2025-03-31');
    await pay(c, marA, 100_000, '2025-03-30');

    // Quotes by sending day in Rome: 23:30 UTC on the last of February is the 1st of March there, on the 31st
    // of March it is the 1st of April. Accepted after 3 (answered at 00:30 Rome time), 10 and 1 days.
    await quote(c, a, {
      status: 'accepted',
      sentAt: '2025-03-03T09:00:00Z',
      respondedAt: '2025-03-05T23:30:00Z',
    });
    await quote(c, a, {
      status: 'converted',
      sentAt: '2025-03-10T09:00:00Z',
      respondedAt: '2025-03-20T15:00:00Z',
    });
    await quote(c, b, {
      status: 'accepted',
      sentAt: '2025-03-20T09:00:00Z',
      respondedAt: '2025-03-21T09:00:00Z',
    });
    await quote(c, b, {
      status: 'rejected',
      sentAt: '2025-03-12T09:00:00Z',
      respondedAt: '2025-03-13T09:00:00Z',
    });
    await quote(c, cc, { status: 'sent', sentAt: '2025-03-15T09:00:00Z', validUntil: '2025-04-14' }); // expired
    await quote(c, cc, { status: 'sent', sentAt: '2025-02-28T23:30:00Z', validUntil: '2099-12-31' }); // pending
    await quote(c, cc, {
      status: 'accepted',
      sentAt: '2025-03-31T23:30:00Z',
      respondedAt: '2025-04-02T09:00:00Z',
    });
    await quote(c, cc, { status: 'draft', sentAt: null });
    await quote(c, a, {
      status: 'accepted',
      sentAt: '2025-02-05T09:00:00Z',
      respondedAt: '2025-02-06T09:00:00Z',
    });

    // Stock at cost: filter (40.00) in 10 on 1 Feb, out 3 on 10 Mar, in 5 on 20 Mar, out 1 on 5 Apr; belt
    // (10.00) in 4 in January, out 4 on 2 Mar.
    await move(c, belt.id, 'in', '4', '2025-01-15');
    await move(c, filter.id, 'in', '10', '2025-02-01');
    await move(c, belt.id, 'out', '4', '2025-03-02');
    await move(c, filter.id, 'out', '3', '2025-03-10');
    await move(c, filter.id, 'in', '5', '2025-03-20');
    await move(c, filter.id, 'out', '1', '2025-04-05');

    const report = await analytics(c, MARCH);
    expect(report.granularity).toBe('day');
    expect(report.hasIssuedInvoices).toBe(true);
    const { current, previous } = report;
    expect(current.sales).toEqual({
      taxableCents: 200_000 + 50_000 + 30_000 - 10_000,
      invoices: 3,
      creditNotes: 1,
      averageInvoiceCents: 93_333, // 2,800.00 / 3
    });
    expect(previous).toMatchObject({ from: '2025-02-01', to: '2025-02-28' });
    expect(previous.sales).toEqual({
      taxableCents: 100_000,
      invoices: 1,
      creditNotes: 0,
      averageInvoiceCents: 100_000,
    });

    // The trend: one bucket per day, each document on its day; the buckets add up to the total.
    expect(current.trend).toHaveLength(31);
    expect(previous.trend).toHaveLength(28);
    const nonZero = (trend: TAnalytics['current']['trend']) =>
      trend.filter((b) => b.taxableCents !== 0).map((b) => [b.from, b.taxableCents]);
    expect(nonZero(current.trend)).toEqual([
      ['2025-03-05', 200_000],
      ['2025-03-10', 50_000],
      ['2025-03-20', 30_000],
      ['2025-03-25', -10_000],
    ]);
    expect(current.trend.reduce((sum, b) => sum + b.taxableCents, 0)).toBe(current.sales.taxableCents);
    expect(nonZero(previous.trend)).toEqual([['2025-02-10', 100_000]]);

    // A's first invoice was in February: returning in March; B and C are new. In February A was new.
    expect(current.clients).toEqual({ invoiced: 3, new: 2, returning: 1 });
    expect(previous.clients).toEqual({ invoiced: 1, new: 1, returning: 0 });

    expect(current.quotes).toEqual({
      sent: 6,
      accepted: 3,
      rejected: 1,
      expired: 1,
      pending: 1,
      conversionRate: 3 / 5,
      medianDaysToAccept: 3,
      averageDaysToAccept: 4.7, // (3 + 10 + 1) / 3
    });
    expect(previous.quotes).toEqual({
      sent: 1,
      accepted: 1,
      rejected: 0,
      expired: 0,
      pending: 0,
      conversionRate: 1,
      medianDaysToAccept: 1,
      averageDaysToAccept: 1,
    });

    expect(current.payments).toEqual({
      invoices: 3,
      averageDaysLate: -2.7, // (3 + 8 − 19) / 3
      averageDaysToPay: 20.7, // (33 + 18 + 11) / 3
      paidLate: 2,
    });
    expect(previous.payments).toEqual({
      invoices: 0,
      averageDaysLate: null,
      averageDaysToPay: null,
      paidLate: 0,
    });

    // Out in March: 3 × 40.00 + 4 × 10.00 = 160.00; stock 440.00 before March, 480.00 after it.
    expect(current.inventory).toEqual({
      cogsCents: 16_000,
      openingStockCents: 44_000,
      closingStockCents: 48_000,
      turnover: 0.35, // 160 / 460
    });
    expect(previous.inventory).toEqual({
      cogsCents: 0,
      openingStockCents: 4_000,
      closingStockCents: 44_000,
      turnover: 0,
    });

    // Top clients and items add up to the sales of the range.
    expect(report.topClients.rows).toEqual([
      { clientId: a, name: 'Cliente 1 S.p.A.', taxableCents: 200_000, documents: 1 },
      { clientId: b, name: 'Cliente 2 S.p.A.', taxableCents: 40_000, documents: 2 },
      { clientId: cc, name: 'Cliente 3 S.p.A.', taxableCents: 30_000, documents: 1 },
    ]);
    expect(report.topClients).toMatchObject({ othersCents: 0, totalCents: current.sales.taxableCents });
    expect(report.topItems.rows).toEqual([
      { itemId: null, name: 'Consulenza tecnica', taxableCents: 240_000 },
      { itemId: filter.id, name: 'Filtro olio motore', taxableCents: 30_000 },
    ]);
    expect(report.topItems).toMatchObject({ othersCents: 0, totalCents: 270_000 });

    // Drill-down: the invoice list filtered by client and range lists exactly the documents behind B's figure.
    const list = await c.get(`/api/v1/invoices?clientId=${b}&${MARCH}&pageSize=100`);
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json() as { items: { id: string; totalCents: number }[] }).items;
    expect(listed.map((i) => i.id).sort()).toEqual([marB.id, noteB].sort());
    expect(listed).toHaveLength(report.topClients.rows[1]!.documents);

    // The same figures as a file: XLSX in Italian, every KPI beside February's, the trend by day, the top lists.
    const xlsx = await c.get(`/api/v1/analytics/export?${MARCH}&format=xlsx`, { 'accept-language': 'it' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('analisi-2025-03-01-2025-03-31.xlsx');
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.headers).toEqual([
      'Sezione',
      'Indicatore',
      '1 mar 2025 – 31 mar 2025',
      '1 feb 2025 – 28 feb 2025 (precedente)',
    ]);
    const line = (indicator: string) => sheet.rows.find((r) => r[1] === indicator)?.slice(2);
    expect(line('Vendite, imponibile (€)')).toEqual(['2700', '1000']);
    expect(line('Fattura media (€)')).toEqual(['933.33', '1000']);
    expect(line('Nuovi clienti')).toEqual(['2', '1']);
    expect(line('Tasso di accettazione (%)')).toEqual(['60', '100']);
    // No invoice was paid in February: an empty cell, not a zero.
    expect(line('Giorni medi dalla scadenza al pagamento (negativi: in anticipo)')).toEqual(['-2.7', '']);
    expect(line('Rotazione del magazzino (volte)')).toEqual(['0.35', '0']);
    const trend = sheet.rows.filter((r) => r[0] === 'Andamento delle vendite (imponibile, €)');
    expect(trend).toHaveLength(31);
    expect(trend[4]).toEqual(['Andamento delle vendite (imponibile, €)', '5 mar 2025', '2000', '0']);
    expect(trend[9]!.slice(2)).toEqual(['500', '1000']);
    expect(trend.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(2700);
    const clients = sheet.rows
      .filter((r) => r[0] === 'Migliori clienti (imponibile, €)')
      .map((r) => r.slice(1, 3));
    expect(clients).toEqual([
      ['Cliente 1 S.p.A.', '2000'],
      ['Cliente 2 S.p.A.', '400'],
      ['Cliente 3 S.p.A.', '300'],
      ['Tutti gli altri', '0'],
      ['Totale', '2700'],
    ]);
    // CSV in English (comma-separated, decimal point); the PDF names the business and the range.
    const csv = await c.get(`/api/v1/analytics/export?${MARCH}&format=csv`, { 'accept-language': 'en' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Sales,"Sales, taxable (€)",2700.00,1000.00');
    expect(csv.body).toContain('Quotes,Conversion rate (%),60,100');
    const pdf = await c.get(`/api/v1/analytics/export?${MARCH}&format=pdf`, { 'accept-language': 'it' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Officina Rossi S.r.l.');
    expect(text).toContain('Analisi');
    expect(text).toContain('2.700,00 €');

    // The quarter goes by weeks of seven days from 1 January, the year by month; both add up the same.
    const quarter = await analytics(c, 'from=2025-01-01&to=2025-03-31');
    expect(quarter.granularity).toBe('week');
    expect(quarter.current.trend).toHaveLength(13);
    expect(quarter.current.trend[9]).toEqual({ from: '2025-03-05', to: '2025-03-11', taxableCents: 250_000 });
    expect(quarter.current.sales.taxableCents).toBe(370_000);
    expect(quarter.previous).toMatchObject({ from: '2024-10-01', to: '2024-12-31' });
    const year = await analytics(c, 'from=2025-01-01&to=2025-12-31');
    expect(year.granularity).toBe('month');
    expect(year.current.trend.map((b) => b.taxableCents)).toEqual([
      0, 100_000, 270_000, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    // Before any stock there is nothing to average: no turnover.
    expect(year.previous.inventory).toEqual({
      cogsCents: 0,
      openingStockCents: 0,
      closingStockCents: 0,
      turnover: null,
    });
  });

  it('dates a paid invoice by its last payment still recorded, when a later one is removed', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const a = await addCompanyClient(c, 1);
    // 1,220.00 due on 20 March: half paid on the 10th, the rest on the 25th (5 days late).
    const invoice = await issued(c, a, [work(100_000)], { issueDate: '2025-03-05', dueDate: '2025-03-20' });
    await pay(c, invoice, 61_000, '2025-03-10');
    await pay(c, invoice, 61_000, '2025-03-25');
    expect((await analytics(c, MARCH)).current.payments).toEqual({
      invoices: 1,
      averageDaysLate: 5,
      averageDaysToPay: 20,
      paidLate: 1,
    });

    // The second payment was a mistake, and a credit note settles the rest: paid in full by the first payment.
    const read = await c.get(`/api/v1/invoices/${invoice.id}`);
    const second = (read.json() as TInvoice).payments.find((p) => p.paidOn === '2025-03-25')!;
    const removed = await c.del(`/api/v1/invoices/${invoice.id}/payments/${second.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await creditNote(c, invoice, a, '2025-03-28', 50_000);
    expect((await analytics(c, MARCH)).current.payments).toEqual({
      invoices: 1,
      averageDaysLate: -10,
      averageDaysToPay: 5,
      paidLate: 0,
    });
  });

  it('says an organization has issued nothing yet, and shows no other organization its figures', async () => {
    const other = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const report = await analytics(other, MARCH);
    expect(report.hasIssuedInvoices).toBe(false);
    expect(report.current.sales).toEqual({
      taxableCents: 0,
      invoices: 0,
      creditNotes: 0,
      averageInvoiceCents: null,
    });
    expect(report.current.quotes).toMatchObject({ sent: 0, conversionRate: null, medianDaysToAccept: null });
    expect(report.current.inventory.turnover).toBeNull();
    expect(report.topClients).toEqual({ rows: [], othersCents: 0, totalCents: 0 });
    expect(report.topItems).toEqual({ rows: [], othersCents: 0, totalCents: 0 });
  });

  it('answers, never 500, when an issued document has a snapshot without its totals (the bench found it)', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const invoice = await issued(c, await addCompanyClient(c, 9), [work(10_000)], {
      issueDate: '2025-03-10',
    });
    await db()
      .update(invoices)
      .set({ snapshot: sql`${invoices.snapshot} #- '{totals}'` })
      .where(eq(invoices.id, invoice.id));
    const report = await analytics(c, MARCH);
    expect(report.topClients.rows).toMatchObject([{ taxableCents: 0, documents: 1 }]);
  });

  it('refuses a bad range with a translated 400', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    for (const bad of [
      'from=2025-03-31&to=2025-03-01',
      'from=2024-01-01&to=2025-03-01',
      'from=2025-02-30&to=2025-03-31',
      'from=2025-03-01',
      '',
    ]) {
      const res = await c.get(`/api/v1/analytics?${bad}`, { 'accept-language': 'it' });
      expect(res.statusCode, bad).toBe(400);
      const { error } = res.json() as { error: { code: string; message: string } };
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).not.toMatch(/reports\.errors/);
    }
  });

  it('is for the roles with view_analytics only', async () => {
    for (const role of ['user', 'viewer'] as const) {
      const member = api(t.app, (await createSignedInUserWithOrg(t.app, { role })).cookie);
      expect((await member.get(`/api/v1/analytics?${MARCH}`)).statusCode, role).toBe(403);
    }
    for (const role of ['user', 'viewer'] as const) {
      const member = api(t.app, (await createSignedInUserWithOrg(t.app, { role })).cookie);
      expect((await member.get(`/api/v1/analytics/export?${MARCH}`)).statusCode, role).toBe(403);
    }
    const manager = api(t.app, (await createSignedInUserWithOrg(t.app, { role: 'manager' })).cookie);
    expect((await manager.get(`/api/v1/analytics?${MARCH}`)).statusCode).toBe(200);
    // A manager may export financial data too; the default format is XLSX.
    const file = await manager.get(`/api/v1/analytics/export?${MARCH}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('.xlsx');
    expect((await readXlsx(file.rawPayload)).rows.length).toBeGreaterThan(0);
    expect((await manager.get(`/api/v1/analytics/export?${MARCH}&format=doc`)).statusCode).toBe(400);
    expect((await manager.get('/api/v1/analytics/export?from=2025-03-31&to=2025-03-01')).statusCode).toBe(
      400,
    );
  });
});
