// Mailbox figures of issue 15 ("Figures"): a real Dovecot (test/helpers/dovecot.ts) with Inboxes of 1,000, 20,000
// and 50,000 generated messages, synced by the app's own server process, measured in Debian's Chromium from the
// click to the content on screen. Called by scripts/bench.ts (section `mailbox`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import pg from 'pg';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../test/helpers/dovecot.ts';

export const MAILBOX_SIZES = [1_000, 20_000, 50_000] as const;
/** Runs of each browser figure; the median is reported. */
export const MAILBOX_RUNS = 5;
/** Playwright's delay between keys (about 180 ms apart in Chromium here), and the pause before Enter. */
const SEARCH_KEY_DELAY_MS = 120;
const SEARCH_ENTER_PAUSE_MS = 150;
const PASSWORD = 'Bench-imap-2026';
const USER_PASSWORD = 'Bench-password-2026';
/** The first sync of the largest mailbox must end within this, or the section says it did not. */
const SYNC_LIMIT_MS = 20 * 60_000;

type ServerLike = {
  proc: { pid?: number; exitCode: number | null };
  url: string;
  stop: () => Promise<void>;
  output: () => string;
};
export type MailboxBenchDeps = {
  tmpRoot: string;
  log: (msg: string) => void;
  startServer: (options: { dataDir: string; databaseUrl?: string }) => Promise<ServerLike>;
  databaseUrl?: string;
  resetPostgres?: () => Promise<void>;
};

export type SizeResult = {
  size: number;
  bytes: number;
  openInbox: number[];
  openMessage: number[];
  openMessageHovered: number[];
  /** Typed, Enter after a pause (the list fetched ahead), and pasted with Enter at once (nothing ahead). */
  search: number[];
  searchPasted: number[];
  page2: number[];
  /** From adding the account to the newest message in the open mailbox's list, and to all of them stored. */
  firstVisibleMs: number | string;
  allStoredMs: number | string;
  idleNewMs: number | string;
  /** Only for the largest size. */
  clientsIdle?: { p50: number; p95: number; n: number };
  clientsDuringSync?: { p50: number; p95: number; n: number };
  peakRssMb?: number;
  /** The server's RSS just before the account was added. */
  baseRssMb?: number;
  notes: string[];
};

export type MailboxBench = { engine: string; results: SizeResult[]; notes: string[] };

/* ---------- A realistic mailbox, written straight into the Maildir ---------- */

const FIRST = [
  'Marco',
  'Giulia',
  'Luca',
  'Sara',
  'Paolo',
  'Anna',
  'Andrea',
  'Chiara',
  'Francesco',
  'Elena',
  'John',
  'Emily',
  'David',
  'Sophie',
  'Matteo',
  'Federica',
  'Giorgio',
  'Laura',
  'Michael',
  'Alessia',
];
const LAST = [
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
  'Conti',
  'De Luca',
  'Costa',
  'Giordano',
  'Mancini',
  'Smith',
  'Brown',
  'Taylor',
  'Ferrari',
  'Moretti',
];
const COMPANY = [
  'verdi-impianti',
  'edilnord',
  'trasporti-gallo',
  'studio-conti',
  'meccanica-bruno',
  'acme',
  'northwind',
  'fornitureitalia',
  'greco-consulting',
  'costa-logistica',
  'lattoneria-ricci',
  'tecnoservizi',
];
const TLD = ['it', 'com', 'eu', 'it', 'it'];
const SUBJECTS = [
  (n: number) => `Fattura n. ${n}/2026`,
  (n: number) => `Preventivo per la fornitura di materiale elettrico (rif. ${n})`,
  (n: number) => `Ordine ${n} confermato`,
  (n: number) => `Sollecito di pagamento fattura ${n}`,
  (n: number) => `Conferma appuntamento di giovedì, pratica ${n}`,
  (n: number) => `Invoice ${n} is overdue`,
  (n: number) => `Meeting notes — project ${n}`,
  (n: number) => `Quotation request ${n} for spare parts`,
  (n: number) => `Documenti per la dichiarazione, cliente ${n}`,
  (n: number) => `Spedizione ${n} in consegna domani`,
  (n: number) => `Your order ${n} has shipped`,
  (n: number) => `Richiesta informazioni sul contratto ${n}`,
];
const PARAGRAPHS = [
  'Buongiorno, come d’accordo vi inviamo la documentazione richiesta. Restiamo a disposizione per chiarimenti.',
  'Vi ricordiamo che il pagamento è previsto a 30 giorni data fattura, tramite bonifico bancario.',
  'Please find the details below and let us know if anything needs to change before Friday.',
  'Il materiale sarà disponibile in magazzino dalla prossima settimana; il trasporto è a nostro carico.',
  'Thanks for the quick reply. We will confirm the delivery date as soon as the carrier answers.',
  'In allegato trovate il preventivo aggiornato con gli sconti concordati al telefono.',
  'Cordiali saluti, e grazie per la collaborazione.',
];

