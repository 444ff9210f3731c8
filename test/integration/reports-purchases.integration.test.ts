import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPurchaseInvoiceFile } from '@server/modules/purchases/index.ts';
import { addMember, createUser } from '@server/seed/factories.ts';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import type { TPurchaseInvoice } from '@shared/purchases/contracts.ts';
import type { TCashFlow } from '@shared/reports/cash-flow-contracts.ts';
import type { TDashboard, TReceivables, TVatSettlement } from '@shared/reports/contracts.ts';
import type { TProfitAndLoss } from '@shared/reports/profit-and-loss-contracts.ts';
import type { TPurchaseRegister } from '@shared/reports/purchase-register-contracts.ts';
import type { TTransaction } from '@shared/transactions/contracts.ts';
import { completeProfile } from '../helpers/business.ts';
import { readFatturaPaReference } from '../helpers/fatturapa-validate.ts';
import { piva } from '../helpers/italian-ids.ts';
import { purchaseInvoiceXml, type PurchaseSpec } from '../helpers/purchase-invoice-xml.ts';
import { signFile } from '../helpers/signed-file.ts';
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
 * Purchase invoices in the reports (issue 17): a known set of received invoices (credit note, exempt row,
 * reverse charge, one received late in the evening of 31 January, which in Rome is already February) gives known
 * VP3/VP5/VP6, register rows, costs in the profit and loss, payables and cash-flow outflows; "mark as paid" puts
 * an expense in the ledger once per payment id, refuses more than is left, and needs manage_financial_data. The
 * upload path (importPurchaseInvoiceFile) reads the official examples, plain and signed.
 */

const OURS = piva(1234567);
const A = { supplierVat: piva(111), supplierName: 'Alfa Forniture S.r.l.', customerVat: OURS };
const B = { supplierVat: piva(222), supplierName: 'Beta Servizi S.r.l.', customerVat: OURS };
const C = { supplierVat: piva(333), supplierName: 'Gamma Ricambi S.p.A.', customerVat: OURS };

