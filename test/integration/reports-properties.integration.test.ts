import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoDateIn } from '@shared/dates/dates.ts';
import { ZStockMovementInput } from '@shared/inventory/contracts.ts';
import type { TInvoiceListItem, TInvoicePage, TInvoiceTotals } from '@shared/invoicing/contracts.ts';
import type { DocumentTotals } from '@shared/invoicing/document.ts';
import { bucketsOf, granularityOf } from '@shared/reports/analytics.ts';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';
import { forecastWeeks, monthsOf } from '@shared/reports/buckets.ts';
import type { TCashFlow } from '@shared/reports/cash-flow-contracts.ts';
import { agingDueRange } from '@shared/reports/aging.ts';
import {
  AGING_BUCKETS,
  type DashboardPeriod,
  type TDashboard,
  type TReceivables,
  type TSalesRegister,
  type TVatSettlement,
  type VatPeriodicityValue,
} from '@shared/reports/contracts.ts';
import {
  lastTwelveMonths,
  monthRange,
  periodsOf,
  previousRange,
  type DateRange,
} from '@shared/reports/periods.ts';
import type { TProfitAndLoss } from '@shared/reports/profit-and-loss-contracts.ts';
import type { TInventoryReport, TRevenue, TRevenueRow } from '@shared/reports/revenue-contracts.ts';
import {
  historicalAdvance,
  NO_FIGURES,
  periodRange,
  periodsIn,
  settleVat,
} from '@shared/reports/vat-settlement.ts';
import {
  ZTransactionInput,
  type Direction,
  type TTransaction,
  type TTransactionCategory,
  type TTransactionPage,
} from '@shared/transactions/contracts.ts';
import { organizationSettings } from '@server/db/schema/organization-settings.ts';
import { recordMovement } from '@server/modules/inventory/service.ts';
import {
  changeQuoteStatus,
  createInvoiceDraftRow,
  issueInvoiceRow,
  recordPaymentRow,
} from '@server/modules/invoicing/index.ts';
import { createTransaction } from '@server/modules/transactions/service.ts';
import {
  addInvoiceDraft,
  addItem,
  addQuote,
  invoiceValues,
  lineInput,
  type LineBody,
} from '@server/seed/factories.ts';
import { sequence } from '@server/seed/sequence.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { addCompanyClient, completeProfile } from '../helpers/business.ts';

/**
 * The reports' property test (issue 14, Correctness). For each seed, a fresh organization gets a random
 * business from November of the year before last to today: clients (some under split payment), catalogue items
 * with stock movements, 40–80 invoices in date order with random lines (22/10/4 % and 0 % with a Natura,
 * quantities, discounts, now and then a pension fund or a withholding), credit notes dated after their invoice
 * (partial and full), drafts (which count for nothing), payments (partial and full, never in the future), ledger
 * entries in random categories (a few dated after today), quotes. Its time zone is one where "today" is often not
 * UTC's. Then every report is read over HTTP and checked against arithmetic done here, on the rows created and
 * on the rows the lists answer: totals are the sums of the rows, the VAT settlement is sales VAT minus purchase
 * VAT (no purchase invoice here: VP5 = 0) per period, and each drill-down lists exactly the
 * documents or entries behind its figure. A failure names its seed: `vitest run <this file> -t "seed <n>"` reproduces it.
 *
 * Purchases (received invoices) are not generated here: their figures are checked in reports-purchases.integration.test.ts.
 */
const SEEDS = [20_261_126, 4_242, 777_013];

/** Time zones where today's date differs from UTC's for part of every day (and Rome, the default). */
const TIME_ZONES = ['Europe/Rome', 'Pacific/Honolulu', 'Pacific/Kiritimati'];

// ─── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────

type Api = ReturnType<typeof api>;
type Random = () => number;

