import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

/**
 * Drafts kept on the server (issue 16) as a person meets them: a message being written is saved as it changes
 * ("Bozza salvata"), is in the Drafts folder after the page is reloaded, opens in the composer from there with what
 * was written, and once sent it is no longer in Drafts (the demo's own draft stays).
 */
const SUBJECT = 'Offerta manutenzione annuale';

test('una bozza si salva sul server, si riapre dalla cartella Bozze e, inviata, lascia la cartella', async ({
  page,
  axe,
}) => {
  await signIn(page, DEMO_USER);
  await page.goto('/email');
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();

  await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await dialog.getByLabel('A', { exact: true }).fill('paolo@verdi.example');
  await dialog.getByLabel('Oggetto').fill(SUBJECT);
  await dialog.getByTestId('compose-body').click();
  await page.keyboard.type('Le inviamo la nostra offerta per il prossimo anno.');
  // Saved on the server about two seconds after the typing stops, and said so.
  await expect(dialog.getByText(/^Bozza salvata \d{1,2}:\d{2}/)).toBeVisible();
  await axe();

  // The tab is reloaded: the draft is in Drafts, and opens in the composer with what was written.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
  const folders = page.getByRole('navigation', { name: 'Cartelle ed etichette' });
  await folders
    .getByRole('button', { name: /^Bozze/ })
    .first()
    .click();
  const list = page.getByTestId('mail-list');
  await list.getByRole('button', { name: new RegExp(SUBJECT) }).click();
  dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await expect(dialog.getByLabel('Oggetto')).toHaveValue(SUBJECT);
  await expect(dialog.getByLabel('A', { exact: true })).toHaveValue('paolo@verdi.example');
  await expect(dialog.getByTestId('compose-body')).toContainText(
    'Le inviamo la nostra offerta per il prossimo anno.',
  );

  // Sent: it leaves Drafts.
  await dialog.getByLabel('Annullabile per').selectOption('0');
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('button', { name: new RegExp(SUBJECT) })).toHaveCount(0);
  await page.reload();
  await folders
    .getByRole('button', { name: /^Bozze/ })
    .first()
    .click();
  // The demo's own draft is still there; the one sent is not.
  await expect(list.getByRole('button', { name: /Revisione motozappa/ })).toBeVisible();
  await expect(list.getByRole('button', { name: new RegExp(SUBJECT) })).toHaveCount(0);
});