type Generated = { count: number; bytes: number; newestSubject: string };

const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;

/** Message i of n (0 the oldest): varied senders and subjects, threads of replies, some attachments. */
function messageOf(i: number, date: Date, attachment: Buffer | null): { raw: string; subject: string } {
  const first = pick(FIRST, i * 7 + 3);
  const last = pick(LAST, i * 13 + Math.floor(i / 20) * 7 + 5); // 400 first/last pairs
  const company = pick(COMPANY, i * 3 + 1);
  const from = `${first} ${last} <${first.toLowerCase()}.${last.toLowerCase().replace(/\s/g, '')}@${company}.${pick(TLD, i)}>`;
  // Every fifth message answers the one five before it: threads of a few messages.
  const reply = i % 5 === 4;
  const base = reply ? i - 4 : i;
  const subject = `${reply ? 'Re: ' : ''}${pick(SUBJECTS, base)(1000 + base)}`;
  // The reference opens the body, so the list's snippet shows which message a row is.
  const body = [
    `Rif. messaggio ${i}-bench`,
    '',
    `Gentile cliente,`,
    '',
    pick(PARAGRAPHS, i),
    pick(PARAGRAPHS, i + 3),
    '',
    `${first} ${last}`,
  ].join('\r\n');
  const headers = [
    `From: ${from}`,
    'To: Bench Mailbox <bench@example.test>',
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <m${i}.bench@${company}.example>`,
    ...(reply
      ? [
          `In-Reply-To: <m${base}.bench@${pick(COMPANY, base * 3 + 1)}.example>`,
          `References: <m${base}.bench@${pick(COMPANY, base * 3 + 1)}.example>`,
        ]
      : []),
    'MIME-Version: 1.0',
  ];
  if (!attachment && i % 3 !== 0) {
    return {
      subject,
      raw: [
        ...headers,
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        body,
        '',
      ].join('\r\n'),
    };
  }
  const html = `<p>${body.split('\r\n').filter(Boolean).join('</p><p>')}</p>`;
  const alternative = [
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
    '--alt--',
  ];
  if (!attachment) return { subject, raw: [...headers, ...alternative, ''].join('\r\n') };
  const b64 = attachment.toString('base64').replace(/.{76}/g, '$&\r\n');
  return {
    subject,
    raw: [
      ...headers,
      'Content-Type: multipart/mixed; boundary="mix"',
      '',
      '--mix',
      ...alternative,
      '--mix',
      `Content-Type: application/pdf; name="documento-${i}.pdf"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="documento-${i}.pdf"`,
      '',
      b64,
      '--mix--',
      '',
    ].join('\r\n'),
  };
}

/**
 * Writes n messages into `<mailDir>/<user>` as Maildir files (cur/, mostly read) before Dovecot has seen the
 * user, newest dated a few minutes ago and the rest spread back over about three years; the file name's time
 * and the file's mtime are the message's date, so Dovecot's UIDs and INTERNALDATEs follow the dates.
 */
export function writeMaildir(mailDir: string, user: string, n: number): Generated {
  const dir = path.join(mailDir, user);
  const { uid, gid } = fs.statSync(mailDir);
  for (const sub of ['', 'cur', 'new', 'tmp']) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
    fs.chownSync(path.join(dir, sub), uid, gid);
  }
  const now = Date.now() - 5 * 60_000;
  const span = 3 * 365 * 86_400_000;
  // One PDF-like blob per size class, reused: attachments are stored once per content anyway.
  const blobs = [randomBytes(12 * 1024), randomBytes(40 * 1024), randomBytes(150 * 1024)];
  let bytes = 0;
  let newestSubject = '';
  for (let i = 0; i < n; i++) {
    const date = new Date(now - Math.round(((n - 1 - i) / Math.max(1, n - 1)) * span));
    const attachment = i % 8 === 5 ? blobs[i % 3]! : null;
    const { raw, subject } = messageOf(i, date, attachment);
    const body = Buffer.from(raw, 'utf8');
    const seconds = Math.floor(date.getTime() / 1000);
    // Newest 30 unread, then one in ten; one in fifty flagged.
    const flags = `${i % 50 === 7 ? 'F' : ''}${i < n - 30 && i % 10 !== 0 ? 'S' : ''}`;
    const file = path.join(dir, 'cur', `${seconds}.M${i}P1.bench,S=${body.length}:2,${flags}`);
    fs.writeFileSync(file, body);
    fs.chownSync(file, uid, gid);
    fs.utimesSync(file, date, date);
    bytes += body.length;
    if (i === n - 1) newestSubject = subject;
  }
  return { count: n, bytes, newestSubject };
}

/* ---------- Measuring ---------- */

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signUp(context: BrowserContext, baseUrl: string, tag: string) {
  const headers = { origin: baseUrl };
  const email = `bench-mail-${tag.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${Date.now()}@example.test`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name: 'Bench Mailbox', email, password: USER_PASSWORD },
    headers,
  });
  if (res.status() !== 200) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const org = await context.request.post('/api/v1/organizations', {
    data: { name: `Bench ${tag}` },
    headers,
  });
  if (org.status() !== 201) throw new Error(`organization answered ${org.status()}: ${await org.text()}`);
  const cookies = await context.cookies(baseUrl);
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** `samples` sequential signed-in GETs (or until `until` says stop), each time kept. */
async function sequentialTimes(url: string, cookie: string, until: () => boolean, max: number) {
  const times: number[] = [];
  while (times.length < max && !until()) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    times.push(performance.now() - t0);
    await sleep(50); // a person's pace, not a load test: ~15 requests per second
  }
  return times;
}

function statusOf(pid: number | undefined) {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

async function countStored(
  databaseUrl: string | undefined,
  baseUrl: string,
  cookie: string,
  accountId: string,
) {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const r = await c.query<{ n: string }>(
        'select count(*) as n from mail_messages where account_id = $1',
        [accountId],
      );
      return Number(r.rows[0]?.n ?? 0);
    } finally {
      await c.end();
    }
  }
  // PGlite is one process: ask the app (the account's sync progress).
  const res = await fetch(`${baseUrl}/api/v1/mail/accounts/${accountId}`, { headers: { cookie } });
  const account = (await res.json()) as { syncProgress?: { stored?: number } | null };
  return account.syncProgress?.stored ?? 0;
}

const list = (page: Page) => page.getByTestId('mail-list');
const row = (page: Page, subject: string) =>
  list(page)
    .getByRole('button', { name: new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first();

/**
 * Arms a timer in the page: from the next `start` event (a click, or the Enter key) to the next frame painted
 * after `shown` (a JavaScript expression over the page) became true, as a person sees it. Playwright's own round
 * trips (its actionability checks before the click, its polling of waitFor) are left out, as in the dashboard's
 * in-app figure. The expression is re-checked on every change to the page and every frame `load`. Returns the
 * figure once the content is on screen.
 */
async function armTimer(page: Page, start: 'click' | 'keydown', shown: string) {
  // A string, not a function: tsx would wrap named helpers in a __name() the page does not have.
  await page.evaluate(`(() => {
    let startedAt = 0;
    window.benchShown = new Promise((resolve) => {
      const onStart = (e) => {
        if (e.type === 'keydown' && e.key !== 'Enter') return;
        startedAt = performance.now();
        document.removeEventListener(${JSON.stringify(start)}, onStart, true);
      };
      document.addEventListener(${JSON.stringify(start)}, onStart, true);
      const check = () => {
        if (!startedAt || !(${shown})) return;
        observer.disconnect();
        document.removeEventListener('load', check, true);
        requestAnimationFrame(() => resolve(performance.now() - startedAt));
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      document.addEventListener('load', check, true);
    });
  })()`);
  return async () => Number(await page.evaluate('window.benchShown'));
}
/** In-page expressions for armTimer. */
const shownRow = (subject: string) =>
  `[...document.querySelectorAll('[data-testid="mail-list"] button')].some((b) => b.textContent.includes(${JSON.stringify(subject)}) && b.checkVisibility())`;
/**
 * The body's text in the sandboxed frame (its srcdoc, once the frame has loaded that document: the frame is kept
 * from one message to the next) or in the page (plain text).
 */
const shownBody = (mark: string) => {
  const m = JSON.stringify(mark);
  return `(() => {
    const f = document.querySelector('[data-testid="mail-frame"]');
    if (f && !f.dataset.benchWatched) {
      f.dataset.benchWatched = '1';
      f.addEventListener('load', () => (f.dataset.benchLoaded = f.getAttribute('srcdoc') || ''));
    }
    if (f && (f.dataset.benchLoaded || '').includes(${m})) return true;
    return [...document.querySelectorAll('article')].some((a) => a.innerText.includes(${m}));
  })()`;
};

async function measureSize(
  deps: MailboxBenchDeps,
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  dovecot: Dovecot,
  user: string,
  gen: Generated,
  engine: string,
  largest: boolean,
): Promise<SizeResult> {
  const { log } = deps;
  const result: SizeResult = {
    size: gen.count,
    bytes: gen.bytes,
    openInbox: [],
    openMessage: [],
    openMessageHovered: [],
    search: [],
    searchPasted: [],
    page2: [],
    firstVisibleMs: 'not measured',
    allStoredMs: 'not measured',
    idleNewMs: 'not measured',
    notes: [],
  };
  // Loops of the first sync's watch, ended in `finally` whatever happens.
  let done = false;
  let peakRss = 0;
  let rssPoll: NodeJS.Timeout | undefined;
  const server = await deps.startServer({
    dataDir: path.join(deps.tmpRoot, `mailbox-${engine}-${gen.count}`),
    databaseUrl: deps.databaseUrl,
  });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cookie = await signUp(context, server.url, `${engine}-${gen.count}`);
    const clientsUrl = `${server.url}/api/v1/clients`;
    if (largest) {
      await sequentialTimes(clientsUrl, cookie, () => false, 20); // warm-up
      const idle = await sequentialTimes(clientsUrl, cookie, () => false, 200);
      result.clientsIdle = { p50: pct(idle, 50), p95: pct(idle, 95), n: idle.length };
    }
    await page.goto('/email');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 });

    // First sync: the account is added (as Settings → Mail accounts does), "Sync now", the mailbox opened.
    const headers = { origin: server.url };
    const imap = { host: dovecot.host, port: dovecot.port, security: 'none', username: user };
    result.baseRssMb = (statusOf(server.proc.pid)?.rss ?? NaN) / 1024;
    const t0 = performance.now();
    const created = await context.request.post('/api/v1/mail/accounts', {
      data: {
        emailAddress: `${user}@example.test`,
        displayName: 'Bench',
        imap,
        smtp: { ...imap, port: 2525 },
        password: PASSWORD,
      },
      headers,
    });
    if (created.status() !== 201)
      throw new Error(`account answered ${created.status()}: ${await created.text()}`);
    const accountId = ((await created.json()) as { id: string }).id;
    const sync = await context.request.post(`/api/v1/mail/accounts/${accountId}/sync`, { headers });
    if (sync.status() !== 202) throw new Error(`sync answered ${sync.status()}: ${await sync.text()}`);
    await page.goto('/email');

    rssPoll = setInterval(() => {
      const s = statusOf(server.proc.pid);
      if (s) peakRss = Math.max(peakRss, s.rss);
    }, 100);
    const during = largest
      ? sequentialTimes(clientsUrl, cookie, () => done, 100_000).catch((err: Error) => {
          result.notes.push(`clients during sync: ${err.message}`);
          return [];
        })
      : Promise.resolve([]);
    const stored = (async () => {
      for (;;) {
        if (done) return 'not measured';
        const n = await countStored(deps.databaseUrl, server.url, cookie, accountId);
        if (n >= gen.count) return performance.now() - t0;
        if (performance.now() - t0 > SYNC_LIMIT_MS)
          return `not done within ${SYNC_LIMIT_MS / 60_000} min (${n} stored)`;
        await sleep(250);
      }
    })().catch((err: Error) => `not measured (${err.message})`);
    try {
      await row(page, gen.newestSubject).waitFor({ state: 'visible', timeout: 120_000 });
      result.firstVisibleMs = performance.now() - t0;
    } catch {
      result.firstVisibleMs = 'not visible in the open mailbox within 120 s';
    }
    log(
      `mailbox ${engine} ${gen.count}: newest visible ${typeof result.firstVisibleMs === 'number' ? `${result.firstVisibleMs.toFixed(0)} ms` : result.firstVisibleMs}`,
    );
    result.allStoredMs = await stored;
    done = true;
    const duringTimes = await during;
    clearInterval(rssPoll);
    if (largest) {
      result.clientsDuringSync = {
        p50: pct(duringTimes, 50),
        p95: pct(duringTimes, 95),
        n: duringTimes.length,
      };
      result.peakRssMb = peakRss / 1024;
    }
    log(
      `mailbox ${engine} ${gen.count}: all stored ${typeof result.allStoredMs === 'number' ? `${(result.allStoredMs / 1000).toFixed(1)} s` : result.allStoredMs}, peak RSS ${(peakRss / 1024).toFixed(0)} MB`,
    );
    // No ANALYZE here: the sync refreshes the planner's statistics itself (MAIL_STATISTICS), as a user's has to.
    // Let the sync finish its bookkeeping (state idle) before the figures.
    for (let i = 0; i < 120; i++) {
      const res = await context.request.get(`/api/v1/mail/accounts/${accountId}`);
      if (((await res.json()) as { syncStatus: string }).syncStatus !== 'syncing') break;
      await sleep(500);
    }

    const nav = page.getByRole('navigation', { name: /folders/i });
    const inboxButton = nav.getByRole('button', { name: /^Inbox/ }).first();
    // Open the Inbox: from the Starred view of a fresh load (nothing of the Inbox cached), click "Inbox".
    for (let i = 0; i < MAILBOX_RUNS; i++) {
      await page.goto('/email?view=starred');
      await list(page).locator('li').first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForTimeout(300);
      const shown = await armTimer(page, 'click', shownRow(gen.newestSubject));
      await inboxButton.click();
      await row(page, gen.newestSubject).waitFor({ state: 'visible', timeout: 30_000 });
      result.openInbox.push(await shown());
    }
    // Open a message: a row of the Inbox not opened before, clicked; until its body is in the frame.
    const openRun = async (index: number, hover: boolean) => {
      const target = list(page).locator(`li[data-index="${index}"] button`).first();
      await target.scrollIntoViewIfNeeded();
      const mark = /Rif\. messaggio \d+-bench/.exec(await target.innerText())?.[0];
      if (!mark) throw new Error(`row ${index} shows no reference`);
      if (hover) {
        await target.hover();
        await page.waitForTimeout(300);
      }
      const shown = await armTimer(page, 'click', shownBody(mark));
      await target.click();
      // An HTML body is drawn in the sandboxed frame, a plain-text one in the page.
      await Promise.any([
        page
          .frameLocator('[data-testid="mail-frame"]')
          .getByText(mark)
          .waitFor({ state: 'visible', timeout: 30_000 }),
        page.getByRole('article').getByText(mark).waitFor({ state: 'visible', timeout: 30_000 }),
      ]);
      return shown();
    };
    await page.goto('/email');
    await row(page, gen.newestSubject).waitFor({ state: 'visible', timeout: 30_000 });
    for (let k = 0; k < MAILBOX_RUNS; k++) result.openMessage.push(await openRun(1 + k, false));
    for (let k = 0; k < MAILBOX_RUNS; k++)
      result.openMessageHovered.push(await openRun(1 + MAILBOX_RUNS + k, true));

    // Search: a word of the senders (surnames, also in the signatures) or of the subjects, a new one each run;
    // typed as a person types (Enter after a pause: the search box has fetched the list ahead), and pasted with
    // Enter at once (nothing fetched ahead: the request leaves with the Enter).
    const words = [
      'Rossi',
      'preventivo',
      'Colombo',
      'overdue',
      'Ferrari',
      'spedizione',
      'Moretti',
      'Bianchi',
    ];
    const searchRun = async (word: string, typed: boolean) => {
      await page.goto('/email');
      await row(page, gen.newestSubject).waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForTimeout(1000); // a person reads the list before typing
      const box = page.getByRole('searchbox').first();
      if (typed) {
        await box.pressSequentially(word, { delay: SEARCH_KEY_DELAY_MS });
        await page.waitForTimeout(SEARCH_ENTER_PAUSE_MS);
      } else await box.fill(word);
      const shown = await armTimer(
        page,
        'keydown',
        `!!document.querySelector('[data-testid="mail-list"] li mark')?.checkVisibility()`,
      );
      await box.press('Enter');
      try {
        await list(page)
          .locator('li')
          .first()
          .locator('mark')
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 });
      } catch {
        result.notes.push(`search "${word}": no row with the word marked within 30 s`);
        return;
      }
      (typed ? result.search : result.searchPasted).push(await shown());
    };
    for (let k = 0; k < MAILBOX_RUNS; k++) await searchRun(words[k]!, true);
    for (let k = 0; k < MAILBOX_RUNS; k++) await searchRun(words[(k + 3) % words.length]!, false);
    // Page 2: "Load more" at the end of the first 50, until the 51st row is in the list.
    for (let k = 0; k < MAILBOX_RUNS; k++) {
      await page.goto('/email');
      await row(page, gen.newestSubject).waitFor({ state: 'visible', timeout: 30_000 });
      const more = list(page).getByRole('button', { name: /load more/i });
      await more.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const shown = await armTimer(
        page,
        'click',
        `!!document.querySelector('[data-testid="mail-list"] li[data-index="50"]')?.checkVisibility()`,
      );
      await more.click();
      await list(page).locator('li[data-index="50"]').waitFor({ state: 'visible', timeout: 30_000 });
      result.page2.push(await shown());
    }

    // New mail while the mailbox is open (IMAP IDLE): a second client APPENDs to the Inbox.
    await page.goto('/email');
    await row(page, gen.newestSubject).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForTimeout(3000); // the IDLE connection opens when the page subscribes
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: PASSWORD },
      logger: false,
    });
    await client.connect();
    const subject = `Nuovo ordine in arrivo ${Date.now().toString(36)}`;
    const raw = [
      'From: Giulia Rossi <giulia@verdi-impianti.example>',
      `To: ${user}@example.test`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${Date.now()}.idle@verdi-impianti.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Confermiamo l’ordine.',
      '',
    ].join('\r\n');
    const t = performance.now();
    await client.append('INBOX', raw);
    await client.logout();
    try {
      await row(page, subject).waitFor({ state: 'visible', timeout: 60_000 });
      result.idleNewMs = performance.now() - t;
    } catch {
      result.idleNewMs = 'not visible within 60 s';
    }
    log(
      `mailbox ${engine} ${gen.count}: inbox ${median(result.openInbox).toFixed(0)} ms, message ${median(result.openMessage).toFixed(0)} ms (hovered ${median(result.openMessageHovered).toFixed(0)} ms), search ${median(result.search).toFixed(0)} ms (pasted ${median(result.searchPasted).toFixed(0)} ms), page 2 ${median(result.page2).toFixed(0)} ms, new mail ${typeof result.idleNewMs === 'number' ? result.idleNewMs.toFixed(0) : result.idleNewMs}`,
    );
  } catch (err) {
    if (process.env.BENCH_MAILBOX_SCREENSHOT)
      await context
        .pages()[0]
        ?.screenshot({ path: process.env.BENCH_MAILBOX_SCREENSHOT })
        .catch(() => undefined);
    result.notes.push(`stopped: ${(err as Error).message.split('\n')[0]}`);
    const printed = server.output().trim();
    if (printed) log(`server output:\n${printed.slice(-3000)}`);
    if (server.proc.exitCode !== null)
      result.notes.push(`the server process exited (code ${server.proc.exitCode})`);
    log(`mailbox ${engine} ${gen.count}: ${(err as Error).message}`);
  } finally {
    done = true;
    clearInterval(rssPoll);
    await context.close();
    await server.stop();
  }
  return result;
}

export async function mailboxBench(
  deps: MailboxBenchDeps,
  engine: string,
  sizes: readonly number[] = MAILBOX_SIZES,
): Promise<MailboxBench> {
  const unavailable = dovecotUnavailable();
  if (unavailable) return { engine, results: [], notes: [unavailable] };
  if (!fs.existsSync(CHROMIUM_PATH)) return { engine, results: [], notes: [`${CHROMIUM_PATH} is missing`] };
  const users = Object.fromEntries(sizes.map((n) => [`bench${n}`, PASSWORD]));
  const dovecot = await startDovecot(users);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: SizeResult[] = [];
  try {
    if (deps.resetPostgres) await deps.resetPostgres();
    for (const n of sizes) {
      const t0 = performance.now();
      const gen = writeMaildir(dovecot.mailDir, `bench${n}`, n);
      deps.log(
        `mailbox ${engine}: ${n} messages written (${(gen.bytes / 2 ** 20).toFixed(0)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      results.push(
        await measureSize(deps, browser, dovecot, `bench${n}`, gen, engine, n === Math.max(...sizes)),
      );
    }
  } finally {
    await browser.close();
    await dovecot.close();
  }
  return { engine, results, notes: [] };
}
