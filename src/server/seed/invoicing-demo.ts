import { and, eq, isNull } from 'drizzle-orm';
import type { TInvoiceInput, TQuoteInput } from '@shared/invoicing/contracts.ts';
import { clients } from '../db/schema/clients.ts';
import { invoices } from '../db/schema/invoicing.ts';
import type { Db } from '../platform/db.ts';
import { isoDateIn } from '../modules/invoicing/format.ts';
import { saveInvoicingSettings, DEFAULT_INVOICING_SETTINGS } from '../modules/invoicing/settings.ts';
import { recordPayment } from '../modules/invoices/payments.ts';
import { createInvoiceDraft, issueInvoice } from '../modules/invoices/service.ts';
import { changeQuoteStatus, createQuote } from '../modules/quotes/service.ts';

/**
 * Demo quotes and invoices of Officina Rossi S.r.l. (issue 5): a paid invoice, a partially paid one, an overdue
 * one, a draft, a credit-noted sale, and quotes in each common state, all for the demo clients and dated
 * relative to today so the story stays current. Runs once: an organization with invoices is left alone.
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

function daysFrom(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function seedInvoicingDemo(deps: { db: Db; orgId: string; userId: string }): Promise<number> {
  const { db, orgId, userId } = deps;
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.organizationId, orgId))
    .limit(1);
  if (existing) return 0;
  const someClients = await db
    .select({ id: clients.id })
    .from(clients)
    // Active clients only: the archived demo client has no SDI code or PEC, and issuing checks the e-invoice.
    .where(and(eq(clients.organizationId, orgId), isNull(clients.archivedAt)))
    .orderBy(clients.createdAt, clients.id)
    .limit(6);
  if (someClients.length < 3) return 0;
  await saveInvoicingSettings(db, orgId, {
    ...DEFAULT_INVOICING_SETTINGS,
    iban: 'IT60X0542811101000000123456',
    bankName: 'Banca di Forlì',
  });
  const today = isoDateIn('Europe/Rome');
  const client = (i: number) => someClients[i % someClients.length]!.id;
  const base = { notes: null, terms: null, withholding: null, pensionFund: null };

  const invoice = async (i: number, issueDaysAgo: number, lines: Line[], dueInDays: number) => {
    const issueDate = daysFrom(today, -issueDaysAgo);
    const draft = await createInvoiceDraft(
      { db },
      {
        orgId,
        userId,
        input: {
          ...base,
          documentType: 'TD01',
          relatedInvoiceId: null,
          clientId: client(i),
          issueDate,
          dueDate: daysFrom(issueDate, dueInDays),
          paymentMethod: 'bank_transfer',
          lines,
        },
      },
    );
    return issueInvoice({ db }, orgId, draft.id);
  };

  const paid = await invoice(0, 75, TAGLIANDO, 30);
  await recordPayment(
    { db },
    {
      orgId,
      userId,
      invoiceId: paid.id,
      payment: {
        paidOn: daysFrom(today, -50),
        amountCents: paid.totals.amountDueCents,
        method: 'bank_transfer',
        note: null,
      },
    },
  );
  // Issued in date order, as the law (and issueInvoice) wants: a later number never has an earlier date.
  await invoice(2, 70, MANUTENZIONE, 30); // overdue
  const partial = await invoice(1, 40, RIPARAZIONE, 60);
  await recordPayment(
    { db },
    {
      orgId,
      userId,
      invoiceId: partial.id,
      payment: { paidOn: daysFrom(today, -20), amountCents: 50000, method: 'bank_transfer', note: 'Acconto' },
    },
  );
  await invoice(3, 5, TAGLIANDO, 30);
  await createInvoiceDraft(
    { db },
    {
      orgId,
      userId,
      input: {
        ...base,
        documentType: 'TD01',
        relatedInvoiceId: null,
        clientId: client(4),
        issueDate: today,
        dueDate: null,
        paymentMethod: 'bank_transfer',
        lines: RIPARAZIONE,
      },
    },
  );

  const quote = async (i: number, daysAgo: number, lines: Line[]) =>
    createQuote(
      { db },
      {
        orgId,
        userId,
        input: {
          ...base,
          clientId: client(i),
          issueDate: daysFrom(today, -daysAgo),
          validUntil: null,
          lines,
        } as TQuoteInput,
      },
    );
  await quote(5, 2, MANUTENZIONE);
  const sent = await quote(1, 10, RIPARAZIONE);
  await changeQuoteStatus({ db }, { orgId, id: sent.id, status: 'sent' });
  const accepted = await quote(2, 15, TAGLIANDO);
  await changeQuoteStatus({ db }, { orgId, id: accepted.id, status: 'sent' });
  await changeQuoteStatus({ db }, { orgId, id: accepted.id, status: 'accepted' });
  return 5;
}