const sum = <T>(rows: readonly T[], f: (row: T) => number) => rows.reduce((total, row) => total + f(row), 0);
const pick = <T>(r: Random, values: readonly T[]): T => values[Math.floor(r() * values.length)]!;
const between = (r: Random, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const inRange = (day: string, range: DateRange) => day >= range.from && day <= range.to;
const query = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

async function read<T>(c: Api, url: string): Promise<T> {
  const res = await c.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

/** Every item of a paged list, page after page (`page` picks the items and their count out of an answer). */
async function allPages<T, P>(
  c: Api,
  url: string,
  pageSize: number,
  page: (body: P) => { items: T[]; total: number },
) {
  const rows: T[] = [];
  for (let n = 1; ; n++) {
    const { items, total } = page(await read<P>(c, `${url}&page=${n}&pageSize=${pageSize}`));
    rows.push(...items);
    if (n * pageSize >= total) return { rows, total };
  }
}

const invoiceList = (c: Api, filters: Record<string, string | undefined>) =>
  allPages(c, `/api/v1/invoices?${query(filters)}`, 100, (p: TInvoicePage) => p);
const ledgerList = (c: Api, filters: Record<string, string | undefined>) =>
  allPages(c, `/api/v1/transactions?${query(filters)}`, 100, (p: TTransactionPage) => p);

/** An issued document as created here: its frozen totals, signed (a credit note counts negative). */
type Doc = {
  id: string;
  documentType: 'TD01' | 'TD04';
  clientId: string;
  issueDate: string;
  dueDate: string;
  sign: 1 | -1;
  relatedInvoiceId: string | null;
  tax: Awaited<ReturnType<typeof issueInvoiceRow>>['tax'];
  totals: DocumentTotals;
};
type Payment = { invoiceId: string; paidOn: string; amountCents: number };
type Movement = { itemId: string; kind: 'in' | 'out' | 'adjustment'; delta: number; occurredOn: string };
type Item = { id: string; category: string | null; goods: boolean; costCents: number; threshold: number };

type Business = {
  seed: number;
  c: Api;
  today: string;
  year: number;
  periodicity: VatPeriodicityValue;
  clients: string[];
  items: Item[];
  docs: Doc[];
  payments: Payment[];
  movements: Movement[];
  categories: TTransactionCategory[];
  quotes: { status: string; validUntil: string; totalCents: number }[];
};

const docsIn = (b: Business, range: DateRange) => b.docs.filter((d) => inRange(d.issueDate, range));

/** Sales figures of documents as the VAT register and settlement add them up. */
function salesOf(docs: readonly Doc[]) {
  const rows = docs.flatMap((d) => d.totals.vatSummary.map((row) => ({ ...row, sign: d.sign })));
  return {
    taxableCents: sum(rows, (r) => r.sign * r.taxableCents),
    vatCents: sum(rows, (r) => (r.vatCollectability === 'I' ? r.sign * r.vatCents : 0)),
    splitPaymentVatCents: sum(rows, (r) => (r.vatCollectability === 'S' ? r.sign * r.vatCents : 0)),
    reverseChargeTaxableCents: sum(rows, (r) => (r.nature?.startsWith('N6') ? r.sign * r.taxableCents : 0)),
    documents: docs.length,
  };
}

/** The register's summary computed here: a group-by rate and Natura of the documents' VAT rows. */
function summaryOf(docs: readonly Doc[]) {
  const groups = new Map<string, TSalesRegister['summary'][number]>();
  for (const d of docs) {
    for (const row of d.totals.vatSummary) {
      const key = `${row.vatRate}|${row.nature}`;
      const g = groups.get(key) ?? {
        vatRate: row.vatRate,
        nature: row.nature,
        taxableCents: 0,
        vatCents: 0,
        splitPaymentVatCents: 0,
        reverseChargeTaxableCents: 0,
      };
      g.taxableCents += d.sign * row.taxableCents;
      if (row.nature?.startsWith('N6')) g.reverseChargeTaxableCents += d.sign * row.taxableCents;
      if (row.vatCollectability === 'S') g.splitPaymentVatCents += d.sign * row.vatCents;
      else g.vatCents += d.sign * row.vatCents;
      groups.set(key, g);
    }
  }
  return sortSummary([...groups.values()]);
}
const sortSummary = <T extends { vatRate: number; nature: string | null }>(rows: T[]) =>
  [...rows].sort((a, b) => b.vatRate - a.vatRate || String(a.nature).localeCompare(String(b.nature)));

/** What is left to collect on each invoice (TD01) today, from the rows the invoice list answers. */
const outstandingOf = (row: TInvoiceListItem) => row.outstandingCents;

/** Invoices paid in full (nothing outstanding, something paid) whose last payment falls in a range. */
function completedIn(b: Business, issued: Map<string, TInvoiceListItem>, range: DateRange) {
  const last = new Map<string, string>();
  for (const p of b.payments) if ((last.get(p.invoiceId) ?? '') < p.paidOn) last.set(p.invoiceId, p.paidOn);
  return b.docs.flatMap((d) => {
    const row = issued.get(d.id)!;
    const lastPaid = last.get(d.id);
    const settled = row.amountDueCents - row.paidCents - creditedOf(b.docs, d.id) <= 0 && row.paidCents > 0;
    return lastPaid && settled && inRange(lastPaid, range) ? [{ doc: d, lastPaid }] : [];
  });
}

/** The ageing bucket of an invoice due on `dueDate`, on the day `asOf`. */
function bucketOn(dueDate: string, asOf: string) {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'notDue';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  return late <= 90 ? 'days61to90' : 'over90';
}

/** The amount due of the credit notes issued on an invoice. */
const creditedOf = (docs: readonly Doc[], invoiceId: string) =>
  sum(
    docs.filter((d) => d.relatedInvoiceId === invoiceId),
    (d) => d.totals.amountDueCents,
  );

// ─── The random business ──────────────────────────────────────────────────────────────────────────────────

const DESCRIPTIONS = ['Manodopera officina', 'Ricambi vari', 'Revisione impianto', 'Trasporto', 'Collaudo'];
const NATURES = ['N2.2', 'N6.7', 'N4', 'N3.1'] as const;

function randomLine(r: Random, items: readonly Item[]): LineBody {
  const rate = pick(r, [22, 22, 22, 10, 4, 0] as const);
  const item = r() < 0.55 ? pick(r, items) : null;
  return lineInput({
    description: pick(r, DESCRIPTIONS),
    quantity: pick(r, ['1', '1', '2', '3', '0.5', '1.25', '12']),
    unit: 'pz',
    unitPriceCents: between(r, 150, 250_000),
    discountPercent: pick(r, ['0', '0', '0', '5', '10', '12.5']),
    vatRate: rate,
    ...(rate === 0 ? { nature: pick(r, NATURES) } : {}),
    ...(item ? { itemId: item.id } : {}),
  });
}

async function createBusiness(t: TestApp, seed: number): Promise<Business> {
  const r = sequence(seed);
  const owner = await createSignedInUserWithOrg(t.app);
  const c = api(t.app, owner.cookie);
  const db = t.app.services.database.db;
  const orgId = owner.organizationId;
  const userId = owner.user.id;
  const timeZone = TIME_ZONES[seed % TIME_ZONES.length]!;
  await db
    .insert(organizationSettings)
    .values({ organizationId: orgId, timeZone })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { timeZone } });
  const today = isoDateIn(timeZone);
  const year = Number(today.slice(0, 4));
  // From November of the year before last: last year's December advance (88% of that year's last period) is
  // then not zero.
  const start = `${year - 2}-11-01`;
  const span = daysBetween(start, today);
  const randomDay = (from = start, to = today) => addDays(from, between(r, 0, daysBetween(from, to)));

  await completeProfile(c);
  const periodicity: VatPeriodicityValue = r() < 0.5 ? 'monthly' : 'quarterly';
  const settings = await read<object>(c, '/api/v1/invoicing/settings');
  const saved = await c.put('/api/v1/invoicing/settings', {
    ...settings,
    vatPeriodicity: periodicity,
    stampDutyChargedToClient: r() < 0.5,
  });
  expect(saved.statusCode, saved.body).toBe(200);

  const clients: string[] = [];
  for (let n = 1; n <= between(r, 4, 7); n++) {
    // The first client is under split payment, the second is not, the others at random.
    clients.push(await addCompanyClient(c, n, { splitPayment: n === 1 || (n > 2 && r() < 0.3) }));
  }

  const items: Item[] = [];
  for (const [name, category, kind] of [
    ['Filtro olio', 'Filtri', 'goods'],
    ['Olio motore 15W40', 'Lubrificanti', 'goods'],
    ['Cuscinetti SKF', ' ', 'goods'],
    ['Manodopera officina', 'Servizi', 'service'],
    ['Diagnosi elettronica', null, 'service'],
  ] as const) {
    const cost = between(r, 100, 5_000);
    const threshold = between(r, 80, 110);
    const item = await addItem(
      { db },
      {
        orgId,
        values: {
          name,
          kind,
          cost: (cost / 100).toFixed(2).replace('.', ','),
          salePrice: ((cost * 2) / 100).toFixed(2).replace('.', ','),
          ...(category ? { category } : {}),
          ...(kind === 'goods' ? { lowStockThreshold: String(threshold) } : {}),
        },
      },
    );
    items.push({
      id: item.id,
      category: category?.trim() || null,
      goods: kind === 'goods',
      costCents: cost,
      threshold,
    });
  }
  const movements: Movement[] = [];
  for (const item of items.filter((i) => i.goods)) {
    const moves: Omit<Movement, 'itemId'>[] = [
      { kind: 'in', delta: 100, occurredOn: randomDay(start, addDays(start, 60)) },
    ];
    for (let i = between(r, 2, 8); i > 0; i--) {
      const kind = pick(r, ['in', 'out', 'out', 'adjustment'] as const);
      const quantity = pick(r, [1, 2, 3, 4.5, 5]);
      const delta = kind === 'out' ? -quantity : kind === 'adjustment' && r() < 0.5 ? -quantity : quantity;
      moves.push({ kind, delta, occurredOn: randomDay() });
    }
    for (const move of moves) {
      await recordMovement(
        { db, hub: t.app.services.hub },
        {
          orgId,
          userId,
          userName: 'Owner User',
          itemId: item.id,
          locale: 'it',
          movement: ZStockMovementInput.parse({
            kind: move.kind,
            quantity: String(move.kind === 'adjustment' ? move.delta : Math.abs(move.delta)),
            occurredOn: move.occurredOn,
            reason: move.kind === 'adjustment' ? 'Inventario' : null,
          }),
        },
      );
      movements.push({ itemId: item.id, ...move });
    }
  }

  // Invoices in date order (numbers follow dates), then credit notes in date order, then payments.
  const docs: Doc[] = [];
  const dates = [
    `${year - 2}-12-${between(r, 10, 28)}`,
    ...Array.from({ length: between(r, 40, 80) }, () => addDays(start, between(r, 0, span))),
  ].sort();
  for (const issueDate of dates) {
    const clientId = pick(r, clients);
    const extra = r();
    const draft = await createInvoiceDraftRow(
      { db },
      {
        orgId,
        userId,
        input: invoiceValues({
          clientId,
          issueDate,
          dueDate: addDays(issueDate, pick(r, [0, 15, 30, 30, 60, 90])),
          lines: Array.from({ length: between(r, 1, 4) }, () => randomLine(r, items)),
          ...(extra < 0.1
            ? { pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false } }
            : {}),
          ...(extra > 0.92 ? { withholding: { type: 'RT02', ratePercent: '20', causale: 'A' } } : {}),
        }),
      },
    );
    const row = await issueInvoiceRow({ db }, { orgId, id: draft.id });
    docs.push(docOf(row));
  }
  const credited = docs.filter(() => r() < 0.2);
  const notes = credited
    .map((invoice) => ({ invoice, issueDate: randomDay(invoice.issueDate, today), full: r() < 0.4 }))
    .sort((a, b) => a.issueDate.localeCompare(b.issueDate));
  for (const { invoice, issueDate, full } of notes) {
    const lines = invoice.totals.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unitPriceCents: l.unitPriceCents,
      discountPercent: l.discountPercent,
      vatRate: l.vatRate,
      nature: l.nature,
      itemId: l.itemId ?? null,
      withholding: l.withholding,
    }));
    const first = lines[0]!;
    const partial = [
      { ...first, unitPriceCents: Math.max(1, Math.floor(first.unitPriceCents * (0.1 + r() * 0.5))) },
    ];
    const draft = await createInvoiceDraftRow(
      { db },
      {
        orgId,
        userId,
        input: invoiceValues({
          documentType: 'TD04',
          relatedInvoiceId: invoice.id,
          clientId: invoice.clientId,
          issueDate,
          dueDate: issueDate,
          lines: (full ? lines : partial) as LineBody[],
          withholding: invoice.tax.withholding,
          pensionFund: invoice.tax.pensionFund,
        }),
      },
    );
    const row = await issueInvoiceRow({ db }, { orgId, id: draft.id });
    docs.push(docOf(row));
  }

  // Drafts count for nothing: a few dated in the ranges the reports read, one of them a credit note.
  for (let i = between(r, 2, 4); i > 0; i--) {
    await addInvoiceDraft(
      { db },
      {
        orgId,
        userId,
        values: {
          clientId: pick(r, clients),
          issueDate: randomDay(addDays(today, -100), today),
          lines: [randomLine(r, items)],
        },
      },
    );
  }
  const corrected = docs[docs.length - 1]!;
  await createInvoiceDraftRow(
    { db },
    {
      orgId,
      userId,
      input: invoiceValues({
        documentType: 'TD04',
        relatedInvoiceId: corrected.documentType === 'TD01' ? corrected.id : corrected.relatedInvoiceId!,
        clientId: corrected.clientId,
        issueDate: today,
        lines: [randomLine(r, items)],
      }),
    },
  );

  const payments: Payment[] = [];
  for (const invoice of docs.filter((d) => d.documentType === 'TD01')) {
    const fate = r();
    if (fate < 0.35) continue;
    let open = invoice.totals.amountDueCents - creditedOf(docs, invoice.id);
    const instalments = fate < 0.6 ? between(r, 1, 2) : 1;
    for (let i = 0; i < instalments && open > 0; i++) {
      const full = fate >= 0.6 || i === 1;
      const amountCents = full ? open : Math.max(1, Math.floor(open * (0.2 + r() * 0.6)));
      const paidOn = randomDay(invoice.issueDate, today);
      await recordPaymentRow(
        { db },
        {
          orgId,
          userId,
          invoiceId: invoice.id,
          payment: { paidOn, amountCents, method: 'bank_transfer', note: null },
        },
      );
      payments.push({ invoiceId: invoice.id, paidOn, amountCents });
      open -= amountCents;
    }
  }

  const categories = (await read<{ items: TTransactionCategory[] }>(c, '/api/v1/transactions/categories'))
    .items;
  for (let i = between(r, 25, 45); i > 0; i--) {
    const direction: Direction = r() < 0.4 ? 'income' : 'expense';
    const category =
      r() < 0.15
        ? null
        : pick(
            r,
            categories.filter((cat) => cat.direction === direction),
          );
    // A few entries are dated after today: the balance "up to today" leaves them out.
    const occurredOn = r() < 0.06 ? addDays(today, between(r, 1, 20)) : randomDay();
    await createTransaction(
      { db },
      {
        orgId,
        userId,
        values: ZTransactionInput.parse({
          occurredOn,
          direction,
          amount: (between(r, 500, 400_000) / 100).toFixed(2).replace('.', ','),
          categoryId: category?.id ?? null,
        }),
      },
    );
  }

  const quotes: Business['quotes'] = [];
  for (let i = between(r, 2, 6); i > 0; i--) {
    const quote = await addQuote(
      { db },
      {
        orgId,
        userId,
        values: {
          clientId: pick(r, clients),
          issueDate: randomDay(addDays(today, -20), today),
          lines: [randomLine(r, items)],
        },
      },
    );
    const status = pick(r, ['draft', 'sent', 'sent', 'accepted', 'rejected'] as const);
    if (status !== 'draft' && quote.validUntil >= today) {
      await changeQuoteStatus({ db }, { orgId, id: quote.id, status: 'sent' });
      if (status !== 'sent') await changeQuoteStatus({ db }, { orgId, id: quote.id, status });
    }
    const stored = quote.validUntil >= today ? status : 'draft';
    quotes.push({ status: stored, validUntil: quote.validUntil, totalCents: quote.totals.totalCents });
  }

  return { seed, c, today, year, periodicity, clients, items, docs, payments, movements, categories, quotes };
}

