/**
 * `npm run bench -- --only=documents` (issue 17, "Figures"): the documents search over 10,000 documents of one
 * organization (goal p95 ≤ 50 ms on PostgreSQL), and the upload of a 50 MB file through the real HTTP route with
 * the server's peak memory meanwhile.
 *
 * Search: the app in this process (as the volume section), on PGlite and on PostgreSQL; 10,000 documents generated
 * from word lists with a seeded PRNG (receipts, invoices, letters, contracts, delivery notes and bank statements in
 * Italian and English, of varied length), tags and correspondents, inserted in bulk, then timed through HTTP with a
 * mix of searches. Upload: the server as `npm start` runs it, in a child process (PGlite, the default encrypted
 * local store), a file streamed from disk as multipart by node:http, the child's RSS read from /proc every 20 ms.
 * BENCH_DOCUMENTS_PGLITE=false skips the PGlite search run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { documents, documentTagLinks, documentTags } from '../../src/server/db/schema/documents.ts';
import { refreshSearchExtra } from '../../src/server/modules/documents/repository.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { createOrganizationFor, createUser } from '../../src/server/seed/factories.ts';

export const DOCUMENT_COUNT = 10_000;
/** Timed requests per search of the mix (after the warm-up). */
const PER_QUERY = 40;
const WARM_UP = 30;
const PASSWORD = 'Bench-password-2026';
const UPLOAD_SIZES_MB = [5, 50, 200] as const;
/** The server's upload limit for this bench: above the app's default (50 MB), so a 200 MB file shows the trend. */
const UPLOAD_LIMIT_MB = 256;
const UPLOAD_RUNS = 3;
const SAMPLE_MS = 20;

type Latency = { p50: number; p95: number; p99: number; n: number };
export type QueryFigure = { label: string; query: string; total: number; latency: Latency };
export type SearchResult = {
  engine: string;
  seedMs: number;
  contentMb: number;
  overall: Latency;
  queries: QueryFigure[];
};
export type UploadRun = { ms: number; peakGrowthBytes: number; hwmGrowthBytes: number | null };
export type UploadResult = { sizeMb: number; runs: UploadRun[] };
export type DocumentsBench = {
  search: (SearchResult | { engine: string; error: string })[];
  upload: { results: UploadResult[]; baseRssBytes: number } | { error: string };
};

// ---------------------------------------------------------------- the generated documents

/** mulberry32: a small seeded PRNG, so every run generates the same documents. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof prng>;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
/** Zipf-like: the first words of a list much more often than the last ones. */
const zipf = <T>(r: Rand, xs: readonly T[]): T =>
  xs[Math.min(xs.length - 1, Math.floor(xs.length * r() ** 2.2))]!;
const euro = (r: Rand, lo: number, hi: number) =>
  (between(r, lo * 100, hi * 100) / 100).toFixed(2).replace('.', ',');
const dateIt = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

