import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

/**
 * Profit and loss and cash flow in Italian on the demo business. Figures are compared with each other (a stat
 * with its table, a cell with the register or the list it opens), not hard-coded: other journeys add documents
 * to the demo business. axe runs on both reports.
 */
test('conto economico: competenza e cassa per mese, con il dettaglio dietro ogni cifra', async ({
  page,
  axe,
}) => {
  // A year of months × items: axe reads many cells and links, slowly on a shared machine.
  test.slow();
  await signIn(page, DEMO_USER);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Conto economico' }).click();
  await expect(page).toHaveURL(/report=pnl/);
  await expect(page.getByRole('heading', { name: 'Conto economico', level: 2 })).toBeVisible();
  // The year of the demo documents: a column per month.
  await page.getByLabel('Periodo', { exact: true }).selectOption('year');
  const accrual = page.getByTestId('pnl-accrual');
  await expect(accrual.getByRole('columnheader')).toHaveCount(1 + 12 + 1);
  await expect(accrual.getByRole('rowheader', { name: 'Costi per acquisti', exact: true })).toBeVisible();
  await expect(accrual.getByRole('rowheader', { name: 'Totale costi per acquisti' })).toBeVisible();
  // The stat is the total of the table.
  const total = page.getByTestId('pnl-revenue-total').getByRole('cell').last();
  await expect(
    page
      .getByTestId('pnl-stats')
      .getByText((await total.innerText()).trim())
      .first(),
  ).toBeVisible();
  await axe();

  // A month of revenue opens the sales register of that month, whose taxable total is the same amount.
  const month = page.getByTestId('pnl-revenue-total').getByRole('link').first();
  const amount = (await month.innerText()).trim();
  await month.click();
  await expect(page).toHaveURL(/report=register&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('heading', { name: 'Registro IVA vendite' })).toBeVisible();
  await expect(
    page.getByTestId('register-summary').getByRole('row').filter({ hasText: 'Totale' }),
  ).toContainText(amount);
  await page.goBack();

  // A ledger category's month opens the ledger filtered on it, with the same total.
  const cash = page.getByTestId('pnl-cash');
  const expense = cash.getByTestId('pnl-expense-row').first().getByRole('link').first();
  const expenseAmount = (await expense.innerText()).trim();
  await expense.click();
  await expect(page).toHaveURL(/\/transactions\?period=custom&from=.*&direction=expense&categoryId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transazioni' })).toBeVisible();
  await expect(page.getByText(expenseAmount).first()).toBeVisible();
  await page.goBack();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta' }).click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^conto-economico-\d{4}-01-01-\d{4}-12-31\.xlsx$/);
});

test('flussi di cassa: consuntivo mensile e previsione a 90 giorni con scadenze e IVA', async ({
  page,
  axe,
}) => {
  test.slow();
  await signIn(page, DEMO_USER);
  await page.goto('/reports');
  // The first load of a shared machine can take a while to fetch the translations.
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Flussi di cassa' }).click();
  await expect(page).toHaveURL(/report=cashflow/);
  await expect(page.getByRole('heading', { name: 'Flussi di cassa', level: 2 })).toBeVisible();
  await expect(page.getByTestId('cashflow-month')).toHaveCount(1);
  const forecast = page.getByTestId('cashflow-forecast');
  await expect(forecast.getByTestId('cashflow-week')).toHaveCount(13);
  await expect(forecast.getByRole('columnheader', { name: 'Pagamenti fornitori' })).toBeVisible();
  await expect(
    page.getByTestId('cashflow-vat').getByRole('heading', { name: 'Versamenti IVA nel periodo' }),
  ).toBeVisible();
  // The projected balance on the last day is the table's last balance.
  const projected = (await page.getByTestId('cashflow-projected').locator('dd').first().innerText()).trim();
  await expect(forecast.getByTestId('cashflow-week').last().getByRole('cell').last()).toHaveText(projected);
  await axe();

  // A week's receipts open the open invoices due that week.
  const week = forecast.getByRole('link', { name: /^Incassi della settimana/ }).first();
  await expect(week).toBeVisible();
  const count = Number(((await week.locator('xpath=..').innerText()).match(/(\d+) fattur/) ?? ['', '0'])[1]);
  await week.click();
  await expect(page).toHaveURL(/\/invoices\?dueFrom=\d{4}-\d{2}-\d{2}&dueTo=\d{4}-\d{2}-\d{2}&open=true/);
  await expect(page.getByTestId('invoice-due-filter')).toContainText('ancora da incassare');
  await expect(page.getByTestId('invoices-table').getByTestId('invoice-row')).toHaveCount(count);
  await page.goBack();

  // A year of actual months, one row each.
  await page.getByLabel('Periodo', { exact: true }).selectOption('year');
  await expect(page.getByTestId('cashflow-month')).toHaveCount(12);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta' }).click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^flussi-di-cassa-\d{4}-01-01-\d{4}-12-31\.xlsx$/);
});
