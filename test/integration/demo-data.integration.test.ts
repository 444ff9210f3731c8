import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, organization, user } from '@server/db/schema/auth.ts';
import { businessProfiles } from '@server/db/schema/business-profiles.ts';
import { eventInvitations, events } from '@server/db/schema/calendar.ts';
import { clients } from '@server/db/schema/clients.ts';
import { invoicePayments, invoices } from '@server/db/schema/invoicing.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { transactions } from '@server/db/schema/transactions.ts';
import { sendInvitationReminders } from '@server/modules/calendar/jobs.ts';
import { sendAutomaticReminders } from '@server/modules/invoicing/invoices/jobs.ts';
import { DEMO_CREDENTIALS } from '@server/seed/demo.ts';
import { DATABASES, api, createTestApp, signIn, type TestApp } from '../helpers/test-app.ts';

const HOUR_MS = 3_600_000;

/** RFC 2606 and RFC 6761 names: example.com/.net/.org and anything under .test, .example, .invalid, .localhost. */
function isReserved(domain: string): boolean {
  const d = domain.toLowerCase();
  return /(^|\.)example\.(com|net|org)$/.test(d) || /\.(test|example|invalid|localhost)$/.test(d);
}
const domainOf = (address: string) =>
  address.includes('@') ? address.split('@')[1]! : new URL(address).hostname;

