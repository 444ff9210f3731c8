import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '@server/db/schema/purchases.ts';
import { importPurchaseInvoiceFile } from '@server/modules/purchases/index.ts';
import { addClient, addMember, createUser } from '@server/seed/factories.ts';
import type { TPurchaseInvoicePage } from '@shared/purchases/contracts.ts';
import type { TSupplierDetail, TSupplierPage } from '@shared/suppliers/contracts.ts';
import { completeProfile } from '../helpers/business.ts';
import { piva } from '../helpers/italian-ids.ts';
import { purchaseInvoiceXml, type PurchaseSpec } from '../helpers/purchase-invoice-xml.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';
import {
  DATABASES,
  ORIGIN,
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
 * Suppliers (issue 17): totals from the received invoices (a credit note subtracts, a part payment leaves the
 * rest open), search by name and P.IVA, the same contact seen from both sides (a client with the supplier's
 * P.IVA or codice fiscale), corrections of name and address with the client rules, permissions, tenancy.
 */

const OURS = piva(1234567);
const ALFA = { supplierVat: piva(11_100_000), supplierName: 'Alfa Forniture S.r.l.', customerVat: OURS };
const BETA = { supplierVat: piva(22_200_000), supplierName: 'Beta Servizi S.r.l.', customerVat: OURS };

describe.each(DATABASES)('suppliers on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  const ids: Record<string, string> = {};
  const c = () => api(t.app, owner.cookie);
  const read = async <T>(url: string) => {
    const res = await c().get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const patch = (url: string, body: object, cookie = owner.cookie) =>
    t.app.inject({ method: 'PATCH', url, headers: { origin: ORIGIN, cookie }, payload: body });

  async function receive(key: string, spec: PurchaseSpec) {
    const result = await importPurchaseInvoiceFile(
      { db: t.app.services.database.db, files: t.app.services.files, hub: t.app.services.hub },
      {
        orgId: owner.organizationId,
        userId: owner.user.id,
        fileName: `IT${spec.supplierVat}_${key}.xml`,
        content: Buffer.from(purchaseInvoiceXml(spec)),
        source: 'pec',
        receivedAt: new Date('2025-03-01T10:00:00Z'),
      },
    );
    expect(result).toMatchObject({ status: 'recorded' });
    ids[key] = (result as { invoiceIds: string[] }).invoiceIds[0]!;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUserWithOrg(t.app);
    await completeProfile(c());
    // Alfa: 1,220.00 in two instalments, a credit note of 122.00, and 100.00 paid on the first instalment.
    await receive('A1', {
      ...ALFA,
      number: 'A-1',
      date: '2025-01-20',
      rows: [{ rate: 22, taxableCents: 100_000 }],
      installments: [
        { dueDate: '2025-02-20', amountCents: 61_000 },
        { dueDate: '2099-03-20', amountCents: 61_000 },
      ],
    });
    await receive('A2', {
      ...ALFA,
      documentType: 'TD04',
      number: 'A-NC1',
      date: '2025-02-10',
      rows: [{ rate: 22, taxableCents: 10_000 }],
    });
    await receive('B1', {
      ...BETA,
      number: 'B-7',
      date: '2025-01-30',
      rows: [{ rate: 10, taxableCents: 20_000 }],
    });
    const paid = await c().post(`/api/v1/purchase-invoices/${ids.A1}/payments`, {
      id: crypto.randomUUID(),
      paidOn: '2025-02-18',
      amountCents: 10_000,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // A supplier known by its codice fiscale only (a professional without an EU VAT number on the document).
    const [gamma] = await t.app.services.database.db
      .insert(suppliers)
      .values({ organizationId: owner.organizationId, name: 'Gamma Studio', taxCode: 'RSSMRA80A01H501U' })
      .returning({ id: suppliers.id });
    ids.gamma = gamma!.id;
  });
  afterAll(() => t.close());

  it('lists suppliers by name with invoices, total purchased and open payables; searches name and P.IVA', async () => {
    const page = await read<TSupplierPage>('/api/v1/suppliers');
    expect(page.total).toBe(3);
    expect(page.items.map((s) => s.name)).toEqual([
      'Alfa Forniture S.r.l.',
      'Beta Servizi S.r.l.',
      'Gamma Studio',
    ]);
    const [alfa, beta, gamma] = page.items;
    // 1,220.00 less the 122.00 credit note; open: 1,220.00 less the 100.00 paid (the credit note owes nothing).
    expect(alfa).toMatchObject({
      vatNumber: `IT${ALFA.supplierVat}`,
      invoiceCount: 2,
      purchasedCents: 109_800,
      openCents: 112_000,
      lastInvoiceDate: '2025-02-10',
      clientId: null,
    });
    expect(beta).toMatchObject({ invoiceCount: 1, purchasedCents: 22_000, openCents: 22_000 });
    expect(gamma).toMatchObject({ invoiceCount: 0, purchasedCents: 0, openCents: 0, lastInvoiceDate: null });

    const byName = await read<TSupplierPage>('/api/v1/suppliers?q=beta');
    expect(byName.items.map((s) => s.name)).toEqual(['Beta Servizi S.r.l.']);
    const byVat = await read<TSupplierPage>(
      `/api/v1/suppliers?q=IT%20${ALFA.supplierVat.slice(0, 5)}%20${ALFA.supplierVat.slice(5)}`,
    );
    expect(byVat.items.map((s) => s.name)).toEqual(['Alfa Forniture S.r.l.']);
    const wildcard = await read<TSupplierPage>('/api/v1/suppliers?q=%25');
    expect(wildcard.total).toBe(0);
    const second = await read<TSupplierPage>('/api/v1/suppliers?pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((s) => s.name)).toEqual(['Gamma Studio']);

    const theirInvoices = await read<TPurchaseInvoicePage>(
      `/api/v1/purchase-invoices?supplierId=${alfa!.id}`,
    );
    expect(theirInvoices.items.map((i) => i.number).sort()).toEqual(['A-1', 'A-NC1']);
  });

  it('gives one supplier with its open instalments, and the client that is the same contact', async () => {
    const { items } = await read<TSupplierPage>('/api/v1/suppliers?q=alfa');
    const alfaId = items[0]!.id;
    const before = await read<TSupplierDetail>(`/api/v1/suppliers/${alfaId}`);
    expect(before.clientId).toBeNull();
    expect(before.payables).toEqual([
      expect.objectContaining({ number: 'A-1', dueDate: '2025-02-20', openCents: 51_000, overdue: true }),
      expect.objectContaining({ number: 'A-1', dueDate: '2099-03-20', openCents: 61_000, overdue: false }),
    ]);

    // The business also sells to Alfa: the client with the same P.IVA is the same contact, both ways.
    const client = await addClient(
      { db: t.app.services.database.db },
      {
        orgId: owner.organizationId,
        userId: owner.user.id,
        values: { companyName: 'Alfa (clienti)', vatNumber: ALFA.supplierVat },
      },
    );
    const after = await read<TSupplierDetail>(`/api/v1/suppliers/${alfaId}`);
    expect(after.clientId).toBe(client.id);
    const ofClient = await read<TSupplierPage>(`/api/v1/suppliers?clientId=${client.id}`);
    expect(ofClient.items.map((s) => s.id)).toEqual([alfaId]);

    // By codice fiscale: a person who is a client and, as a professional, a supplier.
    const person = await addClient(
      { db: t.app.services.database.db },
      {
        orgId: owner.organizationId,
        userId: owner.user.id,
        values: {
          type: 'person',
          companyName: null,
          fullName: 'Mario Rossi',
          codiceFiscale: 'rssmra80a01h501u',
        },
      },
    );
    expect((await read<TSupplierDetail>(`/api/v1/suppliers/${ids.gamma}`)).clientId).toBe(person.id);
    expect((await read<TSupplierPage>(`/api/v1/suppliers?clientId=${person.id}`)).items).toHaveLength(1);

    // A client that is no supplier, and an id that is no UUID, find none.
    const other = await addClient(
      { db: t.app.services.database.db },
      { orgId: owner.organizationId, userId: owner.user.id, values: { companyName: 'Solo Cliente' } },
    );
    expect((await read<TSupplierPage>(`/api/v1/suppliers?clientId=${other.id}`)).total).toBe(0);
    expect((await read<TSupplierPage>('/api/v1/suppliers?clientId=nope')).total).toBe(0);
    expect((await c().get('/api/v1/suppliers/nope')).statusCode).toBe(404);
  });

  it('corrects name and address with the client rules; the P.IVA is not editable', async () => {
    const url = `/api/v1/suppliers/${ids.gamma}`;
    const saved = await patch(url, {
      name: '  Gamma Studio Associato ',
      address: 'Via Po 3',
      postalCode: '10123',
      city: 'Torino',
      province: 'torino',
      country: 'it',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Gamma Studio Associato',
      address: 'Via Po 3',
      postalCode: '10123',
      city: 'Torino',
      province: 'TO',
      country: 'IT',
      taxCode: 'RSSMRA80A01H501U',
    });
    // A field left out is kept; null clears it.
    const cleared = await patch(url, { address: null });
    expect(cleared.json()).toMatchObject({ name: 'Gamma Studio Associato', address: null, city: 'Torino' });

    const badCap = await patch(url, { postalCode: '1012' });
    expect(badCap.statusCode).toBe(400);
    expect(badCap.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: 'postalCode', key: 'clients.errors.capInvalid' })],
    });
    const noName = await patch(url, { name: '   ' }, owner.cookie);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.details[0]).toMatchObject({
      path: 'name',
      key: 'suppliers.errors.nameRequired',
    });
    const vat = await patch(url, { vatNumber: 'IT00000000000' });
    expect(vat.statusCode).toBe(400);
    expect((await read<TSupplierDetail>(url)).name).toBe('Gamma Studio Associato');
  });

  it('lets a viewer read but not edit', async () => {
    const email = uniqueEmail('viewer');
    const viewer = await createUser(t.app.services.auth, { name: 'Viewer', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: viewer.id,
      organizationId: owner.organizationId,
      role: 'viewer',
    });
    const cookie = (await signIn(t.app, email)).cookie;
    expect((await api(t.app, cookie).get(`/api/v1/suppliers/${ids.gamma}`)).statusCode).toBe(200);
    const refused = await patch(`/api/v1/suppliers/${ids.gamma}`, { name: 'Altro' }, cookie);
    expect(refused.statusCode).toBe(403);
  });

  it("answers 404 for another organization's supplier and lists none of them there", async () => {
    const supplierOfA = async (ctx: { organizationId: string }) => {
      const [row] = await t.app.services.database.db
        .insert(suppliers)
        .values({ organizationId: ctx.organizationId, name: 'Fornitore di A', vatNumber: `IT${piva(999)}` })
        .returning({ id: suppliers.id });
      return row!.id;
    };
    const { stranger } = await expectOtherOrganizationGets404(t.app, {
      path: (id) => `/api/v1/suppliers/${id}`,
      createInOrgA: supplierOfA,
    });
    await expectOtherOrganizationGets404(t.app, {
      path: (id) => `/api/v1/suppliers/${id}`,
      createInOrgA: supplierOfA,
      method: 'PATCH',
      body: { name: 'Preso' },
    });
    const theirs = await api(t.app, stranger.cookie).get('/api/v1/suppliers');
    expect(theirs.json()).toMatchObject({ items: [], total: 0 });
    // Our client's id, asked from their organization, names no supplier of theirs.
    const { items } = await read<TSupplierPage>('/api/v1/suppliers?q=alfa');
    const ours = await api(t.app, stranger.cookie).get(`/api/v1/suppliers?clientId=${items[0]!.clientId}`);
    expect(ours.json()).toMatchObject({ total: 0 });
  });
});
