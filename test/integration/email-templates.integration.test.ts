import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '@server/db/schema/clients.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { addClient, addMember, createUser, invoiceInput } from '@server/seed/factories.ts';
import type { TEmailTemplate, TRenderedTemplate } from '@shared/mail/template-contracts.ts';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { piva } from '../helpers/italian-ids.ts';
import {
  DATABASES,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  uniqueEmail,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * One template system (issue 16): own templates (their author's only), system templates (never deleted, the
 * organization's version used by the document e-mails), rendering with the spec's "Valued Customer" fallback and
 * the compatibility warnings.
 */
describe.each(DATABASES)('e-mail templates on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  /** A colleague in the same organization. */
  let colleague: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUserWithOrg(t.app);
    const email = uniqueEmail('colleague');
    const user = await createUser(t.app.services.auth, { name: 'Carla', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: user.id,
      organizationId: owner.organizationId,
      role: 'manager',
    });
    colleague = await signIn(t.app, email);
  });
  afterAll(() => t.close());

  const c = () => api(t.app, owner.cookie);
  const other = () => api(t.app, colleague.cookie);
  const items = async (client: ReturnType<typeof api>) =>
    ((await client.get('/api/v1/email-templates')).json() as { items: TEmailTemplate[] }).items;

  const OWN = {
    name: 'Thank you',
    description: 'After a job',
    category: 'professional',
    language: 'en',
    subject: 'Thanks, {{client_name}}',
    contentText: 'Dear {{client_name}},\n\nthank you from {{company_name}}.',
    contentHtml: '<div style="display: flex"><p>Dear {{client_name}},</p><script>alert(1)</script></div>',
  };

  it('creates, lists, changes and deletes an own template; another user can neither see nor touch it', async () => {
    const created = await c().post('/api/v1/email-templates', OWN);
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json() as TEmailTemplate;
    expect(own).toMatchObject({
      name: 'Thank you',
      category: 'professional',
      language: 'en',
      isSystem: false,
      variables: ['client_name', 'company_name'],
    });
    // Warnings of what was typed; the script is gone from what is kept, the style stays.
    expect(own.warnings).toEqual([
      'emailTemplates.warnings.flexboxGrid',
      'emailTemplates.warnings.javascript',
    ]);
    expect(own.contentHtml).not.toContain('script');
    expect(own.contentHtml).toContain('display:flex');

    const mine = await items(c());
    expect(mine.filter((i) => !i.isSystem).map((i) => i.id)).toEqual([own.id]);
    // The list's warnings are those of what is stored.
    expect(mine.find((i) => i.id === own.id)!.warnings).toEqual(['emailTemplates.warnings.flexboxGrid']);
    expect((await items(other())).some((i) => i.id === own.id)).toBe(false);

    const change = { ...OWN, name: 'Thanks again', contentHtml: '<p>Hello {{client_name}}</p>' };
    for (const res of [
      await other().put(`/api/v1/email-templates/${own.id}`, change, { 'accept-language': 'en' }),
      await other().del(`/api/v1/email-templates/${own.id}`),
      await other().post(`/api/v1/email-templates/${own.id}/render`, {}),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TEMPLATE_NOT_FOUND');
    }
    expect(
      (await other().put(`/api/v1/email-templates/${own.id}`, change, { 'accept-language': 'en' })).json(),
    ).toMatchObject({ error: { message: 'Template not found' } });

    const updated = await c().put(`/api/v1/email-templates/${own.id}`, change);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Thanks again',
      warnings: [],
      contentHtml: '<p>Hello {{client_name}}</p>',
    });

    expect((await c().del(`/api/v1/email-templates/${own.id}`)).statusCode).toBe(204);
    expect((await c().del(`/api/v1/email-templates/${own.id}`)).statusCode).toBe(404);
    expect((await items(c())).some((i) => i.id === own.id)).toBe(false);
  });

  it('refuses bad input with field messages, and unknown ids with 404, never 5xx', async () => {
    const bad = await c().post(
      '/api/v1/email-templates',
      { ...OWN, name: ' ', subject: '' },
      {
        'accept-language': 'en',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await c().post(`/api/v1/email-templates/${id}/render`, {})).statusCode).toBe(404);
      expect((await c().put(`/api/v1/email-templates/${id}`, OWN)).statusCode).toBe(404);
    }
    expect(
      (await c().post('/api/v1/email-templates/professional/render', { clientId: 'x' })).statusCode,
    ).toBe(400);
  });

  it('lists every system template in both languages; a system template cannot be deleted', async () => {
    const system = (await items(c())).filter((i) => i.isSystem);
    expect(system).toHaveLength(18);
    expect(system.find((i) => i.id === 'newsletter' && i.language === 'it')).toMatchObject({
      category: 'newsletter',
      name: 'Newsletter',
      customized: false,
    });
    const del = await c().del('/api/v1/email-templates/professional', { 'accept-language': 'en' });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatchObject({
      code: 'SYSTEM_TEMPLATE',
      message: 'System templates cannot be deleted',
    });
  });

  it('renders with the business profile and a client; a client without a name is the "Valued Customer"', async () => {
    expect(
      (
        await c().put('/api/v1/business-profile', {
          companyName: 'Officina Rossi S.r.l.',
          businessType: 'llc',
          industry: 'manufacturing',
          phone: '+39 0543 123456',
          country: 'IT',
          email: 'info@officinarossi.example.it',
        })
      ).statusCode,
    ).toBe(200);
    const client = await addClient(
      { db: t.app.services.database.db },
      { orgId: owner.organizationId, userId: owner.user.id },
    );
    await t.app.services.database.db
      .update(clients)
      .set({ companyName: null, fullName: null })
      .where(and(eq(clients.organizationId, owner.organizationId), eq(clients.id, client.id)));

    const en = await c().post('/api/v1/email-templates/professional/render', {
      language: 'en',
      clientId: client.id,
    });
    expect(en.statusCode, en.body).toBe(200);
    const rendered = en.json() as TRenderedTemplate;
    expect(rendered.subject).toBe('A message from Officina Rossi S.r.l.');
    expect(rendered.text.startsWith('Dear Valued Customer,')).toBe(true);
    expect(rendered.html).toContain('<p>Dear Valued Customer,</p>');
    const it_ = (
      await c().post('/api/v1/email-templates/professional/render', { language: 'it', clientId: client.id })
    ).json() as TRenderedTemplate;
    expect(it_.text.startsWith('Gentile Cliente,')).toBe(true);

    // An own template renders in its own language; a text-only one comes back as HTML paragraphs too.
    const own = (
      await c().post('/api/v1/email-templates', { ...OWN, contentHtml: null, language: 'it' })
    ).json() as TEmailTemplate;
    const ownRendered = (
      await c().post(`/api/v1/email-templates/${own.id}/render`, {})
    ).json() as TRenderedTemplate;
    expect(ownRendered).toEqual({
      subject: 'Thanks, Cliente',
      text: 'Dear Cliente,\n\nthank you from Officina Rossi S.r.l..',
      html: '<p>Dear Cliente,</p><p>thank you from Officina Rossi S.r.l..</p>',
    });
    // Spec §5: a send naming a template gets the rendered subject and content, even with none of its own.
    const sent = await c().post('/api/v1/mail/send', {
      accountId: null,
      to: ['cliente.template@example.it'],
      template: { id: own.id, clientId: client.id },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const copy = (
      await c().get(`/api/v1/mail/messages/${(sent.json() as { messageId: string }).messageId}`)
    ).json() as { subject: string; text: string };
    expect(copy.subject).toBe('Thanks, Cliente');
    expect(copy.text).toContain('thank you from Officina Rossi S.r.l.');
    const notTheirs = await other().post('/api/v1/mail/send', {
      accountId: null,
      to: ['cliente.template@example.it'],
      template: { id: own.id },
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('TEMPLATE_NOT_FOUND');

    const missing = await c().post('/api/v1/email-templates/professional/render', {
      clientId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("sends an invoice e-mail with the organization's version of the system template, HTML and text", async () => {
    const o = await createSignedInUserWithOrg(t.app);
    const oc = api(t.app, o.cookie);
    expect(
      (
        await oc.put('/api/v1/business-profile', {
          companyName: 'Officina Rossi S.r.l.',
          businessType: 'llc',
          industry: 'manufacturing',
          phone: '+39 0543 123456',
          vatNumber: piva(1234567),
          taxRegime: 'RF01',
          street: 'Via Emilia 12',
          city: 'Forlì',
          province: 'FC',
          postalCode: '47121',
          country: 'IT',
          email: 'amministrazione@officinarossi.example.it',
        })
      ).statusCode,
    ).toBe(200);
    const client = await oc.post('/api/v1/clients', {
      type: 'company',
      companyName: 'Bianchi & Figli S.p.A.',
      email: 'fatture@bianchi.example.it',
      address: 'Corso Buenos Aires 1',
      city: 'Milano',
      postalCode: '20124',
      province: 'MI',
      country: 'IT',
      vatNumber: piva(7654321),
      sdiCode: 'M5UXCR1',
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = (client.json() as { id: string }).id;

    const saved = await oc.put('/api/v1/email-templates/invoice_send', {
      language: 'it',
      subject: 'La fattura {{invoice_number}}',
      contentText: 'Gentile {{client_name}}, ecco la fattura.',
      contentHtml: '<p>Gentile <b>{{client_name}}</b>, ecco la fattura {{invoice_number}}.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ customized: true, isSystem: true, id: 'invoice_send' });
    // The colleague of another organization still has the system text.
    expect((await items(c())).find((i) => i.id === 'invoice_send' && i.language === 'it')!.customized).toBe(
      false,
    );

    const draft = await oc.post('/api/v1/invoices', invoiceInput({ clientId }));
    expect(draft.statusCode, draft.body).toBe(201);
    const issued = await oc.post(`/api/v1/invoices/${(draft.json() as TInvoice).id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json() as TInvoice;
    expect((await oc.post(`/api/v1/invoices/${invoice.id}/send`)).statusCode).toBe(200);
    const [message] = await t.app.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, o.organizationId));
    expect(message!.subject).toBe(`La fattura ${invoice.number}`);
    expect(message!.textBody).toBe('Gentile Bianchi & Figli S.p.A., ecco la fattura.');
    expect(message!.htmlBody).toBe(
      `<p>Gentile <b>Bianchi &amp; Figli S.p.A.</b>, ecco la fattura ${invoice.number}.</p>`,
    );

    // The composer renders the same version with the invoice's values.
    const rendered = (
      await oc.post('/api/v1/email-templates/invoice_send/render', { language: 'it', invoiceId: invoice.id })
    ).json() as TRenderedTemplate;
    expect(rendered.subject).toBe(`La fattura ${invoice.number}`);

    // Reset gives the system text back; the member without manage_financial_data may not change system ones.
    const reset = await oc.post('/api/v1/email-templates/invoice_send/reset', { language: 'it' });
    expect(reset.json()).toMatchObject({
      customized: false,
      subject: 'Fattura {{invoice_number}} da {{company_name}}',
    });
  });

  it('lets a member without manage_financial_data write own templates but not the system ones', async () => {
    const email = uniqueEmail('user');
    const user = await createUser(t.app.services.auth, { name: 'Ugo', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: user.id,
      organizationId: owner.organizationId,
      role: 'user',
    });
    const u = api(t.app, (await signIn(t.app, email)).cookie);
    expect((await u.post('/api/v1/email-templates', OWN)).statusCode).toBe(201);
    const system = await u.put('/api/v1/email-templates/professional', {
      language: 'en',
      subject: 'x',
      contentText: 'y',
    });
    expect(system.statusCode).toBe(403);
    expect((await u.post('/api/v1/email-templates/professional/reset', { language: 'en' })).statusCode).toBe(
      403,
    );
  });
});
