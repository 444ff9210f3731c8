import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

const shots = process.env.E2E_SHOTS;

/**
 * Scheduled reports in Italian on the demo business: the empty tab, a new weekly PDF of the sales register to
 * the demo user, "Esegui ora" run by the background job with the state told live (queued, then sent), the
 * report-ready toast and the last file; then the register exported as PDF from its own tab. axe on each view.
 */
test('report pianificati: crea, esegui ora, scarica; registro IVA in PDF', async ({ page, axe }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USER);
  await page.goto('/reports?report=scheduled');
  await expect(page.getByRole('heading', { name: 'Report pianificati' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Nessun report pianificato')).toBeVisible();
  await axe();

  await page.getByRole('button', { name: 'Nuova pianificazione' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuova pianificazione' });
  // Revenue asks for its grouping; the cash flow says its forecast runs from the day it is sent.
  await dialog.getByLabel('Report', { exact: true }).selectOption('revenue');
  await dialog.getByLabel('Raggruppa per').selectOption('item');
  await expect(dialog.getByText('Riguarda il mese precedente.')).toBeVisible();
  await dialog.getByLabel('Report', { exact: true }).selectOption('cash-flow');
  await expect(dialog.getByLabel('Raggruppa per')).toBeHidden();
  await expect(dialog.getByText('con la previsione a 90 giorni')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/schedule-form-cash-flow.png` });
  await dialog.getByLabel('Report', { exact: true }).selectOption('sales-register');
  await dialog.getByLabel('Formato').selectOption('pdf');
  await dialog.getByLabel('Frequenza').selectOption('weekly');
  await dialog.getByLabel('Giorno della settimana').selectOption('1');
  await expect(dialog.getByText('Riguarda la settimana precedente')).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Crea pianificazione' });
  await expect(create).toBeDisabled(); // no recipient yet
  await dialog.getByRole('checkbox', { name: new RegExp(DEMO_USER.email) }).check();
  await axe();
  if (shots) await page.screenshot({ path: `${shots}/schedule-form.png` });
  await create.click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('schedule');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: /Registro IVA vendite/ })).toBeVisible();
  await expect(card.getByText('Ogni lunedì')).toBeVisible();
  await expect(card.getByText(/Prossimo invio:/)).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('Non ancora eseguito');

  await card.getByRole('button', { name: 'Esegui ora' }).click();
  await expect(page.getByText('Esecuzione in coda')).toBeVisible();
  // The job runs it; the live channel refreshes the card and the creator gets the report-ready toast.
  await expect(card.getByRole('status')).toHaveText(/^Inviato il /, { timeout: 20_000 });
  await expect(page.getByText('Report pronto')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/schedules.png`, fullPage: true });
  await axe();
  const last = page.waitForEvent('download');
  await card.getByRole('button', { name: "Scarica l'ultimo file" }).click();
  expect((await last).suggestedFilename()).toMatch(/\.pdf$/);
  if (shots) {
    await (await last).saveAs(`${shots}/scheduled.pdf`);
    // The same screen in the dark theme, at 360 px, and in English.
    const view = async (name: string) => {
      await page.reload();
      await expect(card.getByRole('status')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
    };
    await page.evaluate(() => localStorage.setItem('gestionale.theme', 'dark'));
    await view('schedules-dark');
    await page.setViewportSize({ width: 360, height: 780 });
    await view('schedules-360-dark');
    await page.evaluate(() => localStorage.setItem('gestionale.theme', 'light'));
    await page.evaluate(() => localStorage.setItem('gestionale.language', 'en'));
    await view('schedules-360-en');
    await page.evaluate(() => localStorage.setItem('gestionale.language', 'it'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
  }

  // The sales register of this month, exported as PDF from its own tab.
  await page.getByRole('button', { name: 'Registro vendite' }).click();
  await expect(page.getByRole('heading', { name: 'Registro IVA vendite' })).toBeVisible();
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta' }).click();
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);
  if (shots) await (await pdf).saveAs(`${shots}/register.pdf`);

  // Delete asks first.
  await page.getByRole('button', { name: 'Pianificati' }).click();
  await card.getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Nessun report pianificato')).toBeVisible();
});
