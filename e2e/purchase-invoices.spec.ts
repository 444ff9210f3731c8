import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';
import type { TPurchaseInvoicePage } from '../src/shared/purchases/contracts.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../test/helpers/dovecot.ts';
import { baseUrlOf, expect, registerUser, test } from './fixtures.ts';
import { expectSettled, onboardViaApi, uniqueCompany } from './helpers.ts';

/**
 * Received invoices (issue 16) in English, then in Italian: a business with its Partita IVA opens "Received
 * invoices" and finds the empty state pointing to the mail accounts; its PEC mailbox (a real Dovecot, connected
 * through the API as Settings → Mail accounts does) receives from the SDI the official FatturaPA example FPR02,
 * re-addressed to the business, in a certified envelope; after a sync the invoice is in the list (supplier, number,
 * type, dates, total, "PEC"), the search finds it or nothing, and its page (opened from the keyboard) shows the
 * supplier, lines, VAT summary with its chargeability, total and due date, links to the e-mail it came in, and
 * downloads the file exactly as received. axe on every view, in both languages.
 */
const USER = 'fatture-passive';
const PASSWORD = 'Purchases-Journey-2026';
const SDI = 'sdi01@pec.fatturapa.it';
const FILE_NAME = 'IT01234567890_00A01.xml';
const EXAMPLE = new URL('../test/fixtures/fatturapa/examples/IT01234567890_FPR02.xml', import.meta.url);
const skip = dovecotUnavailable();

let dovecot: Dovecot;
test.beforeAll(async () => {
  if (skip) return;
  dovecot = await startDovecot({ [USER]: PASSWORD });
});
test.afterAll(async () => {
  await dovecot?.close();
});
test.use({ locale: 'en-US' });

/** A valid Partita IVA no other run has used. */
function randomPartitaIva(): string {
  const first = `${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}037`;
  return first + partitaIvaCheckDigit(first);
}

/** The official example, addressed to this business (its customer identified by our Partita IVA). */
async function exampleFor(partitaIva: string): Promise<string> {
  const xml = (await fs.readFile(EXAMPLE, 'utf8')).replace(
    /(<CessionarioCommittente>\s*<DatiAnagrafici>\s*)<CodiceFiscale>09876543210<\/CodiceFiscale>/,
    `$1<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${partitaIva}</IdCodice></IdFiscaleIVA>`,
  );
  expect(xml).toContain(`<IdCodice>${partitaIva}</IdCodice>`);
  return xml;
}

/**
 * The SDI's delivery of an invoice as a PEC provider hands it over: the certified envelope (`X-Trasporto:
 * posta-certificata`, daticert.xml) around the SDI's message, which carries the file.
 */
async function sdiDelivery(to: string, file: { fileName: string; xml: string }) {
  const inner = await new MailComposer({
    from: SDI,
    to,
    subject: `Invio File ${file.fileName}`,
    text: 'Il Sistema di Interscambio ti recapita la fattura elettronica in allegato.',
    attachments: [{ filename: file.fileName, content: file.xml, contentType: 'application/xml' }],
  })
    .compile()
    .build();
  return new MailComposer({
    from: `"Per conto di: ${SDI}" <posta-certificata@pec.fatturapa.it>`,
    to,
    replyTo: SDI,
    subject: `POSTA CERTIFICATA: Invio File ${file.fileName}`,
    headers: { 'X-Trasporto': 'posta-certificata', 'X-Tiporicevuta': 'completa' },
    text: 'Messaggio di posta certificata.',
    attachments: [
      { filename: 'daticert.xml', content: '<postacert tipo="posta-certificata" errore="nessuno"/>' },
      { filename: 'postacert.eml', content: inner, contentType: 'message/rfc822' },
    ],
  })
    .compile()
    .build();
}

