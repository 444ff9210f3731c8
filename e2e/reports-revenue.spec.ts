import { addDays } from '../src/shared/dates/dates.ts';
import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

/**
 * Revenue by client, by item or category, and the inventory's valuation, in Italian on the demo business. Figures
 * are compared with each other, not hard-coded: other journeys add documents and movements to the demo business.
 * axe runs on each view.
 */
const today = new Date().toISOString().slice(0, 10);
/** The demo's invoices and stock movements span the last weeks and months: a quarter up to today holds them. */
const quarter = { from: addDays(today, -90), to: today };

test('fatturato per cliente: totali, quote, confronto e dettaglio dei documenti', async ({ page, axe }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Fatturato per cliente' }).click();
  await expect(page).toHaveURL(/report=clients/);
  await page.goto(`/reports?report=clients&from=${quarter.from}&to=${quarter.to}`);
  await expect(page.getByRole('heading', { name: 'Fatturato per cliente' })).toBeVisible();
  const rows = page.getByTestId('revenue-table').getByTestId('revenue-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('revenue-totals')).toContainText('Fatturato del periodo');
  await expect(page.getByTestId('revenue-previous')).toContainText('Confronto con');
  await expect(page.getByRole('region', { name: 'I primi 10 per fatturato' })).toBeVisible();
  await axe();

  // The first client's figure leads to its issued documents of the range, drafts left out.
  const link = rows.first().getByRole('link').first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(
    /\/invoices\?clientId=[^&]+&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&phase=issued/,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
  await expect(page.getByLabel('Stato', { exact: true })).toHaveValue('');
  await expect(page.getByRole('option', { name: 'Tutti i documenti emessi' })).toBeAttached();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goBack();

  // A range without documents says what is missing and how to add it.
  await page.getByLabel('Periodo', { exact: true }).selectOption('custom');
  await page.getByLabel('Dal', { exact: true }).fill('2001-01-01');
  await page.getByLabel('Al', { exact: true }).fill('2001-01-31');
  await expect(page.getByRole('heading', { name: 'Nessun fatturato nel periodo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuova fattura' })).toBeVisible();
  await axe();
});

test('fatturato per articolo e per categoria, con le righe libere', async ({ page, axe }) => {
  await signIn(page, DEMO_USER);
  await page.goto(`/reports?report=items&from=${quarter.from}&to=${quarter.to}`);
  await expect(page.getByRole('heading', { name: 'Fatturato per articolo o categoria' })).toBeVisible();
  const rows = page.getByTestId('revenue-table').getByTestId('revenue-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Quantità venduta' })).toBeVisible();
  await axe();
  await page.getByRole('button', { name: 'Categoria', exact: true }).click();
  await expect(page).toHaveURL(/by=category/);
  await expect(page.getByRole('button', { name: 'Categoria', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('columnheader', { name: 'Categoria' })).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await axe();
});

test('magazzino: giacenze a inizio e fine periodo, valori e scheda articolo', async ({ page, axe }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Magazzino' }).click();
  await expect(page).toHaveURL(/report=inventory/);
  await page.goto(`/reports?report=inventory&from=${quarter.from}&to=${quarter.to}`);
  await expect(page.getByRole('heading', { name: 'Valorizzazione e movimenti di magazzino' })).toBeVisible();
  const rows = page.getByTestId('inventory-report-table').getByTestId('inventory-report-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('inventory-totals')).toContainText('Valore delle giacenze al costo');
  // The movements against the range just before, as long as this one.
  await expect(page.getByTestId('inventory-previous-movements')).toContainText(/\d{4}: \d+ moviment/);
  await axe();

  // An item's name opens its page with its movements.
  const link = rows.first().getByRole('link').first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/inventory\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();

  // The file, named in Italian.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta' }).click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^magazzino-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );

  // A period long ago had no stock and no movements.
  await page.goto('/reports?report=inventory&from=2001-01-01&to=2001-01-31');
  await expect(
    page.getByRole('heading', { name: 'Nessuna giacenza né movimento nel periodo' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vai al magazzino' })).toBeVisible();
  await axe();
});
