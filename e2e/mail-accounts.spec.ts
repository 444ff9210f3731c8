import { dovecotUnavailable, startDovecot, type Dovecot } from '../test/helpers/dovecot.ts';
import { startSmtpServer } from '../test/helpers/smtp.ts';
import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

const IMAP_PASSWORD = 'E2e-Imap-Secret-51';
const skip = dovecotUnavailable();

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  if (skip) return;
  dovecot = await startDovecot({ alice: IMAP_PASSWORD });
  smtp = await startSmtpServer();
});
test.afterAll(async () => {
  await dovecot?.close();
  await smtp?.close();
});

/**
 * Settings → Mail accounts on the demo business, in Italian then English: the empty list, the spec §5 messages for
 * an empty form, a preset filling the servers with its app-password note, a real account on a local Dovecot and
 * SMTP server (security none on 127.0.0.1), "Prova connessione" answering both connected, the saved row, the phone
 * layout, the language switch, and the removal after its confirmation. axe on each view.
 */
test('account di posta: preset, prova connessione con Dovecot, salva, lingua, rimuovi', async ({
  page,
  axe,
}) => {
  test.skip(!!skip, skip ?? '');
  test.setTimeout(120_000);
  await signIn(page, DEMO_USER);
  await page.goto('/settings?tab=mail-accounts');
  const panel = page.getByTestId('mail-accounts-panel');
  await expect(panel.getByRole('heading', { name: 'Account di posta', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByText('Ancora nessun account di posta')).toBeVisible();
  await axe();

  await panel.getByRole('button', { name: 'Aggiungi account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aggiungi un account di posta' });
  await expect(dialog).toBeVisible();
  // Bad input: the spec's messages, nothing saved.
  await dialog.getByRole('button', { name: 'Aggiungi account' }).click();
  await expect(dialog.getByText("L'host è obbligatorio")).toHaveCount(2);
  await expect(dialog.getByText('Il nome utente è obbligatorio')).toHaveCount(2);
  await expect(dialog.getByText('La password è obbligatoria')).toBeVisible();
  const imap = dialog.getByRole('region', { name: 'Posta in arrivo (IMAP)' });
  const smtpSection = dialog.getByRole('region', { name: 'Posta in uscita (SMTP)' });
  await imap.getByLabel('Porta').fill('70000');
  await expect(imap.getByText('È richiesta una porta valida')).toBeVisible();

  // A preset fills host, port and security, and tells about the app password.
  await dialog.getByLabel('Indirizzo e-mail').fill('mario.rossi@gmail.com');
  await dialog.getByLabel('Fornitore').selectOption('gmail');
  await expect(imap.getByLabel('Server')).toHaveValue('imap.gmail.com');
  await expect(imap.getByLabel('Porta')).toHaveValue('993');
  await expect(smtpSection.getByLabel('Server')).toHaveValue('smtp.gmail.com');
  await expect(smtpSection.getByLabel('Sicurezza')).toHaveValue('starttls');
  await expect(dialog.getByTestId('mail-account-preset-note')).toContainText('password per app');
  await dialog.getByLabel('Fornitore').selectOption('aruba-pec');
  await expect(dialog.getByLabel('Posta certificata (PEC)')).toBeChecked();
  await axe();

  // A real account: the local Dovecot and SMTP server, without encryption (allowed on this machine only).
  await dialog.getByLabel('Fornitore').selectOption('');
  await dialog.getByLabel('Posta certificata (PEC)').uncheck();
  await dialog.getByLabel('Indirizzo e-mail').fill('alice@example.test');
  await dialog.getByLabel('Password', { exact: true }).fill(IMAP_PASSWORD);
  for (const [section, port] of [
    [imap, dovecot.port],
    [smtpSection, smtp.port],
  ] as const) {
    await section.getByLabel('Server').fill('127.0.0.1');
    await section.getByLabel('Sicurezza').selectOption('none');
    await section.getByLabel('Porta').fill(String(port));
    await section.getByLabel('Nome utente').fill('alice');
  }
  await dialog.getByRole('button', { name: 'Prova connessione' }).click();
  const result = dialog.getByTestId('mail-account-test-result');
  await expect(result.locator('[data-server="imap"]')).toHaveText(
    /IMAP \(in arrivo\): Connesso e autenticato/,
    {
      timeout: 30_000,
    },
  );
  await expect(result.locator('[data-server="smtp"]')).toHaveText(
    /SMTP \(in uscita\): Connesso e autenticato/,
  );
  // The provider's sending limits: a wrong one is refused in words, a right one kept.
  const limits = dialog.getByRole('group', { name: 'Limiti di invio' });
  await limits.getByLabel('Messaggi al giorno').fill('0');
  await dialog.getByRole('button', { name: 'Aggiungi account' }).click();
  await expect(limits.getByText('Il limite è un numero intero di messaggi, da 1 in su')).toBeVisible();
  await limits.getByLabel('Messaggi al giorno').fill('500');
  await dialog.getByRole('button', { name: 'Aggiungi account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Account di posta aggiunto')).toBeVisible();
  const row = panel.getByTestId('mail-account-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('alice@example.test');
  await expect(row.getByTestId('mail-account-sync')).toContainText('Non ancora sincronizzato');
  await axe();

  // A phone: one card per account, the actions reachable.
  await page.setViewportSize({ width: 360, height: 760 });
  const card = panel.getByTestId('mail-account-card');
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rimuovi alice@example.test' })).toBeVisible();
  await axe();
  await page.setViewportSize({ width: 1280, height: 800 });

  // English: the same list, and the spec's English messages.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'English' }).click();
  await expect(panel.getByRole('heading', { name: 'Mail accounts', exact: true })).toBeVisible();
  await expect(row.getByTestId('mail-account-sync')).toContainText('Not synced yet');
  await panel.getByRole('button', { name: 'Add account' }).click();
  const en = page.getByRole('dialog', { name: 'Add a mail account' });
  await en.getByRole('button', { name: 'Add account' }).click();
  await expect(en.getByText('Host is required')).toHaveCount(2);
  await expect(en.getByText('Username is required')).toHaveCount(2);
  await expect(en.getByText('Password is required')).toBeVisible();
  await en.getByRole('region', { name: 'Incoming mail (IMAP)' }).getByLabel('Port').fill('0');
  await expect(en.getByText('Valid port is required')).toBeVisible();
  await axe();
  await en.getByRole('button', { name: 'Cancel' }).click();
  await expect(en).toBeHidden();

  // Removing says the stored mail goes too, and asks first.
  await row.getByRole('button', { name: 'Remove alice@example.test' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove alice@example.test?' });
  await expect(confirm).toContainText('mail stored here for it');
  await axe();
  await confirm.getByRole('button', { name: 'Remove account and its mail' }).click();
  await expect(panel.getByText('No mail account yet')).toBeVisible();
});
