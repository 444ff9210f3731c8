// Figures of issue 5: PDF generation per document (goal ≤ 150 ms), FatturaPA XML generation (≤ 10 ms), and the
// p95 of the invoice list with 100,000 invoices in one organization (≤ 30 ms on PostgreSQL); of issue 14: each
// report and the dashboard over the same invoices and 200,000 transactions (p95 ≤ 200 ms on PostgreSQL), and the
// XLSX of a year's sales register. Called by scripts/bench.ts.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { timeXmlGeneration } from './bench/xml-generation.ts';
import { timePdfGeneration } from './bench/pdf-generation.ts';
import { loadConfig } from '../src/server/platform/config.ts';
import { createOrganizationFor, createUser } from '../src/server/seed/factories.ts';

export const INVOICE_VOLUME = 100_000;
export const TRANSACTION_VOLUME = 200_000;
export const STOCK_MOVEMENT_VOLUME = 100_000;
export const REPORT_SAMPLES = 50;
const SAMPLES = 200;
const PASSWORD = 'Bench-password-2026';

type Latency = { p50: number; p95: number; total: number } | string;
export type InvoiceBench = {
  pdf: { msPerDocument: number; cpuMsPerDocument: number; bytes: number; longMsPerDocument: number };
  xmlMsPerDocument: number;
  lists: {
    engine: string;
    seedMs: number;
    firstPage: Latency;
    overdue: Latency;
    reports: { name: string; latency: Latency }[];
    registerXlsx: { ms: number; bytes: number } | string;
  }[];
};

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50 and p95 of a signed-in GET (the list routes also give the count of their filter). */
export async function timeRequests(url: string, cookie: string, samples = SAMPLES): Promise<Latency> {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - t0;
  };
  try {
    for (let i = 0; i < 20; i++) await get();
    const times: number[] = [];
    for (let i = 0; i < samples; i++) times.push(await get());
    times.sort((a, b) => a - b);
    const body = (await (await fetch(url, { headers: { cookie } })).json()) as { total?: number };
    return { p50: pct(times, 50), p95: pct(times, 95), total: body.total ?? 0 };
  } catch (err) {
    return `not measured (${(err as Error).message})`;
  }
}

/**
 * 100,000 issued invoices over three years for 1,000 clients, a third of them paid, with the snapshot the reports
 * read (three lines each, two of them items of the inventory), 200,000 ledger entries and 100,000 stock movements,
 * in plain SQL.
 */