function docOf(row: Awaited<ReturnType<typeof issueInvoiceRow>>): Doc {
  const totals = row.snapshot!.totals;
  return {
    id: row.id,
    documentType: row.documentType as Doc['documentType'],
    clientId: row.clientId,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    sign: row.documentType === 'TD04' ? -1 : 1,
    relatedInvoiceId: row.relatedInvoiceId,
    tax: row.tax,
    totals,
  };
}

// ─── What the reports must show, computed here ───────────────────────────────────────────────────────────

/** The ranges the range reports are read over: this year, the running quarter and a custom range of the seed. */
function rangesOf(b: Business): DateRange[] {
  const from = addDays(`${b.year - 1}-01-01`, b.seed % 420);
  const custom = { from, to: addDays(from, 20 + (b.seed % 340)) };
  return [{ from: `${b.year}-01-01`, to: `${b.year}-12-31` }, periodsOf(b.today, 'quarter').current, custom];
}

const signedLines = (docs: readonly Doc[]) =>
  docs.flatMap((d) => d.totals.lines.map((line) => ({ doc: d, line, cents: d.sign * line.totalCents })));

/** Revenue rows by client, item or category, as the revenue report groups the documents of two ranges. */
function revenueRowsOf(b: Business, range: DateRange, by: 'client' | 'item' | 'category') {
  const previous = previousRange(range);
  const rows = new Map<
    string,
    { kind: string; key: string | null; now: number; before: number; docs: Set<string>; quantity: number }
  >();
  const add = (kind: string, key: string | null, doc: Doc, cents: number, quantity = 0) => {
    const id = `${kind}|${key}`;
    const row = rows.get(id) ?? { kind, key, now: 0, before: 0, docs: new Set<string>(), quantity: 0 };
    if (inRange(doc.issueDate, range)) {
      row.now += cents;
      row.docs.add(doc.id);
      row.quantity += doc.sign * quantity;
    } else row.before += cents;
    rows.set(id, row);
  };
  const docs = b.docs.filter((d) => inRange(d.issueDate, { from: previous.from, to: range.to }));
  for (const doc of docs) {
    if (by === 'client') {
      add('client', doc.clientId, doc, doc.sign * doc.totals.taxableCents);
      continue;
    }
    for (const line of doc.totals.lines) {
      const item = b.items.find((i) => i.id === line.itemId);
      const cents = doc.sign * line.totalCents;
      if (!item) add('free', null, doc, cents);
      else if (by === 'item') add('item', item.id, doc, cents, Number(line.quantity));
      else add(item.category ? 'category' : 'uncategorised', item.category, doc, cents);
    }
    if (doc.totals.pensionFundCents !== 0)
      add('pensionFund', null, doc, doc.sign * doc.totals.pensionFundCents);
  }
  return [...rows.values()];
}

