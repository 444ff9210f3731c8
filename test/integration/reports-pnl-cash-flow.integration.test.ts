import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { formatDate } from '@shared/format/format.ts';
import type { TInvoice, TInvoicePage } from '@shared/invoicing/contracts.ts';
import type { TCashFlow } from '@shared/reports/cash-flow-contracts.ts';
import type { TSalesRegister } from '@shared/reports/contracts.ts';
import { monthRange } from '@shared/reports/periods.ts';
import type { TProfitAndLoss } from '@shared/reports/profit-and-loss-contracts.ts';
import { isoDate, nextWorkingDay } from '@shared/reports/tax-calendar.ts';
import type { TTransactionCategory, TTransactionPage } from '@shared/transactions/contracts.ts';
import { readXlsx } from '@server/modules/imports/spreadsheets.ts';
import { invoiceInput, itemInput, lineInput, type LineBody } from '@server/seed/factories.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { addCompanyClient, completeProfile } from '../helpers/business.ts';

type Api = ReturnType<typeof api>;

/**
 * Profit and loss and cash flow over last month and this month, on figures computed by hand:
 *
 * Items: A (category Filtri), B (category Lubrificanti).
 * Invoices (22% VAT):
 *   1. first day of last month, due yesterday: A 2 × 500.00, B 800.00 − 10%, a line without item 300.00
 *      → taxable 2,020.00, VAT 444.40, total 2,464.40; 100.00 paid today.
 *   2. today, due in 30 days: A 500.00, B 3 × 200.00 → 1,100.00 + 242.00 = 1,342.00.
 *   CN. today, credit note on 1: B 200.00 → −200.00 − 44.00 (2,464.40 − 100.00 − 244.00 = 2,120.40 still open).
 *   3. today, due in 10 days, pension fund 4%: a line 1,000.00 + 40.00 contribution → 1,040.00 + 228.80.
 *   4. today, due in 100 days (past the forecast): a line 100.00 + 22.00.
 * Ledger: 1,000.00 income two months ago (before the range); last month: income 300.00 Servizi, expense
 *   500.00 Affitto; today: expense 120.00 Utenze, income 50.00 with no category, the 100.00 payment (Vendite).
 */
