import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { TInvoiceInput } from '@shared/invoicing/contracts.ts';
import type { PaymentMethod } from '@shared/transactions/contracts.ts';
import { clients } from '../db/schema/clients.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { invoices } from '../db/schema/invoicing.ts';
import type { Db } from '../platform/db.ts';
import { addDays, daysBetween, isoDateIn } from '@shared/dates/dates.ts';
import {
  DEFAULT_INVOICING_SETTINGS,
  changeQuoteStatus,
  createInvoiceDraftRow,
  issueInvoiceRow,
  recordPaymentRow,
  saveInvoicingSettings,
} from '../modules/invoicing/index.ts';
import { addInvoiceDraft, addQuote, invoiceValues } from './factories.ts';
import { sequence } from './sequence.ts';

/**
 * Demo quotes and invoices of Officina Rossi S.r.l.: a year of invoices to the demo companies (four a month,
 * numbered in date order), each paid around its due date once that has passed, so the ledger's receipts are
 * exactly these invoices' payments (recordPayment writes the income entry) and every total the reports show
 * follows from documents that exist. The last weeks tell the usual story: an overdue invoice, a partly paid
 * one, recent ones not yet due, a draft, and quotes in each common state. Dates are relative to today; amounts
 * come from a fixed-seed sequence, so every run tells the same story. Runs once: an organization with
 * invoices is left alone. Returns how many invoices it wrote.
 */
type Line = TInvoiceInput['lines'][number];
const line = (description: string, quantity: string, unit: string, euros: number, vatRate = 22): Line => ({
  description,
  quantity,
  unit,
  unitPriceCents: Math.round(euros * 100),
  discountPercent: '0',
  vatRate: vatRate as Line['vatRate'],
  nature: null,
});

type Random = () => number;
/** Hours between min and max, in half hours ("6.5"). */
const hours = (r: Random, min: number, max: number) => String(Math.round((min + r() * (max - min)) * 2) / 2);
const between = (r: Random, min: number, max: number, step = 1) =>
  min + step * Math.floor((r() * (max - min)) / step + 0.5);

const TAGLIANDO = [
  line('Tagliando completo trattore Landini 6-135', '1', 'pz', 380),
  line('Olio motore 15W40', '12', 'l', 9.5),
  line('Manodopera officina', '3.5', 'h', 48),
];
const RIPARAZIONE = [
  line('Sostituzione frizione', '1', 'pz', 920),
  line('Manodopera officina', '6', 'h', 48),
  { ...line('Trasporto mezzo in officina', '1', 'pz', 120), discountPercent: '10' },
];
const MANUTENZIONE = [line('Contratto di manutenzione annuale parco mezzi', '1', 'pz', 2400)];

/** The workshop's usual jobs, sized by the sequence: about 2.300 € before VAT on average. */
const JOBS: ((r: Random) => Line[])[] = [
  (r) => {
    const tractors = between(r, 1, 3);
    return [
      line('Tagliando completo trattore Landini 6-135', String(tractors), 'pz', 380),
      line('Olio motore 15W40', String(12 * tractors), 'l', 9.5),
      line('Manodopera officina', hours(r, 3 * tractors, 4 * tractors), 'h', 48),
    ];
  },
  (r) => [
    line('Sostituzione frizione', '1', 'pz', 920),
    line('Manodopera officina', hours(r, 5, 9), 'h', 48),
    { ...line('Trasporto mezzo in officina', '1', 'pz', 120), discountPercent: '10' },
  ],
  (r) => {
    const pieces = between(r, 90, 220, 10);
    return [
      line('Tornitura flange in acciaio C40 su disegno', String(pieces), 'pz', 28),
      line('Zincatura a caldo', String(pieces), 'pz', 3.5),
    ];
  },
  (r) => [
    line('Revisione pompa idraulica sollevatore', '1', 'pz', 540),
    line('Kit guarnizioni e filtri', '1', 'pz', 85),
    line('Manodopera officina', hours(r, 4, 9), 'h', 48),
  ],
  (r) => [
    line('Revisione completa motore trattore', '1', 'pz', 3400),
    line('Manodopera officina', hours(r, 14, 24), 'h', 48),
  ],
  (r) => {
    const bearings = between(r, 40, 90, 5);
    return [
      line('Cuscinetti SKF 6205-2RS', String(bearings), 'pz', 14.5),
      line('Cinghie trapezoidali SPB', String(Math.ceil(bearings / 4)), 'pz', 22),
      line('Manodopera officina', hours(r, 2, 5), 'h', 48),
    ];
  },
  (r) => [line('Fresatura CNC piastre porta-attrezzo', '1', 'lotto', between(r, 1600, 3400, 50))],
  (r) => [
    line('Riparazione telaio rimorchio con saldatura', '1', 'pz', 460),
    line('Manodopera officina', hours(r, 8, 16), 'h', 48),
  ],
];

/** Lines sold from the catalogue (inventory-demo.ts) carry its item, so revenue reads by item and category. */
const CATALOGUE_SKU: Record<string, string> = {
  'Manodopera officina': 'SRV-MANOD',
  'Olio motore 15W40': 'LUB-15W40-20',
  'Cuscinetti SKF 6205-2RS': 'CUS-6205',
  'Cinghie trapezoidali SPB': 'TRA-A42',
};

/** What happens to an invoice after it is issued. */
type Fate = 'paid' | 'partial' | 'unpaid';
type Planned = { issueDate: string; clientIndex: number; lines: Line[]; fate: Fate };

/** Issue days in each month of the last year; the last weeks are the story's invoices below. */
const ISSUE_DAYS = [5, 12, 19, 26];