describe.each(DATABASES)('purchase invoices in the reports on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  const ids: Record<string, string> = {};
  const today = isoDateIn('Europe/Rome');
  const c = () => api(t.app, owner.cookie);
  const deps = () => ({
    db: t.app.services.database.db,
    files: t.app.services.files,
    hub: t.app.services.hub,
  });
  const read = async <T>(url: string) => {
    const res = await c().get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  async function receive(key: string, spec: PurchaseSpec, receivedAt: Date) {
    const result = await importPurchaseInvoiceFile(deps(), {
      orgId: owner.organizationId,
      userId: owner.user.id,
      fileName: `IT${spec.supplierVat}_${key.replace(/\W/g, '')}.xml`,
      content: Buffer.from(purchaseInvoiceXml(spec)),
      source: 'pec',
      receivedAt,
    });
    expect(result).toMatchObject({ status: 'recorded' });
    ids[key] = (result as { invoiceIds: string[] }).invoiceIds[0]!;
  }
  const pay = (key: string, body: object) => c().post(`/api/v1/purchase-invoices/${ids[key]}/payments`, body);

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUserWithOrg(t.app);
    await completeProfile(c());
    await receive(
      'A-1',
      {
        ...A,
        number: 'A-1',
        date: '2025-01-20',
        rows: [
          { rate: 22, taxableCents: 100_000 },
          { rate: 0, nature: 'N4', taxableCents: 5_000 },
        ],
      },
      new Date('2025-01-25T10:00:00Z'),
    );
    // 23:30 UTC on 31 January is 00:30 on 1 February in Rome: received, and deducted, in February.
    await receive(
      'B-7',
      { ...B, number: 'B-7', date: '2025-01-30', rows: [{ rate: 10, taxableCents: 20_000 }] },
      new Date('2025-01-31T23:30:00Z'),
    );
    await receive(
      'A-NC1',
      {
        ...A,
        documentType: 'TD04',
        number: 'A-NC1',
        date: '2025-02-10',
        rows: [{ rate: 22, taxableCents: 10_000 }],
      },
      new Date('2025-02-11T09:00:00Z'),
    );
    await receive(
      'B-8',
      { ...B, number: 'B-8', date: '2025-03-05', rows: [{ rate: 0, nature: 'N6.3', taxableCents: 30_000 }] },
      new Date('2025-03-06T09:00:00Z'),
    );
  });
  afterAll(() => t.close());

  it('VP3, VP5 and VP6 come from the invoices received in each period', async () => {
    const monthly = await read<TVatSettlement>(
      '/api/v1/reports/vat-settlement?year=2025&periodicity=monthly',
    );
    const [jan, feb, mar] = monthly.periods;
    expect(jan).toMatchObject({
      vp3: 105_000,
      vp5: 22_000,
      vp6Credit: 22_000,
      vp14Credit: 22_000,
      purchaseDocuments: 1,
    });
    // February: B-7 (10% of 200.00) and the credit note (−22% of 100.00).
    expect(feb).toMatchObject({
      vp3: 10_000,
      vp5: -200,
      vp6Due: 200,
      vp8: 22_000,
      vp14Credit: 21_800,
      purchaseDocuments: 2,
    });
    expect(mar).toMatchObject({
      vp3: 30_000,
      vp5: 0,
      purchaseReverseChargeTaxableCents: 30_000,
      purchaseDocuments: 1,
    });
    expect(monthly.totals.vp5).toBe(21_800);
    const quarterly = await read<TVatSettlement>(
      '/api/v1/reports/vat-settlement?year=2025&periodicity=quarterly',
    );
    expect(quarterly.periods[0]).toMatchObject({
      vp3: 145_000,
      vp5: 21_800,
      vp6Credit: 21_800,
      purchaseDocuments: 4,
    });
  });

  it('the purchases register lists the invoices by the day received, credit notes negative', async () => {
    const feb = await read<TPurchaseRegister>(
      '/api/v1/reports/purchase-register?from=2025-02-01&to=2025-02-28',
    );
    expect(feb.entries.items.map((e) => [e.number, e.receivedOn, e.totalCents])).toEqual([
      ['B-7', '2025-02-01', 22_000],
      ['A-NC1', '2025-02-11', -12_200],
    ]);
    expect(feb.entries.items[0]).toMatchObject({
      supplierName: 'Beta Servizi S.r.l.',
      supplierVatNumber: `IT${B.supplierVat}`,
    });
    expect(feb.summary).toEqual([
      { vatRate: 22, nature: null, taxableCents: -10_000, vatCents: -2_200, reverseChargeTaxableCents: 0 },
      { vatRate: 10, nature: null, taxableCents: 20_000, vatCents: 2_000, reverseChargeTaxableCents: 0 },
    ]);
    expect(feb.totals).toEqual({
      taxableCents: 10_000,
      vatCents: -200,
      reverseChargeTaxableCents: 0,
      documents: 2,
    });
    expect(feb.previous).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
      taxableCents: 105_000,
      vatCents: 22_000,
    });
    const jan = await read<TPurchaseRegister>(
      '/api/v1/reports/purchase-register?from=2025-01-01&to=2025-01-31',
    );
    expect(jan.entries.items[0]!.lines).toEqual([
      { vatRate: 22, nature: null, taxableCents: 100_000, vatCents: 22_000 },
      { vatRate: 0, nature: 'N4', taxableCents: 5_000, vatCents: 0 },
    ]);
    const csv = await c().get(
      '/api/v1/reports/purchase-register/export?from=2025-01-01&to=2025-03-31&format=csv',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('N6.3');
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 5);
  });

  it('costs in the profit and loss are the taxable amounts by supplier, by the document date', async () => {
    const pnl = await read<TProfitAndLoss>('/api/v1/reports/profit-and-loss?from=2025-01-01&to=2025-03-31');
    expect(pnl.accrual.costs).toEqual([
      {
        kind: 'supplier',
        supplierId: expect.any(String),
        name: 'Alfa Forniture S.r.l.',
        suppliers: 1,
        months: [105_000, -10_000, 0],
        totalCents: 95_000,
      },
      {
        kind: 'supplier',
        supplierId: expect.any(String),
        name: 'Beta Servizi S.r.l.',
        suppliers: 1,
        months: [20_000, 0, 30_000],
        totalCents: 50_000,
      },
    ]);
    expect(pnl.accrual).toMatchObject({
      costMonths: [125_000, -10_000, 30_000],
      costCents: 145_000,
      purchaseDocuments: 4,
      resultCents: -145_000,
    });
  });

  it('mark as paid: one expense per payment id, partial payments, refusals and permissions', async () => {
    const payment = {
      id: crypto.randomUUID(),
      paidOn: '2025-03-20',
      amountCents: 30_000,
      method: 'bank_transfer',
    };
    const first = await pay('B-8', payment);
    expect(first.statusCode, first.body).toBe(200);
    const again = await pay('B-8', payment);
    expect(again.statusCode, again.body).toBe(200);
    const paid = again.json() as TPurchaseInvoice;
    expect(paid).toMatchObject({ paymentStatus: 'paid', paidCents: 30_000, remainingCents: 0 });
    expect(paid.payments).toHaveLength(1);
    const entry = await read<TTransaction>(`/api/v1/transactions/${paid.payments[0]!.transactionId}`);
    expect(entry).toMatchObject({
      direction: 'expense',
      amountCents: 30_000,
      occurredOn: '2025-03-20',
      categoryName: 'Acquisti merci',
    });
    const ledger = await read<{ total: number }>('/api/v1/transactions?direction=expense');
    expect(ledger.total).toBe(1);

    const partial = await pay('B-7', { id: crypto.randomUUID(), paidOn: '2025-02-15', amountCents: 10_000 });
    expect(partial.json()).toMatchObject({ paymentStatus: 'partlyPaid', remainingCents: 12_000 });
    const tooMuch = await pay('B-7', { id: crypto.randomUUID(), paidOn: '2025-02-16', amountCents: 12_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: { code: 'PAYMENT_EXCEEDS_DUE' } });
    const creditNote = await pay('A-NC1', {
      id: crypto.randomUUID(),
      paidOn: '2025-02-16',
      amountCents: 100,
    });
    expect(creditNote.json()).toMatchObject({ error: { code: 'PURCHASE_NOT_PAYABLE' } });
    const bad = await pay('B-7', { id: 'not-a-uuid', paidOn: '2025-02-31', amountCents: 0 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await pay('A-1', { id: crypto.randomUUID(), paidOn: '2025-02-01', amountCents: 127_000 })).statusCode,
    ).toBe(200);

    // A viewer reads the invoice but cannot pay it; another organization does not see it.
    const email = uniqueEmail('viewer');
    const viewer = await createUser(t.app.services.auth, { name: 'Viewer', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: viewer.id,
      organizationId: owner.organizationId,
      role: 'viewer',
    });
    const theirs = api(t.app, (await signIn(t.app, email)).cookie);
    expect((await theirs.get(`/api/v1/purchase-invoices/${ids['B-7']}`)).statusCode).toBe(200);
    const forbidden = await theirs.post(`/api/v1/purchase-invoices/${ids['B-7']}/payments`, {
      id: crypto.randomUUID(),
      paidOn: '2025-02-16',
      amountCents: 100,
    });
    expect(forbidden.statusCode).toBe(403);
    const stranger = api(t.app, (await createSignedInUserWithOrg(t.app)).cookie);
    const elsewhere = await stranger.post(`/api/v1/purchase-invoices/${ids['B-7']}/payments`, {
      id: crypto.randomUUID(),
      paidOn: '2025-02-16',
      amountCents: 100,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('payables in the scadenzario and outflows in the cash-flow forecast count what is left to pay', async () => {
    await receive(
      'C-1',
      {
        ...C,
        number: 'C-1',
        date: addDays(today, -40),
        rows: [{ rate: 22, taxableCents: 100_000 }],
        installments: [
          { dueDate: addDays(today, -10), amountCents: 61_000 },
          { dueDate: addDays(today, 20), amountCents: 61_000 },
        ],
      },
      new Date(),
    );
    await receive(
      'C-2',
      { ...C, number: 'C-2', date: addDays(today, -5), rows: [{ rate: 22, taxableCents: 50_000 }] },
      new Date(),
    );

    // The dashboard's VAT of the running period deducts the VAT of the two invoices received today.
    expect((await read<TDashboard>('/api/v1/dashboard')).vatEstimate.cents).toBe(-(22_000 + 11_000));
    const report = await read<TReceivables>('/api/v1/reports/receivables');
    // B-7: 120.00 left since January (over 90 days); C-1: one instalment 10 days late, one not due; C-2: due on its date.
    expect(report.payables.totals).toEqual({
      notDue: 61_000,
      days1to30: 122_000,
      days31to60: 0,
      days61to90: 0,
      over90: 12_000,
      totalCents: 195_000,
      openInvoices: 3,
    });
    expect(report.payables.overdue).toEqual({ cents: 134_000, installments: 3 });
    expect(report.payables.suppliers.map((s) => [s.name, s.totalCents, s.openInvoices])).toEqual([
      ['Gamma Ricambi S.p.A.', 183_000, 2],
      ['Beta Servizi S.r.l.', 12_000, 1],
    ]);
    expect(report.payables.installments.map((i) => [i.number, i.openCents, i.daysLate])).toEqual([
      ['B-7', 12_000, expect.any(Number)],
      ['C-1', 61_000, 10],
      ['C-2', 61_000, 5],
      ['C-1', 61_000, -20],
    ]);

    const forecast = async () =>
      (await read<TCashFlow>(`/api/v1/reports/cash-flow?from=${today.slice(0, 8)}01&to=${today}`)).forecast;
    const before = await forecast();
    expect(before.weeks[2]).toMatchObject({ payablesCents: 61_000, payables: 1 });
    expect(before.payablesCents).toBe(61_000);
    expect(before.overduePayables).toEqual({ cents: 134_000, installments: 3 });
    expect(before.endingBalanceCents).toBe(
      before.startingBalanceCents + before.receiptsCents - before.vatCents - 61_000,
    );

    // 700.00 paid on C-1 covers the late instalment and 90.00 of the next: 520.00 left in week 2.
    expect(
      (await pay('C-1', { id: crypto.randomUUID(), paidOn: today, amountCents: 70_000 })).statusCode,
    ).toBe(200);
    const after = await forecast();
    expect(after.weeks[2]).toMatchObject({ payablesCents: 52_000, payables: 1 });
    expect(after.overduePayables).toEqual({ cents: 73_000, installments: 2 });
  });

  it('imports uploaded e-invoices: the official examples, plain and signed, once; others are told apart', async () => {
    const other = await createSignedInUserWithOrg(t.app);
    await completeProfile(api(t.app, other.cookie));
    const ours = (xml: string) =>
      xml.replace(
        /(<CessionarioCommittente>\s*<DatiAnagrafici>\s*)<CodiceFiscale>09876543210<\/CodiceFiscale>/,
        `$1<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${OURS}</IdCodice></IdFiscaleIVA>`,
      );
    const upload = (fileName: string, content: string | Buffer, documentId?: string) =>
      importPurchaseInvoiceFile(deps(), {
        orgId: other.organizationId,
        userId: other.user.id,
        fileName,
        content: Buffer.from(content),
        source: 'upload',
        documentId,
      });
    const plain = ours(await readFatturaPaReference('examples/IT01234567890_FPR02.xml'));
    const documentId = crypto.randomUUID();
    const first = await upload('fattura fornitore.xml', plain, documentId);
    expect(first).toEqual({ status: 'recorded', invoiceIds: [expect.any(String)] });
    const [fpr02] = (first as { invoiceIds: string[] }).invoiceIds;
    expect(await upload('copia.xml', plain)).toEqual({ status: 'duplicate', invoiceIds: [fpr02] });
    // FPR03 holds FPR02's invoice again and one more.
    const signed = await upload(
      'doppia.xml.p7m',
      signFile(ours(await readFatturaPaReference('examples/IT01234567890_FPR03.xml'))),
    );
    expect(signed).toMatchObject({ status: 'recorded' });
    expect((signed as { invoiceIds: string[] }).invoiceIds).toHaveLength(2);
    expect((signed as { invoiceIds: string[] }).invoiceIds).toContain(fpr02);
    expect(
      await upload('altrui.xml', await readFatturaPaReference('examples/IT01234567890_FPR01.xml')),
    ).toEqual({
      status: 'other_business',
    });
    expect(await upload('note.xml', '<?xml version="1.0"?><note>hello</note>')).toEqual({
      status: 'not_einvoice',
    });
    expect(await upload('photo.jpg', 'not an invoice')).toEqual({ status: 'not_einvoice' });
    const broken = await upload('rotta.xml', plain.replace(/<Numero>123<\/Numero>/, ''));
    expect(broken).toMatchObject({ status: 'invalid' });
    expect((broken as { errors: string[] }).errors.length).toBeGreaterThan(0);
    const detail = (
      await api(t.app, other.cookie).get(`/api/v1/purchase-invoices/${fpr02}`)
    ).json() as TPurchaseInvoice;
    expect(detail).toMatchObject({
      source: 'upload',
      documentId,
      fileName: 'fattura fornitore.xml',
      paymentStatus: 'unpaid',
    });
  });
});