describe.each(DATABASES)('demo data on %s', (kind) => {
  let t: TestApp;
  let orgId: string;
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind, { demoData: true });
    const [row] = await db()
      .select({ id: member.organizationId })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(user.email, DEMO_CREDENTIALS.email));
    orgId = row!.id;
  }, 180_000);
  afterAll(() => t.close());

  it('uses only reserved domains for every address, so nothing can reach a real mailbox', async () => {
    const addresses: string[] = [];
    const clientRows = await db()
      .select({ email: clients.email, pec: clients.pec })
      .from(clients)
      .where(eq(clients.organizationId, orgId));
    for (const c of clientRows) addresses.push(...[c.email, c.pec].filter((a): a is string => !!a));
    const guests = await db()
      .select({ email: eventInvitations.inviteeEmail })
      .from(eventInvitations)
      .innerJoin(events, eq(events.id, eventInvitations.eventId))
      .where(eq(events.organizationId, orgId));
    addresses.push(...guests.map((g) => g.email));
    const [profile] = await db()
      .select({ email: businessProfiles.email, pec: businessProfiles.pec, website: businessProfiles.website })
      .from(businessProfiles)
      .where(eq(businessProfiles.organizationId, orgId));
    addresses.push(...[profile!.email, profile!.pec, profile!.website].filter((a): a is string => !!a));
    const team = await db()
      .select({ email: user.email })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.organizationId, orgId));
    addresses.push(...team.map((m) => m.email));

    expect(clientRows.length).toBeGreaterThan(10);
    expect(guests.length).toBeGreaterThan(5);
    expect(addresses.filter((a) => !isReserved(domainOf(a)))).toEqual([]);
  });

  it('no automatic job mails anyone for the demo organization, though its reminders are due', async () => {
    const mailDeps = { db: db(), mail: t.app.services.mail, files: t.app.services.files };
    const calendarDeps = {
      db: db(),
      mail: t.app.services.mail,
      appUrl: t.config.appUrl,
      mailFrom: t.config.mailFrom,
    };
    const outbox = () =>
      db()
        .select({ to: mailOutbox.toAddresses })
        .from(mailOutbox)
        .where(eq(mailOutbox.organizationId, orgId));
    // Every moment a guest reminder could be due: 48 h and 24 h before each upcoming event with invitations.
    const upcoming = await db()
      .selectDistinct({ startsAt: events.startsAt })
      .from(events)
      .innerJoin(eventInvitations, eq(eventInvitations.eventId, events.id))
      .where(eq(events.organizationId, orgId));
    const moments = upcoming
      .map((e) => e.startsAt.getTime())
      .filter((at) => at > Date.now())
      .flatMap((at) => [at - 47 * HOUR_MS, at - 23 * HOUR_MS])
      .map((at) => new Date(Math.max(at, Date.now())));
    expect(moments.length).toBeGreaterThan(0);

    expect(await sendAutomaticReminders(mailDeps)).toBe(0);
    for (const now of moments) expect(await sendInvitationReminders(calendarDeps, now)).toBe(0);
    expect(await outbox()).toEqual([]);

    // The same organization without the demo mark would have mailed its overdue client and its guests.
    await db().update(organization).set({ metadata: null }).where(eq(organization.id, orgId));
    try {
      expect(await sendAutomaticReminders(mailDeps)).toBeGreaterThan(0);
      let guests = 0;
      for (const now of moments) guests += await sendInvitationReminders(calendarDeps, now);
      expect(guests).toBeGreaterThan(0);
    } finally {
      await db()
        .update(organization)
        .set({ metadata: JSON.stringify({ demo: true }) })
        .where(eq(organization.id, orgId));
    }
  });

  it('receipts are the payments of demo invoices, and the year’s figures are plausible', async () => {
    const docs = await db()
      .select({
        id: invoices.id,
        number: invoices.number,
        phase: invoices.phase,
        issueDate: invoices.issueDate,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
      })
      .from(invoices)
      .where(eq(invoices.organizationId, orgId));
    const issued = docs.filter((d) => d.phase === 'issued');
    expect(issued.length).toBeGreaterThanOrEqual(40);
    const byId = new Map(docs.map((d) => [d.id, d]));

    const ledger = await db()
      .select({
        direction: transactions.direction,
        amountCents: transactions.amountCents,
        description: transactions.description,
        invoiceId: transactions.invoiceId,
        occurredOn: transactions.occurredOn,
      })
      .from(transactions)
      .where(eq(transactions.organizationId, orgId));
    const income = ledger.filter((e) => e.direction === 'income');
    const expenses = ledger.filter((e) => e.direction === 'expense');

    // Every entry that names an invoice is that invoice's payment, and names its real number.
    for (const entry of ledger.filter((e) => /fattura|invoice/i.test(e.description ?? ''))) {
      const invoice = entry.invoiceId ? byId.get(entry.invoiceId) : undefined;
      expect(invoice, entry.description ?? '').toBeDefined();
      expect(entry.description).toContain(invoice!.number!);
      expect(entry.occurredOn >= invoice!.issueDate).toBe(true);
    }
    // Each invoice's paid amount is the sum of its payments, each with its ledger entry.
    const payments = await db()
      .select({ invoiceId: invoicePayments.invoiceId, amountCents: invoicePayments.amountCents })
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.organizationId, orgId),
          isNotNull(invoicePayments.transactionId),
          inArray(
            invoicePayments.invoiceId,
            docs.map((d) => d.id),
          ),
        ),
      );
    for (const doc of docs) {
      const paid = payments.filter((p) => p.invoiceId === doc.id).reduce((s, p) => s + p.amountCents, 0);
      expect(paid).toBe(doc.paidCents);
    }
    const sum = (list: { amountCents: number }[]) => list.reduce((s, e) => s + e.amountCents, 0);
    const invoiced = issued.reduce((s, d) => s + d.totalCents, 0);
    const fromInvoices = sum(income.filter((e) => e.invoiceId));
    const otherIncome = sum(income.filter((e) => !e.invoiceId));
    expect(fromInvoices).toBe(sum(payments));
    expect(fromInvoices).toBeLessThanOrEqual(invoiced);
    expect(fromInvoices).toBeGreaterThan(invoiced * 0.75); // most of the year's invoices are paid
    expect(otherIncome).toBeLessThan(invoiced * 0.02); // interest and a refund, not hidden sales
    // A small workshop that earns a little more than it spends, month after month: the months already over (the
    // current one pays its rent and salaries before most of its invoices are collected, whatever the day).
    const monthStart = `${new Date().toISOString().slice(0, 7)}-01`;
    const closed = (list: typeof ledger) => list.filter((e) => e.occurredOn < monthStart);
    const margin = sum(closed(income)) / sum(closed(expenses));
    expect(margin).toBeGreaterThan(1);
    expect(margin).toBeLessThan(1.6);

    // The story the lists show: every status, and quotes in three states.
    const owner = await signIn(t.app, DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password);
    const c = api(t.app, owner.cookie);
    const statuses = new Set<string>();
    for (const status of ['draft', 'issued', 'overdue', 'paid', 'partially_paid']) {
      if ((await c.get(`/api/v1/invoices?status=${status}`)).json().total > 0) statuses.add(status);
    }
    expect([...statuses].sort()).toEqual(['draft', 'issued', 'overdue', 'paid', 'partially_paid']);
    // Every issued demo invoice is a valid e-invoice: its XML can be built.
    for (const doc of issued.slice(0, 5)) {
      const xml = await c.get(`/api/v1/invoices/${doc.id}/xml`);
      expect(xml.statusCode, `${doc.number}: ${xml.body.slice(0, 300)}`).toBe(200);
    }
  });
});
