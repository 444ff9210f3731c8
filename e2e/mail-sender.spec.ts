import { headerOf, startSmtpServer } from '../test/helpers/smtp.ts';
import { expect, test } from './fixtures.ts';
import { expectSettled, newOnboardedUser } from './helpers.ts';

/**
 * Settings → Email sending (issue 16) as the owner of a new business: the journeys' installation has no mail
 * server (its mail stays in the app), so the business sets its own, an SMTP server on this machine. A wrong address
 * is refused under its field; once saved, the test message goes through that server from the business's name and
 * address, and the page shows the server's answer.
 */
const FROM = '"Officina Rossi S.r.l." <fatture@officinarossi.it>';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
});
test.afterAll(async () => {
  await smtp?.close();
});

test.use({ locale: 'en-US' });

test("the business's own SMTP server: saved, tested, its answer shown", async ({ page, axe }) => {
  const user = await newOnboardedUser(page);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Email sending' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=mail-sending$/);
  const form = page.getByTestId('mail-sender-form');
  await expect(form.getByRole('heading', { name: 'Email sending' })).toBeVisible();
  await expectSettled(page);

  // Nothing set: the business's name at the installation's address, and no server to send it.
  await expect(page.getByTestId('mail-sender-from')).toContainText(`"${user.companyName}"`);
  await expect(page.getByTestId('mail-sender-installation-status')).toHaveAttribute(
    'data-configured',
    'false',
  );
  await expect(form.getByRole('radio', { name: "The installation's mail server" })).toBeChecked();
  await axe();

  // A wrong address: the contract's message, bound to its field; nothing saved.
  const address = form.getByLabel('Sender address');
  await address.fill('fatture@');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription(/Invalid e-mail address/);
  await expect(address).toBeFocused();

  // The sender and the business's own server (on this machine, so without encryption).
  await form.getByLabel('Sender name').fill('Officina Rossi S.r.l.');
  await address.fill('fatture@officinarossi.it');
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Reply-to').fill('info@officinarossi.it');
  await expect(page.getByTestId('mail-sender-from')).toHaveText(FROM);
  await expect(page.getByTestId('mail-sender-reply-to')).toHaveText('info@officinarossi.it');
  await form.getByRole('radio', { name: 'Our own SMTP server' }).check();
  const port = form.getByLabel('Port');
  await expect(port).toHaveValue('587');
  await form.getByLabel('Security').selectOption('tls');
  await expect(port, 'the default port follows the security').toHaveValue('465');
  await form.getByLabel('Server', { exact: true }).fill('127.0.0.1');
  await form.getByLabel('Security').selectOption('none');
  await port.fill(String(smtp.port));
  await form.getByLabel('Username').fill('officina');
  await form.getByLabel('Password').fill('Smtp-Journey-2026');
  await axe();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sending settings saved')).toBeVisible();
  const password = form.getByLabel('Password');
  await expect(password).toHaveValue('');
  await expect(password).toHaveAttribute('placeholder', 'Saved: leave empty to keep it');

  // The test message, with the stored password: sent to the signed-in user, the server's answer on the page.
  await form.getByRole('button', { name: 'Send a test message' }).click();
  const result = page.getByTestId('mail-sender-test-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText(
    `Test message sent to ${user.email} from ${FROM}. The server answered: 250`,
  );
  const wire = await smtp.waitFor(user.email, 10_000);
  expect(wire.from).toBe('fatture@officinarossi.it');
  expect(headerOf(wire.raw, 'From')).toBe(FROM);
  expect(headerOf(wire.raw, 'Reply-To')).toBe('info@officinarossi.it');
  await axe();

  // Stored as shown: the page reads it back, and in Italian.
  await page.reload();
  await expect(form.getByLabel('Sender address')).toHaveValue('fatture@officinarossi.it');
  await expect(form.getByRole('radio', { name: 'Our own SMTP server' })).toBeChecked();
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name: 'Italiano' }).click();
  await expect(page.getByRole('tab', { name: 'Invio e-mail' })).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByLabel('Indirizzo del mittente')).toHaveValue('fatture@officinarossi.it');
  await expect(form.getByRole('button', { name: 'Invia un messaggio di prova' })).toBeVisible();
  await axe();
});
