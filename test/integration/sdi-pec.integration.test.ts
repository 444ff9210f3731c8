import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { sdiNotifications, sdiTransmissions } from '@server/db/schema/einvoicing.ts';
import { invoicingSettings } from '@server/db/schema/invoicing.ts';
import { mailAccounts } from '@server/db/schema/mailbox.ts';
import { notifications } from '@server/db/schema/notifications.ts';
import { applySdiMail } from '@server/modules/invoicing/index.ts';
import { receiveMailedInvoices } from '@server/modules/purchases/index.ts';
import { openImap } from '@server/modules/mailbox/imap-client.ts';
import { syncAccount } from '@server/modules/mailbox/sync/sync-account.ts';
import { claimAccount } from '@server/modules/mailbox/sync/sync-repository.ts';
import { validateXml } from '@server/platform/xml-schema.ts';
import { addMember, createUser, lineInput } from '@server/seed/factories.ts';
import type { TSdiState } from '@shared/invoicing/sdi.ts';
import type { TPurchaseInvoice, TPurchaseInvoicePage } from '@shared/purchases/contracts.ts';
import { addCompanyClient, completeProfile, issueInvoice } from '../helpers/business.ts';
import { readFatturaPaReference } from '../helpers/fatturapa-validate.ts';
import { piva } from '../helpers/italian-ids.ts';
import { signFile } from '../helpers/signed-file.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../helpers/dovecot.ts';
import { addMailAccount } from '../helpers/mail-account.ts';
import { pecEnvelope, sdiNotification } from '../helpers/pec.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { until as untilIn } from '../helpers/until.ts';
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
 * E-invoices to the SDI by PEC (issue 16), against a real IMAP server (Dovecot: the business's PEC mailbox) and a
 * real SMTP server standing in for the SDI's PEC address: the schema check before sending, the file on the wire,
 * each notification type (built from the official examples) moving the invoice along, the address the SDI
 * assigns, a rejected file sent again under a new name, and notifications that must change nothing.
 */

const skip = dovecotUnavailable();
const until = <T>(check: () => Promise<T | null> | T | null) => untilIn(check, 8_000);
if (skip) console.warn(`SDI by PEC tests skipped: ${skip}`);

const SDI = 'sdi01@sdi.test';
const ASSIGNED = 'sdi07@sdi.test';

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const USERS = Array.from({ length: 20 }, (_, i) => `pec${i}`);
beforeAll(async () => {
  if (skip) return;
  [dovecot, smtp] = await Promise.all([
    startDovecot(Object.fromEntries(USERS.map((u) => [u, 'secret-pw']))),
    startSmtpServer(),
  ]);
}, 30_000);
afterAll(async () => {
  await dovecot?.close();
  await smtp?.close();
});

describe.skipIf(!!skip).each(DATABASES)('e-invoices to and from the SDI by PEC on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  let clientId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { mailPollMs: 60_000 });
    owner = await createSignedInUserWithOrg(t.app);
    await completeProfile(c());
    clientId = await addCompanyClient(c(), 1);
    await db()
      .insert(invoicingSettings)
      .values({ organizationId: owner.organizationId, sdiPecAddress: SDI })
      .onConflictDoUpdate({ target: invoicingSettings.organizationId, set: { sdiPecAddress: SDI } });
  });
  afterAll(() => t.close());
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  const db = () => t.app.services.database.db;
  const c = () => api(t.app, owner.cookie);
  const mailDeps = () => ({ db: db(), hub: t.app.services.hub });

  async function pecAccount() {
    const username = USERS.shift()!;
    const emailAddress = `${username}@pec.officinarossi.test`;
    const accountId = await addMailAccount(
      t.app,
      { organizationId: owner.organizationId, userId: owner.user.id },
      { host: dovecot.host, port: dovecot.port, username, password: 'secret-pw' },
      { emailAddress, smtpPort: smtp.port },
    );
    await db().update(mailAccounts).set({ isPec: true }).where(eq(mailAccounts.id, accountId));
    const imap = await openImap({
      host: dovecot.host,
      port: dovecot.port,
      security: 'none',
      username,
      password: 'secret-pw',
    });
    cleanups.push(async () => {
      await db().update(mailAccounts).set({ syncEnabled: false }).where(eq(mailAccounts.id, accountId));
      await imap.logout().catch(() => imap.close());
    });
    return { accountId, emailAddress, imap };
  }

  async function sync(accountId: string) {
    expect(await claimAccount(db(), accountId, 'test', 60)).toBe(true);
    const deps = {
      db: db(),
      files: t.app.services.files,
      hub: t.app.services.hub,
      mailCredentials: t.app.services.mailCredentials,
      // As app.ts wires the sync: the SDI's answers update the invoices, suppliers' e-invoices are recorded.
      xmlFiles: async (
        mailed: Parameters<typeof applySdiMail>[1] & { userId: string; messageRowId: string },
      ) => {
        await applySdiMail(mailDeps(), mailed);
        await receiveMailedInvoices({ ...mailDeps(), files: t.app.services.files }, mailed);
      },
    };
    return syncAccount(deps, accountId, { owner: 'test', leaseSeconds: 60 });
  }

  const state = async (invoiceId: string) => {
    const res = await c().get(`/api/v1/invoices/${invoiceId}/sdi`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TSdiState;
  };
  const send = (invoiceId: string, accountId?: string) =>
    c().post(`/api/v1/invoices/${invoiceId}/sdi`, accountId ? { accountId } : {});
  const newInvoice = () => issueInvoice(c(), clientId, [lineInput({ unitPriceCents: 100_000, vatRate: 22 })]);
  /** Sends the invoice and waits until the PEC message left; answers the file's name and the wire message. */
  async function sendAndDeliver(invoiceId: string, accountId: string) {
    const before = smtp.received.length;
    const res = await send(invoiceId, accountId);
    expect(res.statusCode, res.body).toBe(200);
    const sent = (res.json() as TSdiState).transmissions[0]!;
    await until(async () =>
      (await state(invoiceId)).transmissions[0]?.delivery?.status === 'sent' ? true : null,
    );
    return { fileName: sent.fileName, wire: smtp.received[before]! };
  }

  it('sends nothing without a PEC account, for a draft, or for someone else', async () => {
    const invoice = await newInvoice();
    const none = await send(invoice.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('PEC_ACCOUNT_REQUIRED');
    expect((await state(invoice.id)).canSend).toBe(false);

    const stranger = await createSignedInUserWithOrg(t.app);
    const theirs = await api(t.app, stranger.cookie).get(`/api/v1/invoices/${invoice.id}/sdi`);
    expect(theirs.statusCode).toBe(404);
    expect(
      await db()
        .select()
        .from(sdiTransmissions)
        .where(eq(sdiTransmissions.organizationId, owner.organizationId)),
    ).toHaveLength(0);
  });

  it('checks the file, sends it to the SDI from the PEC account, and follows the answers to delivery', async () => {
    const { accountId, emailAddress, imap } = await pecAccount();
    const invoice = await newInvoice();
    expect((await state(invoice.id)).canSend).toBe(true);
    expect((await state(invoice.id)).sendTo).toBe(SDI);

    const { fileName, wire } = await sendAndDeliver(invoice.id, accountId);
    expect(fileName).toMatch(/^IT\d{11}_[0-9A-Z]{5}\.xml$/);
    expect(wire.to).toEqual([SDI]);
    expect(wire.from).toBe(emailAddress);
    const parsed = await simpleParser(wire.raw);
    const file = parsed.attachments.find((a) => a.filename === fileName)!;
    expect(file).toBeDefined();
    expect(await validateXml('fatturapa', file.content, fileName)).toEqual({ valid: true, errors: [] });

    // Sent and not answered yet: a second click sends nothing.
    const again = await send(invoice.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SDI_ALREADY_SENT');
    let sdi = await state(invoice.id);
    expect(sdi.transmissions).toHaveLength(1);
    expect(sdi.transmissions[0]!.sentAt).not.toBeNull();
    expect(sdi.transmissions[0]).toMatchObject({ status: 'pending', accountAddress: emailAddress });
    expect(sdi.canSend).toBe(false);

    // The SDI's delivery receipt arrives in the PEC Inbox, in its certified envelope, from the address it assigns.
    const rc = sdiNotification('RC', { invoiceFileName: fileName, sdiId: '4242' });
    await imap.append('INBOX', await pecEnvelope({ from: ASSIGNED, to: emailAddress, file: rc }));
    await sync(accountId);
    sdi = await state(invoice.id);
    expect(sdi.transmissions[0]).toMatchObject({ status: 'delivered', sdiIdentifier: '4242' });
    expect(sdi.transmissions[0]!.notifications).toEqual([
      expect.objectContaining({ type: 'RC', fileName: rc.fileName, errors: [] }),
    ]);
    // Later files go to the address the SDI answered from.
    expect(sdi.sendTo).toBe(ASSIGNED);
    const notice = await db().select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(notice.map((n) => n.title)).toContain(
      `Fattura elettronica ${invoice.number} consegnata dallo SdI`,
    );

    // The notification's file, as the SDI sent it.
    const download = await c().get(
      `/api/v1/invoices/${invoice.id}/sdi/notifications/${sdi.transmissions[0]!.notifications[0]!.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(rc.fileName);
    expect(download.body).toBe(rc.xml);

    // The same file again (a message delivered twice) records nothing more.
    expect(
      await applySdiMail(mailDeps(), {
        orgId: owner.organizationId,
        accountId,
        files: [{ fileName: rc.fileName, content: Buffer.from(rc.xml), from: ASSIGNED }],
        receivedAt: new Date(),
      }),
    ).toBe(0);
  });

  it('shows a rejection with the SDI’s errors and sends a corrected file under a new name', async () => {
    const { accountId, imap, emailAddress } = await pecAccount();
    const invoice = await newInvoice();
    const first = await sendAndDeliver(invoice.id, accountId);
    const ns = sdiNotification('NS', { invoiceFileName: first.fileName, sdiId: '5001' });
    await imap.append('INBOX', await pecEnvelope({ from: ASSIGNED, to: emailAddress, file: ns }));
    await sync(accountId);
    let sdi = await state(invoice.id);
    expect(sdi.transmissions[0]).toMatchObject({ status: 'rejected' });
    expect(sdi.transmissions[0]!.notifications[0]!.errors).toEqual([
      { code: '00100', description: 'Certificato di firma scaduto', suggestion: null },
    ]);
    expect(sdi.canSend).toBe(true);

    // The client's data corrected after the rejection: the new file carries it (lines, number and date stay).
    const client = (await c().get(`/api/v1/clients/${clientId}`)).json() as Record<string, unknown>;
    const moved = await c().put(`/api/v1/clients/${clientId}`, { ...client, address: 'Via Nuova 5' });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await sendAndDeliver(invoice.id, accountId);
    expect(second.fileName).not.toBe(first.fileName);
    expect(second.wire.to).toEqual([ASSIGNED]);
    const inner = (await simpleParser(second.wire.raw)).attachments[0]!.content.toString('utf8');
    // The file's ProgressivoInvio is its name's progressive.
    expect(inner).toContain(
      `<ProgressivoInvio>${second.fileName.split('_')[1]!.replace('.xml', '')}</ProgressivoInvio>`,
    );
    expect(inner).toContain('<Indirizzo>Via Nuova 5</Indirizzo>');
    expect(inner).toContain(`<Numero>${invoice.number}</Numero>`);
    sdi = await state(invoice.id);
    expect(sdi.transmissions.map((x) => x.status)).toEqual(['pending', 'rejected']);
    // The invoice's own copy (its PDF, its XML download) reads the same.
    const xml = await c().get(`/api/v1/invoices/${invoice.id}/xml`);
    expect(xml.body).toContain('<Indirizzo>Via Nuova 5</Indirizzo>');
  });

  it('takes a public administration’s outcome and never moves back; ignores strangers and broken files', async () => {
    const { accountId } = await pecAccount();
    const invoice = await newInvoice();
    const { fileName } = await sendAndDeliver(invoice.id, accountId);
    const apply = (file: { fileName: string; xml: string }, from = ASSIGNED) =>
      applySdiMail(mailDeps(), {
        orgId: owner.organizationId,
        accountId,
        files: [{ fileName: file.fileName, content: Buffer.from(file.xml), from }],
        receivedAt: new Date(),
      });
    const status = async () => (await state(invoice.id)).transmissions[0]!.status;

    // From another domain than the SDI's: a forgery, ignored.
    expect(
      await apply(sdiNotification('NS', { invoiceFileName: fileName, sdiId: '6' }), 'sdi01@evil.test'),
    ).toBe(0);
    // Not valid against the schema: ignored.
    const broken = sdiNotification('NS', { invoiceFileName: fileName, sdiId: '6' });
    expect(
      await apply({ ...broken, xml: broken.xml.replace(/<ListaErrori>[\s\S]*<\/ListaErrori>/, '') }),
    ).toBe(0);
    // For a file this organization never sent: ignored.
    expect(
      await apply(sdiNotification('RC', { invoiceFileName: 'IT09876543210_00001.xml', sdiId: '6' })),
    ).toBe(0);
    expect(await status()).toBe('pending');

    expect(
      await apply(sdiNotification('NE', { invoiceFileName: fileName, sdiId: '6', outcome: 'EC02' })),
    ).toBe(1);
    expect(await status()).toBe('refused');
    // The delivery receipt read after the outcome (mail synced out of order) is kept, the status stays.
    expect(await apply(sdiNotification('RC', { invoiceFileName: fileName, sdiId: '6' }))).toBe(1);
    expect(await status()).toBe('refused');
    const kept = await db().select().from(sdiNotifications);
    expect(kept.filter((n) => n.organizationId === owner.organizationId).map((n) => n.type)).toEqual(
      expect.arrayContaining(['NE', 'RC']),
    );
  });

  it.each([
    ['MC', 'not_delivered'],
    ['DT', 'expired'],
    ['AT', 'attested'],
    ['NE', 'accepted'],
  ] as const)('a %s notification sets the status %s', async (type, expected) => {
    const { accountId } = await pecAccount();
    const invoice = await newInvoice();
    const { fileName } = await sendAndDeliver(invoice.id, accountId);
    const file = sdiNotification(type, { invoiceFileName: fileName, sdiId: '7', outcome: 'EC01' });
    await applySdiMail(mailDeps(), {
      orgId: owner.organizationId,
      accountId,
      files: [{ fileName: file.fileName, content: Buffer.from(file.xml), from: ASSIGNED }],
      receivedAt: new Date(),
    });
    expect((await state(invoice.id)).transmissions[0]!.status).toBe(expected);
  });

  it('keeps the SDI address in the invoicing settings; a new one replaces the address the SDI assigned', async () => {
    const before = (await c().get('/api/v1/invoicing/settings')).json() as Record<string, unknown>;
    expect(before).toMatchObject({ sdiPecAddress: SDI, sdiAssignedAddress: ASSIGNED });
    const wrong = await c().put('/api/v1/invoicing/settings', { ...before, sdiPecAddress: 'not an address' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Invalid PEC address');
    const saved = await c().put('/api/v1/invoicing/settings', {
      ...before,
      sdiPecAddress: ' SDI02@sdi.test ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sdiPecAddress: 'sdi02@sdi.test', sdiAssignedAddress: null });
    const invoice = await newInvoice();
    expect((await state(invoice.id)).sendTo).toBe('sdi02@sdi.test');
    // Saving the other settings again keeps both.
    const again = await c().put('/api/v1/invoicing/settings', { ...(saved.json() as object), iban: null });
    expect(again.json()).toMatchObject({ sdiPecAddress: 'sdi02@sdi.test' });
  });

  it('records suppliers’ e-invoices that arrive by PEC, plain and signed, once, and only those for this business', async () => {
    const { accountId, emailAddress, imap } = await pecAccount();
    // The official examples, addressed to this business (completeProfile's Partita IVA).
    const ours = (xml: string) =>
      xml.replace(
        /(<CessionarioCommittente>\s*<DatiAnagrafici>\s*)<CodiceFiscale>09876543210<\/CodiceFiscale>/,
        `$1<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${piva(1234567)}</IdCodice></IdFiscaleIVA>`,
      );
    const plain = ours(await readFatturaPaReference('examples/IT01234567890_FPR02.xml'));
    const signed = signFile(ours(await readFatturaPaReference('examples/IT01234567890_FPR03.xml')));
    const someoneElses = await readFatturaPaReference('examples/IT01234567890_FPR01.xml');
    const deliver = async (fileName: string, content: string | Buffer) =>
      imap.append(
        'INBOX',
        await new (await import('nodemailer/lib/mail-composer')).default({
          from: ASSIGNED,
          to: emailAddress,
          subject: `Invio File ${fileName}`,
          text: 'Il Sistema di Interscambio ti recapita una fattura.',
          attachments: [{ filename: fileName, content }],
        })
          .compile()
          .build(),
      );
    await deliver('IT01234567890_00A01.xml', plain);
    await sync(accountId);
    await deliver('IT01234567890_00A02.xml.p7m', signed);
    await deliver('IT01234567890_00A03.xml', someoneElses);
    await sync(accountId);

    const page = (await c().get('/api/v1/purchase-invoices')).json() as TPurchaseInvoicePage;
    // FPR02's invoice 123, and of FPR03's two invoices the other one (its first has the same supplier, type, number
    // and date: the invoice already recorded); FPR01 is for another business.
    expect(page.items.map((i) => [i.number, i.issueDate])).toEqual([
      ['456', '2014-12-20'],
      ['123', '2014-12-18'],
    ]);
    expect(page.items.map((i) => i.supplierName)).toEqual(Array(2).fill("SOCIETA' ALPHA SRL"));
    const fpr02 = page.items.find((i) => i.number === '123')!;
    expect(fpr02).toMatchObject({
      issueDate: '2014-12-18',
      currency: 'EUR',
      totalCents: 3050,
      dueDate: '2015-01-30',
    });

    const detail = (await c().get(`/api/v1/purchase-invoices/${fpr02.id}`)).json() as TPurchaseInvoice;
    expect(detail).toMatchObject({
      supplier: { name: "SOCIETA' ALPHA SRL", vatNumber: 'IT01234567890', city: 'SASSARI' },
      documentType: 'TD01',
      taxableCents: 2500,
      vatCents: 550,
      fileName: 'IT01234567890_00A01.xml',
    });
    expect(detail.lines).toHaveLength(2);
    expect(detail.mailMessageId).toBeTruthy();
    // A colleague reads the invoice, but the message is in the owner's own mailbox: no link to it for them.
    const email = uniqueEmail('colleague');
    const colleague = await createUser(t.app.services.auth, { name: 'Colleague', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: colleague.id,
      organizationId: owner.organizationId,
      role: 'admin',
    });
    const theirDetail = await api(t.app, (await signIn(t.app, email)).cookie).get(
      `/api/v1/purchase-invoices/${fpr02.id}`,
    );
    expect(theirDetail.statusCode, theirDetail.body).toBe(200);
    expect((theirDetail.json() as TPurchaseInvoice).mailMessageId).toBeNull();
    const file = await c().get(`/api/v1/purchase-invoices/${fpr02.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(plain);
    const signedOne = page.items.find((i) => i.number === '456')!;
    const signedFile = await c().get(`/api/v1/purchase-invoices/${signedOne.id}/file`);
    expect(signedFile.rawPayload.equals(signed)).toBe(true);

    // The same file delivered again records nothing more; another organization sees none of them.
    await deliver('IT01234567890_00A01.xml', plain);
    await sync(accountId);
    expect(((await c().get('/api/v1/purchase-invoices')).json() as TPurchaseInvoicePage).total).toBe(2);
    const stranger = await createSignedInUserWithOrg(t.app);
    const theirs = api(t.app, stranger.cookie);
    expect(((await theirs.get('/api/v1/purchase-invoices')).json() as TPurchaseInvoicePage).total).toBe(0);
    expect((await theirs.get(`/api/v1/purchase-invoices/${fpr02.id}`)).statusCode).toBe(404);
  });

  it('offers sending again when the PEC message never left and never will (its account removed)', async () => {
    const good = await pecAccount();
    // An account whose SMTP server does not answer: the message stays queued, retried.
    const brokenId = await addMailAccount(
      t.app,
      { organizationId: owner.organizationId, userId: owner.user.id },
      { host: dovecot.host, port: dovecot.port, username: USERS.shift()!, password: 'secret-pw' },
      { emailAddress: 'broken@pec.officinarossi.test', smtpPort: 1 },
    );
    await db().update(mailAccounts).set({ isPec: true }).where(eq(mailAccounts.id, brokenId));
    const invoice = await newInvoice();
    expect((await send(invoice.id, brokenId)).statusCode).toBe(200);
    let sdi = await state(invoice.id);
    expect(sdi.transmissions[0]).toMatchObject({ status: 'pending', sentAt: null });
    expect(sdi.canSend).toBe(false);
    expect((await send(invoice.id, good.accountId)).json().error.code).toBe('SDI_ALREADY_SENT');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/mail/accounts/${brokenId}`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { confirm: true },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    sdi = await state(invoice.id);
    expect(sdi.transmissions[0]).toMatchObject({ status: 'pending', sentAt: null, delivery: null });
    expect(sdi.canSend).toBe(true);
    const { fileName, wire } = await sendAndDeliver(invoice.id, good.accountId);
    expect(fileName).not.toBe(sdi.transmissions[0]!.fileName);
    expect(wire.from).toBe(good.emailAddress);
  });
});