/** The business's PEC mailbox on the journey's Dovecot, connected as Settings → Mail accounts does. */
async function connectPecMailbox(page: Page) {
  const headers = { Origin: baseUrlOf(page) };
  const server = { host: dovecot.host, port: dovecot.port, security: 'none', username: USER };
  const emailAddress = `${USER}@pec.bottega.example`;
  const res = await page.request.post('/api/v1/mail/accounts', {
    headers,
    // Nothing is sent in this journey: the SMTP port is one nobody answers.
    data: {
      emailAddress,
      displayName: 'Fatture',
      imap: server,
      smtp: { ...server, port: 2525 },
      password: PASSWORD,
      isPec: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const syncNow = async () => {
    const sync = await page.request.post(`/api/v1/mail/accounts/${id}/sync`, { headers });
    expect(sync.status(), await sync.text()).toBe(202);
  };
  return { emailAddress, syncNow };
}

async function receivedCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/purchase-invoices');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as TPurchaseInvoicePage).total;
}

test('an invoice from a supplier arrives by PEC and is read, searched, opened and downloaded', async ({
  page,
  axe,
}) => {
  test.skip(!!skip, skip ?? '');
  test.setTimeout(120_000);
  const partitaIva = randomPartitaIva();
  await registerUser(page, { name: 'Elena Ferri' });
  await onboardViaApi(page, {
    companyName: uniqueCompany('Bottega Ferri'),
    partitaIva,
    taxRegime: 'RF01',
    address: {
      street: 'Via Saragozza 8',
      city: 'Bologna',
      state: 'BO',
      province: 'BO',
      zipCode: '40123',
      country: 'IT',
    },
  });

  // 1. Nothing received yet: the menu entry, and the empty state that says where invoices come from.
  await page.goto('/dashboard');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Received invoices' }).click();
  await expect(page).toHaveURL(/\/purchase-invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Received invoices' })).toBeVisible();
  await expect(page).toHaveTitle('Received invoices · Gestionale');
  await expect(page.getByRole('heading', { name: 'No received invoices yet' })).toBeVisible();
  await expect(
    page.getByText('when they arrive by PEC, through the SDI, in a connected mail account'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the mail accounts' })).toHaveAttribute(
    'href',
    '/settings?tab=mail-accounts',
  );
  await expectSettled(page);
  await axe();

  // 2. The SDI delivers the supplier's invoice to the PEC mailbox; a sync records it.
  const xml = await exampleFor(partitaIva);
  const mailbox = await connectPecMailbox(page);
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: USER, pass: PASSWORD },
    logger: false,
  });
  await client.connect();
  await client.append('INBOX', await sdiDelivery(mailbox.emailAddress, { fileName: FILE_NAME, xml }));
  await client.logout();
  await mailbox.syncNow();
  await expect
    .poll(
      async () => {
        const count = await receivedCount(page);
        // A sync already running when the message arrived stops before it: ask for another.
        if (count === 0) await mailbox.syncNow();
        return count;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(1);

  // 3. The list: one row with its supplier, number, type, dates, total and how it came.
  await page.reload();
  const row = page.getByTestId('purchase-invoice-row');
  await expect(row).toHaveCount(1);
  for (const text of [
    "SOCIETA' ALPHA SRL",
    '123',
    'Invoice',
    'Dec 18, 2014',
    'Jan 30, 2015',
    '€30.50',
    'PEC',
  ])
    await expect(row).toContainText(text);
  await expect(page.getByTestId('purchase-invoices-table')).toBeVisible();
  await expectSettled(page);
  await axe();

  // The search is in the URL: the supplier's name finds it, another word nothing (and a way back).
  const searchbox = page.getByRole('searchbox', { name: 'Search received invoices' });
  await searchbox.fill('alpha');
  await expect(page).toHaveURL(/\?q=alpha$/);
  await expect(row).toHaveCount(1);
  await searchbox.fill('nobody at all');
  await expect(page.getByRole('heading', { name: 'No received invoices found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page).toHaveURL(/\/purchase-invoices$/);
  await expect(row).toHaveCount(1);

  // 4. Its page, opened from the keyboard.
  await row.getByRole('link', { name: '123' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Received invoice 123' })).toBeVisible();
  await expect(page).toHaveTitle('Received invoice 123 · Gestionale');
  const supplier = page.getByTestId('purchase-supplier');
  for (const text of ["SOCIETA' ALPHA SRL", 'IT01234567890', 'VIALE ROMA 543', '07100 SASSARI (SS)'])
    await expect(supplier).toContainText(text);
  await expect(page.getByTestId('purchase-document')).toContainText('LA FATTURA FA RIFERIMENTO');
  await expect(page.getByTestId('purchase-lines').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('purchase-lines')).toContainText('FORNITURE VARIE PER UFFICIO');
  const summary = page.getByTestId('purchase-vat-summary');
  for (const text of ['22%', '€25.00', '€5.50', 'Deferred']) await expect(summary).toContainText(text);
  await expect(page.getByTestId('purchase-total')).toHaveText('€30.50');
  const installment = page.getByTestId('purchase-installment');
  await expect(installment).toHaveCount(1);
  for (const text of ['Jan 30, 2015', '€30.50', 'Cash']) await expect(installment).toContainText(text);
  await expect(page.getByRole('link', { name: 'Open the e-mail' })).toHaveAttribute(
    'href',
    /^\/email\?m=[\w-]+$/,
  );
  await expectSettled(page);
  await axe();

  // The original file, byte for byte, under its own name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download original file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(FILE_NAME);
  const saved = await download.path();
  expect(await fs.readFile(saved, 'utf8')).toBe(xml);

  // 5. In Italian.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'Italiano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fattura ricevuta 123' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scarica il file originale' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Apri l'e-mail" })).toBeVisible();
  await expect(page.getByTestId('purchase-total')).toHaveText(/^30,50\s€$/);
  await expect(summary).toContainText('Esigibilità IVA');
  await expect(summary).toContainText('Differita');
  for (const text of ['30 gen 2015', 'Contanti']) await expect(installment).toContainText(text);
  await expect(supplier).toContainText('Partita IVA');
  await expectSettled(page);
  await axe();

  await page.getByRole('link', { name: 'Torna alle fatture ricevute' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fatture ricevute' })).toBeVisible();
  await expect(row).toContainText('Fattura');
  await expect(row).toContainText(/30,50\s€/);
  await expectSettled(page);
  await axe();

  // The e-mail it came in opens in the mailbox.
  await row.getByRole('link', { name: '123' }).click();
  await page.getByRole('link', { name: "Apri l'e-mail" }).click();
  await expect(page).toHaveURL(/\/email\?m=/);
  // Shown as the SDI's own message (not the provider's envelope), marked as certified mail.
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 2, name: `Invio File ${FILE_NAME}` })).toBeVisible();
  await expect(article.getByTestId('mail-certified')).toContainText('Posta certificata (PEC)');
  await axe();

  // An address that leads nowhere says so.
  await page.goto('/purchase-invoices/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Fattura ricevuta non trovata' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Torna alle fatture ricevute' })).toBeVisible();
});
