import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER, expectSettled, newOnboardedUser } from './helpers.ts';

/**
 * /analytics on the demo business, in Italian then English: KPIs beside the previous period, the sales trend,
 * the panels and the top lists leading to the documents; a year goes by month; a chart that cannot render
 * shows the chart error panel; a business without invoices is told to issue one; the export menu gives the file. Figures are compared with
 * each other, not hard-coded: other journeys add documents to the demo business. axe runs on each view.
 */
/** The first load of the page and its chunks, on a busy machine. */
const FIRST_LOAD = { timeout: 30_000 };

test('analisi: KPI, andamento, pannelli e approfondimenti, poi in inglese', async ({ page, axe }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USER);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analisi' })).toBeVisible(FIRST_LOAD);
  await expectSettled(page);
  await expect(page.getByTestId('analytics-compared')).toContainText('a confronto con');
  await expect(page.getByTestId('kpi-sales-value')).toBeVisible();
  await expect(page.getByTestId('sales-trend-chart')).toBeVisible(FIRST_LOAD);
  for (const panel of ['clients-panel', 'quotes-panel', 'payments-panel', 'turnover-panel', 'top-clients']) {
    await expect(page.getByTestId(panel)).toBeVisible();
  }
  await expect(page.getByText('Rotazione = costo della merce scaricata')).toBeVisible();
  // Today's figures, live over the socket, above the range.
  const live = page.getByTestId('live-figures');
  await expect(live.getByTestId('live-figures-status')).toHaveText(/^In tempo reale · aggiornati alle/);
  for (const tile of ['live-invoiced', 'live-collected', 'live-outstanding', 'live-overdue', 'live-unread']) {
    await expect(live.getByTestId(`${tile}-value`)).toBeVisible();
  }
  await axe();

  // A year goes by month: twelve rows in the trend's table, the top clients add up to the sales.
  await page.getByLabel('Periodo', { exact: true }).selectOption('year');
  await expect(page).toHaveURL(/from=\d{4}-01-01&to=\d{4}-12-31/);
  await expectSettled(page);
  await expect(page.getByTestId('sales-trend-table').locator('tbody tr')).toHaveCount(12);
  const totalRow = page.getByTestId('top-clients-table').getByRole('row').last();
  await expect(totalRow.getByRole('cell')).toHaveText(
    (await page.getByTestId('kpi-sales-value').innerText()).trim(),
  );
  await axe();

  // Export as every report: the menu offers CSV, XLSX and PDF; the file is the year's analytics.
  await page.getByRole('button', { name: 'Esporta' }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'PDF' })).toBeVisible();
  await axe();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^analisi-(\d{4})-01-01-\1-12-31\.xlsx$/);
  await expect(page.getByRole('button', { name: 'Stampa' })).toBeVisible();

  // Drill-down: the first client opens its card; the sales figure opens the invoices of the range.
  const firstClient = page.getByTestId('top-clients-table-row').first().getByRole('link');
  const name = (await firstClient.innerText()).trim();
  await firstClient.click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await page.getByTestId('kpi-sales').click();
  await expect(page).toHaveURL(/\/invoices\?from=\d{4}-01-01&to=\d{4}-12-31/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
  await page.goBack();

  // The same page in English.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('kpi-sales')).toContainText('Sales (taxable)');
  await expect(page.getByText('Turnover = cost of the goods out')).toBeVisible();
  await axe();
});

test('un grafico che non si disegna mostra il pannello di errore con Riprova', async ({ page }) => {
  await signIn(page, DEMO_USER);
  // The answer arrives with a broken trend: the chart fails, the rest of the page stands.
  await page.route('**/api/v1/analytics?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { current: { trend: unknown } };
    body.current.trend = null;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/analytics');
  await expect(page.getByText('Impossibile visualizzare il grafico')).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('kpi-sales-value')).toBeVisible();
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByText('Impossibile visualizzare il grafico')).toBeVisible();
});

test('senza fatture emesse la pagina dice cosa manca e porta alla nuova fattura', async ({ page, axe }) => {
  await newOnboardedUser(page);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Nessuna fattura emessa' })).toBeVisible(FIRST_LOAD);
  await axe();
  await page.getByRole('link', { name: 'Crea una fattura' }).click();
  await expect(page).toHaveURL(/\/invoices\/new$/);
});
