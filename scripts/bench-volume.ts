// Volume figures of issue 4: 50,000 clients, 20,000 items and 200,000 transactions in one organization,
// on PGlite and PostgreSQL: p95 of a typo client search and of a date-filtered transactions page, and the
// time to import 10,000 clients from CSV through the API. Called by scripts/bench.ts.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/platform/config.ts';
import { createOrganizationFor, createUser } from '../src/server/seed/factories.ts';
import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';

export const VOLUME = { clients: 50_000, items: 20_000, transactions: 200_000, importClients: 10_000 };
const SAMPLES = 200;
const PASSWORD = 'Bench-password-2026';

export type VolumeResult = {
  engine: string;
  seedMs: number;
  search: { p50: number; p95: number; total: number } | string;
  clientList: { p50: number; p95: number; total: number } | string;
  transactionsPage: { p50: number; p95: number; total: number } | string;
  importMs: number | string;
  imported?: number;
};

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Bulk data straight in SQL (generate_series): realistic enough for plans and indexes, fast to create. */
async function seedVolume(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, orgId: string) {
  await db.execute(sql`
    insert into clients (organization_id, type, company_name, full_name, email, city, province, vat_number)
    select ${orgId},
      case when i % 4 = 0 then 'person' else 'company' end,
      case when i % 4 = 0 then null else
        (array['Rossi','Bianchi','Esposito','Romano','Colombo','Ricci','Marino','Greco','Bruno','Gallo','Conti','De Luca'])[1 + i % 12]
        || ' ' || (array['Costruzioni','Impianti','Trasporti','Servizi','Forniture','Meccanica','Edilizia','Consulting'])[1 + (i / 12) % 8]
        || ' ' || i || (array[' S.r.l.',' S.p.A.',' S.n.c.',' S.a.s.'])[1 + i % 4] end,
      case when i % 4 = 0 then
        (array['Marco','Giulia','Luca','Sara','Paolo','Anna','Andrea','Chiara'])[1 + i % 8] || ' '
        || (array['Rossi','Bianchi','Ferrari','Russo','Fontana','Moretti','Barbieri','Lombardi'])[1 + (i / 8) % 8] || ' ' || i
      end,
      'cliente' || i || '@example.test',
      (array['Milano','Roma','Torino','Bologna','Forlì','Napoli','Firenze','Bari','Verona','Padova'])[1 + i % 10],
      (array['MI','RM','TO','BO','FC','NA','FI','BA','VR','PD'])[1 + i % 10],
      lpad(i::text, 11, '0')
    from generate_series(1, ${VOLUME.clients}) as s(i)`);
  await db.execute(sql`
    insert into inventory_items (organization_id, name, sku, kind, unit, sale_price_cents, cost_cents, category)
    select ${orgId},
      (array['Filtro olio','Pastiglie freno','Cinghia','Candela','Olio motore 5W30','Bullone M8','Guarnizione','Cuscinetto'])[1 + i % 8] || ' ' || i,
      'SKU-' || i, 'goods', 'pz', 500 + (i * 37) % 20000, 300 + (i * 29) % 15000,
      (array['Ricambi','Lubrificanti','Minuteria','Consumabili'])[1 + i % 4]
    from generate_series(1, ${VOLUME.items}) as s(i)`);
  await db.execute(sql`
    insert into transactions (organization_id, occurred_on, direction, amount_cents, description, payment_method)
    select ${orgId}, date '2024-01-01' + (i % 1095),
      case when i % 3 = 0 then 'income' else 'expense' end,
      100 + (i * 7919) % 500000,
      (array['Incasso fattura','Carburante','Affitto','Utenze','Acquisto ricambi','Stipendi','F24'])[1 + i % 7] || ' ' || i,
      'bank_transfer'
    from generate_series(1, ${VOLUME.transactions}) as s(i)`);
  // A bulk load leaves the trigram GIN indexes' new entries in their pending lists, which every search scans
  // until autovacuum merges them (PostgreSQL's insert-triggered autovacuum does so within minutes of such a
  // load). Vacuum now, so the figures are the steady state a business lives in, not the minute after a load.
  await db.execute(sql`vacuum analyze`);
}

async function timeRequests(url: string, cookie: string) {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await get(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await get());
  times.sort((a, b) => a - b);
  const res = await fetch(url, { headers: { cookie } });
  const { total } = (await res.json()) as { total: number };
  return { p50: pct(times, 50), p95: pct(times, 95), total };
}

function importCsv(count: number) {
  const lines = ['Ragione sociale;Partita IVA;Email;Città;Provincia'];
  for (let i = 0; i < count; i++) {
    const body = String(9_000_000_000 + i)
      .padStart(10, '0')
      .slice(-10);
    lines.push(
      `Officina Import ${i} S.r.l.;${body}${partitaIvaCheckDigit(body)};import${i}@example.test;Cesena;FC`,
    );
  }
  return lines.join('\n');
}

async function measureImport(base: string, cookie: string, origin: string) {
  const csv = importCsv(VOLUME.importClients);
  const t0 = performance.now();
  const parsed = await fetch(`${base}/api/v1/imports/parse`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'text/csv' },
    body: csv,
  });
  if (parsed.status !== 200) return `not measured (parse answered ${parsed.status})`;
  const { rows } = (await parsed.json()) as { headers: string[]; rows: string[][] };
  const mapped = rows.map(([companyName, vatNumber, email, city, province]) => ({
    type: 'company',
    companyName,
    vatNumber,
    email,
    city,
    province,
    country: 'IT',
  }));
  const res = await fetch(`${base}/api/v1/clients/import`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ rows: mapped, mode: 'valid_only', dryRun: false }),
  });
  const ms = performance.now() - t0;
  if (res.status !== 200 && res.status !== 201) {
    return { ms: `not measured (import answered ${res.status}: ${(await res.text()).slice(0, 200)})` };
  }
  const body = (await res.json()) as { imported?: number; counts?: { imported?: number } };
  return { ms, imported: body.imported ?? body.counts?.imported };
}

export async function volumeBench(
  engine: string,
  dataDir: string,
  databaseUrl?: string,
): Promise<VolumeResult> {
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
  };
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const origin = config.appUrl;
    const owner = await createUser(app.services.auth, {
      name: 'Bench',
      email: 'bench@example.test',
      password: PASSWORD,
    });
    const org = await createOrganizationFor(app.services.auth, { userId: owner.id, name: 'Bench S.r.l.' });

    const s0 = performance.now();
    await seedVolume(app.services.database.db, org.id);
    const seedMs = performance.now() - s0;

    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'bench@example.test', password: PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const attempt = async <T>(f: () => Promise<T>) => {
      try {
        return await f();
      } catch (err) {
        return `not measured (${(err as Error).message})`;
      }
    };
    const search = await attempt(() => timeRequests(`${base}/api/v1/clients?q=rosi`, cookie));
    const clientList = await attempt(() => timeRequests(`${base}/api/v1/clients`, cookie));
    const transactionsPage = await attempt(() =>
      timeRequests(`${base}/api/v1/transactions?from=2025-03-01&to=2025-03-31&page=3`, cookie),
    );
    const imported = await attempt(() => measureImport(base, cookie, origin));
    return {
      engine,
      seedMs,
      search,
      clientList,
      transactionsPage,
      importMs: typeof imported === 'string' ? imported : imported.ms,
      imported: typeof imported === 'string' ? undefined : imported.imported,
    };
  } finally {
    await app.close();
  }
}