const SHOPS = [
  'Supermercato Conad',
  'Bar Centrale',
  'Ferramenta Rossi',
  'Farmacia San Marco',
  'Autogrill Forlì Nord',
  'Distributore Eni',
  'Cartoleria Il Quaderno',
  'Ristorante Da Mario',
  'Trattoria La Pergola',
  'Esselunga',
  'Brico Center',
  'Autoricambi Bassi',
];
/** Receipt lines; the last ones are the least frequent. */
const ITEMS = [
  'caffè',
  'acqua minerale',
  'pane integrale',
  'latte fresco',
  'panino prosciutto',
  'gasolio',
  'benzina senza piombo',
  'carta A4 risma',
  'toner stampante',
  'viti autofilettanti',
  'nastro adesivo',
  'detersivo pavimenti',
  'guanti da lavoro',
  'pranzo di lavoro',
  'parcheggio',
  'pedaggio autostradale',
  'cuscinetto a sfera',
  'guarnizione in gomma',
  'olio motore 5W30',
  'batteria auto',
  'lampadina LED',
  'silicone sigillante',
];
/** The search's "rare word": on about one receipt in 250. */
const RARE_ITEM = 'ammortizzatore posteriore';
const SERVICES_IT = [
  'manutenzione ordinaria impianto',
  'riparazione caldaia',
  'fornitura materiale elettrico',
  'consulenza fiscale trimestrale',
  'noleggio furgone',
  'trasporto merci',
  'installazione condizionatore',
  'pulizia uffici',
  'canone assistenza software',
  'fornitura ricambi meccanici',
  'tenuta contabilità',
  'elaborazione buste paga',
  'smaltimento rifiuti speciali',
  'revisione estintori',
  'verniciatura carrozzeria',
];
const SERVICES_EN = [
  'maintenance service',
  'software licence renewal',
  'consulting hours',
  'international shipping',
  'office supplies',
  'cloud hosting plan',
  'travel expenses',
  'translation services',
  'equipment rental',
  'training course',
];
const PAYMENT_IT = [
  'Pagamento: bonifico bancario a 30 giorni data fattura.',
  'Pagamento: RiBa 60 giorni fine mese.',
  'Pagamento: rimessa diretta.',
  'Pagamento con carta di credito.',
];
const PAYMENT_EN = [
  'Payment terms: bank transfer within 30 days.',
  'Payment: credit card, already paid.',
  'Payment due on receipt.',
];
const FILLER_IT = [
  'la presente',
  'come concordato',
  'in riferimento',
  'alla vostra richiesta',
  'del mese scorso',
  'restiamo a disposizione',
  'per eventuali chiarimenti',
  'vi preghiamo di',
  'verificare la documentazione',
  'allegata alla presente',
  'entro la scadenza indicata',
  'presso la nostra sede',
  'il materiale consegnato',
  'risulta conforme',
  "all'ordine ricevuto",
  'cordiali saluti',
  'distinti saluti',
  'ufficio amministrazione',
  'il responsabile tecnico',
  'la merce viaggia',
  'a rischio del committente',
  'salvo diverso accordo scritto',
  'la garanzia copre',
  'difetti di fabbricazione',
  'per un periodo di ventiquattro mesi',
  'sollecito di pagamento',
  'preventivo aggiornato',
  'listino prezzi',
  'sconto riservato',
  'nuova sede operativa',
  'cantiere di via Emilia',
  'magazzino di Cesena',
];
const FILLER_EN = [
  'as agreed',
  'with reference to',
  'your request',
  'of last month',
  'please find attached',
  'we remain at your disposal',
  'for any clarification',
  'kindly check',
  'the enclosed documents',
  'before the due date',
  'at our premises',
  'the goods delivered',
  'comply with the order',
  'best regards',
  'kind regards',
  'accounts department',
  'the warranty covers',
  'manufacturing defects',
  'payment reminder',
  'updated quotation',
  'price list',
  'reserved discount',
  'new warehouse',
];
const CLAUSES_IT = [
  'Il presente contratto ha per oggetto {service} presso la sede del committente, secondo le modalità descritte negli allegati.',
  'Il corrispettivo è fissato in euro {amount} oltre IVA, da pagarsi entro {days} giorni dalla data della fattura.',
  'Il contratto ha durata di {months} mesi a decorrere dalla data di sottoscrizione e si rinnova tacitamente di anno in anno.',
  'Ciascuna parte può recedere con preavviso scritto di {days} giorni da inviarsi a mezzo PEC o raccomandata con avviso di ricevimento.',
  'Il fornitore si impegna a eseguire la manutenzione con personale qualificato e a rispettare le norme di sicurezza sul lavoro.',
  'Le parti si obbligano alla riservatezza su ogni informazione tecnica e commerciale ricevuta in esecuzione del presente accordo.',
  'In caso di ritardo nel pagamento sono dovuti gli interessi di mora nella misura prevista dal decreto legislativo 231 del 2002.',
  'Il committente mette a disposizione i locali, l’energia elettrica e l’acqua necessari allo svolgimento dei lavori.',
  'Per ogni controversia relativa all’interpretazione o all’esecuzione del contratto è competente in via esclusiva il Foro di Forlì.',
  'Il trattamento dei dati personali avviene nel rispetto del Regolamento UE 2016/679 e del decreto legislativo 196 del 2003.',
  'Eventuali modifiche al presente contratto sono valide solo se concordate per iscritto e sottoscritte da entrambe le parti.',
  'La fornitura comprende {service}, il trasporto, lo scarico e il collaudo finale alla presenza del committente.',
  'Il fornitore dichiara di essere in regola con gli obblighi contributivi e assicurativi e produce il DURC in corso di validità.',
];
const CLAUSES_EN = [
  'This agreement covers {service} at the customer’s premises as described in the attached schedule.',
  'The fee is EUR {amount} plus VAT, payable within {days} days of the invoice date.',
  'The agreement lasts {months} months from signature and renews automatically unless terminated.',
  'Either party may terminate this agreement with {days} days written notice.',
  'The supplier shall keep confidential all technical and commercial information received under this agreement.',
  'Late payments bear interest at the statutory rate for commercial transactions.',
  'Any dispute arising from this agreement shall be settled by the courts of Milan.',
  'Personal data are processed in accordance with the General Data Protection Regulation.',
  'The supplier warrants that the services will be performed with reasonable skill and care.',
];
const NAMES = [
  'Rossi',
  'Bianchi',
  'Esposito',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
];
const FIRST = ['Marco', 'Giulia', 'Luca', 'Sara', 'Paolo', 'Anna', 'Andrea', 'Chiara'];
const TRADES = [
  'Impianti',
  'Trasporti',
  'Servizi',
  'Forniture',
  'Meccanica',
  'Edilizia',
  'Consulting',
  'Logistica',
];