describe.each(DATABASES)('Profit and loss and cash flow on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const today = isoDateIn('Europe/Rome');
  const last = monthRange(today, -1);
  const range = { from: last.from, to: monthRange(today).to };
  const query = `from=${range.from}&to=${range.to}`;

  async function item(c: Api, name: string, category: string) {
    const res = await c.post('/api/v1/inventory', itemInput({ name, category, kind: 'service' }));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  async function issue(c: Api, id: string) {
    const res = await c.post(`/api/v1/invoices/${id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TInvoice;
  }

  async function issued(c: Api, body: Parameters<typeof invoiceInput>[0]) {
    const draft = await c.post('/api/v1/invoices', invoiceInput(body));
    expect(draft.statusCode, draft.body).toBe(201);
    return issue(c, (draft.json() as TInvoice).id);
  }

  const line = (unitPriceCents: number, extra: Partial<LineBody> = {}) =>
    lineInput({ description: 'Lavorazione', unitPriceCents, ...extra });

  async function categories(c: Api) {
    const res = await c.get('/api/v1/transactions/categories');
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as { items: TTransactionCategory[] }).items;
    return (name: string) => list.find((cat) => cat.name === name)!.id;
  }

  async function entry(c: Api, occurredOn: string, direction: string, amount: string, categoryId?: string) {
    const res = await c.post('/api/v1/transactions', {
      occurredOn,
      direction,
      amount,
      ...(categoryId ? { categoryId } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** The business of the description above; returns what the assertions need. */
  async function business(c: Api) {
    await completeProfile(c);
    const who = await addCompanyClient(c, 1);
    const [a, b] = [await item(c, 'Filtro olio', 'Filtri'), await item(c, 'Olio motore', 'Lubrificanti')];
    const first = await issued(c, {
      clientId: who,
      issueDate: last.from,
      dueDate: addDays(today, -1),
      lines: [
        line(50_000, { itemId: a, quantity: '2' }),
        line(80_000, { itemId: b, discountPercent: '10' }),
        line(30_000),
      ],
    });
    const second = await issued(c, {
      clientId: who,
      dueDate: addDays(today, 30),
      lines: [line(50_000, { itemId: a }), line(20_000, { itemId: b, quantity: '3' })],
    });
    const note = await c.post(`/api/v1/invoices/${first.id}/credit-note`);
    expect(note.statusCode, note.body).toBe(201);
    const noteId = (note.json() as TInvoice).id;
    const edited = await c.put(
      `/api/v1/invoices/${noteId}`,
      invoiceInput({
        documentType: 'TD04',
        relatedInvoiceId: first.id,
        clientId: who,
        lines: [line(20_000, { itemId: b })],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await issue(c, noteId);
    const pension = await issued(c, {
      clientId: who,
      dueDate: addDays(today, 10),
      lines: [line(100_000)],
      pensionFund: { type: 'TC22', ratePercent: '4' },
    });
    expect(pension.totals).toMatchObject({
      pensionFundCents: 4_000,
      taxableCents: 104_000,
      totalCents: 126_880,
    });
    await issued(c, { clientId: who, dueDate: addDays(today, 100), lines: [line(10_000)] });
    // A draft counts for nothing.
    expect(
      (await c.post('/api/v1/invoices', invoiceInput({ clientId: who, lines: [line(99_900)] }))).statusCode,
    ).toBe(201);
    // The ledger's default categories exist from its first use; a payment then goes under Vendite.
    const category = await categories(c);
    const paid = await c.post(`/api/v1/invoices/${first.id}/payments`, {
      paidOn: today,
      amountCents: 10_000,
      method: 'bank_transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await entry(c, monthRange(today, -2).from, 'income', '1000,00', category('Altri ricavi'));
    await entry(c, last.from, 'income', '300,00', category('Servizi'));
    await entry(c, last.from, 'expense', '500,00', category('Affitto'));
    await entry(c, today, 'expense', '120,00', category('Utenze'));
    await entry(c, today, 'income', '50,00');
    return { first, second, pension, category };
  }

  /** Another business with the same categories: nothing of it may show in the first one's reports. */
  async function stranger() {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    await completeProfile(c);
    const who = await addCompanyClient(c, 9);
    const a = await item(c, 'Filtro aria', 'Filtri');
    await issued(c, { clientId: who, dueDate: addDays(today, 3), lines: [line(777_700, { itemId: a })] });
    await entry(c, today, 'income', '999,00', (await categories(c))('Servizi'));
    return c;
  }

  it('adds up the profit and loss on both bases by month, against the previous range', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const { category } = await business(c);
    const other = await stranger();

    const res = await c.get(`/api/v1/reports/profit-and-loss?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const pnl = res.json() as TProfitAndLoss;
    expect(pnl.months).toEqual([
      { month: last.from.slice(0, 7), ...last },
      { month: today.slice(0, 7), ...monthRange(today) },
    ]);
    expect(pnl.accrual.revenue).toEqual([
      { kind: 'category', category: 'Filtri', months: [100_000, 50_000], totalCents: 150_000 },
      { kind: 'category', category: 'Lubrificanti', months: [72_000, 40_000], totalCents: 112_000 },
      { kind: 'uncategorised', category: null, months: [30_000, 110_000], totalCents: 140_000 },
      { kind: 'pensionFund', category: null, months: [0, 4_000], totalCents: 4_000 },
    ]);
    expect(pnl.accrual).toMatchObject({
      revenueMonths: [202_000, 204_000],
      revenueCents: 406_000,
      documents: 5,
      costs: [],
      costCents: 0,
      purchaseDocuments: 0,
      resultMonths: [202_000, 204_000],
      resultCents: 406_000,
    });
    expect(pnl.cash.income).toEqual([
      {
        categoryId: category('Servizi'),
        name: 'Servizi',
        isDefault: true,
        months: [30_000, 0],
        totalCents: 30_000,
        entries: 1,
      },
      {
        categoryId: category('Vendite'),
        name: 'Vendite',
        isDefault: true,
        months: [0, 10_000],
        totalCents: 10_000,
        entries: 1,
      },
      { categoryId: null, name: null, isDefault: false, months: [0, 5_000], totalCents: 5_000, entries: 1 },
    ]);
    expect(pnl.cash.expenses).toEqual([
      {
        categoryId: category('Affitto'),
        name: 'Affitto',
        isDefault: true,
        months: [50_000, 0],
        totalCents: 50_000,
        entries: 1,
      },
      {
        categoryId: category('Utenze'),
        name: 'Utenze',
        isDefault: true,
        months: [0, 12_000],
        totalCents: 12_000,
        entries: 1,
      },
    ]);
    expect(pnl.cash).toMatchObject({
      incomeMonths: [30_000, 15_000],
      expenseMonths: [50_000, 12_000],
      netMonths: [-20_000, 3_000],
      incomeCents: 45_000,
      expenseCents: 62_000,
      netCents: -17_000,
      entries: 5,
    });
    // The totals are the sums of the rows, month by month and overall.
    const sumRows = (rows: { months: number[]; totalCents: number }[]) => ({
      months: pnl.months.map((_, i) => rows.reduce((s, r) => s + r.months[i]!, 0)),
      total: rows.reduce((s, r) => s + r.totalCents, 0),
    });
    expect(sumRows(pnl.accrual.revenue)).toEqual({
      months: pnl.accrual.revenueMonths,
      total: pnl.accrual.revenueCents,
    });
    expect(sumRows(pnl.cash.income)).toEqual({ months: pnl.cash.incomeMonths, total: pnl.cash.incomeCents });
    expect(sumRows(pnl.cash.expenses)).toEqual({
      months: pnl.cash.expenseMonths,
      total: pnl.cash.expenseCents,
    });
    // The previous range (the two months before) holds only the 1,000.00 income.
    expect(pnl.previous).toEqual({
      from: monthRange(today, -3).from,
      to: monthRange(today, -2).to,
      revenueCents: 0,
      costCents: 0,
      resultCents: 0,
      incomeCents: 100_000,
      expenseCents: 0,
      netCents: 100_000,
    });

    // Drill-down, accrual: a month's revenue is the taxable amount of that month's sales register.
    for (const [i, month] of pnl.months.entries()) {
      const register = (
        await c.get(`/api/v1/reports/sales-register?from=${month.from}&to=${month.to}`)
      ).json() as TSalesRegister;
      expect(register.totals.taxableCents).toBe(pnl.accrual.revenueMonths[i]);
    }
    // Drill-down, cash: a category's month lists exactly its entries in the ledger.
    const cell = pnl.cash.expenses[0]!;
    const ledger = (
      await c.get(
        `/api/v1/transactions?from=${last.from}&to=${last.to}&categoryId=${cell.categoryId}&direction=expense`,
      )
    ).json() as TTransactionPage;
    expect(ledger.items.map((e) => e.amountCents)).toEqual([50_000]);
    expect(ledger.totals.expenseCents).toBe(cell.months[0]);

    // Another organization sees only its own.
    const theirs = (await other.get(`/api/v1/reports/profit-and-loss?${query}`)).json() as TProfitAndLoss;
    expect(theirs.accrual.revenue).toEqual([
      { kind: 'category', category: 'Filtri', months: [0, 777_700], totalCents: 777_700 },
    ]);
    expect(theirs.cash.incomeCents).toBe(99_900);

    // The export: one row per item, a column per month, in the reader's language.
    const file = await c.get(`/api/v1/reports/profit-and-loss/export?${query}&format=xlsx`, {
      'accept-language': 'it',
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain(`conto-economico-${range.from}-${range.to}.xlsx`);
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.headers.slice(0, 3)).toEqual(['Principio', 'Sezione', 'Voce']);
    expect(sheet.headers.at(-1)).toBe('Totale');
    const row = (item: string) =>
      sheet.rows
        .find((r) => r[2] === item)!
        .slice(3)
        .map(Number);
    expect(row('Filtri')).toEqual([1000, 500, 1500]);
    expect(row('Totale ricavi')).toEqual([2020, 2040, 4060]);
    expect(row('Affitto')).toEqual([500, 0, 500]);
    expect(row('Saldo di cassa')).toEqual([-200, 30, -170]);
    const csv = await c.get(`/api/v1/reports/profit-and-loss/export?${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Accrual basis,Revenue,Total revenue,2020.00,2040.00,4060.00');
    expect(csv.body).toContain('Cash basis,Expenses,Rent,500.00,0.00,500.00');
    // The PDF (issue 14): the business and the range in its heading, the totals among its rows.
    const pdf = await c.get(`/api/v1/reports/profit-and-loss/export?${query}&format=pdf`, {
      'accept-language': 'it',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`conto-economico-${range.from}-${range.to}.pdf`);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Officina Rossi S.r.l.');
    expect(text).toContain(`Dal ${formatDate(range.from, 'it-IT')} al ${formatDate(range.to, 'it-IT')}`);
    expect(text).toContain('Totale ricavi');
    expect(text).toContain('4.060,00 €');
  });

  it('follows the cash by month and forecasts 90 days from due dates and VAT deadlines', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const { second, pension } = await business(c);
    const other = await stranger();

    const res = await c.get(`/api/v1/reports/cash-flow?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const flow = res.json() as TCashFlow;
    expect(flow.actual).toEqual({
      openingBalanceCents: 100_000,
      months: [
        {
          month: last.from.slice(0, 7),
          ...last,
          incomeCents: 30_000,
          expenseCents: 50_000,
          netCents: -20_000,
          balanceCents: 80_000,
        },
        {
          month: today.slice(0, 7),
          ...monthRange(today),
          incomeCents: 15_000,
          expenseCents: 12_000,
          netCents: 3_000,
          balanceCents: 83_000,
        },
      ],
      incomeCents: 45_000,
      expenseCents: 62_000,
      netCents: -17_000,
      closingBalanceCents: 83_000,
      entries: 5,
    });
    expect(flow.previous).toMatchObject({ incomeCents: 100_000, expenseCents: 0, netCents: 100_000 });

    const f = flow.forecast;
    expect(f.today).toBe(today);
    expect(f.to).toBe(addDays(today, 89));
    expect(f.startingBalanceCents).toBe(83_000);
    expect(f.weeks).toHaveLength(13);
    expect(f.weeks[0]).toMatchObject({ from: today, to: addDays(today, 6) });
    // Invoice 3 is due in 10 days (week 2), invoice 2 in 30 (week 5); invoice 4 is past the horizon.
    expect(f.weeks.map((w) => w.receiptsCents)).toEqual([0, 126_880, 0, 0, 134_200, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(f.weeks.map((w) => w.invoices)).toEqual([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(f.overdue).toEqual({ cents: 212_040, invoices: 1 });
    // No purchase invoice: nothing to pay suppliers.
    expect(f.payablesCents).toBe(0);
    expect(f.overduePayables).toEqual({ cents: 0, installments: 0 });
    expect(f.forfettario).toBe(false);
    // VAT, monthly: last month's 444.40 on the 16th of this month (if still ahead), this month's
    // 242.00 + 228.80 + 22.00 − 44.00 = 448.80 on the 16th of next month.
    const lastDue = nextWorkingDay(isoDate(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 16));
    const next = monthRange(today, 1).from;
    const nextDue = nextWorkingDay(isoDate(Number(next.slice(0, 4)), Number(next.slice(5, 7)), 16));
    const month = (day: string) => Number(day.slice(5, 7));
    expect(f.vatPayments).toEqual([
      ...(lastDue >= today
        ? [
            {
              dueDate: lastDue,
              taxCode: `60${last.from.slice(5, 7)}`,
              cents: 44_440,
              kind: 'settlement',
              year: Number(last.from.slice(0, 4)),
              period: month(last.from),
            },
          ]
        : []),
      {
        dueDate: nextDue,
        taxCode: `60${today.slice(5, 7)}`,
        cents: 44_880,
        kind: 'settlement',
        year: Number(today.slice(0, 4)),
        period: month(today),
      },
    ]);
    const vatTotal = 44_880 + (lastDue >= today ? 44_440 : 0);
    // Totals are the sums of the weeks; the balance runs from today's.
    expect(f.receiptsCents).toBe(f.weeks.reduce((s, w) => s + w.receiptsCents, 0));
    expect(f.vatCents).toBe(f.weeks.reduce((s, w) => s + w.vatCents, 0));
    expect(f).toMatchObject({ receiptsCents: 261_080, vatCents: vatTotal, netCents: 261_080 - vatTotal });
    expect(f.weeks.at(-1)!.balanceCents).toBe(83_000 + 261_080 - vatTotal);
    expect(f.endingBalanceCents).toBe(f.weeks.at(-1)!.balanceCents);
    const weekOfNextDue = f.weeks.find((w) => w.from <= nextDue && nextDue <= w.to)!;
    expect(weekOfNextDue.vatCents).toBeGreaterThanOrEqual(44_880);
    // Totals of the actual months are the sums of the months.
    expect(flow.actual.incomeCents).toBe(flow.actual.months.reduce((s, m) => s + m.incomeCents, 0));
    expect(flow.actual.expenseCents).toBe(flow.actual.months.reduce((s, m) => s + m.expenseCents, 0));

    // Drill-down: a week's receipts are exactly the open invoices the list shows due that week.
    for (const [week, invoice] of [
      [f.weeks[1]!, pension],
      [f.weeks[4]!, second],
    ] as const) {
      const list = (
        await c.get(`/api/v1/invoices?dueFrom=${week.from}&dueTo=${week.to}&open=true`)
      ).json() as TInvoicePage;
      expect(list.items.map((i) => i.id)).toEqual([invoice.id]);
      expect(list.items.reduce((s, i) => s + i.outstandingCents, 0)).toBe(week.receiptsCents);
    }
    const overdueList = (await c.get(`/api/v1/invoices?status=overdue`)).json() as TInvoicePage;
    expect(overdueList.items.reduce((s, i) => s + i.outstandingCents, 0)).toBe(f.overdue.cents);
    expect((await c.get('/api/v1/invoices?dueFrom=2026-02-30')).statusCode).toBe(400);

    // Another organization: its own invoice and entry only.
    const theirs = (await other.get(`/api/v1/reports/cash-flow?${query}`)).json() as TCashFlow;
    expect(theirs.actual.closingBalanceCents).toBe(99_900);
    expect(theirs.forecast.receiptsCents).toBe(948_794);
    expect(theirs.forecast.overdue).toEqual({ cents: 0, invoices: 0 });

    const file = await c.get(`/api/v1/reports/cash-flow/export?${query}&format=xlsx`, {
      'accept-language': 'it',
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain(`flussi-di-cassa-${range.from}-${range.to}.xlsx`);
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet.headers).toEqual([
      'Sezione',
      'Periodo',
      'Dal',
      'Al',
      'Entrate / incassi',
      'Uscite / versamenti',
      'Netto',
      'Saldo',
    ]);
    // … then the overdue receivables and the overdue supplier payments (none here).
    expect(sheet.rows).toHaveLength(1 + 2 + 1 + 13 + 1 + 1);
    expect(Number(sheet.rows[2]![7])).toBe(830);
    expect(Number(sheet.rows.at(-2)![4])).toBe(2120.4);
    expect(Number(sheet.rows.at(-1)![5])).toBe(0);
    // The PDF's last row: the totals of the range (its expenses and net are in no other row).
    const pdf = await c.get(`/api/v1/reports/cash-flow/export?${query}&format=pdf`, {
      'accept-language': 'it',
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Officina Rossi S.r.l.');
    expect(text).toContain('620,00 €');
    expect(text).toContain('-170,00 €');
  });

  it('refuses a bad range with a translated 400, and members without access to reports', async () => {
    const c = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    for (const path of ['profit-and-loss', 'cash-flow']) {
      for (const bad of [
        `from=${range.to}&to=${range.from}`,
        `from=2025-01-01&to=2026-06-30`,
        'from=x&to=y',
        '',
      ]) {
        const res = await c.get(`/api/v1/reports/${path}?${bad}`, { 'accept-language': 'it' });
        expect(res.statusCode, `${path}?${bad}`).toBe(400);
        expect(res.json()).toMatchObject({
          error: { code: expect.any(String), message: expect.any(String) },
        });
      }
      expect((await c.get(`/api/v1/reports/${path}/export?${query}&format=doc`)).statusCode).toBe(400);
      const viewer = api(t.app, (await createSignedInUserWithOrg(t.app, { role: 'viewer' })).cookie);
      expect((await viewer.get(`/api/v1/reports/${path}?${query}`)).statusCode).toBe(403);
      expect((await viewer.get(`/api/v1/reports/${path}/export?${query}`)).statusCode).toBe(403);
    }
    const reversed = await c.get(`/api/v1/reports/cash-flow?from=${range.to}&to=${range.from}`, {
      'accept-language': 'it',
    });
    expect(reversed.json()).toMatchObject({
      error: { details: [{ path: 'to', message: 'La data finale non può precedere quella iniziale' }] },
    });
  });
});
