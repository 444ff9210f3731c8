import { SDI_PUBLIC_PEC_ADDRESS } from '../src/shared/invoicing/sdi.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../test/helpers/dovecot.ts';
import { startSmtpServer } from '../test/helpers/smtp.ts';
import { expect, test } from './fixtures.ts';
import { expectSettled } from './helpers.ts';
import {
  addPecAccount,
  businessWithIssuedInvoice,
  deliverSdiNotification,
  sdiStateOf,
} from './sdi-helpers.ts';

/**
 * An e-invoice to the SDI by PEC (issue 16), as the owner sees it on the invoice page, against a real Dovecot (the
 * business's PEC mailbox) and a real SMTP server (standing in for the SDI's PEC address): without a PEC account the
 * panel says how to connect one; with one, "Send to SDI" asks first, then shows the file leaving and waiting for
 * the SDI once the server took it; the SDI's delivery receipt arriving in the PEC Inbox turns it "Delivered", with
 * the receipt in the history, in English and in Italian.
 */
const PASSWORD = 'Sdi-Journey-2026';
const USER = 'fatture';
/** The SDI answers from an address of its own domain (the one later files go to). */
const SDI_ANSWERS_FROM = 'sdi07@pec.fatturapa.it';
const skip = dovecotUnavailable();

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.beforeAll(async () => {
  if (skip) return;
  [dovecot, smtp] = await Promise.all([startDovecot({ [USER]: PASSWORD }), startSmtpServer()]);
});
test.afterAll(async () => {
  await dovecot?.close();
  await smtp?.close();
});

test.use({ locale: 'en-US' });

test('an issued invoice goes to the SDI by PEC and its delivery receipt marks it delivered', async ({
  page,
  axe,
}) => {
  test.skip(!!skip, skip ?? '');
  test.setTimeout(120_000);
  const { invoiceId, number } = await businessWithIssuedInvoice(page, 'Laura Fabbri');

  // No PEC account yet: nothing to send with, and the way to connect one.
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  const panel = page.getByTestId('sdi-panel');
  const status = panel.getByTestId('sdi-status');
  await expect(status).toHaveAttribute('data-phase', 'none');
  await expect(status).toContainText('Not sent to the SDI yet');
  await expect(panel.getByText('No PEC account')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Open the mail accounts' })).toHaveAttribute(
    'href',
    '/settings?tab=mail-accounts',
  );
  await expect(panel.getByRole('button', { name: 'Send to SDI' })).toHaveCount(0);
  await expectSettled(page);
  await axe();

  // With a PEC account: "Send to SDI" (from the keyboard) asks first, naming where the file goes and from where.
  const account = await addPecAccount(page, dovecot, {
    name: 'Laura Fabbri',
    username: USER,
    password: PASSWORD,
    smtpPort: smtp.port,
  });
  await page.reload();
  const send = panel.getByRole('button', { name: 'Send to SDI' });
  await send.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send the e-invoice to the SDI?' });
  await expect(dialog).toContainText(`by PEC to ${SDI_PUBLIC_PEC_ADDRESS} from ${account.emailAddress}`);
  await axe();
  await dialog.getByRole('button', { name: 'Send to SDI' }).click();
  await expect(dialog).toBeHidden();

  // Queued first, never "sent" before the mail server took it; then waiting for the SDI.
  await expect(status).toHaveAttribute('data-phase', 'sending');
  await expect(status).toContainText('Sending to the SDI…');
  const wire = await smtp.waitFor(SDI_PUBLIC_PEC_ADDRESS, 15_000);
  await expect(status).toHaveAttribute('data-phase', 'sent', { timeout: 15_000 });
  await expect(status).toContainText('Sent to the SDI, waiting for its answer');
  const { fileName } = (await sdiStateOf(page, invoiceId)).transmissions[0]!;
  expect(wire.raw).toContain(fileName);
  await expect(panel.getByText(fileName).first()).toBeVisible();
  await expect(panel).toContainText(account.emailAddress);
  await expect(panel.getByRole('button', { name: 'Send to SDI' })).toHaveCount(0);
  await expect(panel.getByTestId('sdi-transmission')).toContainText('No answer from the SDI yet.');

  // The SDI's delivery receipt arrives in the PEC Inbox; the account syncs ("Sync now").
  const rc = await deliverSdiNotification(
    dovecot,
    { username: USER, password: PASSWORD, emailAddress: account.emailAddress },
    'RC',
    { invoiceFileName: fileName, sdiId: '4242', from: SDI_ANSWERS_FROM },
  );
  await account.syncNow();
  await expect
    .poll(async () => (await sdiStateOf(page, invoiceId)).transmissions[0]!.status, { timeout: 30_000 })
    .toBe('delivered');

  // Back on the page (the window regains the focus): delivered, the receipt in the history with its file.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(status).toHaveAttribute('data-phase', 'delivered', { timeout: 20_000 });
  await expect(status).toContainText('Delivered');
  await expect(panel).toContainText('4242');
  const receipt = panel.getByTestId('sdi-notification');
  await expect(receipt).toHaveAttribute('data-type', 'RC');
  await expect(receipt).toContainText('Delivery receipt (RC)');
  const download = page.waitForEvent('download');
  await receipt.getByRole('link', { name: `Download ${rc.fileName}` }).click();
  expect((await download).suggestedFilename()).toBe(rc.fileName);
  await axe();

  // In Italian.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'Italiano' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(panel.getByRole('heading', { name: 'Fattura elettronica allo SdI' })).toBeVisible();
  await expect(status).toContainText('Consegnata');
  await expect(receipt).toContainText('Ricevuta di consegna (RC)');
});