export async function seedInvoicingDemo(deps: { db: Db; orgId: string; userId: string }): Promise<number> {
  const { db, orgId, userId } = deps;
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.organizationId, orgId))
    .limit(1);
  if (existing) return 0;
  // Italian companies, not public administrations, with what their e-invoice needs (VAT number, address, SDI
  // code or PEC): every demo invoice can be issued and its XML built.
  const customers = await db
    .select({ id: clients.id, termsDays: clients.paymentTermsDays })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, orgId),
        eq(clients.type, 'company'),
        eq(clients.country, 'IT'),
        eq(clients.isPublicAdministration, false),
        isNull(clients.archivedAt),
        isNotNull(clients.vatNumber),
        isNotNull(clients.address),
        or(isNotNull(clients.sdiCode), isNotNull(clients.pec)),
      ),
    )
    // The demo clients are inserted in one batch (one created_at): the name keeps the order the same each run.
    .orderBy(asc(clients.createdAt), asc(clients.companyName), asc(clients.id))
    .limit(10);
  if (customers.length < 3) return 0;
  await saveInvoicingSettings(
    { db },
    {
      orgId,
      values: {
        ...DEFAULT_INVOICING_SETTINGS,
        iban: 'IT60X0542811101000000123456',
        bankName: 'Banca di Forlì',
      },
    },
  );
  const today = isoDateIn('Europe/Rome');
  const customer = (i: number) => customers[i % customers.length]!;
  const next = sequence(20_260_105);

  // A year of ordinary invoices, up to three weeks ago.
  const planned: Planned[] = [];
  const now = new Date(`${today}T12:00:00Z`);
  for (let back = 12; back >= 0; back--) {
    for (const day of ISSUE_DAYS) {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day));
      const issueDate = date.toISOString().slice(0, 10);
      if (daysBetween(issueDate, today) < 21 || daysBetween(issueDate, today) > 365) continue;
      planned.push({
        issueDate,
        clientIndex: Math.floor(next() * customers.length),
        lines: JOBS[Math.floor(next() * JOBS.length)]!(next),
        fate: 'paid',
      });
    }
  }
  // The story of the last weeks (each replaces nothing: it is dated between the ordinary ones).
  planned.push(
    { issueDate: addDays(today, -70), clientIndex: 2, lines: MANUTENZIONE, fate: 'unpaid' }, // overdue
    { issueDate: addDays(today, -40), clientIndex: 1, lines: RIPARAZIONE, fate: 'partial' },
    { issueDate: addDays(today, -12), clientIndex: 3, lines: JOBS[2]!(next), fate: 'unpaid' },
    { issueDate: addDays(today, -5), clientIndex: 0, lines: TAGLIANDO, fate: 'unpaid' },
  );
  // Numbers follow dates: issue in date order.
  planned.sort((a, b) => a.issueDate.localeCompare(b.issueDate));

  const catalogue = await db
    .select({ id: inventoryItems.id, sku: inventoryItems.sku })
    .from(inventoryItems)
    .where(eq(inventoryItems.organizationId, orgId));
  const itemOfSku = new Map(catalogue.map((item) => [item.sku, item.id]));
  const fromCatalogue = (lines: Line[]) =>
    lines.map((l) => ({ ...l, itemId: itemOfSku.get(CATALOGUE_SKU[l.description] ?? '') ?? null }));
  let written = 0;
  for (const plan of planned) {
    const client = customer(plan.clientIndex);
    const dueDays = plan.fate === 'partial' ? 60 : plan.fate === 'unpaid' ? 30 : client.termsDays;
    const dueDate = addDays(plan.issueDate, dueDays);
    // The row functions: the same path as the app, without presenting each document (a shorter first start).
    const draft = await createInvoiceDraftRow(
      { db },
      {
        orgId,
        userId,
        input: invoiceValues({
          clientId: client.id,
          issueDate: plan.issueDate,
          dueDate,
          lines: fromCatalogue(plan.lines),
        }),
      },
    );
    const issued = await issueInvoiceRow({ db }, { orgId, id: draft.id });
    written++;
    // Customers pay around the due date: up to ten days early or a week late, never in the future.
    const paidOn = [addDays(dueDate, Math.round(next() * 17) - 10), today].sort()[0]!;
    const method: PaymentMethod = plan.clientIndex % 3 === 0 ? 'riba' : 'bank_transfer';
    const pay = (amountCents: number, on: string, note: string | null) =>
      recordPaymentRow(
        { db },
        { orgId, userId, invoiceId: issued.id, payment: { paidOn: on, amountCents, method, note } },
      );
    if (plan.fate === 'paid' && dueDate <= today) {
      await pay(issued.amountDueCents, paidOn > plan.issueDate ? paidOn : addDays(plan.issueDate, 1), null);
    } else if (plan.fate === 'partial') {
      await pay(Math.round(issued.amountDueCents * 0.4), addDays(today, -20), 'Acconto');
    }
  }
  await addInvoiceDraft(
    { db },
    { orgId, userId, values: { clientId: customer(4).id, issueDate: today, lines: RIPARAZIONE } },
  );
  written++;

  const quote = async (i: number, daysAgo: number, lines: Line[]) =>
    addQuote(
      { db },
      { orgId, userId, values: { clientId: customer(i).id, issueDate: addDays(today, -daysAgo), lines } },
    );
  await quote(5, 2, MANUTENZIONE);
  const sent = await quote(1, 10, RIPARAZIONE);
  await changeQuoteStatus({ db }, { orgId, id: sent.id, status: 'sent' });
  const accepted = await quote(2, 15, TAGLIANDO);
  await changeQuoteStatus({ db }, { orgId, id: accepted.id, status: 'sent' });
  await changeQuoteStatus({ db }, { orgId, id: accepted.id, status: 'accepted' });
  return written;
}
