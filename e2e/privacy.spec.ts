import fs from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { expectSettled, newOnboardedUser } from './helpers.ts';

/**
 * GDPR in Settings → Privacy e dati: a user downloads their personal data (confirming the password in the
 * step-up dialog), then deletes their account, deciding what happens to the organization they alone run,
 * lands on the sign-in page and cannot sign in again.
 */
test('download my data, then delete my account and no longer sign in', async ({ page, axe }) => {
  // Four axe scans, a download and an unzip: well within a minute alone, not always on a busy machine.
  test.setTimeout(120_000);
  const user = await newOnboardedUser(page, { name: 'Giulia Ferri' });

  await page.goto('/settings?tab=privacy');
  await expect(page.getByRole('tab', { name: 'Privacy e dati', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'I tuoi dati personali' })).toBeVisible();
  // The onboarding made the user super admin of the new organization: its export is offered too.
  await expect(page.getByRole('heading', { name: "Dati dell'organizzazione" })).toBeVisible();
  await expect(page.getByText(user.companyName, { exact: false })).toBeVisible();
  await expectSettled(page);
  await axe();

  // Download: the server asks for a recent verification, the dialog asks for the password.
  await page.getByRole('button', { name: 'Scarica i miei dati' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Conferma la tua identità' });
  await expect(stepUp).toBeVisible();
  await axe();
  await stepUp.getByLabel('Password', { exact: true }).fill(user.password);
  const downloading = page.waitForEvent('download');
  await stepUp.getByRole('button', { name: 'Conferma' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dati-personali-\d{4}-\d\d-\d\d\.zip$/);
  await expect(page.getByText(/^Archivio salvato: dati-personali-/)).toBeVisible();
  const files = unzipSync(new Uint8Array(await fs.readFile((await download.path())!)));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'sessions.json']));
  expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ email: user.email, name: user.name });
  expect(strFromU8(files['README.txt']!)).toContain('I TUOI DATI PERSONALI');

  // Danger zone: the dialog explains, lists the organization and wants the e-mail typed.
  const trigger = page.getByRole('button', { name: 'Elimina il mio account' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Eliminare il tuo account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Cosa succede' })).toBeVisible();
  const organization = dialog.getByRole('group', { name: new RegExp(user.companyName.replace('.', '\\.')) });
  await expect(organization).toBeVisible();
  await expectSettled(page);
  await axe();

  // Escape closes it and gives the focus back; nothing happened.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  // Submitting without a decision or the confirmation shows what is missing.
  await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expect(organization.getByText("Conferma l'eliminazione di questa organizzazione")).toBeVisible();
  await expect(dialog.getByText('Scrivi il tuo indirizzo e-mail per confermare')).toBeVisible();
  await axe();

  const deleteOrganization = organization.getByRole('checkbox', { name: /tutti i suoi dati/ });
  await deleteOrganization.focus();
  await page.keyboard.press('Space');
  await expect(deleteOrganization).toBeChecked();
  const confirmation = dialog.getByRole('textbox', {
    name: 'Per confermare, scrivi il tuo indirizzo e-mail',
  });
  await confirmation.fill('qualcun-altro@example.test');
  await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expect(dialog.getByText("L'indirizzo non corrisponde a quello del tuo account")).toBeVisible();
  await confirmation.fill(user.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();

  // Signed out, on the sign-in page, with the message.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Il tuo account è stato eliminato.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();

  // The account is gone: signing in again fails.
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByText('Email o password non corretti.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

/** Without a recent verification the password is asked on top of the delete dialog, which then completes. */
test('deleting the account asks for the password first when it was not confirmed recently', async ({
  page,
  axe,
}) => {
  const user = await newOnboardedUser(page, { name: 'Marco Gallo' });
  await page.goto('/settings?tab=privacy');
  await page.getByRole('button', { name: 'Elimina il mio account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminare il tuo account?' });
  await dialog.getByRole('checkbox', { name: /tutti i suoi dati/ }).check();
  await dialog
    .getByRole('textbox', { name: 'Per confermare, scrivi il tuo indirizzo e-mail' })
    .fill(user.email);
  await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();

  const stepUp = page.getByRole('dialog', { name: 'Conferma la tua identità' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText("Per eliminare l'account serve una verifica recente.");
  await expectSettled(page);
  await axe();
  await stepUp.getByLabel('Password', { exact: true }).fill('Password-sbagliata-1');
  await stepUp.getByRole('button', { name: 'Conferma' }).click();
  await expect(stepUp.getByText('Password errata')).toBeVisible();
  await stepUp.getByLabel('Password', { exact: true }).fill(user.password);
  await stepUp.getByRole('button', { name: 'Conferma' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Il tuo account è stato eliminato.', { exact: false })).toBeVisible();
});