function sentences(r: Rand, pool: readonly string[], words: number) {
  const out: string[] = [];
  let n = 0;
  while (n < words) {
    const s = Array.from({ length: between(r, 2, 4) }, () => zipf(r, pool)).join(' ');
    out.push(s.charAt(0).toUpperCase() + s.slice(1) + '.');
    n += s.split(' ').length;
  }
  return out.join(' ');
}

function fill(r: Rand, template: string, services: readonly string[]) {
  return template
    .replace('{service}', zipf(r, services))
    .replace('{amount}', euro(r, 500, 90_000))
    .replace('{days}', String(pick(r, [15, 30, 60, 90])))
    .replace('{months}', String(pick(r, [6, 12, 24, 36])));
}

type Generated = {
  documentType: (typeof documents.$inferInsert)['documentType'];
  title: string;
  fileName: string;
  content: string;
  correspondent: 'client' | 'supplier' | null;
};

/** One document's title, file name and text; `english` picks the language. */
function generate(r: Rand, i: number, date: Date, company: string): Generated {
  const english = r() < 0.3;
  const kind = r();
  const year = date.getUTCFullYear();
  const when = dateIt(date);
  if (kind < 0.35) {
    const shop = pick(r, SHOPS);
    const lines = Array.from({ length: between(r, 1, 8) }, () => `${zipf(r, ITEMS)} ${euro(r, 1, 90)}`);
    if (r() < 0.004) lines.push(`${RARE_ITEM} ${euro(r, 40, 200)}`);
    const text = english
      ? `${shop} receipt no. ${i} ${when} ${lines.join(' ')} total EUR ${euro(r, 2, 300)} VAT 22% paid by ${pick(r, ['card', 'cash', 'contactless'])} thank you`
      : `${shop} P.IVA ${String(10_000_000_000 + i).slice(-11)} documento commerciale di vendita o prestazione n. ${i} del ${when} ${lines.join(' ')} totale complessivo ${euro(r, 2, 300)} di cui IVA 22% pagamento ${pick(r, ['contante', 'elettronico', 'bancomat'])} grazie e arrivederci`;
    return {
      documentType: 'receipt',
      title: `${english ? 'Receipt' : 'Scontrino'} ${shop}`,
      fileName: `scontrino_${i}.jpg`,
      content: text,
      correspondent: null,
    };
  }
  if (kind < 0.65) {
    const services = english ? SERVICES_EN : SERVICES_IT;
    const lines = Array.from(
      { length: between(r, 2, 25) },
      (_, k) => `${k + 1} ${zipf(r, services)} ${between(r, 1, 40)} ${euro(r, 10, 2000)}`,
    );
    const notes = sentences(r, english ? FILLER_EN : FILLER_IT, between(r, 20, 150));
    const text = english
      ? `Invoice ${year}/${i} date ${when} supplier ${company} bill to Officina Bench S.r.l. ${lines.join(' ')} subtotal ${euro(r, 100, 20_000)} VAT 22% total due ${euro(r, 120, 25_000)} ${pick(r, PAYMENT_EN)} IBAN IT60X0542811101000000123456 ${notes}`
      : `Fattura n. ${year}/${i} del ${when} cedente ${company} cessionario Officina Bench S.r.l. ${lines.join(' ')} imponibile ${euro(r, 100, 20_000)} IVA 22% totale documento ${euro(r, 120, 25_000)} ${pick(r, PAYMENT_IT)} IBAN IT60X0542811101000000123456 ${notes}`;
    return {
      documentType: 'received_invoice',
      title: `${english ? 'Invoice' : 'Fattura'} ${year}-${i} ${company}`,
      fileName: `fattura_${year}_${i}.pdf`,
      content: text,
      correspondent: 'supplier',
    };
  }
  if (kind < 0.8) {
    const person = `${pick(r, FIRST)} ${pick(r, NAMES)}`;
    const body = sentences(r, english ? FILLER_EN : FILLER_IT, between(r, 120, 700));
    const text = english
      ? `Dear ${person}, ${when} subject: ${pick(r, ['payment reminder', 'order confirmation', 'price update', 'delivery delay'])} ${body} ${company}`
      : `Gentile ${person}, ${when} oggetto: ${pick(r, ['sollecito di pagamento fattura', 'conferma ordine', 'aggiornamento listino', 'ritardo nella consegna'])} ${body} ${company}`;
    return {
      documentType: 'other',
      title: `${english ? 'Letter' : 'Lettera'} ${person}`,
      fileName: `lettera_${i}.pdf`,
      content: text,
      correspondent: 'client',
    };
  }
  if (kind < 0.9) {
    const clauses = english ? CLAUSES_EN : CLAUSES_IT;
    const services = english ? SERVICES_EN : SERVICES_IT;
    const articles: string[] = [];
    const target = between(r, 800, 4000);
    let n = 0;
    for (let a = 1; n < target; a++) {
      const paragraph = [
        `${english ? 'Article' : 'Articolo'} ${a}.`,
        ...Array.from({ length: between(r, 2, 5) }, () => fill(r, pick(r, clauses), services)),
        sentences(r, english ? FILLER_EN : FILLER_IT, between(r, 10, 60)),
      ].join(' ');
      articles.push(paragraph);
      n += paragraph.split(' ').length;
    }
    const object = zipf(r, services);
    return {
      documentType: 'contract',
      title: `${english ? 'Agreement' : 'Contratto'} ${object} ${company}`,
      fileName: `contratto_${i}.pdf`,
      content: `${english ? 'Agreement between' : 'Contratto tra'} Officina Bench S.r.l. e ${company} ${when} ${articles.join(' ')}`,
      correspondent: 'client',
    };
  }
  const statement = r() < 0.5;
  const rows = Array.from(
    { length: between(r, 10, 80) },
    () =>
      `${dateIt(new Date(date.getTime() - between(r, 0, 30) * 86_400_000))} ${statement ? pick(r, ['bonifico a favore di', 'addebito SDD', 'pagamento POS', 'accredito da', 'commissioni']) : zipf(r, ITEMS)} ${statement ? pick(r, NAMES) : between(r, 1, 50)} ${euro(r, 1, 5000)}`,
  );
  return {
    documentType: statement ? 'bank_statement' : 'delivery_note',
    title: statement ? `Estratto conto ${when}` : `DDT ${i} ${company}`,
    fileName: statement ? `estratto_${i}.pdf` : `ddt_${i}.pdf`,
    content: `${statement ? 'Estratto conto corrente saldo iniziale' : 'Documento di trasporto causale vendita'} ${when} ${company} ${rows.join(' ')}`,
    correspondent: statement ? null : 'supplier',
  };
}

