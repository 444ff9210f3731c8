import fs from 'node:fs/promises';
import { baseUrlOf, expect, signIn, test } from './fixtures.ts';
import { expectSettled, newOnboardedUser } from './helpers.ts';

/**
 * Settings → Registro attività and Backup, in Italian. An admin (the super admin of a new organization) sees
 * their own sign-in, filters by severity, exports the CSV after confirming the password, and finds the sign-in
 * in the file. Then a backup is created (and downloaded), the company name changed, the file restored through
 * the preview of the changes and the step-up, and the name is back. axe runs on both tabs and every dialog.
 */
test('the audit log shows the sign-in, filters it and exports it as CSV', async ({ page, axe }) => {
  const user = await newOnboardedUser(page, { name: 'Laura Conti' });
  // A sign-in of a member: a user-level entry the organization's log shows.
  await signIn(page, user);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Registro attività' }).click();
  await expect(page).toHaveURL(/tab=audit/);
  await expect(page.getByRole('heading', { name: 'Registro attività' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Registro attività' });
  const signInRow = table.getByRole('row').filter({ hasText: 'Accesso' }).filter({ hasText: 'Laura Conti' });
  await expect(signInRow.first()).toBeVisible();
  await expect(signInRow.first().getByText('Bassa')).toBeVisible();
  await expect(page.getByText("fuso orario dell'organizzazione (Europe/Rome)")).toBeVisible();
  await expectSettled(page);
  await axe();

  // Expandable details: the scope and the browser.
  await signInRow
    .first()
    .getByRole('button', { name: /^Mostra i dettagli: Accesso/ })
    .click();
  await expect(table.getByText('Account dell’utente')).toBeVisible();
  await expect(table.getByText('Browser e dispositivo')).toBeVisible();
  await axe();

  // Severity filter: nothing HIGH for a new organization, the sign-in under LOW.
  const severity = page.getByRole('combobox', { name: 'Gravità' });
  await severity.selectOption({ label: 'Alta' });
  await expect(page.getByRole('heading', { name: 'Nessun evento con questi filtri' })).toBeVisible();
  await severity.selectOption({ label: 'Bassa' });
  await expect(signInRow.first()).toBeVisible();
  const badges = table.getByRole('row').locator('td:nth-child(4)');
  for (const text of await badges.allInnerTexts()) expect(text.trim()).toBe('Bassa');

  // Export: the server asks for a recent verification; the dialog asks for the password.
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Conferma la tua identità' });
  await expect(stepUp).toBeVisible();
  await axe();
  await stepUp.getByLabel('Password', { exact: true }).fill(user.password);
  const downloading = page.waitForEvent('download');
  await stepUp.getByRole('button', { name: 'Conferma' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^registro-attivita-\d{4}-\d\d-\d\d\.csv$/);
  await expect(page.getByText(/^Registro esportato: registro-attivita-/)).toBeVisible();
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(
    'Data e ora (Europe/Rome);Azione;Gravità;Utente;Utente interessato;Indirizzo IP;User agent;Dettagli',
  );
  expect(lines.some((l) => l.includes(';Accesso;Bassa;') && l.includes(`Laura Conti <${user.email}>`))).toBe(
    true,
  );
  // The severity filter applied to the file as well.
  expect(lines.slice(1).every((l) => l.split(';')[2] === 'Bassa')).toBe(true);

  // The export is itself in the log.
  await page.getByRole('button', { name: 'Azzera filtri' }).first().click();
  await expect(table.getByRole('row').filter({ hasText: 'Registro attività esportato' })).toBeVisible();
  await expectSettled(page);
  await axe();
});

test('a settings backup is created, downloaded and restored after a preview', async ({ page, axe }) => {
  const user = await newOnboardedUser(page, { name: 'Marco Neri' });

  await page.goto('/settings?tab=backups');
  await expect(page.getByRole('heading', { name: 'Backup delle impostazioni' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Il logo e gli altri file non sono inclusi', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nessun backup' })).toBeVisible();
  await expectSettled(page);
  await axe();

  // Create: stored in the list and downloaded.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Crea backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^backup-impostazioni-.+\.json$/);
  await expect(page.getByText(/^Backup creato e scaricato: backup-impostazioni-/)).toBeVisible();
  const file = await download.path();
  const backup = JSON.parse(await fs.readFile(file!, 'utf8'));
  expect(backup).toMatchObject({
    format: 'gestionale-settings-backup',
    version: 1,
    data: {
      businessProfile: { companyName: user.companyName },
      roles: [{ email: user.email, role: 'super_admin' }],
    },
  });
  const list = page.getByRole('table', { name: 'Backup salvati' });
  await expect(list.getByRole('row').filter({ hasText: 'Marco Neri' })).toHaveCount(1);

  // Change the company name, then restore the file: the preview shows the change before anything happens.
  const renamed = await page.request.put('/api/v1/business-profile', {
    data: { companyName: 'Nome Provvisorio S.r.l.' },
    headers: { Origin: baseUrlOf(page) },
  });
  expect(renamed.status()).toBe(200);
  await page.getByLabel('File di backup').setInputFiles(file!);
  const preview = page.getByRole('dialog', { name: 'Controlla le modifiche' });
  await expect(preview).toBeVisible();
  const profile = preview.getByRole('region', { name: 'Profilo aziendale' });
  await expect(profile.getByText('Ragione sociale')).toBeVisible();
  await expect(profile.getByText('Nome Provvisorio S.r.l.')).toBeVisible();
  await expect(profile.getByText(user.companyName)).toBeVisible();
  await expect(
    preview.getByRole('region', { name: 'Ruoli dei membri' }).getByText('Nessuna modifica.'),
  ).toBeVisible();
  await expectSettled(page);
  await axe();

  await preview.getByRole('button', { name: 'Ripristina 1 modifica' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Conferma la tua identità' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('Password', { exact: true }).fill(user.password);
  await stepUp.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Impostazioni ripristinate: 1 modifica applicata')).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(list.getByRole('row').filter({ hasText: 'Prima del ripristino' })).toHaveCount(1);

  const restored = await page.request.get('/api/v1/business-profile');
  expect((await restored.json()).companyName).toBe(user.companyName);
  await expectSettled(page);
  await axe();
});
