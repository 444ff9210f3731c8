import { expect } from 'vitest';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { invoiceInput, type InvoiceBody, type LineBody } from '@server/seed/factories.ts';
import type { api } from './test-app.ts';
import { piva } from './italian-ids.ts';

/** The report and dashboard tests' business: a complete profile, company clients, issued invoices, payments. */
type Api = ReturnType<typeof api>;

/** The business profile complete (regime RF01, ordinary), with `overrides` (e.g. `{ taxRegime: 'RF19' }`). */
export async function completeProfile(c: Api, overrides: object = {}) {
  const profile = await c.put('/api/v1/business-profile', {
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
    email: 'amministrazione@officinarossi.example.com',
    ...overrides,
  });
  expect(profile.statusCode, profile.body).toBe(200);
}

/** An Italian company client numbered `n` ("Cliente n S.p.A."), with `extra` fields (splitPayment); answers its id. */
export async function addCompanyClient(c: Api, n: number, extra: object = {}): Promise<string> {
  const res = await c.post('/api/v1/clients', {
    type: 'company',
    companyName: `Cliente ${n} S.p.A.`,
    email: `fatture${n}@cliente.example.com`,
    address: 'Corso Buenos Aires 1',
    city: 'Milano',
    postalCode: '20124',
    province: 'MI',
    country: 'IT',
    vatNumber: piva(7654320 + n),
    sdiCode: 'M5UXCR1',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** A draft made and issued through the API. */
export async function issueInvoice(
  c: Api,
  clientId: string,
  lines: LineBody[],
  dates: Partial<InvoiceBody> = {},
) {
  const draft = await c.post('/api/v1/invoices', invoiceInput({ clientId, lines, ...dates }));
  expect(draft.statusCode, draft.body).toBe(201);
  const res = await c.post(`/api/v1/invoices/${(draft.json() as TInvoice).id}/issue`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TInvoice;
}

export async function payInvoice(c: Api, invoice: TInvoice, amountCents: number, paidOn: string) {
  const res = await c.post(`/api/v1/invoices/${invoice.id}/payments`, {
    paidOn,
    amountCents,
    method: 'bank_transfer',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A credit note (TD04) on `invoice` for `lines`, made from the invoice, edited and issued; answers it. */
export async function issueCreditNote(
  c: Api,
  invoice: Pick<TInvoice, 'id'>,
  clientId: string,
  lines: LineBody[],
  extra: Partial<InvoiceBody> = {},
) {
  const note = await c.post(`/api/v1/invoices/${invoice.id}/credit-note`);
  expect(note.statusCode, note.body).toBe(201);
  const noteId = (note.json() as TInvoice).id;
  const edited = await c.put(
    `/api/v1/invoices/${noteId}`,
    invoiceInput({ documentType: 'TD04', relatedInvoiceId: invoice.id, clientId, lines, ...extra }),
  );
  expect(edited.statusCode, edited.body).toBe(200);
  const issued = await c.post(`/api/v1/invoices/${noteId}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json() as TInvoice;
}
