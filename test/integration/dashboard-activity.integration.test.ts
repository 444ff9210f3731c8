import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivity } from '@shared/reports/activity.ts';
import { eventInput, lineInput, quoteInput } from '@server/seed/factories.ts';
import { addCompanyClient, completeProfile, issueInvoice, payInvoice } from '../helpers/business.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe.each(DATABASES)("Dashboard: the team's recent activity on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists what members did, newest first, with who did it and a link to each record; nothing of another organization', async () => {
    const owner = await createSignedInUserWithOrg(t.app, { name: 'Giulia Rossi' });
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const clientId = await addCompanyClient(c, 1);
    await tick();
    const quote = await c.post('/api/v1/quotes', quoteInput({ clientId }));
    expect(quote.statusCode, quote.body).toBe(201);
    await tick();
    const invoice = await issueInvoice(c, clientId, [lineInput({ unitPriceCents: 100_000, vatRate: 22 })]);
    await tick();
    await payInvoice(c, invoice, 50_000, invoice.issueDate);
    await tick();
    const entry = await c.post('/api/v1/transactions', {
      occurredOn: '2026-11-02',
      direction: 'expense',
      amount: '80,00',
      description: 'Cancelleria',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    await tick();
    const event = await c.post('/api/v1/events', eventInput({ title: 'Sopralluogo cantiere' }));
    expect(event.statusCode, event.body).toBe(201);

    // Another organization's work never shows.
    const other = await createSignedInUserWithOrg(t.app);
    await addCompanyClient(api(t.app, other.cookie), 2);

    const res = await c.get('/api/v1/dashboard/activity');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as TActivity;
    expect(items.map((i) => i.kind)).toEqual([
      'event_created',
      'transaction_created',
      'payment_recorded',
      // issued right after it was created: issuing is the later instant
      'invoice_issued',
      'invoice_created',
      'quote_created',
      'client_created',
    ]);
    const byKind = Object.fromEntries(items.map((i) => [i.kind, i]));
    expect(byKind.client_created).toMatchObject({
      actor: 'Giulia Rossi',
      label: 'Cliente 1 S.p.A.',
      url: `/clients/${clientId}`,
    });
    expect(byKind.payment_recorded).toMatchObject({
      actor: 'Giulia Rossi',
      amountCents: 50_000,
      url: `/invoices/${invoice.id}`,
    });
    expect(byKind.invoice_issued).toMatchObject({
      actor: null,
      label: `${invoice.number} · Cliente 1 S.p.A.`,
    });
    expect(byKind.transaction_created).toMatchObject({
      label: 'Cancelleria',
      url: '/transactions?q=Cancelleria',
    });
    expect(byKind.event_created).toMatchObject({ label: 'Sopralluogo cantiere' });
    expect(items.some((i) => i.label.includes('Cliente 2'))).toBe(false);
  });

  it('is read by every member who sees financial figures, a viewer included, and needs an organization', async () => {
    const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    const res = await api(t.app, viewer.cookie).get('/api/v1/dashboard/activity');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TActivity).items).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/activity' });
    expect(anonymous.statusCode).toBe(401);
  });
});
