import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { piva } from '../helpers/italian-ids.ts';
import type { TInvoice, TInvoicePage } from '@shared/invoicing/contracts.ts';
import type { TItem } from '@shared/inventory/contracts.ts';
import { monthRange } from '@shared/reports/periods.ts';
import { revenueRowHref, stockBalances } from '@shared/reports/revenue.ts';
import type { TInventoryReport, TRevenue } from '@shared/reports/revenue-contracts.ts';
import { readXlsx } from '@server/modules/imports/spreadsheets.ts';
import { invoiceInput, itemInput, lineInput, type LineBody } from '@server/seed/factories.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { addCompanyClient } from '../helpers/business.ts';

type Api = ReturnType<typeof api>;

const today = isoDateIn('Europe/Rome');
/** The report's range is last month; the one before it is compared; this month is after the range. */
const range = monthRange(today, -1);
const before = monthRange(today, -2);
const inRange = (day: number) => addDays(range.from, day - 1);
const beforeRange = (day: number) => addDays(before.from, day - 1);

describe.each(DATABASES)('revenue and inventory reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function owner() {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
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
      email: 'amministrazione@officinarossi.example.com',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    return c;
  }

  async function item(c: Api, values: Parameters<typeof itemInput>[0]) {
    const res = await c.post('/api/v1/inventory', itemInput(values));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TItem;
  }

  async function move(c: Api, itemId: string, kind: string, quantity: number, occurredOn: string) {
    const res = await c.post(`/api/v1/inventory/${itemId}/movements`, {
      kind,
      quantity,
      occurredOn,
      reason: kind === 'adjustment' ? 'Inventario fisico' : null,
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  const itemLine = (itemId: string, quantity: string, unitPriceCents: number): LineBody =>
    lineInput({ itemId, description: 'Articolo', quantity, unit: 'pz', unitPriceCents });

  async function issued(c: Api, clientId: string, issueDate: string, lines: LineBody[]) {
    const draft = await c.post(
      '/api/v1/invoices',
      invoiceInput({ clientId, issueDate, dueDate: issueDate, lines }),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const res = await c.post(`/api/v1/invoices/${(draft.json() as TInvoice).id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInvoice;
  }

  async function creditNote(c: Api, invoice: TInvoice, issueDate: string, lines: LineBody[]) {
    const note = await c.post(`/api/v1/invoices/${invoice.id}/credit-note`);
    expect(note.statusCode, note.body).toBe(201);
    const id = (note.json() as TInvoice).id;
    const edited = await c.put(
      `/api/v1/invoices/${id}`,
      invoiceInput({
        documentType: 'TD04',
        relatedInvoiceId: invoice.id,
        clientId: invoice.client.id,
        issueDate,
        dueDate: issueDate,
        lines,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await c.post(`/api/v1/invoices/${id}/issue`)).statusCode).toBe(200);
    return id;
  }

  async function report(c: Api, query: string) {
    const res = await c.get(`/api/v1/reports/revenue?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TRevenue;
  }

  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  it('groups the revenue of the range by client, item and category, beside the range before, paged', async () => {
    const c = await owner();
    const [a, b] = [await addCompanyClient(c, 1), await addCompanyClient(c, 2)];
    const filter = await item(c, { name: 'Filtro olio', category: 'Filtri' });
    const oil = await item(c, { name: 'Olio motore 15W-40', category: 'Lubrificanti' });

    // Before the range: A buys 2 filters (200.00). In the range: A 3 filters and a free line (350.00), B 4 oils
    // and a filter (200.00), a credit note of one filter to A (−100.00). After the range: B one oil (25.00).
    // A draft in the range counts for nothing.
    await issued(c, a, beforeRange(10), [itemLine(filter.id, '2', 10_000)]);
    const first = await issued(c, a, inRange(5), [
      itemLine(filter.id, '3', 10_000),
      lineInput({ description: 'Trasferta', unitPriceCents: 5_000 }),
    ]);
    const second = await issued(c, b, inRange(12), [
      itemLine(oil.id, '4', 2_500),
      itemLine(filter.id, '1', 10_000),
    ]);
    const note = await creditNote(c, first, inRange(20), [itemLine(filter.id, '1', 10_000)]);
    await issued(c, b, today, [itemLine(oil.id, '1', 2_500)]);
    const draft = await c.post(
      '/api/v1/invoices',
      invoiceInput({ clientId: a, issueDate: inRange(25), lines: [lineInput({ unitPriceCents: 99_900 })] }),
    );
    expect(draft.statusCode, draft.body).toBe(201);

    const query = `from=${range.from}&to=${range.to}`;
    const byClient = await report(c, query);
    expect(byClient).toMatchObject({ from: range.from, to: range.to, by: 'client', previous: before });
    expect(byClient.rows.items).toEqual([
      {
        kind: 'client',
        key: a,
        name: 'Cliente 1 S.p.A.',
        sku: null,
        unit: null,
        documents: 2,
        quantity: null,
        revenueCents: 25_000,
        previousRevenueCents: 20_000,
      },
      {
        kind: 'client',
        key: b,
        name: 'Cliente 2 S.p.A.',
        sku: null,
        unit: null,
        documents: 1,
        quantity: null,
        revenueCents: 20_000,
        previousRevenueCents: 0,
      },
    ]);
    expect(byClient.totals).toEqual({ revenueCents: 45_000, previousRevenueCents: 20_000, documents: 3 });
    expect(byClient.rows.total).toBe(2);

    const byItem = await report(c, `${query}&by=item`);
    expect(
      byItem.rows.items.map((r) => [
        r.kind,
        r.key,
        r.quantity,
        r.documents,
        r.revenueCents,
        r.previousRevenueCents,
      ]),
    ).toEqual([
      ['item', filter.id, 3, 3, 30_000, 20_000],
      ['item', oil.id, 4, 1, 10_000, 0],
      ['free', null, null, 1, 5_000, 0],
    ]);
    expect(byItem.rows.items[0]).toMatchObject({ name: 'Filtro olio', sku: filter.sku, unit: filter.unit });

    const byCategory = await report(c, `${query}&by=category`);
    expect(byCategory.rows.items.map((r) => [r.kind, r.key, r.name, r.revenueCents])).toEqual([
      ['category', 'Filtri', 'Filtri', 30_000],
      ['category', 'Lubrificanti', 'Lubrificanti', 10_000],
      ['free', null, '', 5_000],
    ]);

    // Every grouping adds up to the same totals, and the totals are the sums of the rows.
    for (const r of [byClient, byItem, byCategory]) {
      expect(r.totals).toEqual({ revenueCents: 45_000, previousRevenueCents: 20_000, documents: 3 });
      expect(sum(r.rows.items.map((row) => row.revenueCents))).toBe(r.totals.revenueCents);
      expect(sum(r.rows.items.map((row) => row.previousRevenueCents))).toBe(r.totals.previousRevenueCents);
    }

    // Paged on the server, largest first; the totals still cover every row.
    const page2 = await report(c, `${query}&by=item&pageSize=2&page=2`);
    expect(page2.rows).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.rows.items.map((r) => r.kind)).toEqual(['free']);
    expect(page2.totals.revenueCents).toBe(45_000);

    // Drill-down: a client's link lists exactly the documents behind its figure (not the draft).
    const href = revenueRowHref(byClient.rows.items[0]!, range)!;
    const listed = await c.get(`/api/v1${href}&pageSize=100`);
    expect(listed.statusCode, listed.body).toBe(200);
    const documents = (listed.json() as TInvoicePage).items;
    expect(documents.map((d) => d.id).sort()).toEqual([first.id, note].sort());
    expect(documents).toHaveLength(byClient.rows.items[0]!.documents);
    const withDrafts = (
      await c.get(`/api/v1/invoices?clientId=${a}&${query}&pageSize=100`)
    ).json() as TInvoicePage;
    expect(withDrafts.items).toHaveLength(3);
    expect(revenueRowHref(byItem.rows.items[0]!, range)).toBe(`/inventory/${filter.id}`);
    expect((await c.get(`/api/v1/inventory/${filter.id}`)).statusCode).toBe(200);
    void second;

    // The file has every row, in the reader's language.
    const file = await c.get(`/api/v1/reports/revenue/export?${query}&by=item&format=xlsx`, {
      'accept-language': 'it',
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain(
      `fatturato-per-articolo-${range.from}-${range.to}.xlsx`,
    );
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.headers.slice(0, 5)).toEqual([
      'Articolo',
      'Codice',
      'Quantità venduta',
      'Documenti',
      'Fatturato (€)',
    ]);
    expect(sheet.rows.map((r) => [r[0], Number(r[2]), Number(r[4])])).toEqual([
      ['Filtro olio', 3, 300],
      ['Olio motore 15W-40', 4, 100],
      ['Righe libere (senza articolo)', 0, 50],
    ]);
    const csv = await c.get(`/api/v1/reports/revenue/export?${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Cliente 1 S.p.A.,2,250.00,55.56,200.00');
    // The PDF (issue 14): the business in its heading, and a totals row over every row (450.00 is in no other).
    const pdf = await c.get(`/api/v1/reports/revenue/export?${query}&by=item&format=pdf`, {
      'accept-language': 'it',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Officina Rossi S.r.l.');
    expect(text).toContain('Totale');
    expect(text).toContain('Totale 3 450,00 € 100 200,00 €');

    // Another organization sees none of it.
    const stranger = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const empty = await report(stranger, query);
    expect(empty.rows.items).toEqual([]);
    expect(empty.totals).toEqual({ revenueCents: 0, previousRevenueCents: 0, documents: 0 });
  });

  it("counts a deleted item's lines as typed by hand, each document once, over whole months and over days", async () => {
    const c = await owner();
    const a = await addCompanyClient(c, 1);
    const filter = await item(c, { name: 'Filtro olio', category: 'Filtri' });
    const cable = await item(c, { name: 'Cavo batteria', category: 'Ricambi' });
    // Before the range, three cables; in it, a filter, the cable and a line typed by hand, then the cable on two
    // lines (issued in date order, as the numbering wants).
    await issued(c, a, beforeRange(20), [itemLine(cable.id, '3', 1_000)]);
    await issued(c, a, inRange(5), [
      itemLine(filter.id, '1', 10_000),
      lineInput({ description: 'Trasferta', unitPriceCents: 5_000 }),
      itemLine(cable.id, '2', 1_000),
    ]);
    await issued(c, a, inRange(8), [itemLine(cable.id, '1', 1_000), itemLine(cable.id, '1', 1_000)]);

    const rowsOf = (r: TRevenue) =>
      r.rows.items.map((row) => [
        row.kind,
        row.key,
        row.documents,
        row.revenueCents,
        row.previousRevenueCents,
      ]);
    // The range of whole months, the same range cut to days, and one of days before a whole month.
    const monthQuery = `from=${range.from}&to=${range.to}&by=item`;
    expect(rowsOf(await report(c, monthQuery))).toEqual([
      ['item', filter.id, 1, 10_000, 0],
      ['free', null, 1, 5_000, 0],
      ['item', cable.id, 2, 4_000, 3_000],
    ]);
    expect(rowsOf(await report(c, `from=${inRange(2)}&to=${inRange(9)}&by=item`))).toEqual([
      ['item', filter.id, 1, 10_000, 0],
      ['free', null, 1, 5_000, 0],
      ['item', cable.id, 2, 4_000, 0],
    ]);
    const spanning = await report(c, `from=${beforeRange(15)}&to=${range.to}&by=item`);
    expect(rowsOf(spanning)).toEqual([
      ['item', filter.id, 1, 10_000, 0],
      ['item', cable.id, 3, 7_000, 0],
      ['free', null, 1, 5_000, 0],
    ]);

    // Deleted, the cable's lines count as typed by hand: the first document once, though it has both kinds.
    expect((await c.del(`/api/v1/inventory/${cable.id}`)).statusCode).toBe(204);
    expect(rowsOf(await report(c, monthQuery))).toEqual([
      ['item', filter.id, 1, 10_000, 0],
      ['free', null, 2, 9_000, 3_000],
    ]);
    const byCategory = await report(c, `from=${range.from}&to=${range.to}&by=category`);
    expect(rowsOf(byCategory)).toEqual([
      ['category', 'Filtri', 1, 10_000, 0],
      ['free', null, 2, 9_000, 3_000],
    ]);

    // A page past the last row still carries the totals of every row.
    const past = await report(c, `${monthQuery}&pageSize=2&page=3`);
    expect(past.rows).toMatchObject({ items: [], total: 2 });
    expect(past.totals).toEqual({ revenueCents: 19_000, previousRevenueCents: 3_000, documents: 2 });
  });

  it('counts each document once per category as items change category, over whole months and over days', async () => {
    const c = await owner();
    const a = await addCompanyClient(c, 1);
    const filter = await item(c, { name: 'Filtro olio', category: 'Filtri' });
    const oil = await item(c, { name: 'Olio motore', category: 'Lubrificanti' });
    const belt = await item(c, { name: 'Cinghia', category: 'Ricambi' });
    await issued(c, a, inRange(5), [itemLine(filter.id, '1', 10_000), itemLine(oil.id, '1', 2_000)]);
    await issued(c, a, inRange(8), [
      itemLine(filter.id, '1', 10_000),
      itemLine(filter.id, '1', 10_000),
      itemLine(belt.id, '1', 1_000),
    ]);
    const rowsOf = (r: TRevenue) =>
      r.rows.items.map((row) => [row.kind, row.key, row.documents, row.revenueCents]);
    const months = `from=${range.from}&to=${range.to}&by=category`;
    const days = `from=${inRange(2)}&to=${inRange(9)}&by=category`;
    for (const query of [months, days]) {
      expect(rowsOf(await report(c, query))).toEqual([
        ['category', 'Filtri', 2, 30_000],
        ['category', 'Lubrificanti', 1, 2_000],
        ['category', 'Ricambi', 1, 1_000],
      ]);
    }

    // The oil joins the filters: the first document sells two filters' category, still one document of it. The
    // belt loses its category (blank): uncategorised.
    const recategorised = async (it: TItem, category: string) => {
      const res = await c.put(
        `/api/v1/inventory/${it.id}`,
        itemInput({ name: it.name, sku: it.sku, category }),
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await recategorised(oil, ' Filtri ');
    await recategorised(belt, '  ');
    for (const query of [months, days]) {
      expect(rowsOf(await report(c, query))).toEqual([
        ['category', 'Filtri', 2, 32_000],
        ['uncategorised', null, 1, 1_000],
      ]);
    }

    // Back to a category of its own.
    await recategorised(oil, 'Lubrificanti');
    expect(rowsOf(await report(c, months))).toEqual([
      ['category', 'Filtri', 2, 30_000],
      ['category', 'Lubrificanti', 1, 2_000],
      ['uncategorised', null, 1, 1_000],
    ]);
  });

  it('counts the pension fund contribution as its own row, so items add up to the documents', async () => {
    const c = await owner();
    const a = await addCompanyClient(c, 3);
    const filter = await item(c, { name: 'Filtro aria', category: 'Filtri' });
    const draft = await c.post(
      '/api/v1/invoices',
      invoiceInput({
        clientId: a,
        issueDate: inRange(3),
        lines: [itemLine(filter.id, '1', 100_000)],
        pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false },
      }),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await c.post(`/api/v1/invoices/${(draft.json() as TInvoice).id}/issue`)).statusCode).toBe(200);
    const query = `from=${range.from}&to=${range.to}`;
    const byClient = await report(c, query);
    const byItem = await report(c, `${query}&by=item`);
    expect(byClient.totals.revenueCents).toBe(104_000);
    expect(byItem.rows.items.map((r) => [r.kind, r.revenueCents])).toEqual([
      ['item', 100_000],
      ['pensionFund', 4_000],
    ]);
    expect(byItem.totals.revenueCents).toBe(104_000);
  });

  it('values the goods at both ends of the range from their movements', async () => {
    const c = await owner();
    // 7.20 cost, 12.50 sale price. Before: in 10. In the range: out 3, adjustment −1, in 5. After: out 2.
    const filter = await item(c, {
      name: 'Filtro olio',
      category: 'Filtri',
      cost: '7,20',
      salePrice: '12,50',
    });
    await move(c, filter.id, 'in', 10, beforeRange(3));
    await move(c, filter.id, 'out', 3, inRange(10));
    await move(c, filter.id, 'adjustment', -1, inRange(15));
    await move(c, filter.id, 'in', 5, inRange(20));
    await move(c, filter.id, 'out', 2, today);
    // Stock before the range only; movements after the range only; none at all; a service.
    const bolts = await item(c, { name: 'Bulloni M8', cost: '1,00', salePrice: '2,00' });
    await move(c, bolts.id, 'in', 4, beforeRange(5));
    const later = await item(c, { name: 'Cinghia', cost: '5,00' });
    await move(c, later.id, 'in', 2, today);
    await item(c, { name: 'Catena', cost: '9,00' });
    await item(c, { name: 'Manodopera', kind: 'service', cost: '20,00' });

    const res = await c.get(`/api/v1/reports/inventory?from=${range.from}&to=${range.to}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TInventoryReport;
    expect(r.goodsItems).toBe(4);
    expect(r.rows.items).toEqual([
      expect.objectContaining({
        id: filter.id,
        startQuantity: 10,
        inQuantity: 5,
        outQuantity: 3,
        adjustedQuantity: -1,
        endQuantity: 11,
        movements: 3,
        costCents: 720,
        salePriceCents: 1_250,
        startValueCents: 7_200,
        endValueCents: 7_920,
        endSaleValueCents: 13_750,
      }),
      expect.objectContaining({
        id: bolts.id,
        startQuantity: 4,
        endQuantity: 4,
        movements: 0,
        startValueCents: 400,
        endValueCents: 400,
        endSaleValueCents: 800,
      }),
    ]);
    for (const row of r.rows.items) expect(stockBalances(row)).toBe(true);
    expect(r.totals).toEqual({
      items: 2,
      movements: 3,
      startValueCents: 7_600,
      endValueCents: 8_320,
      endSaleValueCents: 14_550,
    });
    expect(sum(r.rows.items.map((row) => row.endValueCents))).toBe(r.totals.endValueCents);
    expect(sum(r.rows.items.map((row) => row.endSaleValueCents))).toBe(r.totals.endSaleValueCents);
    // The month before, to compare with: the filter's and the bolts' deliveries (the service has no stock).
    expect(r.previous).toEqual({ from: before.from, to: before.to, movements: 2 });

    // This month: the filter starts at 11 and ends at today's 9; the belt comes in.
    const now = monthRange(today);
    const thisMonth = (
      await c.get(`/api/v1/reports/inventory?from=${now.from}&to=${now.to}`)
    ).json() as TInventoryReport;
    expect(thisMonth.rows.items.find((row) => row.id === filter.id)).toMatchObject({
      startQuantity: 11,
      endQuantity: 9,
      outQuantity: 2,
    });
    expect(thisMonth.rows.items.find((row) => row.id === later.id)).toMatchObject({
      startQuantity: 0,
      endQuantity: 2,
      inQuantity: 2,
    });

    const paged = (
      await c.get(`/api/v1/reports/inventory?from=${range.from}&to=${range.to}&pageSize=1&page=2`)
    ).json() as TInventoryReport;
    expect(paged.rows).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.rows.items.map((row) => row.id)).toEqual([bolts.id]);
    expect(paged.totals.endValueCents).toBe(8_320);

    const file = await c.get(
      `/api/v1/reports/inventory/export?from=${range.from}&to=${range.to}&format=xlsx`,
      {
        'accept-language': 'it',
      },
    );
    expect(file.statusCode, file.body).toBe(200);
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.headers[0]).toBe('Articolo');
    expect(sheet.rows.map((row) => [row[0], Number(row[8]), Number(row[10])])).toEqual([
      ['Filtro olio', 11, 79.2],
      ['Bulloni M8', 4, 4],
    ]);
    const pdf = await c.get(`/api/v1/reports/inventory/export?from=${range.from}&to=${range.to}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Officina Rossi S.r.l.');
    expect(text).toContain('Total €83.20 €145.50');

    const stranger = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const none = (
      await stranger.get(`/api/v1/reports/inventory?from=${range.from}&to=${range.to}`)
    ).json() as TInventoryReport;
    expect(none).toMatchObject({ goodsItems: 0, rows: { items: [], total: 0 } });
  });

  it('refuses bad input with a translated 400 and is for members with the reports permissions', async () => {
    const c = await owner();
    const bad = await c.get(`/api/v1/reports/revenue?from=${range.from}&to=${range.to}&by=supplier`, {
      'accept-language': 'it',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Scegli cliente, articolo o categoria');
    for (const path of ['revenue', 'inventory']) {
      for (const query of [
        `from=${range.to}&to=${range.from}`,
        'from=2024-01-01&to=2025-06-30',
        'from=x&to=y',
        `from=${range.from}&to=${range.to}&page=0`,
      ]) {
        const res = await c.get(`/api/v1/reports/${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
      }
      expect(
        (await c.get(`/api/v1/reports/${path}/export?from=${range.from}&to=${range.to}&format=doc`))
          .statusCode,
      ).toBe(400);
    }
    for (const role of ['user', 'viewer'] as const) {
      const member = api(t.app, (await createSignedInUserWithOrg(t.app, { role })).cookie);
      for (const path of ['revenue', 'inventory', 'revenue/export', 'inventory/export']) {
        expect(
          (await member.get(`/api/v1/reports/${path}?from=${range.from}&to=${range.to}`)).statusCode,
        ).toBe(403);
      }
    }
    const manager = api(t.app, (await createSignedInUserWithOrg(t.app, { role: 'manager' })).cookie);
    expect(
      (await manager.get(`/api/v1/reports/inventory/export?from=${range.from}&to=${range.to}`)).statusCode,
    ).toBe(200);
  });
});