const TAGS = [
  { name: 'Da pagare', color: 'red' },
  { name: 'Pagato', color: 'green' },
  { name: 'Auto', color: 'blue' },
  { name: 'Ufficio', color: 'gray' },
  { name: 'Commercialista', color: 'amber' },
  { name: 'Cantiere', color: 'orange' },
] as const;

type Db = Awaited<ReturnType<typeof buildApp>>['services']['database']['db'];

/** 10,000 documents with tags and correspondents, in bulk; answers the tag id the filtered search uses. */
async function seedDocuments(db: Db, orgId: string): Promise<{ tagId: string; contentBytes: number }> {
  const clientRows = (await db.execute(sql`
    insert into clients (organization_id, type, company_name, email, city, province, vat_number)
    select ${orgId}, 'company',
      (array[${sql.raw(NAMES.map((n) => `'${n}'`).join(','))}])[1 + i % ${NAMES.length}] || ' '
        || (array[${sql.raw(TRADES.map((n) => `'${n}'`).join(','))}])[1 + (i / ${NAMES.length}) % ${TRADES.length}] || ' S.r.l.',
      'cliente' || i || '@example.test', 'Forlì', 'FC', lpad(i::text, 11, '0')
    from generate_series(1, 40) as s(i) returning id, company_name as name`)) as unknown as
    { rows: { id: string; name: string }[] } | { id: string; name: string }[];
  const supplierRows = (await db.execute(sql`
    insert into suppliers (organization_id, name, vat_number)
    select ${orgId},
      (array['Ferramenta','Elettroforniture','Carburanti','Studio','Officina','Tipografia'])[1 + i % 6] || ' '
        || (array[${sql.raw(NAMES.map((n) => `'${n}'`).join(','))}])[1 + (i / 6) % ${NAMES.length}] || ' ' || i,
      'IT' || lpad((50000 + i)::text, 11, '0')
    from generate_series(1, 30) as s(i) returning id, name`)) as unknown as
    { rows: { id: string; name: string }[] } | { id: string; name: string }[];
  const rowsOf = <T>(res: { rows: T[] } | T[]) => (Array.isArray(res) ? res : res.rows);
  const clientList = rowsOf(clientRows);
  const supplierList = rowsOf(supplierRows);
  const tags = await db
    .insert(documentTags)
    .values(TAGS.map((t) => ({ organizationId: orgId, name: t.name, color: t.color })))
    .returning({ id: documentTags.id });

  const r = prng(17);
  const start = Date.UTC(2023, 0, 1);
  const span = Date.UTC(2026, 5, 30) - start;
  const BATCH = 250;
  let contentBytes = 0;
  const ids: string[] = [];
  for (let from = 0; from < DOCUMENT_COUNT; from += BATCH) {
    const rows: (typeof documents.$inferInsert)[] = [];
    const links: { documentId: string; tagId: string }[] = [];
    for (let i = from; i < Math.min(DOCUMENT_COUNT, from + BATCH); i++) {
      const date = new Date(start + Math.floor(r() * span));
      const client = pick(r, clientList);
      const supplier = pick(r, supplierList);
      const g = generate(r, i + 1, date, g0(r) ? client.name : supplier.name);
      const id = randomUUID();
      ids.push(id);
      contentBytes += Buffer.byteLength(g.content);
      rows.push({
        id,
        organizationId: orgId,
        title: g.title,
        documentType: g.documentType,
        documentDate: date.toISOString().slice(0, 10),
        clientId: g.correspondent === 'client' ? client.id : null,
        supplierId: g.correspondent === 'supplier' ? supplier.id : null,
        fileName: g.fileName,
        mimeType: g.fileName.endsWith('.jpg') ? 'image/jpeg' : 'application/pdf',
        sizeBytes: between(r, 30_000, 3_000_000),
        sha256: randomBytes(32).toString('hex'),
        fileKey: `documents/${orgId}/${id}`,
        pageCount: g.fileName.endsWith('.jpg') ? 1 : Math.ceil(g.content.length / 3000),
        content: g.content,
        textSource: g.fileName.endsWith('.jpg') ? 'ocr' : 'pdf',
        readingStatus: 'done',
        readingProgress: 100,
        createdAt: new Date(date.getTime() + between(r, 0, 20) * 86_400_000),
      });
      const tagCount = r() < 0.4 ? 0 : between(r, 1, 2);
      const chosen = new Set(Array.from({ length: tagCount }, () => zipf(r, tags).id));
      for (const tagId of chosen) links.push({ documentId: id, tagId });
    }
    await db.insert(documents).values(rows);
    if (links.length) await db.insert(documentTagLinks).values(links);
  }
  // The search finds tag and correspondent names through search_extra, kept by the repository as on filing.
  for (let k = 0; k < ids.length; k += 1000) await refreshSearchExtra(db, ids.slice(k, k + 1000));
  // A bulk load leaves the GIN index's new entries in its pending list until (auto)vacuum merges them; the figures
  // are of the steady state (as the volume section), so vacuum now.
  await db.execute(sql`vacuum analyze documents`);
  await db.execute(sql`vacuum analyze document_tag_links`);
  return { tagId: tags[1]!.id, contentBytes };
}
/** About half the documents name a client company in their text, the others a supplier. */
const g0 = (r: Rand) => r() < 0.5;