export async function seedInvoices(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  orgId: string,
) {
  await db.execute(sql`
    insert into clients (organization_id, type, company_name, city, vat_number)
    select ${orgId}, 'company', 'Cliente Fatture ' || i || ' S.r.l.', 'Forlì', lpad(i::text, 11, '0')
    from generate_series(1, 1000) as s(i)`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by id) as n from clients where organization_id = ${orgId})
    insert into invoices (organization_id, document_type, number, year, sequence, client_id, issue_date,
      due_date, phase, lines, tax, taxable_cents, vat_cents, total_cents, amount_due_cents, paid_cents)
    select ${orgId}, 'TD01', (i % 40000 + 1) || '/' || (2024 + i / 40000), 2024 + i / 40000, i % 40000 + 1,
      c.id, date '2024-01-01' + (i * 1095 / ${INVOICE_VOLUME}), date '2024-01-31' + (i * 1095 / ${INVOICE_VOLUME}),
      'issued', '[]'::jsonb,
      '{"regime":"RF01","splitPayment":false,"withholding":null,"pensionFund":null,"stampDutyChargedToClient":true}'::jsonb,
      10000 + i % 90000, (10000 + i % 90000) * 22 / 100, (10000 + i % 90000) * 122 / 100,
      (10000 + i % 90000) * 122 / 100, case when i % 3 = 0 then (10000 + i % 90000) * 122 / 100 else 0 end
    from generate_series(0, ${INVOICE_VOLUME - 1}) as s(i)
    join c on c.n = 1 + i % 1000`);
  // The payments behind every third invoice's paid amount, on its due date (the receivables on a past day and
  // the days to pay read them).
  await db.execute(sql`
    insert into invoice_payments (organization_id, invoice_id, paid_on, amount_cents, method)
    select organization_id, id, due_date, paid_cents, 'bank_transfer'
    from invoices where organization_id = ${orgId} and paid_cents > 0`);
  // 200 inventory items in 10 categories, which the lines below sell.
  await db.execute(sql`
    insert into inventory_items (organization_id, name, sku, category)
    select ${orgId}, 'Articolo ' || i, 'ART-' || i, 'Categoria ' || (i % 10)
    from generate_series(1, 200) as s(i)`);
  // 100,000 stock movements of those goods over three years (a delivery in for every four sales out), and the
  // costs the valuation multiplies by; each item's stock is the sum of its movements, as the app keeps it.
  await db.execute(sql`
    with items as (
      select id, row_number() over (order by id) - 1 as n from inventory_items where organization_id = ${orgId})
    insert into stock_movements (organization_id, item_id, kind, quantity, occurred_on)
    select ${orgId}, items.id, case when i % 5 = 0 then 'in' else 'out' end,
      case when i % 5 = 0 then 20 else -4 end, date '2024-01-01' + (i * 1095 / ${STOCK_MOVEMENT_VOLUME})
    from generate_series(0, ${STOCK_MOVEMENT_VOLUME - 1}) as s(i)
    join items on items.n = i % 200`);
  await db.execute(sql`
    update inventory_items it set cost_cents = 800 + abs(hashtext(it.sku)) % 5000,
      stock_quantity = coalesce((select sum(m.quantity) from stock_movements m where m.item_id = it.id), 0)
    where it.organization_id = ${orgId}`);
  // The frozen snapshot the reports read: the buyer, the totals with three lines (two inventory items and one
  // typed by hand, as a real invoice has) and one VAT summary row at 22%.
  await db.execute(sql`
    with items as (
      select id, row_number() over (order by id) - 1 as n from inventory_items where organization_id = ${orgId})
    update invoices set snapshot = jsonb_build_object(
      'buyer', jsonb_build_object('name', 'Cliente ' || left(client_id::text, 8), 'vatNumber', null),
      'totals', jsonb_build_object('taxableCents', taxable_cents, 'vatCents', vat_cents,
        'lines', jsonb_build_array(
          jsonb_build_object('lineNumber', 1, 'description', 'Fornitura articoli a catalogo', 'quantity', '1',
            'unitPriceCents', taxable_cents / 2, 'vatRate', 22, 'totalCents', taxable_cents / 2,
            'itemId', (select id from items where n = sequence % 200)),
          jsonb_build_object('lineNumber', 2, 'description', 'Accessori e ricambi', 'quantity', '2',
            'unitPriceCents', taxable_cents / 8, 'vatRate', 22, 'totalCents', taxable_cents / 4,
            'itemId', (select id from items where n = (sequence * 7) % 200)),
          jsonb_build_object('lineNumber', 3, 'description', 'Consulenza tecnica ' || sequence % 8,
            'quantity', '1', 'unitPriceCents', taxable_cents - taxable_cents / 2 - taxable_cents / 4,
            'vatRate', 22, 'totalCents', taxable_cents - taxable_cents / 2 - taxable_cents / 4, 'itemId', null)),
        'vatSummary', jsonb_build_array(jsonb_build_object(
        'vatRate', 22, 'nature', null, 'taxableCents', taxable_cents, 'vatCents', vat_cents,
        'vatCollectability', 'I'))))
    where organization_id = ${orgId}`);
  await db.execute(sql`
    insert into transactions (organization_id, occurred_on, direction, amount_cents, description)
    select ${orgId}, date '2024-01-01' + (i * 1095 / ${TRANSACTION_VOLUME}),
      case when i % 3 = 0 then 'expense' else 'income' end, 1000 + i % 50000, 'Movimento ' || i
    from generate_series(0, ${TRANSACTION_VOLUME - 1}) as s(i)`);
  await db.execute(sql`vacuum analyze`);
}

async function listBench(engine: string, dataDir: string, databaseUrl?: string) {
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      AUTH_SECRET: 'b'.repeat(40),
    }),
    dataDir,
    databaseUrl,
    authRateLimit: { max: 100_000, windowMs: 60_000 },
    webDistDir: path.join(dataDir, 'no-web'),
    backgroundJobs: false,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const owner = await createUser(app.services.auth, {
      name: 'Bench',
      email: 'bench-invoices@example.test',
      password: PASSWORD,
    });
    const org = await createOrganizationFor(app.services.auth, {
      userId: owner.id,
      name: 'Bench Fatture S.r.l.',
    });
    const s0 = performance.now();
    await seedInvoices(app.services.database.db, org.id);
    const seedMs = performance.now() - s0;
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.appUrl },
      body: JSON.stringify({ email: 'bench-invoices@example.test', password: PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const firstPage = await timeRequests(`${base}/api/v1/invoices`, cookie);
    const overdue = await timeRequests(
      `${base}/api/v1/invoices?status=overdue&from=2025-01-01&to=2025-12-31`,
      cookie,
    );
    const reportUrls: [string, string][] = [
      ['VAT settlement 2025, monthly', '/api/v1/reports/vat-settlement?year=2025&periodicity=monthly'],
      ['sales register, Q1 2025, first page', '/api/v1/reports/sales-register?from=2025-01-01&to=2025-03-31'],
      ['receivables by client', '/api/v1/reports/receivables'],
      [
        'receivables by client on 30 Jun 2025 (payments after it added back)',
        '/api/v1/reports/receivables?asOf=2025-06-30',
      ],
      ['dashboard (this month)', '/api/v1/dashboard'],
      ['dashboard (this year)', '/api/v1/dashboard?period=year'],
      ['profit and loss 2025', '/api/v1/reports/profit-and-loss?from=2025-01-01&to=2025-12-31'],
      ['cash flow 2025 and 90-day forecast', '/api/v1/reports/cash-flow?from=2025-01-01&to=2025-12-31'],
      [
        'revenue by client 2025, first page',
        '/api/v1/reports/revenue?from=2025-01-01&to=2025-12-31&by=client',
      ],
      ['revenue by item 2025, first page', '/api/v1/reports/revenue?from=2025-01-01&to=2025-12-31&by=item'],
      [
        'revenue by category 2025, first page',
        '/api/v1/reports/revenue?from=2025-01-01&to=2025-12-31&by=category',
      ],
      ['analytics 2025', '/api/v1/analytics?from=2025-01-01&to=2025-12-31'],
      [
        'inventory valuation and movements 2025, first page',
        '/api/v1/reports/inventory?from=2025-01-01&to=2025-12-31',
      ],
    ];
    const reports: { name: string; latency: Latency }[] = [];
    for (const [name, url] of reportUrls) {
      reports.push({ name, latency: await timeRequests(`${base}${url}`, cookie, REPORT_SAMPLES) });
    }
    let registerXlsx: { ms: number; bytes: number } | string;
    try {
      const t0 = performance.now();
      const res = await fetch(
        `${base}/api/v1/reports/sales-register/export?from=2025-01-01&to=2025-12-31&format=xlsx`,
        { headers: { cookie } },
      );
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      registerXlsx = { ms: performance.now() - t0, bytes };
    } catch (err) {
      registerXlsx = `not measured (${(err as Error).message})`;
    }
    return { engine, seedMs, firstPage, overdue, reports, registerXlsx };
  } finally {
    await app.close();
  }
}

export async function invoiceBench(tmpRoot: string, pgUrl?: string, resetPostgres?: () => Promise<void>) {
  timePdfGeneration(3); // fonts loaded once, as in a running server
  const pdf = timePdfGeneration(30);
  const longPdf = timePdfGeneration(10, 'default', 120);
  timeXmlGeneration(50);
  const xml = timeXmlGeneration(500);
  const lists = [await listBench('PGlite', path.join(tmpRoot, 'invoices-pglite'))];
  if (pgUrl) {
    await resetPostgres?.();
    lists.push(await listBench('PostgreSQL', path.join(tmpRoot, 'invoices-pg'), pgUrl));
  }
  return {
    pdf: {
      msPerDocument: pdf.msPerDocument,
      cpuMsPerDocument: pdf.cpuMsPerDocument,
      bytes: pdf.bytes,
      longMsPerDocument: longPdf.msPerDocument,
    },
    xmlMsPerDocument: xml.perDocumentMs,
    lists,
  } satisfies InvoiceBench;
}
