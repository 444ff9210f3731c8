import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '@server/db/schema/clients.ts';
import { transactions } from '@server/db/schema/transactions.ts';
import { guessBankMapping } from '@shared/imports/mapping.ts';
import { DEFAULT_CATEGORIES } from '@shared/transactions/contracts.ts';
import type { TBankImportPreview, TBankImportResult } from '@shared/transactions/bank-import.ts';
import type { TTransaction, TTransactionCategory, TTransactionPage } from '@shared/transactions/contracts.ts';
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
import { seedTransactionsDemo } from '@server/seed/transactions-demo.ts';

type Client = ReturnType<typeof api>;

/** A realistic Italian bank export: semicolons, Dare/Avere, day-first dates, thousands dots, decimal commas. */
const STATEMENT = [
  'Data operazione;Data valuta;Descrizione;Dare;Avere',
  '31/12/2026;02/01/2027;BONIFICO A VOSTRO FAVORE DA ROSSI COSTRUZIONI SRL FATT. 112/2026;;1.234,56',
  '30/12/2026;30/12/2026;PAGAMENTO POS DISTRIBUTORE Q8 FORLI;45,90;',
  '29/12/2026;29/12/2026;PAGAMENTO POS BAR CENTRALE;1,50;',
  '29/12/2026;29/12/2026;PAGAMENTO POS BAR CENTRALE;1,50;',
  '28/12/2026;28/12/2026;ADDEBITO SDD ENEL ENERGIA FATTURA DICEMBRE;312,40;',
  '31/02/2026;01/03/2026;RIGA CON DATA SBAGLIATA;10,00;',
  '27/12/2026;27/12/2026;F24 IMPOSTE E CONTRIBUTI;2.450,00;',
].join('\n');

/** A later statement overlapping the first one on two lines, with two new ones. */
const OVERLAPPING = [
  'Data operazione;Data valuta;Descrizione;Dare;Avere',
  '05/01/2027;05/01/2027;BONIFICO A VOSTRO FAVORE DA BIANCHI MACCHINE AGRICOLE;;3.050,00',
  '04/01/2027;04/01/2027;COMMISSIONI TENUTA CONTO;12,00;',
  '31/12/2026;02/01/2027;BONIFICO A VOSTRO FAVORE DA ROSSI COSTRUZIONI SRL FATT. 112/2026;;1.234,56',
  '30/12/2026;30/12/2026;PAGAMENTO POS DISTRIBUTORE Q8 FORLI;45,90;',
].join('\n');

