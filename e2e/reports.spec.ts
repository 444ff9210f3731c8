import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

/**
 * The VAT settlement report in Italian on the demo business: twelve months with their outcome and deadline,
 * where the purchase figures come from, the switch to quarterly (kept in the address), and the LIPE lines of a chosen quarter
 * adding up to the row of the table. Figures are compared with each other, not hard-coded: other journeys add
 * documents to the demo business. axe runs on both views.
 */
test('liquidazione IVA: mesi, trimestri e righi LIPE coerenti', async ({ page, axe }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Liquidazione periodica IVA' })).toBeVisible();
  await expect(
    page.getByText("L'IVA detraibile (VP5) e gli acquisti (VP3) vengono dalle fatture ricevute"),
  ).toBeVisible();
  await expect(page.getByTestId('vat-advance')).toContainText(/Acconto IVA di dicembre \d{4}/);
  // The VAT on sales against the year before (the demo business has documents in both years).
  const yearSalesVat = page.getByTestId('vat-sales-vat');
  const shownYear = Number((await yearSalesVat.locator('dt').innerText()).match(/\d{4}/)![0]);
  await expect(yearSalesVat).toContainText(`${shownYear - 1}: `);
  await expect(yearSalesVat).toContainText(/sul periodo precedente|Nessun confronto possibile/);
  const table = page.getByTestId('vat-settlement-table');
  await expect(table.getByTestId('vat-period')).toHaveCount(12);
  await expect(table.getByText('Codice tributo 6001')).toBeVisible();
  await axe();

  await page.getByLabel('Liquidazione', { exact: true }).selectOption('quarterly');
  await expect(page).toHaveURL(/periodicity=quarterly/);
  await expect(table.getByTestId('vat-period')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: 'Interessi 1%' })).toBeVisible();

  const firstQuarter = table.getByTestId('vat-period').first();
  await firstQuarter.getByRole('button', { name: /Mostra i righi VP di 1° trimestre/ }).click();
  const lines = page.getByTestId('vat-lines');
  await expect(lines.getByRole('heading', { name: /Righi LIPE, 1° trimestre/ })).toBeVisible();
  // The quarter's VAT on sales in the table is VP4 of its lines, and its result is VP14.
  const cells = firstQuarter.getByRole('cell');
  const salesVat = (await cells.nth(2).innerText()).trim();
  const result = (await cells.nth(6).innerText()).trim();
  await expect(lines.locator('[data-line="VP4"] td').first()).toHaveText(salesVat);
  await expect(lines.locator('[data-line="VP14"] td').first()).toHaveText(result);
  await expect(firstQuarter.getByText('Codice tributo 6031')).toBeVisible();
  await axe();
  // Drill-down: the quarter's documents in the sales register, the range in the address.
  await lines.getByRole('link', { name: 'apri il registro del periodo' }).click();
  await expect(page).toHaveURL(/report=register&from=\d{4}-01-01&to=\d{4}-03-31/);
  await expect(page.getByRole('heading', { name: 'Registro IVA vendite' })).toBeVisible();
  await expect(page.getByLabel('Periodo', { exact: true })).toHaveValue('quarter');
  await expect(page.getByTestId('register-previous')).toContainText(/Confronto con 4° trimestre \d{4}/);
  // Split payment and reverse charge have columns of their own in the summary.
  const summary = page.getByTestId('register-summary');
  await expect(summary.getByRole('columnheader', { name: 'IVA in scissione' })).toBeVisible();
  await expect(
    summary.getByRole('columnheader', { name: 'Imponibile in inversione contabile' }),
  ).toBeVisible();
  await page.goBack();

  // The quarters as an Excel file, named in Italian.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta' }).click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^liquidazione-iva-\d{4}-trimestrale\.xlsx$/);
  await expect(page.getByRole('button', { name: 'Stampa' })).toBeVisible();

  // The choice survives a reload: it lives in the address.
  await page.reload();
  await expect(page.getByLabel('Liquidazione', { exact: true })).toHaveValue('quarterly');
});

test('scadenzario: crediti per cliente e per ritardo, con il dettaglio delle fatture', async ({
  page,
  axe,
}) => {
  await signIn(page, DEMO_USER);
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Scadenzario' }).click();
  await expect(page).toHaveURL(/report=receivables/);
  await expect(page.getByRole('heading', { name: 'Scadenzario crediti' })).toBeVisible();
  const rows = page.getByTestId('receivables-table').getByTestId('receivables-client');
  await expect(rows.first()).toBeVisible();
  // Each figure beside the same day a month earlier.
  await expect(page.getByTestId('aging-previous')).toContainText(/^Al \d{1,2} \w{3} \d{4}: /);
  await axe();

  // A day long before the demo business: nothing was open then, and the page says which day it means.
  const asOf = page.getByLabel('Aperti al', { exact: true });
  await asOf.fill('2001-01-31');
  await expect(page).toHaveURL(/asOf=2001-01-31/);
  await expect(page.getByText('Nessuna fattura emessa risultava aperta al 31 gen 2001.')).toBeVisible();
  // Sixty days ago: the figures of that day, whose links lead to the invoices open then.
  const sixtyDaysAgo = new Date(Date.now() - 60 * 86_400_000);
  const day = sixtyDaysAgo.toISOString().slice(0, 10);
  const shown = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    sixtyDaysAgo,
  );
  await asOf.fill(day);
  await expect(page).toHaveURL(new RegExp(`asOf=${day}`));
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('aging-summary')).toContainText(`aperte al ${shown}`);

  // The first client's link opens the invoices list filtered on that client and that day.
  const link = rows.first().getByRole('link').first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?clientId=[^&]+&openOn=${day}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
  await expect(page.getByTestId('invoice-due-filter')).toContainText(`aperte al ${shown}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
});

test('registro IVA vendite: riepilogo per aliquota, documenti e periodo vuoto', async ({ page, axe }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/reports?report=register');
  await expect(page.getByRole('heading', { name: 'Registro IVA vendite' })).toBeVisible();
  await expect(page.getByTestId('register-summary')).toBeVisible();
  await expect(page.getByTestId('register-table').getByTestId('register-entry').first()).toBeVisible();
  await expect(page.getByTestId('register-previous')).toContainText('Confronto con');
  await axe();
  // The arrows step to the month before, kept in the address.
  const month = new URL(page.url()).searchParams.get('from') ?? '';
  await page.getByRole('button', { name: 'Periodo precedente' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  expect(new URL(page.url()).searchParams.get('from')! < (month || '9999')).toBe(true);
  // A range without documents says so.
  await page.getByLabel('Periodo', { exact: true }).selectOption('custom');
  await page.getByLabel('Dal', { exact: true }).fill('2001-01-01');
  await page.getByLabel('Al', { exact: true }).fill('2001-01-31');
  await expect(page.getByRole('heading', { name: 'Nessun documento nel periodo' })).toBeVisible();
  await expect(page).toHaveURL(/from=2001-01-01/);
  // The purchases register of a range without received invoices says so (the range chosen is kept).
  await page.getByRole('button', { name: 'Registro acquisti' }).click();
  await expect(page).toHaveURL(/report=purchases/);
  await expect(page.getByRole('heading', { name: 'Registro IVA acquisti' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nessuna fattura ricevuta nel periodo' })).toBeVisible();
  await axe();
});
