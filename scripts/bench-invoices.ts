// Figures of issue 5: PDF generation per document (goal ≤ 150 ms), FatturaPA XML generation (≤ 10 ms), and the
// p95 of the invoice list with 100,000 invoices in one organization (≤ 30 ms on PostgreSQL). Called by
// scripts/bench.ts.
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
const SAMPLES = 200;
const PASSWORD = 'Bench-password-2026';

type Latency = { p50: number; p95: number; total: number } | string;
export type InvoiceBench = {
  pdf: { msPerDocument: number; cpuMsPerDocument: number; bytes: number; longMsPerDocument: number };
  xmlMsPerDocument: number;
  lists: { engine: string; seedMs: number; firstPage: Latency; overdue: Latency }[];
};

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeRequests(url: string, cookie: string): Promise<Latency> {
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
    for (let i = 0; i < SAMPLES; i++) times.push(await get());
    times.sort((a, b) => a - b);
    const { total } = (await (await fetch(url, { headers: { cookie } })).json()) as { total: number };
    return { p50: pct(times, 50), p95: pct(times, 95), total };
  } catch (err) {
    return `not measured (${(err as Error).message})`;
  }
}

/** 100,000 issued invoices over three years for 1,000 clients, a third of them paid, in plain SQL. */
async function seedInvoices(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, orgId: string) {
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
    return { engine, seedMs, firstPage, overdue };
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