describe.each(DATABASES)('transactions on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  let c: Client;
  let categories: TTransactionCategory[];
  const category = (name: string) => categories.find((x) => x.name === name)!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUserWithOrg(t.app);
    c = api(t.app, owner.cookie);
    categories = (await c.get('/api/v1/transactions/categories')).json().items;
  });
  afterAll(() => t.close());

  const db = () => t.app.services.database.db;
  async function insertClient(orgId: string, companyName: string) {
    const [row] = await db()
      .insert(clients)
      .values({ organizationId: orgId, companyName, type: 'company' })
      .returning({ id: clients.id });
    return row!.id;
  }
  async function freshOrg() {
    const user = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, user.cookie);
    const cats = (await client.get('/api/v1/transactions/categories')).json().items as TTransactionCategory[];
    return { user, client, cat: (name: string) => cats.find((x) => x.name === name)! };
  }
  async function parse(cookie: string, csv: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports/parse',
      headers: { origin: ORIGIN, cookie, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { headers: string[]; rows: string[][] };
  }

  describe('categories', () => {
    it('creates the Italian defaults once, on first use, even when asked twice at once', async () => {
      expect(categories.map((x) => `${x.direction}:${x.name}`).sort()).toEqual(
        DEFAULT_CATEGORIES.map((x) => `${x.direction}:${x.name}`).sort(),
      );
      expect(categories.every((x) => x.isDefault)).toBe(true);
      const other = await createSignedInUserWithOrg(t.app);
      const client = api(t.app, other.cookie);
      const [a, b] = await Promise.all([
        client.get('/api/v1/transactions/categories'),
        client.get('/api/v1/transactions/categories'),
      ]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      const again = await client.get('/api/v1/transactions/categories');
      expect(again.json().items).toHaveLength(DEFAULT_CATEGORIES.length);
    });

    it('adds, renames and deletes a category; names are unique per direction in any case', async () => {
      const created = await c.post('/api/v1/transactions/categories', {
        name: ' Fiere ',
        direction: 'expense',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Fiere', direction: 'expense', isDefault: false });
      const id = created.json().id as string;

      const duplicate = await c.post('/api/v1/transactions/categories', {
        name: 'FIERE',
        direction: 'expense',
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error.code).toBe('ALREADY_EXISTS');
      // The same name for the other direction is another category.
      const income = await c.post('/api/v1/transactions/categories', { name: 'Fiere', direction: 'income' });
      expect(income.statusCode).toBe(201);

      const renamed = await c.put(`/api/v1/transactions/categories/${id}`, {
        name: 'Fiere e congressi',
        direction: 'expense',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().name).toBe('Fiere e congressi');
      const clash = await c.put(`/api/v1/transactions/categories/${id}`, {
        name: 'affitto',
        direction: 'expense',
      });
      expect(clash.statusCode).toBe(409);

      expect((await c.del(`/api/v1/transactions/categories/${id}`)).statusCode).toBe(204);
      expect((await c.del(`/api/v1/transactions/categories/${id}`)).statusCode).toBe(404);
      expect((await c.del(`/api/v1/transactions/categories/${income.json().id}`)).statusCode).toBe(204);
    });

    it('a renamed default shows as written; an empty name is refused with its message', async () => {
      const { client, cat } = await freshOrg();
      const res = await client.put(`/api/v1/transactions/categories/${cat('Marketing').id}`, {
        name: 'Pubblicità',
        direction: 'expense',
      });
      expect(res.json()).toMatchObject({ name: 'Pubblicità', isDefault: false });
      const empty = await client.post(
        '/api/v1/transactions/categories',
        { name: '  ', direction: 'expense' },
        { 'accept-language': 'it' },
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.details).toEqual([
        {
          path: 'name',
          key: 'transactions.errors.categoryNameRequired',
          message: 'Il nome della categoria è obbligatorio',
        },
      ]);
    });

    it('a category in use cannot be deleted (409 IN_USE) nor change direction', async () => {
      const { client, cat } = await freshOrg();
      const rent = cat('Affitto');
      const entry = await client.post('/api/v1/transactions', {
        occurredOn: '2026-11-02',
        direction: 'expense',
        amount: '1.200,00',
        categoryId: rent.id,
      });
      expect(entry.statusCode).toBe(201);
      const del = await client.del(`/api/v1/transactions/categories/${rent.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().error).toEqual({ code: 'IN_USE', message: 'Cannot delete: item is in use' });
      const flip = await client.put(`/api/v1/transactions/categories/${rent.id}`, {
        name: 'Affitto',
        direction: 'income',
      });
      expect(flip.statusCode).toBe(400);
      expect(flip.json().error.details[0]).toMatchObject({
        path: 'direction',
        key: 'transactions.errors.categoryDirectionInUse',
      });
      // Without entries the category can be deleted.
      expect((await client.del(`/api/v1/transactions/${entry.json().id}`)).statusCode).toBe(204);
      expect((await client.del(`/api/v1/transactions/categories/${rent.id}`)).statusCode).toBe(204);
    });
  });

  describe('entries', () => {
    it('records, reads, replaces and deletes an entry', async () => {
      const clientId = await insertClient(owner.organizationId, 'Rossi Costruzioni S.r.l.');
      const created = await c.post('/api/v1/transactions', {
        occurredOn: '2026-10-15',
        direction: 'income',
        amount: '1.220,00',
        vatAmount: '220,00',
        categoryId: category('Vendite').id,
        clientId,
        paymentMethod: 'riba',
        description: '  Fattura 98/2026  ',
      });
      expect(created.statusCode, created.body).toBe(201);
      const entry = created.json() as TTransaction;
      expect(entry).toMatchObject({
        occurredOn: '2026-10-15',
        direction: 'income',
        amountCents: 122000,
        vatAmountCents: 22000,
        categoryName: 'Vendite',
        clientId,
        clientName: 'Rossi Costruzioni S.r.l.',
        paymentMethod: 'riba',
        description: 'Fattura 98/2026',
        invoiceId: null,
        imported: false,
      });

      expect((await c.get(`/api/v1/transactions/${entry.id}`)).json()).toEqual(entry);

      const replaced = await c.put(`/api/v1/transactions/${entry.id}`, {
        occurredOn: '2026-10-16',
        direction: 'expense',
        amount: 45.9,
        categoryId: category('Carburante').id,
        paymentMethod: 'card',
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toMatchObject({
        occurredOn: '2026-10-16',
        direction: 'expense',
        amountCents: 4590,
        vatAmountCents: null,
        categoryName: 'Carburante',
        clientId: null,
        description: null,
        paymentMethod: 'card',
      });

      expect((await c.del(`/api/v1/transactions/${entry.id}`)).statusCode).toBe(204);
      expect((await c.get(`/api/v1/transactions/${entry.id}`)).statusCode).toBe(404);
      expect((await c.del(`/api/v1/transactions/${entry.id}`)).statusCode).toBe(404);
      expect((await c.get('/api/v1/transactions/not-an-id')).statusCode).toBe(404);
    });

    it('explains each bad field in the caller language', async () => {
      const res = await c.post(
        '/api/v1/transactions',
        {
          occurredOn: '31/12/2026',
          direction: 'transfer',
          amount: '12,505',
          vatAmount: 'IVA',
          paymentMethod: 'bitcoin',
        },
        { 'accept-language': 'it' },
      );
      expect(res.statusCode).toBe(400);
      const byPath = Object.fromEntries(
        (res.json().error.details as { path: string; key: string; message: string }[]).map((d) => [
          d.path,
          d,
        ]),
      );
      expect(byPath.occurredOn).toMatchObject({
        key: 'transactions.errors.dateInvalid',
        message: 'Inserisci una data valida',
      });
      expect(byPath.direction?.key).toBe('transactions.errors.directionInvalid');
      expect(byPath.amount?.key).toBe('transactions.errors.amountInvalid');
      expect(byPath.vatAmount?.key).toBe('transactions.errors.vatInvalid');
      expect(byPath.paymentMethod?.key).toBe('transactions.errors.paymentMethodInvalid');

      const zero = await c.post('/api/v1/transactions', {
        occurredOn: '2026-01-31',
        direction: 'expense',
        amount: '0',
      });
      expect(zero.json().error.details).toEqual([
        {
          path: 'amount',
          key: 'transactions.errors.amountPositive',
          message: 'The amount must be greater than zero',
        },
      ]);
      const vat = await c.post('/api/v1/transactions', {
        occurredOn: '2026-01-31',
        direction: 'expense',
        amount: '100,00',
        vatAmount: '122,00',
      });
      expect(vat.json().error.details[0]).toMatchObject({
        path: 'vatAmount',
        key: 'transactions.errors.vatExceedsAmount',
      });
      const range = await c.get('/api/v1/transactions?from=2026-02-01&to=2026-01-01');
      expect(range.statusCode).toBe(400);
      expect(range.json().error.details[0]).toMatchObject({
        path: 'to',
        key: 'transactions.errors.dateRangeInvalid',
      });
    });

    it('needs a category of the same direction, and category and client of the organization', async () => {
      const base = { occurredOn: '2026-03-01', direction: 'expense', amount: '10,00' };
      const mismatch = await c.post('/api/v1/transactions', { ...base, categoryId: category('Vendite').id });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.details).toEqual([
        {
          path: 'categoryId',
          key: 'transactions.errors.categoryDirectionMismatch',
          message: 'This category is for the other direction (income/expense)',
        },
      ]);
      const other = await freshOrg();
      const foreignCategory = await c.post('/api/v1/transactions', {
        ...base,
        categoryId: other.cat('Affitto').id,
      });
      expect(foreignCategory.statusCode).toBe(404);
      const foreignClient = await insertClient(other.user.organizationId, 'Cliente di un altro');
      const res = await c.post('/api/v1/transactions', { ...base, clientId: foreignClient });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Item not found' } });
      const unknown = await c.post('/api/v1/transactions', {
        ...base,
        clientId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
      // A valid entry can not be moved onto a foreign client either.
      const ok = await c.post('/api/v1/transactions', base);
      const put = await c.put(`/api/v1/transactions/${ok.json().id}`, { ...base, clientId: foreignClient });
      expect(put.statusCode).toBe(404);
      await c.del(`/api/v1/transactions/${ok.json().id}`);
    });
  });

  describe('list, filters and totals', () => {
    let org: Awaited<ReturnType<typeof freshOrg>>;
    let bianchi: string;
    beforeAll(async () => {
      org = await freshOrg();
      bianchi = await insertClient(org.user.organizationId, 'Bianchi Macchine Agricole');
      // 13 incomes of 100,00 € (January) and 12 expenses of 45,90 € (February): 25 entries, 3 pages.
      for (let i = 1; i <= 13; i++) {
        const res = await org.client.post('/api/v1/transactions', {
          occurredOn: `2026-01-${String(i).padStart(2, '0')}`,
          direction: 'income',
          amount: '100,00',
          categoryId: org.cat('Servizi').id,
          clientId: i === 7 ? bianchi : null,
          description: `Riparazione trattore n. ${i}`,
        });
        expect(res.statusCode).toBe(201);
      }
      for (let i = 1; i <= 12; i++) {
        await org.client.post('/api/v1/transactions', {
          occurredOn: `2026-02-${String(i).padStart(2, '0')}`,
          direction: 'expense',
          amount: '45,90',
          categoryId: org.cat('Carburante').id,
          description: i === 3 ? 'Gasolio furgone – 100% Q8' : 'Gasolio furgone',
        });
      }
    });

    const list = async (query = '') => {
      const res = await org.client.get(`/api/v1/transactions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TTransactionPage;
    };

    it('answers pages of 10, newest first, with the totals of the whole range on every page', async () => {
      const first = await list();
      expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      expect(first.items[0]!.occurredOn).toBe('2026-02-12');
      expect(first.items.map((i) => i.occurredOn)).toEqual(
        [...first.items.map((i) => i.occurredOn)].sort().reverse(),
      );
      const totals = { incomeCents: 130000, expenseCents: 55080, balanceCents: 74920 };
      expect(first.totals).toEqual(totals);
      const third = await list('?page=3');
      expect(third.items).toHaveLength(5);
      expect(third.items.at(-1)!.occurredOn).toBe('2026-01-01');
      expect(third.totals).toEqual(totals);
      // Nothing is repeated or lost across the pages.
      const second = await list('?page=2');
      const ids = new Set([...first.items, ...second.items, ...third.items].map((i) => i.id));
      expect(ids.size).toBe(25);
      expect((await list('?page=4')).items).toEqual([]);
    });

    it('filters by date range (inclusive), direction, category, client and text', async () => {
      const range = await list('?from=2026-01-10&to=2026-02-02');
      expect(range.total).toBe(6);
      expect(range.totals).toEqual({ incomeCents: 40000, expenseCents: 9180, balanceCents: 30820 });

      const expenses = await list('?direction=expense');
      expect(expenses.total).toBe(12);
      expect(expenses.totals).toEqual({ incomeCents: 0, expenseCents: 55080, balanceCents: -55080 });
      expect(expenses.items.every((i) => i.direction === 'expense')).toBe(true);

      const services = await list(`?categoryId=${org.cat('Servizi').id}`);
      expect(services.total).toBe(13);

      const byClient = await list(`?clientId=${bianchi}`);
      expect(byClient.items.map((i) => i.description)).toEqual(['Riparazione trattore n. 7']);

      const text = await list('?q=TRATTORE n. 1');
      expect(text.items.map((i) => i.description).sort()).toEqual([
        'Riparazione trattore n. 1',
        'Riparazione trattore n. 10',
        'Riparazione trattore n. 11',
        'Riparazione trattore n. 12',
        'Riparazione trattore n. 13',
      ]);
      const clientName = await list('?q=bianchi');
      expect(clientName.items).toHaveLength(1);
      expect(clientName.items[0]).toMatchObject({
        clientName: 'Bianchi Macchine Agricole',
        clientId: bianchi,
      });
      expect(clientName.totals.incomeCents).toBe(10000);
      // LIKE wildcards in the text are matched literally.
      expect((await list('?q=100%')).total).toBe(1);
      expect((await list('?q=_')).total).toBe(0);

      const combined = await list(`?direction=income&from=2026-01-05&to=2026-01-08&q=trattore`);
      expect(combined.total).toBe(4);
      expect(combined.totals.incomeCents).toBe(40000);
    });

    it('sums income and expenses per month of the filtered range', async () => {
      const res = await org.client.get('/api/v1/transactions/monthly?from=2026-01-01&to=2026-12-31');
      expect(res.json()).toEqual({
        months: [
          { month: '2026-01', incomeCents: 130000, expenseCents: 0 },
          { month: '2026-02', incomeCents: 0, expenseCents: 55080 },
        ],
      });
    });

    it('exports the filtered range to CSV in the caller language', async () => {
      const res = await org.client.get(
        '/api/v1/transactions/export?format=csv&direction=expense&to=2026-02-02',
        {
          'accept-language': 'it-IT,it;q=0.9',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toBe('attachment; filename="movimenti-2026-02-02.csv"');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        'Data;Tipo;Importo;di cui IVA;Categoria;Cliente;Metodo di pagamento;Descrizione;Importato',
      );
      expect(lines.slice(1)).toEqual([
        '2026-02-02;Uscita;45,90;;Carburante;;Bonifico bancario;Gasolio furgone;No',
        '2026-02-01;Uscita;45,90;;Carburante;;Bonifico bancario;Gasolio furgone;No',
      ]);
      const en = await org.client.get('/api/v1/transactions/export?format=csv&clientId=' + bianchi, {
        'accept-language': 'en',
      });
      expect(en.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'Date,Type,Amount,of which VAT,Category,Client,Payment method,Description,Imported',
        '2026-01-07,Income,100.00,,Services,Bianchi Macchine Agricole,Bank transfer,Riparazione trattore n. 7,No',
      ]);
    });

    it('exports the filtered range to XLSX with amounts as numbers', async () => {
      const res = await org.client.get(
        '/api/v1/transactions/export?format=xlsx&from=2026-01-12&to=2026-02-01',
        {
          'accept-language': 'it',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[0]).toEqual([
        'Data',
        'Tipo',
        'Importo',
        'di cui IVA',
        'Categoria',
        'Cliente',
        'Metodo di pagamento',
        'Descrizione',
        'Importato',
      ]);
      expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
        ['2026-02-01', 'Uscita', 45.9],
        ['2026-01-13', 'Entrata', 100],
        ['2026-01-12', 'Entrata', 100],
      ]);
    });
  });

  describe('bank statement import', () => {
    let org: Awaited<ReturnType<typeof freshOrg>>;
    let mapping: ReturnType<typeof guessBankMapping>;
    let file: { headers: string[]; rows: string[][] };
    const parseAs = (csv: string, cookie = org.user.cookie) => parse(cookie, csv);

    beforeAll(async () => {
      org = await freshOrg();
      file = await parseAs(STATEMENT);
      mapping = guessBankMapping(file.headers, file.rows);
    });

    it('guesses the mapping of an Italian Dare/Avere statement', () => {
      expect(file.headers).toEqual(['Data operazione', 'Data valuta', 'Descrizione', 'Dare', 'Avere']);
      // The misdated line ("31/02/2026") keeps the date format from being told for sure: the mapping
      // then reads dates day-first, its default (Italian).
      expect(mapping).toEqual({
        occurredOn: 'Data operazione',
        description: 'Descrizione',
        amountMode: 'debitCredit',
        debitColumn: 'Dare',
        creditColumn: 'Avere',
        numberFormat: 'it',
      });
      expect(guessBankMapping(file.headers, file.rows.slice(0, 5)).dateFormat).toBe('dd/mm/yyyy');
    });

    it('previews every line: read values, errors, and no duplicates on a first import', async () => {
      const res = await org.client.post('/api/v1/transactions/import/preview', { ...file, mapping });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json() as TBankImportPreview;
      expect(preview.summary).toEqual({
        total: 7,
        new: 6,
        duplicates: 0,
        invalid: 1,
        totals: { incomeCents: 123456, expenseCents: 281130, balanceCents: -157674 },
      });
      expect(preview.rows[0]).toMatchObject({
        row: 1,
        line: {
          occurredOn: '2026-12-31',
          direction: 'income',
          amountCents: 123456,
          description: 'BONIFICO A VOSTRO FAVORE DA ROSSI COSTRUZIONI SRL FATT. 112/2026',
        },
        duplicate: false,
        errors: [],
      });
      expect(preview.rows[1]!.line).toMatchObject({ direction: 'expense', amountCents: 4590 });
      // Two identical coffees on the same day are two payments, told apart by their occurrence.
      expect(preview.rows[2]!.fingerprint).not.toBe(preview.rows[3]!.fingerprint);
      expect(preview.rows[5]).toMatchObject({
        row: 6,
        line: null,
        duplicate: false,
        errors: [{ field: 'occurredOn', key: 'imports.errors.dateInvalid' }],
      });
      expect(preview.rows[6]!.line).toMatchObject({ occurredOn: '2026-12-27', amountCents: 245000 });
    });

    it('imports the valid lines with the chosen categories; a re-import adds nothing', async () => {
      const res = await org.client.post('/api/v1/transactions/import', {
        ...file,
        mapping,
        categoryIds: { income: org.cat('Vendite').id, expense: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        total: 7,
        imported: 6,
        duplicates: 0,
        invalid: 1,
      } satisfies TBankImportResult);

      const page = (await org.client.get('/api/v1/transactions?pageSize=20')).json() as TTransactionPage;
      expect(page.total).toBe(6);
      expect(page.totals).toEqual({ incomeCents: 123456, expenseCents: 281130, balanceCents: -157674 });
      expect(page.items.every((i) => i.imported && i.paymentMethod === 'bank_transfer')).toBe(true);
      expect(page.items.find((i) => i.direction === 'income')).toMatchObject({ categoryName: 'Vendite' });
      expect(page.items.find((i) => i.direction === 'expense')).toMatchObject({ categoryId: null });

      const preview = (
        await org.client.post('/api/v1/transactions/import/preview', { ...file, mapping })
      ).json() as TBankImportPreview;
      expect(preview.summary).toMatchObject({ new: 0, duplicates: 6, invalid: 1 });
      expect(preview.rows.filter((r) => r.line).every((r) => r.duplicate)).toBe(true);

      const again = await org.client.post('/api/v1/transactions/import', { ...file, mapping });
      expect(again.json()).toEqual({ total: 7, imported: 0, duplicates: 6, invalid: 1 });
      expect((await org.client.get('/api/v1/transactions')).json().total).toBe(6);
    });

    it('imports only the new lines of an overlapping statement', async () => {
      const next = await parseAs(OVERLAPPING);
      const preview = (
        await org.client.post('/api/v1/transactions/import/preview', { ...next, mapping })
      ).json() as TBankImportPreview;
      expect(preview.rows.map((r) => r.duplicate)).toEqual([false, false, true, true]);
      const res = await org.client.post('/api/v1/transactions/import', { ...next, mapping });
      expect(res.json()).toEqual({ total: 4, imported: 2, duplicates: 2, invalid: 0 });
      const all = (await org.client.get('/api/v1/transactions?pageSize=50')).json() as TTransactionPage;
      expect(all.total).toBe(8);
      expect(all.items[0]).toMatchObject({
        occurredOn: '2027-01-05',
        amountCents: 305000,
        description: 'BONIFICO A VOSTRO FAVORE DA BIANCHI MACCHINE AGRICOLE',
      });
    });

    it('never duplicates when the same statement is imported twice at once', async () => {
      const other = await freshOrg();
      const fresh = await parseAs(STATEMENT, other.user.cookie);
      const [a, b] = await Promise.all([
        other.client.post('/api/v1/transactions/import', { ...fresh, mapping }),
        other.client.post('/api/v1/transactions/import', { ...fresh, mapping }),
      ]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      const results = [a.json(), b.json()] as TBankImportResult[];
      expect(results[0]!.imported + results[1]!.imported).toBe(6);
      expect(results[0]!.duplicates + results[1]!.duplicates).toBe(6);
      const rows = await db()
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.organizationId, other.user.organizationId));
      expect(rows).toHaveLength(6);
    });

    it('reports mapped columns missing from the file and a category of the wrong direction', async () => {
      const res = await org.client.post(
        '/api/v1/transactions/import/preview',
        { ...file, mapping: { ...mapping, debitColumn: 'Uscite' } },
        { 'accept-language': 'it' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          path: 'mapping.debitColumn',
          key: 'imports.errors.columnMissing',
          message: 'Questa colonna non è presente nel file',
        },
      ]);
      const incomplete = await org.client.post('/api/v1/transactions/import/preview', {
        ...file,
        mapping: { occurredOn: 'Data operazione', description: 'Descrizione', amountMode: 'signed' },
      });
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().error.details[0]).toMatchObject({
        path: 'mapping.amountColumn',
        key: 'imports.errors.columnRequired',
      });
      const empty = await org.client.post('/api/v1/transactions/import/preview', {
        ...file,
        rows: [],
        mapping,
      });
      expect(empty.json().error.details[0]).toMatchObject({
        path: 'rows',
        key: 'transactions.errors.importNoRows',
      });
      const wrong = await org.client.post('/api/v1/transactions/import', {
        ...file,
        mapping,
        categoryIds: { income: org.cat('Affitto').id },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.details[0]).toMatchObject({
        path: 'categoryIds.income',
        key: 'transactions.errors.categoryDirectionMismatch',
      });
    });

    it('keeps one saved mapping per bank name', async () => {
      const { client } = await freshOrg();
      expect((await client.get('/api/v1/transactions/import/mappings')).json()).toEqual({ items: [] });
      const saved = await client.put('/api/v1/transactions/import/mappings', {
        name: ' Intesa Sanpaolo ',
        mapping,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ name: 'Intesa Sanpaolo', mapping: { ...mapping, skipLines: 0 } });
      const replaced = await client.put('/api/v1/transactions/import/mappings', {
        name: 'Intesa Sanpaolo',
        mapping: { ...mapping, skipLines: 3, delimiter: ';' },
      });
      expect(replaced.json().id).toBe(saved.json().id);
      await client.put('/api/v1/transactions/import/mappings', {
        name: 'UniCredit',
        mapping: {
          occurredOn: 'Data',
          description: 'Causale',
          amountMode: 'signed',
          amountColumn: 'Importo',
        },
      });
      const listed = (await client.get('/api/v1/transactions/import/mappings')).json().items;
      expect(listed.map((m: { name: string }) => m.name)).toEqual(['Intesa Sanpaolo', 'UniCredit']);
      expect(listed[0].mapping).toMatchObject({ skipLines: 3, delimiter: ';', amountMode: 'debitCredit' });
      expect(listed[1].mapping).toMatchObject({ dateFormat: 'dd/mm/yyyy', numberFormat: 'it' });

      const noName = await client.put('/api/v1/transactions/import/mappings', { name: '', mapping });
      expect(noName.json().error.details[0]).toMatchObject({
        path: 'name',
        key: 'transactions.errors.mappingNameRequired',
      });

      expect((await client.del(`/api/v1/transactions/import/mappings/${saved.json().id}`)).statusCode).toBe(
        204,
      );
      expect((await client.get('/api/v1/transactions/import/mappings')).json().items).toHaveLength(1);
    });
  });

  it('a client referenced by an entry cannot be deleted', async () => {
    const { user, client } = await freshOrg();
    const clientId = await insertClient(user.organizationId, 'Verdi Trasporti S.n.c.');
    const entry = await client.post('/api/v1/transactions', {
      occurredOn: '2026-05-05',
      direction: 'income',
      amount: '500',
      clientId,
    });
    expect(entry.statusCode).toBe(201);
    if (t.app.hasRoute({ method: 'DELETE', url: '/api/v1/clients/:id' })) {
      const res = await client.del(`/api/v1/clients/${clientId}`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('IN_USE');
    }
    // The foreign key refuses it whatever path the delete takes.
    const failure = await db()
      .delete(clients)
      .where(eq(clients.id, clientId))
      .then(
        () => null,
        (error: unknown) => error as { code?: string; cause?: { code?: string } },
      );
    // ON DELETE RESTRICT: PostgreSQL 18 (PGlite) answers restrict_violation 23001, 15 foreign_key_violation 23503.
    expect(['23001', '23503']).toContain(failure?.cause?.code ?? failure?.code);
    const [still] = await db().select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    expect(still?.id).toBe(clientId);
  });

  it('the demo seed writes about 100 costs and other entries over the last 12 months, once, and no invented receipts', async () => {
    const { user, client } = await freshOrg();
    const deps = { db: db(), orgId: user.organizationId, userId: user.user.id };
    const created = await seedTransactionsDemo(deps);
    expect(created).toBeGreaterThanOrEqual(90);
    expect(created).toBeLessThanOrEqual(120);
    expect(await seedTransactionsDemo(deps)).toBe(0);
    const page = (await client.get('/api/v1/transactions')).json() as TTransactionPage;
    expect(page.total).toBe(created);
    expect(page.totals.incomeCents).toBeGreaterThan(0);
    expect(page.totals.expenseCents).toBeGreaterThan(page.totals.incomeCents * 20);
    const today = new Date().toISOString().slice(0, 10);
    expect(page.items[0]!.occurredOn <= today).toBe(true);
    const months = (await client.get('/api/v1/transactions/monthly')).json().months as unknown[];
    expect(months.length).toBeGreaterThanOrEqual(12);
    expect(months.length).toBeLessThanOrEqual(13);
    // Every entry has a category of its own direction; none names an invoice (those are the invoices' payments).
    const all = (await client.get('/api/v1/transactions?pageSize=100')).json() as TTransactionPage;
    expect(all.items.every((i) => i.categoryId !== null)).toBe(true);
    expect(all.items.filter((i) => /fattura/i.test(i.description ?? ''))).toEqual([]);
  });

  describe('permissions', () => {
    const entry = { occurredOn: '2026-06-01', direction: 'expense', amount: '10,00' };
    it('viewer and user read but neither writes, imports nor exports', async () => {
      for (const role of ['viewer', 'user'] as const) {
        const member = await createSignedInUserWithOrg(t.app, { role });
        const client = api(t.app, member.cookie);
        expect((await client.get('/api/v1/transactions')).statusCode).toBe(200);
        expect((await client.get('/api/v1/transactions/categories')).statusCode).toBe(200);
        expect((await client.get('/api/v1/transactions/monthly')).statusCode).toBe(200);
        expect((await client.post('/api/v1/transactions', entry)).statusCode).toBe(403);
        expect(
          (await client.post('/api/v1/transactions/categories', { name: 'X', direction: 'expense' }))
            .statusCode,
        ).toBe(403);
        expect((await client.get('/api/v1/transactions/export?format=csv')).statusCode).toBe(403);
        const preview = await client.post('/api/v1/transactions/import/preview', {
          headers: ['a'],
          rows: [['1']],
          mapping: { occurredOn: 'a', description: 'a', amountMode: 'signed', amountColumn: 'a' },
        });
        expect(preview.statusCode).toBe(403);
        expect(
          (await client.put('/api/v1/transactions/import/mappings', { name: 'X', mapping: {} })).statusCode,
        ).toBe(403);
      }
    });

    it('a manager records and exports', async () => {
      const manager = await createSignedInUserWithOrg(t.app, { role: 'manager' });
      const client = api(t.app, manager.cookie);
      expect((await client.post('/api/v1/transactions', entry)).statusCode).toBe(201);
      expect((await client.get('/api/v1/transactions/export?format=xlsx')).statusCode).toBe(200);
    });

    it('a signed-out request is refused', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/transactions',
        headers: { origin: ORIGIN },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('tenancy', () => {
    const createEntry = async ({ client }: { client: Client }) => {
      const res = await client.post('/api/v1/transactions', {
        occurredOn: '2026-04-01',
        direction: 'expense',
        amount: '99,00',
        description: 'Riservato',
      });
      return res.json().id as string;
    };
    const createCategory = async ({ client }: { client: Client }) =>
      (
        await client.post('/api/v1/transactions/categories', { name: 'Riservata', direction: 'expense' })
      ).json().id as string;
    const entryBody = { occurredOn: '2026-04-01', direction: 'expense', amount: '1,00' };

    it.each([
      ['GET', undefined],
      ['PUT', entryBody],
      ['DELETE', undefined],
    ] as const)('%s /transactions/:id of another organization answers 404', async (method, body) => {
      const { id, owner: a } = await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/transactions/${id}`,
        method,
        body,
        createInOrgA: createEntry,
      });
      // Untouched.
      const own = await api(t.app, a.cookie).get(`/api/v1/transactions/${id}`);
      expect(own.json()).toMatchObject({ amountCents: 9900, description: 'Riservato' });
    });

    it.each([
      ['PUT', { name: 'Presa', direction: 'expense' }],
      ['DELETE', undefined],
    ] as const)(
      '%s /transactions/categories/:id of another organization answers 404',
      async (method, body) => {
        await expectOtherOrganizationGets404(t.app, {
          path: (id) => `/api/v1/transactions/categories/${id}`,
          method,
          body,
          createInOrgA: createCategory,
        });
      },
    );

    it('DELETE /transactions/import/mappings/:id of another organization answers 404', async () => {
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/transactions/import/mappings/${id}`,
        method: 'DELETE',
        createInOrgA: async ({ client }) =>
          (
            await client.put('/api/v1/transactions/import/mappings', {
              name: 'Banca privata',
              mapping: {
                occurredOn: 'Data',
                description: 'Causale',
                amountMode: 'signed',
                amountColumn: 'Importo',
              },
            })
          ).json().id as string,
      });
    });

    it("lists, totals and imports never see another organization's entries", async () => {
      const a = await freshOrg();
      const b = await freshOrg();
      await createEntry({ client: a.client });
      const listB = (await b.client.get('/api/v1/transactions')).json() as TTransactionPage;
      expect(listB.total).toBe(0);
      expect(listB.totals).toEqual({ incomeCents: 0, expenseCents: 0, balanceCents: 0 });
      // The same statement in two organizations is new in each.
      const fileA = await parse(a.user.cookie, STATEMENT);
      const mappingA = guessBankMapping(fileA.headers, fileA.rows);
      const resA = await a.client.post('/api/v1/transactions/import', { ...fileA, mapping: mappingA });
      const resB = await b.client.post('/api/v1/transactions/import', { ...fileA, mapping: mappingA });
      expect(resA.json().imported).toBe(6);
      expect(resB.json().imported).toBe(6);
    });
  });
});
