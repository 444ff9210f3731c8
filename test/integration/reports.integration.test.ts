import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { piva } from '../helpers/italian-ids.ts';
import type { TDashboard, TReceivables, TSalesRegister, TVatSettlement } from '@shared/reports/contracts.ts';
import { monthRange } from '@shared/reports/periods.ts';
import { agingDueRange, previousAsOf } from '@shared/reports/aging.ts';
import { itemInput } from '@server/seed/factories.ts';
import { readXlsx } from '@server/modules/imports/spreadsheets.ts';
import type { TInvoice, TInvoicePage } from '@shared/invoicing/contracts.ts';
import { invoiceInput, lineInput, type InvoiceBody, type LineBody } from '@server/seed/factories.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { completeProfile, issueCreditNote } from '../helpers/business.ts';

type Api = ReturnType<typeof api>;

const today = isoDateIn('Europe/Rome');
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const quarter = Math.ceil(month / 3);

const line = (unitPriceCents: number, vatRate: number, nature?: LineBody['nature']) =>
  lineInput({
    description: nature ? 'Subappalto opere edili' : 'Consulenza tecnica',
    unitPriceCents,
    vatRate,
    ...(nature ? { nature } : {}),
  });

describe.each(DATABASES)('VAT settlement report on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function client(c: Api, n: number, extra: object = {}) {
    const res = await c.post('/api/v1/clients', {
      type: 'company',
      companyName: `Cliente ${n} S.p.A.`,
      email: `fatture${n}@cliente.example.com`,
      address: 'Corso Buenos Aires 1',
      city: 'Milano',
      postalCode: '20124',
      province: 'MI',
      country: 'IT',
      vatNumber: piva(7654320 + n),
      sdiCode: 'M5UXCR1',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  async function issued(
    c: Api,
    clientId: string,
    lines: LineBody[],
    dates: Partial<InvoiceBody> = { issueDate: today },
  ) {
    const draft = await c.post('/api/v1/invoices', invoiceInput({ clientId, lines, ...dates }));
    expect(draft.statusCode, draft.body).toBe(201);
    const res = await c.post(`/api/v1/invoices/${(draft.json() as TInvoice).id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInvoice;
  }

  async function settlement(c: Api, query: string) {
    const res = await c.get(`/api/v1/reports/vat-settlement?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TVatSettlement;
  }

  it('adds up the issued documents of the month: split payment and reverse charge apart, credit notes subtracted', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const plain = await client(c, 1);
    const listed = await client(c, 2, { splitPayment: true });

    // 1,000.00 at 22% (VAT 220.00); 500.00 at 10% to a split-payment client (VAT 50.00 paid by the client);
    // 300.00 reverse charge N6.7 (no VAT); a credit note of 100.00 at 22% (VAT −22.00) on the first invoice.
    const first = await issued(c, plain, [line(100_000, 22)]);
    await issued(c, listed, [line(50_000, 10)]);
    await issued(c, plain, [line(30_000, 0, 'N6.7')]);
    await issueCreditNote(c, first, plain, [line(10_000, 22)], { issueDate: today });
    // A draft counts for nothing.
    expect(
      (await c.post('/api/v1/invoices', invoiceInput({ clientId: plain, lines: [line(99_900, 22)] })))
        .statusCode,
    ).toBe(201);

    const monthly = await settlement(c, `year=${year}&periodicity=monthly`);
    expect(monthly).toMatchObject({
      year,
      periodicity: 'monthly',
      forfettario: false,
    });
    expect(monthly.periods).toHaveLength(12);
    const thisMonth = monthly.periods[month - 1]!;
    expect(thisMonth).toMatchObject({
      vp2: 100_000 + 50_000 + 30_000 - 10_000,
      vp3: 0,
      vp4: 22_000 - 2_200,
      vp5: 0,
      vp6Due: 19_800,
      splitPaymentVatCents: 5_000,
      reverseChargeTaxableCents: 30_000,
      documents: 4,
      taxCode: month === 12 ? '6012' : `60${String(month).padStart(2, '0')}`,
    });
    for (const other of monthly.periods.filter((p) => p.period !== month)) {
      expect(other.vp2).toBe(0);
      expect(other.vp4).toBe(0);
    }
    expect(monthly.totals).toMatchObject({ vp4: 19_800, revenueCents: 170_000 });

    // The sales register of the month: the summary per rate and Natura, and the documents that make it up.
    const range = monthRange(today);
    const registerRes = await c.get(`/api/v1/reports/sales-register?from=${range.from}&to=${range.to}`);
    expect(registerRes.statusCode, registerRes.body).toBe(200);
    const register = registerRes.json() as TSalesRegister;
    expect(register.summary).toEqual([
      {
        vatRate: 22,
        nature: null,
        taxableCents: 90_000,
        vatCents: 19_800,
        splitPaymentVatCents: 0,
        reverseChargeTaxableCents: 0,
      },
      {
        vatRate: 10,
        nature: null,
        taxableCents: 50_000,
        vatCents: 0,
        splitPaymentVatCents: 5_000,
        reverseChargeTaxableCents: 0,
      },
      {
        vatRate: 0,
        nature: 'N6.7',
        taxableCents: 30_000,
        vatCents: 0,
        splitPaymentVatCents: 0,
        reverseChargeTaxableCents: 30_000,
      },
    ]);
    expect(register.totals).toEqual({
      taxableCents: 170_000,
      vatCents: 19_800,
      splitPaymentVatCents: 5_000,
      reverseChargeTaxableCents: 30_000,
      documents: 4,
    });
    expect(register.entries.items.map((e) => e.documentType)).toEqual(['TD01', 'TD01', 'TD01', 'TD04']);
    expect(register.entries.items.at(-1)).toMatchObject({
      totalCents: -12_200,
      clientName: 'Cliente 1 S.p.A.',
    });
    // Drill-down: the documents' rows add up to the summary.
    const rows = register.entries.items.flatMap((e) => e.lines);
    expect(rows.reduce((sum, l) => sum + l.taxableCents, 0)).toBe(register.totals.taxableCents);
    expect(rows.filter((l) => l.vatCollectability === 'I').reduce((sum, l) => sum + l.vatCents, 0)).toBe(
      19_800,
    );
    const secondPage = (
      await c.get(`/api/v1/reports/sales-register?from=${range.from}&to=${range.to}&pageSize=3&page=2`)
    ).json() as TSalesRegister;
    expect(secondPage.entries).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(secondPage.entries.items.map((e) => e.id)).toEqual([register.entries.items[3]!.id]);
    // Next month's register compares with this month: its "previous" totals are this month's.
    const next = monthRange(today, 1);
    const nextRegister = (
      await c.get(`/api/v1/reports/sales-register?from=${next.from}&to=${next.to}`)
    ).json() as TSalesRegister;
    expect(nextRegister.totals.documents).toBe(0);
    expect(nextRegister.previous).toEqual({
      ...range,
      taxableCents: 170_000,
      vatCents: 19_800,
      splitPaymentVatCents: 5_000,
      reverseChargeTaxableCents: 30_000,
    });
    for (const bad of [
      `from=${year}-01-01&to=${year + 1}-06-30`,
      `from=${range.to}&to=${range.from}`,
      'from=x&to=y',
    ]) {
      expect((await c.get(`/api/v1/reports/sales-register?${bad}`)).statusCode).toBe(400);
    }

    const registerFile = await c.get(
      `/api/v1/reports/sales-register/export?from=${range.from}&to=${range.to}&format=xlsx`,
      { 'accept-language': 'it' },
    );
    expect(registerFile.statusCode, registerFile.body).toBe(200);
    const registerSheet = await readXlsx(registerFile.rawPayload);
    expect(registerSheet.headers.slice(0, 4)).toEqual(['Numero', 'Data', 'Documento', 'Cliente']);
    expect(registerSheet.rows.map((r) => Number(r[7]))).toEqual([1000, 500, 300, -100]);

    // The same figures as files: XLSX numbers in euros, Italian CSV with ";" and decimal commas.
    const xlsx = await c.get(`/api/v1/reports/vat-settlement/export?year=${year}&format=xlsx`, {
      'accept-language': 'it',
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`liquidazione-iva-${year}-mensile.xlsx`);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.headers.slice(0, 7)).toEqual([
      'Periodo',
      'Dal',
      'Al',
      'VP2 Operazioni attive',
      'VP3 Operazioni passive',
      'VP4 IVA esigibile',
      'VP5 IVA detratta',
    ]);
    expect(sheet.rows).toHaveLength(12);
    expect(Number(sheet.rows[month - 1]![5])).toBe(198);
    const csv = await c.get(`/api/v1/reports/vat-settlement/export?year=${year}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('VP4 VAT due on sales');
    expect(csv.body.split('\r\n')[month]).toContain(',198.00,');
    const csvIt = await c.get(`/api/v1/reports/vat-settlement/export?year=${year}&format=csv`, {
      'accept-language': 'it',
    });
    expect(csvIt.body.split('\r\n')[month]).toContain(';198,00;');
    // PDF too (issue 14), in the reader's format; any other format is refused.
    const pdf = await c.get(`/api/v1/reports/vat-settlement/export?year=${year}&format=pdf`, {
      'accept-language': 'it',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`liquidazione-iva-${year}-mensile.pdf`);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Officina Rossi S.r.l.');
    expect(text).toContain('198,00 €');
    expect((await c.get(`/api/v1/reports/vat-settlement/export?year=${year}&format=odt`)).statusCode).toBe(
      400,
    );

    const quarterly = await settlement(c, `year=${year}&periodicity=quarterly`);
    expect(quarterly.periods).toHaveLength(4);
    expect(quarterly.periods[quarter - 1]).toMatchObject({ vp4: 19_800, vp12: 198 });

    // Another organization sees none of it; a year without documents is all zeros.
    const stranger = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    expect((await settlement(stranger, `year=${year}`)).totals.vp4).toBe(0);
    expect((await settlement(c, `year=${year - 1}`)).totals).toMatchObject({ vp4: 0, revenueCents: 0 });
  });

  it('puts the taxable of reverse-charge sales (Natura N6.x) in a column of its own in the sales register and its files', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    await completeProfile(c);
    const buyer = await client(c, 6);
    // A: 2,000.00 at 22% (VAT 440.00) and 800.00 of building subcontracting in reverse charge (N6.3);
    // B: 450.50 reverse charge N6.7; a credit note of 100.00 (N6.7) on B. Reverse-charge taxable:
    // 800.00 + 450.50 − 100.00 = 1,150.50, all of it in the taxable total too (2,000.00 + 1,150.50 = 3,150.50).
    await issued(c, buyer, [line(200_000, 22), line(80_000, 0, 'N6.3')]);
    const b = await issued(c, buyer, [line(45_050, 0, 'N6.7')]);
    await issueCreditNote(c, b, buyer, [line(10_000, 0, 'N6.7')], { issueDate: today });

    const range = monthRange(today);
    const res = await c.get(`/api/v1/reports/sales-register?from=${range.from}&to=${range.to}`);
    expect(res.statusCode, res.body).toBe(200);
    const register = res.json() as TSalesRegister;
    expect(register.summary).toEqual([
      {
        vatRate: 22,
        nature: null,
        taxableCents: 200_000,
        vatCents: 44_000,
        splitPaymentVatCents: 0,
        reverseChargeTaxableCents: 0,
      },
      {
        vatRate: 0,
        nature: 'N6.3',
        taxableCents: 80_000,
        vatCents: 0,
        splitPaymentVatCents: 0,
        reverseChargeTaxableCents: 80_000,
      },
      {
        vatRate: 0,
        nature: 'N6.7',
        taxableCents: 35_050,
        vatCents: 0,
        splitPaymentVatCents: 0,
        reverseChargeTaxableCents: 35_050,
      },
    ]);
    expect(register.totals).toEqual({
      taxableCents: 315_050,
      vatCents: 44_000,
      splitPaymentVatCents: 0,
      reverseChargeTaxableCents: 115_050,
      documents: 3,
    });
    // The next month compares with this one, reverse charge included.
    const next = monthRange(today, 1);
    const nextRegister = (
      await c.get(`/api/v1/reports/sales-register?from=${next.from}&to=${next.to}`)
    ).json() as TSalesRegister;
    expect(nextRegister.previous.reverseChargeTaxableCents).toBe(115_050);

    // The files: a column of its own, filled on the reverse-charge rows only, added up in the PDF's totals.
    const query = `from=${range.from}&to=${range.to}`;
    const xlsx = await c.get(`/api/v1/reports/sales-register/export?${query}&format=xlsx`, {
      'accept-language': 'it',
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.headers.slice(7, 10)).toEqual([
      'Imponibile',
      'IVA',
      'Imponibile in inversione contabile (N6)',
    ]);
    expect(sheet.rows.map((r) => r[6])).toEqual(['', 'N6.3', 'N6.7', 'N6.7']);
    expect(sheet.rows.map((r) => (r[9] === '' ? null : Number(r[9])))).toEqual([null, 800, 450.5, -100]);
    const csv = await c.get(`/api/v1/reports/sales-register/export?${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const csvLines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(csvLines[0]).toContain(',VAT,Reverse-charge taxable (N6),');
    expect(csvLines[2]).toContain(',0.00,800.00,');
    const pdf = await c.get(`/api/v1/reports/sales-register/export?${query}&format=pdf`, {
      'accept-language': 'it',
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('1.150,50 €');
  });

  it('takes the December advance from the last period of the year before (historical method, 88%)', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    await completeProfile(c);
    const buyer = await client(c, 3);
    // December of last year: 1,000.00 at 22%, VAT 220.00 → advance 88% = 193.60, in VP13 of this December.
    await issued(c, buyer, [line(100_000, 22)], {
      issueDate: `${year - 1}-12-10`,
      dueDate: `${year}-01-09`,
    });
    const monthly = await settlement(c, `year=${year}&periodicity=monthly`);
    expect(monthly.advance).toMatchObject({ amountCents: 19_360, basisCents: 22_000, taxCode: '6013' });
    // The year before, to compare with: its VAT on sales and revenue from its own documents.
    expect(monthly.previous).toEqual({ year: year - 1, vp4: 22_000, revenueCents: 100_000 });
    expect(monthly.totals).toMatchObject({ vp4: 0, revenueCents: 0 });
    expect(monthly.advance!.dueDate >= `${year}-12-27`).toBe(true);
    expect(monthly.periods[11]).toMatchObject({ vp13: 19_360, vp14Due: 0, vp14Credit: 19_360 });
    expect(monthly.periods.slice(0, 11).every((p) => p.vp13 === 0)).toBe(true);
    // Quarterly: last year's fourth quarter, without its 1% interest, is the basis.
    const quarterly = await settlement(c, `year=${year}&periodicity=quarterly`);
    expect(quarterly.advance).toMatchObject({ amountCents: 19_360, basisCents: 22_000, taxCode: '6035' });
    expect(quarterly.periods[3]).toMatchObject({ vp13: 19_360 });
    // The year before had no year before it: no advance, and under €103.29 none is due either.
    expect((await settlement(c, `year=${year - 1}&periodicity=monthly`)).advance).toMatchObject({
      amountCents: 0,
      basisCents: 0,
    });
  });

  it('tells a forfettario business that no VAT is due and where its revenue stands against the €85,000 limit', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    await completeProfile(c, { taxRegime: 'RF19' });
    const buyer = await client(c, 7);
    // Last year 10,000.00, which does not count against this year's limit. This year 60,000.00 entered at 22%:
    // the forfettario issues it at 0% with Natura N2.2, so it is revenue with no VAT.
    await issued(c, buyer, [line(1_000_000, 22)], {
      issueDate: `${year - 1}-12-10`,
      dueDate: `${year}-01-09`,
    });
    const first = await issued(c, buyer, [line(6_000_000, 22)]);
    expect(first.totals).toMatchObject({ taxableCents: 6_000_000, vatCents: 0 });

    const quarterly = await settlement(c, `year=${year}&periodicity=quarterly`);
    expect(quarterly).toMatchObject({ forfettario: true, advance: null });
    // 85,000.00 − 60,000.00 = 25,000.00 left before the limit.
    expect(quarterly.forfettarioStanding).toEqual({
      revenueCents: 6_000_000,
      limitCents: 8_500_000,
      remainingCents: 2_500_000,
      overLimit: false,
      immediateExit: false,
    });
    expect(quarterly.totals).toEqual({ vp4: 0, vp5: 0, paymentCents: 0, revenueCents: 6_000_000 });
    expect(quarterly.periods[quarter - 1]).toMatchObject({ vp2: 6_000_000, vp4: 0, documents: 1 });
    for (const p of quarterly.periods)
      expect([p.vp4, p.vp14Due, p.paymentCents, p.vp12]).toEqual([0, 0, 0, 0]);

    // Another 30,000.00, less a credit note of 4,000.00 on it: 60,000.00 + 30,000.00 − 4,000.00 = 86,000.00,
    // over the €85,000 limit (the regime ends next year) but under the €100,000 of an immediate exit.
    const second = await issued(c, buyer, [line(3_000_000, 22)]);
    await issueCreditNote(c, second, buyer, [line(400_000, 22)], { issueDate: today });
    const monthly = await settlement(c, `year=${year}&periodicity=monthly`);
    expect(monthly).toMatchObject({ forfettario: true, advance: null });
    expect(monthly.forfettarioStanding).toEqual({
      revenueCents: 8_600_000,
      limitCents: 8_500_000,
      remainingCents: 0,
      overLimit: true,
      immediateExit: false,
    });
    expect(monthly.totals).toEqual({ vp4: 0, vp5: 0, paymentCents: 0, revenueCents: 8_600_000 });
    expect(monthly.periods[month - 1]).toMatchObject({ vp2: 8_600_000, vp4: 0, documents: 3 });
    expect((await settlement(c, `year=${year - 1}`)).forfettarioStanding).toMatchObject({
      revenueCents: 1_000_000,
      remainingCents: 7_500_000,
    });
  });

  it("follows the business's own periodicity when the request names none", async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    expect((await settlement(c, `year=${year}`)).periodicity).toBe('monthly');
    const current = (await c.get('/api/v1/invoicing/settings')).json() as object;
    const saved = await c.put('/api/v1/invoicing/settings', { ...current, vatPeriodicity: 'quarterly' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ vatPeriodicity: 'quarterly' });
    const report = await settlement(c, `year=${year}`);
    expect(report.periodicity).toBe('quarterly');
    expect(report.periods).toHaveLength(4);
    expect((await settlement(c, `year=${year}&periodicity=monthly`)).periods).toHaveLength(12);
    const dashboard = (await c.get('/api/v1/dashboard')).json() as TDashboard;
    expect(dashboard.vatEstimate).toMatchObject({
      periodicity: 'quarterly',
      from: `${year}-${String(quarter * 3 - 2).padStart(2, '0')}-01`,
    });
    const bad = await c.put('/api/v1/invoicing/settings', { ...current, vatPeriodicity: 'weekly' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a bad year or periodicity with a translated 400', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const bad = await c.get('/api/v1/reports/vat-settlement?year=abc', { 'accept-language': 'it' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Scegli un anno tra il 2000 e il 2100');
    const badPeriodicity = await c.get(`/api/v1/reports/vat-settlement?year=${year}&periodicity=weekly`);
    expect(badPeriodicity.statusCode).toBe(400);
    expect(badPeriodicity.body).toContain('Choose monthly or quarterly');
  });

  it('is for members with view_analytics and access_reports only', async () => {
    const viewer = api(t.app, (await createSignedInUserWithOrg(t.app, { role: 'viewer' })).cookie);
    expect((await viewer.get(`/api/v1/reports/vat-settlement?year=${year}`)).statusCode).toBe(403);
    const manager = api(t.app, (await createSignedInUserWithOrg(t.app, { role: 'manager' })).cookie);
    expect((await manager.get(`/api/v1/reports/vat-settlement?year=${year}`)).statusCode).toBe(200);
  });

  it('ages open receivables by client, with the average days to pay of each', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    await completeProfile(c);
    const [a, b] = [await client(c, 3), await client(c, 4)];
    const day = (n: number) => addDays(today, n);
    const one = [line(100_000, 22)]; // 1,220.00 to collect
    // In date order, as numbering requires: A −100 (due −100), A −60 (due −30, paid on −10), A −50 (due −45),
    // B −20 (due −5, 200.00 paid), B today (due +30).
    const overdue100 = await issued(c, a, one, { issueDate: day(-100), dueDate: day(-100) });
    const paid = await issued(c, a, one, { issueDate: day(-60), dueDate: day(-30) });
    await issued(c, a, one, { issueDate: day(-50), dueDate: day(-45) });
    const partial = await issued(c, b, one, { issueDate: day(-20), dueDate: day(-5) });
    await issued(c, b, one, { issueDate: today, dueDate: day(30) });
    for (const [invoice, amountCents, paidOn] of [
      [paid, 122_000, day(-10)],
      [partial, 20_000, day(-2)],
    ] as const) {
      const res = await c.post(`/api/v1/invoices/${invoice.id}/payments`, {
        paidOn,
        amountCents,
        method: 'bank_transfer',
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const res = await c.get('/api/v1/reports/receivables');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as TReceivables;
    expect(report.asOf).toBe(today);
    expect(report.payables.totals.totalCents).toBe(0);
    expect(report.clients.map((row) => row.clientId)).toEqual([a, b]);
    expect(report.clients[0]).toMatchObject({
      over90: 122_000,
      days31to60: 122_000,
      days1to30: 0,
      notDue: 0,
      totalCents: 244_000,
      openInvoices: 2,
      oldestDueDate: overdue100.dueDate,
      averageDaysToPay: 50,
    });
    expect(report.clients[1]).toMatchObject({
      days1to30: 102_000,
      notDue: 122_000,
      totalCents: 224_000,
      openInvoices: 2,
      averageDaysToPay: null,
    });
    // The totals are the sums of the rows.
    expect(report.totals).toEqual({
      notDue: 122_000,
      days1to30: 102_000,
      days31to60: 122_000,
      days61to90: 0,
      over90: 122_000,
      totalCents: 468_000,
      openInvoices: 4,
    });

    const file = await c.get('/api/v1/reports/receivables/export?format=xlsx');
    expect(file.statusCode, file.body).toBe(200);
    const rows = (await readXlsx(file.rawPayload)).rows;
    expect(rows.map((r) => r[0])).toEqual(['Cliente 3 S.p.A.', 'Cliente 4 S.p.A.']);
    expect(Number(rows[0]![6])).toBe(2440);

    const stranger = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    expect(((await stranger.get('/api/v1/reports/receivables')).json() as TReceivables).clients).toEqual([]);
  });

  it('ages receivables as of a past day: payments and credit notes dated later count as not yet made', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    await completeProfile(c);
    const a = await client(c, 5);
    const day = (n: number) => addDays(today, n);
    const one = [line(100_000, 22)]; // 1,220.00 each
    const paidLater = await issued(c, a, one, { issueDate: day(-100), dueDate: day(-70) });
    const creditedLater = await issued(c, a, one, { issueDate: day(-60), dueDate: day(-30) });
    const issuedLater = await issued(c, a, one, { issueDate: day(-20), dueDate: day(10) });
    const pay = await c.post(`/api/v1/invoices/${paidLater.id}/payments`, {
      paidOn: day(-40),
      amountCents: 122_000,
      method: 'bank_transfer',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    await issueCreditNote(c, creditedLater, a, one, { issueDate: day(-15) });

    // Today only the newest invoice is open; at the end of day −50 the first two were (one 20 days late, one not
    // yet due) and the third did not exist; a month before that, only the first (not yet due).
    const now = (await c.get('/api/v1/reports/receivables')).json() as TReceivables;
    expect(now.totals).toMatchObject({ notDue: 122_000, totalCents: 122_000, openInvoices: 1 });
    const asOf = day(-50);
    const res = await c.get(`/api/v1/reports/receivables?asOf=${asOf}`);
    expect(res.statusCode, res.body).toBe(200);
    const past = res.json() as TReceivables;
    expect(past.asOf).toBe(asOf);
    expect(past.totals).toEqual({
      notDue: 122_000,
      days1to30: 122_000,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      totalCents: 244_000,
      openInvoices: 2,
    });
    expect(past.clients.map((row) => [row.clientId, row.totalCents, row.oldestDueDate])).toEqual([
      [a, 244_000, paidLater.dueDate],
    ]);
    expect(past.previous).toEqual({
      asOf: previousAsOf(asOf),
      totals: {
        notDue: 122_000,
        days1to30: 0,
        days31to60: 0,
        days61to90: 0,
        over90: 0,
        totalCents: 122_000,
        openInvoices: 1,
      },
    });

    // The drill-downs list exactly those invoices: all open that day, then the late bucket's.
    const listed = async (query: string) => {
      const page = await c.get(`/api/v1/invoices?clientId=${a}&${query}`);
      expect(page.statusCode, page.body).toBe(200);
      return (page.json() as TInvoicePage).items.map((i) => i.id).sort();
    };
    expect(await listed(`openOn=${asOf}`)).toEqual([paidLater.id, creditedLater.id].sort());
    const late = agingDueRange('days1to30', asOf);
    expect(await listed(`openOn=${asOf}&dueFrom=${late.dueFrom}&dueTo=${late.dueTo}`)).toEqual([
      paidLater.id,
    ]);
    expect(await listed(`openOn=${day(-5)}`)).toEqual([issuedLater.id]);

    const file = await c.get(`/api/v1/reports/receivables/export?format=xlsx&asOf=${asOf}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(Number((await readXlsx(file.rawPayload)).rows[0]![6])).toBe(2440);

    for (const bad of ['2026-02-30', 'yesterday']) {
      const wrong = await c.get(`/api/v1/reports/receivables?asOf=${bad}`, { 'accept-language': 'en' });
      expect(wrong.statusCode, bad).toBe(400);
      expect(wrong.body).toContain('Enter a valid date');
    }
  });

  it('fills the dashboard from the same rows: this month against the last, cash, VAT, lists', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const who = await client(c, 5);
    const lastMonth = monthRange(today, -1).from;
    // Last month 1,220.00 due at once (now overdue, 200.00 paid today); this month 610.00 due in 30 days.
    const late = await issued(c, who, [line(100_000, 22)], { issueDate: lastMonth, dueDate: lastMonth });
    await issued(c, who, [line(50_000, 22)], { issueDate: today, dueDate: addDays(today, 30) });
    const payment = await c.post(`/api/v1/invoices/${late.id}/payments`, {
      paidOn: today,
      amountCents: 20_000,
      method: 'bank_transfer',
    });
    expect(payment.statusCode, payment.body).toBe(200);
    for (const [direction, amount] of [
      ['income', '500,00'],
      ['expense', '100,00'],
    ]) {
      const res = await c.post('/api/v1/transactions', { occurredOn: today, direction, amount });
      expect(res.statusCode, res.body).toBe(201);
    }
    const item = await c.post(
      '/api/v1/inventory',
      itemInput({ name: 'Pastiglie freno', lowStockThreshold: '5' }),
    );
    expect(item.statusCode, item.body).toBe(201);

    const res = await c.get('/api/v1/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TDashboard;
    expect(d.today).toBe(today);
    expect(d.period).toEqual(monthRange(today));
    expect(d.invoiced).toEqual({ current: 61_000, previous: 122_000 });
    expect(d.collected).toEqual({ current: 20_000, previous: 0 });
    expect(d.outstandingCents).toBe(102_000 + 61_000);
    expect(d.overdue).toEqual({ cents: 102_000, count: 1 });
    // The payment is in the ledger too: 200.00 + 500.00 − 100.00.
    expect(d.cashBalanceCents).toBe(60_000);
    expect(d.vatEstimate.cents).toBe(11_000);
    expect(d.quotesAwaiting).toEqual({ count: 0, totalCents: 0 });
    expect(d.months).toHaveLength(12);
    expect(d.months.at(-1)).toEqual({
      month: today.slice(0, 7),
      invoicedCents: 61_000,
      collectedCents: 20_000,
      incomeCents: 70_000,
      expenseCents: 10_000,
    });
    expect(d.months.at(-2)).toMatchObject({ month: lastMonth.slice(0, 7), invoicedCents: 122_000 });
    expect(d.overdueInvoices).toEqual([
      expect.objectContaining({ id: late.id, outstandingCents: 102_000, dueDate: lastMonth }),
    ]);
    expect(d.lowStock.map((i) => i.name)).toEqual(['Pastiglie freno']);

    const year = (await c.get('/api/v1/dashboard?period=year')).json() as TDashboard;
    expect(year.invoiced.current).toBe(today.slice(0, 4) === lastMonth.slice(0, 4) ? 183_000 : 61_000);
    expect((await c.get('/api/v1/dashboard?period=week')).statusCode).toBe(400);

    // A viewer sees the figures; another organization sees none of them.
    const stranger = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const empty = (await stranger.get('/api/v1/dashboard')).json() as TDashboard;
    expect(empty).toMatchObject({
      outstandingCents: 0,
      cashBalanceCents: 0,
      overdueInvoices: [],
      lowStock: [],
    });
    const viewer = api(t.app, (await createSignedInUserWithOrg(t.app, { role: 'viewer' })).cookie);
    expect((await viewer.get('/api/v1/dashboard')).statusCode).toBe(200);
  });
});