// ---------------------------------------------------------------- search timing

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
const latencyOf = (times: number[]): Latency => {
  const s = [...times].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), n: s.length };
};

function searchMix(tagId: string) {
  return [
    { label: 'a common word', query: 'q=fattura' },
    { label: 'a rare word', query: 'q=ammortizzatore' },
    { label: 'two words', query: 'q=contratto+manutenzione' },
    { label: 'a prefix (search as you type)', query: 'q=forni' },
    { label: 'a word with no match', query: 'q=ippopotamo' },
    { label: 'a word and a tag', query: `q=pagamento&tagId=${tagId}` },
    { label: 'a word, type and dates', query: 'q=iva&type=receipt&from=2025-01-01&to=2025-06-30' },
  ];
}

async function searchBench(
  engine: string,
  dataDir: string,
  log: (m: string) => void,
  databaseUrl?: string,
): Promise<SearchResult> {
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
    const owner = await createUser(app.services.auth, {
      name: 'Bench',
      email: 'bench-documents@example.test',
      password: PASSWORD,
    });
    const org = await createOrganizationFor(app.services.auth, { userId: owner.id, name: 'Bench S.r.l.' });
    log(`documents: seeding ${DOCUMENT_COUNT.toLocaleString('en')} documents (${engine})`);
    const s0 = performance.now();
    const { tagId, contentBytes } = await seedDocuments(app.services.database.db, org.id);
    const seedMs = performance.now() - s0;
    log(
      `documents: seeded in ${(seedMs / 1000).toFixed(1)} s, ${(contentBytes / 2 ** 20).toFixed(1)} MB of text`,
    );

    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: config.appUrl },
      body: JSON.stringify({ email: 'bench-documents@example.test', password: PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const get = async (query: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/documents?${query}`, { headers: { cookie } });
      const body = (await res.json()) as { total: number; items: { snippet: string | null }[] };
      if (res.status !== 200) throw new Error(`GET /api/v1/documents?${query} answered ${res.status}`);
      return { ms: performance.now() - t0, total: body.total };
    };
    const mix = searchMix(tagId);
    for (let i = 0; i < WARM_UP; i++) await get(mix[i % mix.length]!.query);
    const times = mix.map(() => [] as number[]);
    const totals = mix.map(() => 0);
    // Round robin, so every search meets the same machine load.
    for (let round = 0; round < PER_QUERY; round++) {
      for (const [k, m] of mix.entries()) {
        const { ms, total } = await get(m.query);
        times[k]!.push(ms);
        totals[k] = total;
      }
    }
    const queries = mix.map((m, k) => ({ ...m, total: totals[k]!, latency: latencyOf(times[k]!) }));
    const overall = latencyOf(times.flat());
    log(
      `documents: ${engine} search p50 ${overall.p50.toFixed(1)} ms, p95 ${overall.p95.toFixed(1)} ms, p99 ${overall.p99.toFixed(1)} ms; ${queries.map((q) => `${q.query} ${q.latency.p95.toFixed(1)} ms (${q.total})`).join('; ')}`,
    );
    return { engine, seedMs, contentMb: contentBytes / 2 ** 20, overall, queries };
  } finally {
    await app.close();
  }
}

// ---------------------------------------------------------------- upload

type ServerLike = { url: string; proc: { pid?: number }; stop: () => Promise<void> };

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** Resets the process's VmHWM (peak RSS) to its current RSS; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function signUp(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const merge = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  };
  const headers = { 'content-type': 'application/json', origin: base };
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Bench Upload',
      email: `bench-upload-${Date.now()}@example.test`,
      password: PASSWORD,
    }),
  });
  if (up.status !== 200) throw new Error(`sign-up answered ${up.status}: ${await up.text()}`);
  let cookie = merge(up);
  const org = await fetch(`${base}/api/v1/organizations`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'Bench Upload S.r.l.' }),
  });
  if (org.status !== 201 && org.status !== 200) throw new Error(`organization answered ${org.status}`);
  cookie = merge(org);
  return cookie;
}

/** A zip-looking file of random bytes (stored as it is, no reading job: the figure is the upload alone). */
function writeFile(file: string, bytes: number) {
  const fd = fs.openSync(file, 'w');
  const block = randomBytes(1024 * 1024);
  block.writeUInt32LE(0x04034b50, 0); // "PK\3\4"
  for (let at = 0; at < bytes; at += block.length) {
    fs.writeSync(fd, block, 0, Math.min(block.length, bytes - at));
    block.writeUInt32LE(at + 1, 8); // each MiB differs, and so does each file's SHA-256 (see the random block)
  }
  fs.closeSync(fd);
}

/** POST /api/v1/documents, multipart, the file streamed from disk by node:http; the status and the time. */
function upload(base: string, cookie: string, file: string, name: string) {
  const size = fs.statSync(file).size;
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ ms: number; status: number; body: string }>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      `${base}/api/v1/documents`,
      {
        method: 'POST',
        headers: {
          cookie,
          origin: base,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - t0,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

async function uploadBench(deps: {
  tmpRoot: string;
  log: (m: string) => void;
  startServer: (o: { dataDir: string }) => Promise<ServerLike>;
}): Promise<{ results: UploadResult[]; baseRssBytes: number }> {
  // The child process takes this process's environment (scripts/bench.ts's startServer).
  const previousLimit = process.env.DOCUMENT_MAX_FILE_MB;
  process.env.DOCUMENT_MAX_FILE_MB = String(UPLOAD_LIMIT_MB);
  let server: ServerLike;
  try {
    server = await deps.startServer({ dataDir: path.join(deps.tmpRoot, 'documents-upload') });
  } finally {
    if (previousLimit === undefined) delete process.env.DOCUMENT_MAX_FILE_MB;
    else process.env.DOCUMENT_MAX_FILE_MB = previousLimit;
  }
  const pid = server.proc.pid!;
  const files = path.join(deps.tmpRoot, 'documents-files');
  fs.mkdirSync(files, { recursive: true });
  try {
    const cookie = await signUp(server.url);
    const once = async (sizeMb: number, tag: string): Promise<UploadRun> => {
      const file = path.join(files, `${tag}.zip`);
      writeFile(file, sizeMb * 2 ** 20);
      const before = statusKb(pid, 'VmRSS');
      const hwm = resetPeak(pid);
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, statusKb(pid, 'VmRSS'));
      }, SAMPLE_MS);
      let res;
      try {
        res = await upload(server.url, cookie, file, `archivio-${tag}.zip`);
      } finally {
        clearInterval(timer);
        fs.rmSync(file, { force: true });
      }
      peak = Math.max(peak, statusKb(pid, 'VmRSS'));
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
      const stored = (JSON.parse(res.body) as { document: { sizeBytes: number } }).document.sizeBytes;
      if (stored !== sizeMb * 2 ** 20) throw new Error(`stored ${stored} bytes of ${sizeMb * 2 ** 20}`);
      return {
        ms: res.ms,
        peakGrowthBytes: peak - before,
        hwmGrowthBytes: hwm ? statusKb(pid, 'VmHWM') - before : null,
      };
    };
    // Unmeasured: the first upload loads the route's code and warms the store.
    await once(1, 'warm-up');
    const baseRssBytes = statusKb(pid, 'VmRSS');
    const results: UploadResult[] = UPLOAD_SIZES_MB.map((sizeMb) => ({ sizeMb, runs: [] }));
    for (let run = 0; run < UPLOAD_RUNS; run++) {
      for (const r of results) {
        const figure = await once(r.sizeMb, `${r.sizeMb}mb-${run}`);
        r.runs.push(figure);
        deps.log(
          `documents: upload ${r.sizeMb} MB in ${(figure.ms / 1000).toFixed(2)} s, server RSS +${(figure.peakGrowthBytes / 2 ** 20).toFixed(0)} MB`,
        );
      }
    }
    return { results, baseRssBytes };
  } finally {
    await server.stop();
    fs.rmSync(files, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the section

export async function documentsBench(deps: {
  tmpRoot: string;
  log: (msg: string) => void;
  pgUrl?: string;
  resetPostgres?: () => Promise<void>;
  startServer: (o: { dataDir: string }) => Promise<ServerLike>;
}): Promise<DocumentsBench> {
  const bench: DocumentsBench = { search: [], upload: { error: 'not run' } };
  const attempt = async (engine: string, run: () => Promise<SearchResult>) => {
    try {
      bench.search.push(await run());
    } catch (err) {
      deps.log(`documents: ${engine} search failed: ${(err as Error).stack}`);
      bench.search.push({ engine, error: (err as Error).message.split('\n')[0]! });
    }
  };
  if (deps.pgUrl) {
    await deps.resetPostgres?.();
    await attempt('PostgreSQL', () =>
      searchBench('PostgreSQL', path.join(deps.tmpRoot, 'documents-pg'), deps.log, deps.pgUrl),
    );
  }
  if (process.env.BENCH_DOCUMENTS_PGLITE !== 'false')
    await attempt('PGlite', () =>
      searchBench('PGlite', path.join(deps.tmpRoot, 'documents-pglite'), deps.log),
    );
  try {
    bench.upload = await uploadBench(deps);
  } catch (err) {
    deps.log(`documents: upload failed: ${(err as Error).stack}`);
    bench.upload = { error: (err as Error).message.split('\n')[0]! };
  }
  return bench;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms1 = (x: number) => `${x.toFixed(1)} ms`;
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20) || 0} MB`;

export function documentsSection(b: DocumentsBench, pgVersion: string): string {
  const ok = b.search.filter((s): s is SearchResult => !('error' in s));
  const pg = ok.find((s) => s.engine === 'PostgreSQL');
  const goal = pg ? (pg.overall.p95 <= 50 ? '**met**' : '**NOT met**') : 'not measured';
  const engineName = (s: { engine: string }) =>
    s.engine === 'PostgreSQL' && pgVersion ? `PostgreSQL ${pgVersion}` : s.engine;
  const lines = [
    `### Search over ${DOCUMENT_COUNT.toLocaleString('en')} documents`,
    '',
    `One organization with ${DOCUMENT_COUNT.toLocaleString('en')} documents generated from word lists with a seeded PRNG (the same every`,
    `run): receipts (35%), received invoices (30%), letters (15%), contracts of 800 to 4,000 words (10%), delivery notes and`,
    `bank statements (10%), 70% in Italian and 30% in English${ok[0] ? `, ${ok[0].contentMb.toFixed(0)} MB of text in all` : ''}; 40 clients and 30 suppliers as`,
    `correspondents, 6 tags on 60% of them. Inserted in bulk (the generated \`search_vector\` computed by the database),`,
    `\`search_extra\` refreshed by the repository's own function, then \`VACUUM ANALYZE\`. The app in this process, as the`,
    `volume section; \`GET /api/v1/documents?…\` (first page of 25, snippets, count) over HTTP on 127.0.0.1, signed in,`,
    `one request after another: ${WARM_UP} warm-up requests, then the ${searchMix('').length} searches below in turn, ${PER_QUERY} times each`,
    `(${PER_QUERY * searchMix('').length} requests). Goal: p95 ≤ 50 ms on PostgreSQL: ${goal}.`,
    '',
  ];
  if (ok.length) {
    lines.push(
      `| search | ${ok.map((s) => `${engineName(s)}: matches · p50 · p95`).join(' | ')} |`,
      `|---|${ok.map(() => '---').join('|')}|`,
      ...ok[0]!.queries.map(
        (q, k) =>
          `| ${q.label}: \`${q.query.replace(/tagId=[0-9a-f-]+/, 'tagId=<Pagato>')}\` | ${ok
            .map((s) => {
              const f = s.queries[k]!;
              return `${f.total.toLocaleString('en')} · ${ms1(f.latency.p50)} · ${ms1(f.latency.p95)}`;
            })
            .join(' | ')} |`,
      ),
      `| **all ${ok[0]!.overall.n} requests**: p50 · p95 · p99 | ${ok
        .map((s) => `${ms1(s.overall.p50)} · **${ms1(s.overall.p95)}** · ${ms1(s.overall.p99)}`)
        .join(' | ')} |`,
      `| data load (insert, search_extra, vacuum) | ${ok.map((s) => `${(s.seedMs / 1000).toFixed(1)} s`).join(' | ')} |`,
    );
  }
  for (const s of b.search)
    if ('error' in s) lines.push('', `- ${engineName(s)}: not measured (${s.error}).`);
  lines.push('', '### Upload', '');
  if ('error' in b.upload) {
    lines.push(`Not measured: ${b.upload.error}.`);
    return lines.join('\n');
  }
  const u = b.upload;
  lines.push(
    `\`POST /api/v1/documents\` (multipart/form-data, field \`file\`) to the server as \`npm start\` runs it (\`node ${'dist/server/main.mjs'}\`,`,
    `PGlite, the default store: the local folder, encrypted at rest), in a child process; the file is streamed from disk`,
    `by node:http (Content-Length set), a \`.zip\` of random bytes (stored as it is, no reading job afterwards: the figure`,
    `is the upload alone: hashing, type check, encryption, the row). Time from the request's start to the 201 answer.`,
    `Memory: the server process's RSS (\`VmRSS\` of /proc/<pid>/status) sampled every ${SAMPLE_MS} ms during the upload, its`,
    `peak minus its value just before; and the kernel's own peak (\`VmHWM\`, reset through /proc/<pid>/clear_refs before`,
    `each upload) minus the same. Garbage not yet collected counts too, so these are upper bounds. One unmeasured 1 MB`,
    `upload first; then ${UPLOAD_RUNS} runs of each size, alternating. The app's upload limit is 50 MB by default; this`,
    `server runs with \`DOCUMENT_MAX_FILE_MB=${UPLOAD_LIMIT_MB}\` so that a ${UPLOAD_SIZES_MB.at(-1)} MB file shows whether memory follows the file's`,
    `size. The server's RSS after the warm-up: ${mib(u.baseRssBytes)}.`,
    '',
    '| file | time (median) | MB/s (each run) | peak RSS growth, sampled (each run) | peak RSS growth, VmHWM (each run) |',
    '|---|---:|---:|---:|---:|',
    ...u.results.map((r) => {
      const rate = (ms: number) => (r.sizeMb / (ms / 1000)).toFixed(0);
      const med = median(r.runs.map((x) => x.ms));
      return `| ${r.sizeMb} MB | **${(med / 1000).toFixed(2)} s** | **${rate(med)}** (${r.runs.map((x) => rate(x.ms)).join(', ')}) | **${mib(Math.max(...r.runs.map((x) => x.peakGrowthBytes)))}** (${r.runs.map((x) => mib(x.peakGrowthBytes)).join(', ')}) | ${r.runs.every((x) => x.hwmGrowthBytes !== null) ? `${mib(Math.max(...r.runs.map((x) => x.hwmGrowthBytes!)))} (${r.runs.map((x) => mib(x.hwmGrowthBytes!)).join(', ')})` : 'not available'} |`;
    }),
  );
  const peakOf = (r: UploadResult) => Math.max(...r.runs.map((x) => x.peakGrowthBytes));
  const mid = u.results.find((r) => r.sizeMb === 50);
  const large = u.results.at(-1)!;
  if (mid && large !== mid) {
    const flat = peakOf(large) <= 1.5 * peakOf(mid) + 16 * 2 ** 20;
    lines.push(
      '',
      `From ${mid.sizeMb} MB to ${large.sizeMb} MB (${large.sizeMb / mid.sizeMb}× the file) the peak growth goes from ${mib(peakOf(mid))} to ${mib(peakOf(large))}: ${
        flat
          ? 'it does not follow the file (the upload is streamed; what grows is buffers not yet collected, which V8 frees after some tens of MB, as the storage section explains).'
          : '**it follows the file**: something holds the upload in memory.'
      }`,
    );
  }
  return lines.join('\n');
}