/** Each goods item's quantity moved up to (and including) a day, or before it. */
const stockAt = (b: Business, itemId: string, test: (day: string) => boolean) =>
  sum(
    b.movements.filter((m) => m.itemId === itemId && test(m.occurredOn)),
    (m) => m.delta,
  );

/** Ten-thousandths (quantities have at most four decimals), so that sums of them compare exactly; never −0. */
const milli = (quantity: number) => Math.round(quantity * 10_000) + 0;

// ─── The test ─────────────────────────────────────────────────────────────────────────────────────────────

describe.each(DATABASES)('Reports add up on random businesses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  describe.each(SEEDS)('seed %i', (seed) => {
    let b: Business;
    /** Every issued document as the invoice list answers it (paid, credited, outstanding now). */
    let listed: Map<string, TInvoiceListItem>;
    /** Every ledger entry the transactions list answers. */
    let ledger: TTransaction[];
    beforeAll(async () => {
      b = await createBusiness(t, seed);
      listed = new Map((await invoiceList(b.c, { phase: 'issued' })).rows.map((row) => [row.id, row]));
      ledger = (await ledgerList(b.c, {})).rows;
    }, 120_000);

    it('lists what was created: the issued documents, payments in the ledger, nothing else', () => {
      expect([...listed.keys()].sort()).toEqual(b.docs.map((d) => d.id).sort());
      for (const d of b.docs) {
        const row = listed.get(d.id)!;
        expect(row).toMatchObject({
          documentType: d.documentType,
          issueDate: d.issueDate,
          totalCents: d.totals.totalCents,
        });
        if (d.documentType === 'TD01') {
          const paid = sum(
            b.payments.filter((p) => p.invoiceId === d.id),
            (p) => p.amountCents,
          );
          expect(row.paidCents).toBe(paid);
          expect(row.outstandingCents).toBe(
            Math.max(0, d.totals.amountDueCents - paid - creditedOf(b.docs, d.id)),
          );
        }
      }
      // The business has what the reports must handle: credit notes (full and partial, some in a later month),
      // split payment, reverse charge and exempt rows, pension funds, partial payments, entries after today.
      const notes = b.docs.filter((d) => d.documentType === 'TD04');
      const invoiceOf = (note: Doc) => b.docs.find((d) => d.id === note.relatedInvoiceId)!;
      expect(notes.length).toBeGreaterThan(2);
      expect(notes.some((n) => n.issueDate.slice(0, 7) > invoiceOf(n).issueDate.slice(0, 7))).toBe(true);
      expect(notes.some((n) => n.totals.taxableCents === invoiceOf(n).totals.taxableCents)).toBe(true);
      expect(notes.some((n) => n.totals.taxableCents < invoiceOf(n).totals.taxableCents)).toBe(true);
      const rows = b.docs.flatMap((d) => d.totals.vatSummary);
      expect(rows.some((row) => row.vatCollectability === 'S')).toBe(true);
      expect(rows.some((row) => row.nature?.startsWith('N6'))).toBe(true);
      expect(rows.some((row) => row.nature === 'N2.2')).toBe(true);
      expect(b.docs.some((d) => d.totals.pensionFundCents > 0)).toBe(true);
      expect(b.docs.filter((d) => d.issueDate < `${b.year}-01-01`).length).toBeGreaterThan(10);
      expect(b.docs.some((d) => d.issueDate.startsWith(`${b.year - 2}-12`))).toBe(true);
      expect([...listed.values()].some((row) => row.paidCents > 0 && row.outstandingCents > 0)).toBe(true);
      expect(ledger.some((e) => e.occurredOn > b.today)).toBe(true);
      const receipts = ledger.filter((e) => e.invoiceId !== null);
      expect(receipts.map((e) => [e.invoiceId, e.occurredOn, e.amountCents]).sort()).toEqual(
        b.payments.map((p) => [p.invoiceId, p.paidOn, p.amountCents]).sort(),
      );
    });

    it('VAT settlement: per period, the register’s sales VAT minus no purchase VAT, settled by settleVat', async () => {
      const { c } = b;
      for (const year of [b.year - 1, b.year]) {
        for (const periodicity of ['monthly', 'quarterly'] as const) {
          const report = await read<TVatSettlement>(
            c,
            `/api/v1/reports/vat-settlement?year=${year}&periodicity=${periodicity}`,
          );
          expect(report).toMatchObject({ year, periodicity, forfettario: false });
          expect(report.periods).toHaveLength(periodsIn(periodicity));
          const registers: TSalesRegister['totals'][] = [];
          for (const p of report.periods) {
            expect({ from: p.from, to: p.to }).toEqual(periodRange(year, periodicity, p.period));
            const register = await read<TSalesRegister>(
              c,
              `/api/v1/reports/sales-register?from=${p.from}&to=${p.to}&pageSize=1`,
            );
            const expected = salesOf(docsIn(b, p));
            expect(register.totals).toEqual({
              taxableCents: expected.taxableCents,
              vatCents: expected.vatCents,
              splitPaymentVatCents: expected.splitPaymentVatCents,
              reverseChargeTaxableCents: expected.reverseChargeTaxableCents,
              documents: expected.documents,
            });
            expect(p).toMatchObject({
              vp2: register.totals.taxableCents,
              vp3: 0,
              vp4: register.totals.vatCents,
              vp5: 0,
              splitPaymentVatCents: register.totals.splitPaymentVatCents,
              reverseChargeTaxableCents: register.totals.reverseChargeTaxableCents,
              documents: register.totals.documents,
            });
            // VP6 = sales VAT − purchase VAT (no purchase invoice here).
            expect(p.vp6Due - p.vp6Credit).toBe(p.vp4 - p.vp5);
            registers.push(register.totals);
          }
          // The rules re-run on the register's totals, with the advance from the year before.
          const figuresOf = (totals: { taxableCents: number; vatCents: number }[]) =>
            totals.map((s) => ({
              ...NO_FIGURES,
              salesTaxableCents: s.taxableCents,
              salesVatCents: s.vatCents,
            }));
          const yearBefore = Array.from({ length: periodsIn(periodicity) }, (_, i) =>
            salesOf(docsIn(b, periodRange(year - 1, periodicity, i + 1))),
          );
          const last = settleVat({ year: year - 1, periodicity, figures: figuresOf(yearBefore) }).at(-1)!;
          const basisCents = Math.max(0, last.vp14Due - last.vp12);
          const advance = historicalAdvance(year, periodicity, basisCents);
          expect(report.advance).toEqual({ ...advance, basisCents });
          const settled = settleVat({
            year,
            periodicity,
            figures: figuresOf(registers),
            advanceCents: advance.amountCents,
          });
          expect(
            report.periods.map(
              ({
                splitPaymentVatCents: _s,
                reverseChargeTaxableCents: _r,
                documents: _d,
                purchaseDocuments: _pd,
                purchaseReverseChargeTaxableCents: _pr,
                ...rest
              }) => rest,
            ),
          ).toEqual(settled);
          expect(report.totals).toEqual({
            vp4: sum(report.periods, (p) => p.vp4),
            vp5: 0,
            paymentCents: sum(report.periods, (p) => p.paymentCents),
            revenueCents: sum(registers, (r) => r.taxableCents),
          });
          // Nothing lost on the way: what is paid, plus the debt left at the end, minus the credit left, is the
          // year's VAT on sales minus purchases, plus the interest, minus the advance.
          const end = report.periods.at(-1)!;
          expect(report.totals.paymentCents + end.carriedDebtCents - end.carriedCreditCents).toBe(
            report.totals.vp4 - report.totals.vp5 + sum(report.periods, (p) => p.vp12) - end.vp13,
          );
        }
      }
    });

    it('sales register: totals and summary are the sums of its entries, which are exactly the documents dated in the range', async () => {
      for (const range of rangesOf(b)) {
        const url = `/api/v1/reports/sales-register?from=${range.from}&to=${range.to}`;
        const register = await read<TSalesRegister>(b.c, url);
        const entries = await allPages(b.c, url, 7, (p: TSalesRegister) => p.entries);
        const expected = docsIn(b, range);
        expect(entries.total).toBe(expected.length);
        expect(entries.rows.map((e) => e.id).sort()).toEqual(expected.map((d) => d.id).sort());
        // In date order, each document once over the pages.
        expect(entries.rows.map((e) => e.issueDate)).toEqual(entries.rows.map((e) => e.issueDate).sort());
        for (const entry of entries.rows) {
          const doc = expected.find((d) => d.id === entry.id)!;
          expect(entry).toMatchObject({
            documentType: doc.documentType,
            issueDate: doc.issueDate,
            totalCents: doc.sign * doc.totals.totalCents,
            lines: doc.totals.vatSummary.map((row) => ({
              vatRate: row.vatRate,
              nature: row.nature,
              taxableCents: doc.sign * row.taxableCents + 0,
              vatCents: doc.sign * row.vatCents + 0,
              vatCollectability: row.vatCollectability,
            })),
          });
        }
        const lines = entries.rows.flatMap((e) => e.lines);
        expect(register.totals).toEqual({
          taxableCents: sum(lines, (l) => l.taxableCents),
          vatCents: sum(lines, (l) => (l.vatCollectability === 'I' ? l.vatCents : 0)),
          splitPaymentVatCents: sum(lines, (l) => (l.vatCollectability === 'S' ? l.vatCents : 0)),
          reverseChargeTaxableCents: sum(lines, (l) => (l.nature?.startsWith('N6') ? l.taxableCents : 0)),
          documents: expected.length,
        });
        expect(sortSummary(register.summary)).toEqual(summaryOf(expected));
        const before = previousRange(range);
        const { documents: _documents, ...previous } = salesOf(docsIn(b, before));
        expect(register.previous).toEqual({ ...before, ...previous });
      }
    });

    it('receivables: totals are the sums of the clients, each client the open invoices its drill-down lists', async () => {
      const report = await read<TReceivables>(b.c, '/api/v1/reports/receivables');
      expect(report.asOf).toBe(b.today);
      expect(report.payables.suppliers).toEqual([]);
      const keys = [
        'notDue',
        'days1to30',
        'days31to60',
        'days61to90',
        'over90',
        'totalCents',
        'openInvoices',
      ] as const;
      for (const key of keys) expect(report.totals[key], key).toBe(sum(report.clients, (row) => row[key]));
      const open = [...listed.values()].filter((row) => outstandingOf(row) > 0);
      expect(report.totals.totalCents).toBe(sum(open, outstandingOf));
      expect(report.clients.map((row) => row.clientId).sort()).toEqual(
        [...new Set(open.map((row) => row.client.id))].sort(),
      );
      const bucketOf = (dueDate: string) => bucketOn(dueDate, b.today);
      const paidIn365 = completedIn(b, listed, { from: addDays(b.today, -364), to: b.today });
      for (const row of report.clients) {
        // The drill-down: the client's open invoices in the invoice list.
        const drill = (await invoiceList(b.c, { clientId: row.clientId, open: 'true' })).rows;
        expect(drill.map((i) => i.id).sort()).toEqual(
          open
            .filter((i) => i.client.id === row.clientId)
            .map((i) => i.id)
            .sort(),
        );
        expect(row.totalCents).toBe(sum(drill, outstandingOf));
        expect(row.openInvoices).toBe(drill.length);
        // Each bucket's drill-down (the report's links): the client's open invoices due in the bucket's dates.
        for (const bucket of AGING_BUCKETS) {
          const inBucket = drill.filter((i) => bucketOf(i.dueDate) === bucket);
          const listedBucket = (
            await invoiceList(b.c, {
              clientId: row.clientId,
              open: 'true',
              ...agingDueRange(bucket, report.asOf),
            })
          ).rows;
          expect(listedBucket.map((i) => i.id).sort(), bucket).toEqual(inBucket.map((i) => i.id).sort());
          expect(row[bucket], bucket).toBe(sum(listedBucket, outstandingOf));
        }
        expect(row.oldestDueDate).toBe(drill.map((i) => i.dueDate).sort()[0]);
        const paid = paidIn365.filter((p) => p.doc.clientId === row.clientId);
        expect(row.averageDaysToPay).toBe(
          paid.length === 0
            ? null
            : Math.round(sum(paid, (p) => daysBetween(p.doc.issueDate, p.lastPaid)) / paid.length),
        );
        const totals = await read<TInvoiceTotals>(
          b.c,
          `/api/v1/invoices/totals?clientId=${row.clientId}&open=true`,
        );
        expect(totals.outstandingCents).toBe(row.totalCents);
      }
    });

    it('receivables on past days: each invoice counted with the payments and credit notes dated up to the day', async () => {
      const outstandingOn = (doc: Doc, day: string) =>
        doc.totals.amountDueCents -
        sum(
          b.payments.filter((p) => p.invoiceId === doc.id && p.paidOn <= day),
          (p) => p.amountCents,
        ) -
        sum(
          b.docs.filter((d) => d.relatedInvoiceId === doc.id && d.issueDate <= day),
          (d) => d.totals.amountDueCents,
        );
      let settledSince = 0; // open on a past day, settled now: what today's figures alone would miss
      for (const asOf of [addDays(b.today, -30), addDays(b.today, -120)]) {
        const report = await read<TReceivables>(b.c, `/api/v1/reports/receivables?asOf=${asOf}`);
        const open = b.docs.filter(
          (d) => d.documentType === 'TD01' && d.issueDate <= asOf && outstandingOn(d, asOf) > 0,
        );
        expect(report.totals.totalCents, asOf).toBe(sum(open, (d) => outstandingOn(d, asOf)));
        expect(report.totals.openInvoices, asOf).toBe(open.length);
        settledSince += open.filter((d) => outstandingOn(d, b.today) <= 0).length;
        for (const bucket of AGING_BUCKETS) {
          const inBucket = open.filter((d) => bucketOn(d.dueDate, asOf) === bucket);
          expect(report.totals[bucket], `${asOf} ${bucket}`).toBe(
            sum(inBucket, (d) => outstandingOn(d, asOf)),
          );
        }
        const previous = await read<TReceivables>(
          b.c,
          `/api/v1/reports/receivables?asOf=${report.previous.asOf}`,
        );
        expect(report.previous.totals).toEqual(previous.totals);
        for (const row of report.clients) {
          const drill = (await invoiceList(b.c, { clientId: row.clientId, openOn: asOf })).rows;
          const mine = open.filter((d) => d.clientId === row.clientId);
          expect(drill.map((i) => i.id).sort()).toEqual(mine.map((d) => d.id).sort());
          expect(row.totalCents).toBe(sum(mine, (d) => outstandingOn(d, asOf)));
        }
      }
      expect(settledSince).toBeGreaterThan(0);
    });

    it('revenue: profit and loss (accrual), revenue by client, item and category and analytics all add up to the register', async () => {
      for (const range of rangesOf(b)) {
        const q = `from=${range.from}&to=${range.to}`;
        const before = previousRange(range);
        const sales = salesOf(docsIn(b, range));
        const salesBefore = salesOf(docsIn(b, before));

        const pnl = await read<TProfitAndLoss>(b.c, `/api/v1/reports/profit-and-loss?${q}`);
        const columns = monthsOf(range);
        expect(pnl.months).toEqual(columns);
        expect(pnl.accrual.costs).toEqual([]);
        for (const row of pnl.accrual.revenue) expect(row.totalCents).toBe(sum(row.months, (m) => m));
        expect(pnl.accrual.revenueMonths).toEqual(
          columns.map((_, i) => sum(pnl.accrual.revenue, (row) => row.months[i]!)),
        );
        expect(pnl.accrual.revenueCents).toBe(sum(pnl.accrual.revenue, (row) => row.totalCents));
        expect(pnl.accrual.revenueCents).toBe(sales.taxableCents);
        expect(pnl.accrual.revenueMonths).toEqual(columns.map((m) => salesOf(docsIn(b, m)).taxableCents));
        expect(pnl.accrual).toMatchObject({ documents: sales.documents, resultCents: sales.taxableCents });
        expect(pnl.previous).toMatchObject({ ...before, revenueCents: salesBefore.taxableCents });

        const grouped: Record<string, TRevenue> = {};
        for (const by of ['client', 'item', 'category'] as const) {
          const url = `/api/v1/reports/revenue?${q}&by=${by}`;
          const report = await read<TRevenue>(b.c, url);
          const rows = (await allPages(b.c, url, 3, (p: TRevenue) => p.rows)).rows;
          grouped[by] = report;
          expect(report.totals).toEqual({
            revenueCents: sum(rows, (row) => row.revenueCents),
            previousRevenueCents: sum(rows, (row) => row.previousRevenueCents),
            documents: sales.documents,
          });
          expect(report.totals.revenueCents).toBe(sales.taxableCents);
          expect(report.totals.previousRevenueCents).toBe(salesBefore.taxableCents);
          expect(rows.map((row) => row.revenueCents)).toEqual(
            rows.map((row) => row.revenueCents).sort((x, y) => y - x),
          );
          const expected = revenueRowsOf(b, range, by);
          const keyOf = (row: { kind: string; key: string | null }) => `${row.kind}|${row.key}`;
          expect(rows.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
          for (const row of rows) {
            const want = expected.find((e) => keyOf(e) === keyOf(row))!;
            expect(row, keyOf(row)).toMatchObject({
              revenueCents: want.now,
              previousRevenueCents: want.before,
              documents: want.docs.size,
            });
            if (row.kind === 'item') expect(milli(row.quantity!)).toBe(milli(want.quantity));
            if (row.kind === 'client') await expectClientDrillDown(row, range, want.docs);
          }
        }

        // The P&L's categories are the revenue report's categories.
        const byCategory = (
          await allPages(b.c, `/api/v1/reports/revenue?${q}&by=category`, 100, (p: TRevenue) => p.rows)
        ).rows;
        for (const row of pnl.accrual.revenue) {
          const cents = sum(
            byCategory.filter((r) =>
              row.kind === 'category'
                ? r.kind === 'category' && r.key === row.category
                : row.kind === 'pensionFund'
                  ? r.kind === 'pensionFund'
                  : r.kind === 'free' || r.kind === 'uncategorised',
            ),
            (r) => r.revenueCents,
          );
          expect(row.totalCents, `${row.kind} ${row.category}`).toBe(cents);
        }

        const analytics = await read<TAnalytics>(b.c, `/api/v1/analytics?${q}`);
        const docs = docsIn(b, range);
        const invoices = docs.filter((d) => d.documentType === 'TD01');
        expect(analytics.current.sales).toEqual({
          taxableCents: sales.taxableCents,
          invoices: invoices.length,
          creditNotes: docs.length - invoices.length,
          averageInvoiceCents:
            invoices.length === 0
              ? null
              : Math.round(sum(invoices, (d) => d.totals.taxableCents) / invoices.length),
        });
        expect(analytics.previous.sales.taxableCents).toBe(salesBefore.taxableCents);
        const granularity = granularityOf(range);
        expect(analytics.current.trend).toEqual(
          bucketsOf(range, granularity).map((bucket) => ({
            ...bucket,
            taxableCents: salesOf(docsIn(b, bucket)).taxableCents,
          })),
        );
        expect(analytics.topClients.totalCents).toBe(sales.taxableCents);
        expect(analytics.topClients.othersCents + sum(analytics.topClients.rows, (r) => r.taxableCents)).toBe(
          sales.taxableCents,
        );
        const clientRows = grouped.client!.rows.items.filter((r) => r.documents > 0);
        expect(analytics.topClients.rows.map((r) => r.taxableCents)).toEqual(
          clientRows
            .map((r) => r.revenueCents)
            .sort((x, y) => y - x)
            .slice(0, 5),
        );
        for (const row of analytics.topClients.rows) {
          const mine = docs.filter((d) => d.clientId === row.clientId);
          expect(row.documents).toBe(mine.length);
          await expectClientDrillDown(
            { key: row.clientId, revenueCents: row.taxableCents },
            range,
            new Set(mine.map((d) => d.id)),
          );
        }
        const lineCents = sum(signedLines(docs), (l) => l.cents);
        expect(analytics.topItems.totalCents).toBe(lineCents);
        expect(analytics.topItems.othersCents + sum(analytics.topItems.rows, (r) => r.taxableCents)).toBe(
          lineCents,
        );
        const firstInvoice = new Map<string, string>();
        for (const d of b.docs) {
          if (
            d.documentType === 'TD01' &&
            d.issueDate <= range.to &&
            !(firstInvoice.get(d.clientId)! <= d.issueDate)
          ) {
            firstInvoice.set(d.clientId, d.issueDate);
          }
        }
        const invoiced = [...new Set(invoices.map((d) => d.clientId))];
        const fresh = invoiced.filter((id) => firstInvoice.get(id)! >= range.from).length;
        expect(analytics.current.clients).toEqual({
          invoiced: invoiced.length,
          new: fresh,
          returning: invoiced.length - fresh,
        });
        const completed = completedIn(b, listed, range);
        expect(analytics.current.payments.invoices).toBe(completed.length);
        expect(analytics.current.payments.paidLate).toBe(
          completed.filter((p) => p.lastPaid > p.doc.dueDate).length,
        );
        // The drill-down of the invoices count: the issued invoices of the range.
        const drill = await invoiceList(b.c, {
          documentType: 'TD01',
          from: range.from,
          to: range.to,
          phase: 'issued',
        });
        expect(drill.rows.map((row) => row.id).sort()).toEqual(invoices.map((d) => d.id).sort());
        // Stock turnover's figures from the movements, at each item's cost.
        const value = (test: (m: Movement) => boolean) =>
          Math.round(
            sum(b.movements.filter(test), (m) => m.delta * b.items.find((i) => i.id === m.itemId)!.costCents),
          );
        expect(analytics.current.inventory).toMatchObject({
          cogsCents: 0 - value((m) => m.kind === 'out' && inRange(m.occurredOn, range)),
          openingStockCents: value((m) => m.occurredOn < range.from),
          closingStockCents: value((m) => m.occurredOn <= range.to),
        });
        const sentToday = b.quotes.filter((q) => q.status !== 'draft').length;
        expect(analytics.current.quotes.sent).toBe(inRange(b.today, range) ? sentToday : 0);
      }
    });

    /** The invoice list filtered as a client's figure links to it lists exactly that client's documents. */
    async function expectClientDrillDown(
      row: Pick<TRevenueRow, 'revenueCents'> & { key: string | null },
      range: DateRange,
      ids: Set<string>,
    ) {
      const drill = (
        await invoiceList(b.c, { clientId: row.key!, from: range.from, to: range.to, phase: 'issued' })
      ).rows;
      expect(drill.map((d) => d.id).sort()).toEqual([...ids].sort());
      expect(
        sum(drill, (d) => {
          const doc = b.docs.find((x) => x.id === d.id)!;
          return doc.sign * doc.totals.taxableCents;
        }),
      ).toBe(row.revenueCents);
    }

    it('cash: profit and loss (cash basis) and cash flow are the ledger entries the transactions list shows', async () => {
      const signed = (e: TTransaction) => (e.direction === 'income' ? e.amountCents : -e.amountCents);
      const totalsOf = (entries: readonly TTransaction[]) => ({
        incomeCents: sum(entries, (e) => (e.direction === 'income' ? e.amountCents : 0)),
        expenseCents: sum(entries, (e) => (e.direction === 'expense' ? e.amountCents : 0)),
      });
      for (const range of rangesOf(b)) {
        const q = `from=${range.from}&to=${range.to}`;
        const entries = ledger.filter((e) => inRange(e.occurredOn, range));
        const listedRange = await ledgerList(b.c, { from: range.from, to: range.to });
        expect(listedRange.rows.map((e) => e.id).sort()).toEqual(entries.map((e) => e.id).sort());
        const columns = monthsOf(range);
        const pnl = await read<TProfitAndLoss>(b.c, `/api/v1/reports/profit-and-loss?${q}`);
        const { cash } = pnl;
        for (const direction of ['income', 'expense'] as const) {
          const rows = direction === 'income' ? cash.income : cash.expenses;
          const mine = entries.filter((e) => e.direction === direction);
          expect(rows.map((r) => r.categoryId ?? 'none').sort()).toEqual(
            [...new Set(mine.map((e) => e.categoryId ?? 'none'))].sort(),
          );
          for (const row of rows) {
            const behind = mine.filter((e) => e.categoryId === row.categoryId);
            expect(row.totalCents).toBe(sum(row.months, (m) => m));
            expect(row.months).toEqual(
              columns.map((m) =>
                sum(
                  behind.filter((e) => inRange(e.occurredOn, m)),
                  (e) => e.amountCents,
                ),
              ),
            );
            expect(row.entries).toBe(behind.length);
            if (row.categoryId === null) continue;
            // The drill-down of a category's row: the ledger filtered by range, direction and category.
            const drill = await read<TTransactionPage>(
              b.c,
              `/api/v1/transactions?${q}&direction=${direction}&categoryId=${row.categoryId}&pageSize=100`,
            );
            expect(drill.items.map((e) => e.id).sort()).toEqual(behind.map((e) => e.id).sort());
            expect(drill.totals[direction === 'income' ? 'incomeCents' : 'expenseCents']).toBe(
              row.totalCents,
            );
          }
          const months = direction === 'income' ? cash.incomeMonths : cash.expenseMonths;
          expect(months).toEqual(columns.map((_, i) => sum(rows, (row) => row.months[i]!)));
        }
        expect(cash).toMatchObject({ ...totalsOf(entries), entries: entries.length });
        expect(cash.netCents).toBe(cash.incomeCents - cash.expenseCents);
        expect(cash.netMonths).toEqual(cash.incomeMonths.map((income, i) => income - cash.expenseMonths[i]!));
        const directionTotals = await read<TTransactionPage>(b.c, `/api/v1/transactions?${q}&pageSize=1`);
        expect(directionTotals.totals).toMatchObject(totalsOf(entries));
        const before = previousRange(range);
        const previousEntries = ledger.filter((e) => inRange(e.occurredOn, before));
        const previousTotals = totalsOf(previousEntries);
        expect(pnl.previous).toMatchObject({
          ...previousTotals,
          netCents: previousTotals.incomeCents - previousTotals.expenseCents,
        });

        const flow = await read<TCashFlow>(b.c, `/api/v1/reports/cash-flow?${q}`);
        const opening = sum(
          ledger.filter((e) => e.occurredOn < range.from),
          signed,
        );
        expect(flow.actual).toMatchObject({
          openingBalanceCents: opening,
          ...totalsOf(entries),
          netCents: cash.netCents,
          closingBalanceCents: opening + cash.netCents,
          entries: entries.length,
        });
        let balance = opening;
        expect(flow.actual.months).toEqual(
          columns.map((m, i) => {
            balance += cash.netMonths[i]!;
            return {
              ...m,
              incomeCents: cash.incomeMonths[i],
              expenseCents: cash.expenseMonths[i],
              netCents: cash.netMonths[i],
              balanceCents: balance,
            };
          }),
        );
        expect(flow.previous).toEqual({
          ...before,
          ...previousTotals,
          netCents: previousTotals.incomeCents - previousTotals.expenseCents,
        });
        expect(flow.forecast).toMatchObject({
          today: b.today,
          payablesCents: 0,
          forfettario: false,
          vatPeriodicity: b.periodicity,
        });
      }
    });

    it('cash-flow forecast: the receipts of each week are the open invoices its drill-down lists; VAT as settled', async () => {
      const flow = await read<TCashFlow>(b.c, `/api/v1/reports/cash-flow?from=${b.today}&to=${b.today}`);
      const { forecast } = flow;
      const starting = sum(
        ledger.filter((e) => e.occurredOn <= b.today),
        (e) => (e.direction === 'income' ? e.amountCents : -e.amountCents),
      );
      expect(forecast.startingBalanceCents).toBe(starting);
      const weeks = forecastWeeks(b.today);
      expect(forecast.weeks.map((w) => ({ from: w.from, to: w.to }))).toEqual(weeks);
      const open = [...listed.values()].filter((row) => outstandingOf(row) > 0);
      let balance = starting;
      for (const week of forecast.weeks) {
        const drill = (await invoiceList(b.c, { dueFrom: week.from, dueTo: week.to, open: 'true' })).rows;
        expect(drill.map((i) => i.id).sort()).toEqual(
          open
            .filter((i) => inRange(i.dueDate, week))
            .map((i) => i.id)
            .sort(),
        );
        expect(week.receiptsCents).toBe(sum(drill, outstandingOf));
        expect(week.invoices).toBe(drill.length);
        expect(week.netCents).toBe(week.receiptsCents - week.vatCents);
        balance += week.netCents;
        expect(week.balanceCents).toBe(balance);
      }
      expect(forecast.receiptsCents).toBe(sum(forecast.weeks, (w) => w.receiptsCents));
      expect(forecast.vatCents).toBe(sum(forecast.weeks, (w) => w.vatCents));
      expect(forecast.vatCents).toBe(sum(forecast.vatPayments, (p) => p.cents));
      expect(forecast.endingBalanceCents).toBe(starting + forecast.receiptsCents - forecast.vatCents);
      const overdue = open.filter((i) => i.dueDate < b.today);
      expect(forecast.overdue).toEqual({ cents: sum(overdue, outstandingOf), invoices: overdue.length });
      const overdueList = await invoiceList(b.c, { status: 'overdue' });
      expect(overdueList.rows.map((i) => i.id).sort()).toEqual(overdue.map((i) => i.id).sort());
      // Each VAT payment is what the VAT settlement report asks for that period (or the advance).
      for (const payment of forecast.vatPayments) {
        const settlement = await read<TVatSettlement>(
          b.c,
          `/api/v1/reports/vat-settlement?year=${payment.year}&periodicity=${b.periodicity}`,
        );
        if (payment.kind === 'advance') {
          expect(payment).toMatchObject({
            cents: settlement.advance!.amountCents,
            dueDate: settlement.advance!.dueDate,
          });
        } else {
          const p = settlement.periods[payment.period! - 1]!;
          expect(payment).toMatchObject({
            cents: p.paymentCents + (p.withAnnualReturn ? p.carriedDebtCents : 0),
            dueDate: p.dueDate,
            taxCode: p.taxCode,
          });
        }
      }
    });

    it('inventory: totals are the sums of the goods rows, each row the movements of its item', async () => {
      for (const range of rangesOf(b)) {
        const url = `/api/v1/reports/inventory?from=${range.from}&to=${range.to}`;
        const report = await read<TInventoryReport>(b.c, url);
        const rows = (await allPages(b.c, url, 2, (p: TInventoryReport) => p.rows)).rows;
        const goods = b.items.filter((i) => i.goods);
        expect(report.goodsItems).toBe(goods.length);
        expect(report.totals).toEqual({
          items: rows.length,
          movements: sum(rows, (r) => r.movements),
          startValueCents: sum(rows, (r) => r.startValueCents),
          endValueCents: sum(rows, (r) => r.endValueCents),
          endSaleValueCents: sum(rows, (r) => r.endSaleValueCents),
        });
        for (const row of rows) {
          const item = goods.find((i) => i.id === row.id)!;
          const moved = b.movements.filter((m) => m.itemId === item.id && inRange(m.occurredOn, range));
          const start = stockAt(b, item.id, (day) => day < range.from);
          const end = stockAt(b, item.id, (day) => day <= range.to);
          const of = (k: Movement['kind']) =>
            sum(
              moved.filter((m) => m.kind === k),
              (m) => m.delta,
            );
          expect(milli(row.startQuantity)).toBe(milli(start));
          expect(milli(row.endQuantity)).toBe(milli(end));
          expect(milli(row.inQuantity)).toBe(milli(of('in')));
          expect(milli(row.outQuantity)).toBe(milli(-of('out')));
          expect(milli(row.adjustedQuantity)).toBe(milli(of('adjustment')));
          expect(row.movements).toBe(moved.length);
          expect(row.startValueCents).toBe(Math.round(Math.max(0, start) * item.costCents));
          expect(row.endValueCents).toBe(Math.round(Math.max(0, end) * item.costCents));
          expect(row.endSaleValueCents).toBe(Math.round(Math.max(0, end) * item.costCents * 2));
        }
      }
    });

    it('dashboard: this month, quarter and year against the one before, from the same rows', async () => {
      const open = [...listed.values()].filter((row) => outstandingOf(row) > 0);
      const overdue = open.filter((row) => row.dueDate < b.today);
      const signedTotal = (d: Doc) => d.sign * d.totals.totalCents;
      for (const period of ['month', 'quarter', 'year'] as DashboardPeriod[]) {
        const d = await read<TDashboard>(b.c, `/api/v1/dashboard?period=${period}`);
        const { current, previous } = periodsOf(b.today, period);
        expect(d).toMatchObject({ today: b.today, period: current, previous });
        expect(d.invoiced).toEqual({
          current: sum(docsIn(b, current), signedTotal),
          previous: sum(docsIn(b, previous), signedTotal),
        });
        // The drill-down of "invoiced": the issued documents of the period.
        const drill = (await invoiceList(b.c, { from: current.from, to: current.to, phase: 'issued' })).rows;
        expect(drill.map((row) => row.id).sort()).toEqual(
          docsIn(b, current)
            .map((doc) => doc.id)
            .sort(),
        );
        expect(sum(drill, (row) => (row.documentType === 'TD04' ? -row.totalCents : row.totalCents))).toBe(
          d.invoiced.current,
        );
        const collected = (range: DateRange) =>
          sum(
            b.payments.filter((p) => inRange(p.paidOn, range)),
            (p) => p.amountCents,
          );
        expect(d.collected).toEqual({ current: collected(current), previous: collected(previous) });
        expect(d.outstandingCents).toBe(sum(open, outstandingOf));
        expect(d.overdue).toEqual({ cents: sum(overdue, outstandingOf), count: overdue.length });
        const overdueTotals = await read<TInvoiceTotals>(b.c, '/api/v1/invoices/totals?status=overdue');
        expect(overdueTotals.overdueCents).toBe(d.overdue.cents);
        const toToday = await read<TTransactionPage>(b.c, `/api/v1/transactions?to=${b.today}&pageSize=1`);
        expect(d.cashBalanceCents).toBe(toToday.totals.balanceCents);
        const month = Number(b.today.slice(5, 7));
        const vatRange = periodRange(
          b.year,
          b.periodicity,
          b.periodicity === 'monthly' ? month : Math.ceil(month / 3),
        );
        expect(d.vatEstimate).toMatchObject({
          periodicity: b.periodicity,
          ...vatRange,
          cents: salesOf(docsIn(b, vatRange)).vatCents,
        });
        const awaiting = b.quotes.filter((q) => q.status === 'sent' && q.validUntil >= b.today);
        expect(d.quotesAwaiting).toEqual({
          count: awaiting.length,
          totalCents: sum(awaiting, (q) => q.totalCents),
        });
        expect(d.months).toEqual(
          lastTwelveMonths(b.today).map((m) => {
            const range = monthRange(`${m}-01`);
            const entries = ledger.filter((e) => inRange(e.occurredOn, range));
            return {
              month: m,
              invoicedCents: sum(docsIn(b, range), signedTotal),
              collectedCents: collected(range),
              incomeCents: sum(entries, (e) => (e.direction === 'income' ? e.amountCents : 0)),
              expenseCents: sum(entries, (e) => (e.direction === 'expense' ? e.amountCents : 0)),
            };
          }),
        );
        const late = [...overdue].sort(
          (x, y) => x.dueDate.localeCompare(y.dueDate) || x.id.localeCompare(y.id),
        );
        expect(d.overdueInvoices.map((row) => [row.id, row.outstandingCents, row.daysLate])).toEqual(
          late.slice(0, 5).map((row) => [row.id, row.outstandingCents, daysBetween(row.dueDate, b.today)]),
        );
        const low = b.items
          .filter((i) => i.goods)
          .map((i) => ({ id: i.id, gap: i.threshold - stockAt(b, i.id, () => true) }))
          .filter((i) => i.gap >= 0);
        expect(d.lowStock.map((i) => i.id).sort()).toEqual(low.map((i) => i.id).sort());
      }
    });
  });
});
