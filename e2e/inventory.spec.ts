import { gs1CheckDigit } from '../src/shared/inventory/barcodes.ts';
import { baseUrlOf, expect, registerUser, test } from './fixtures.ts';

/**
 * Inventory journey, in Italian: a new business creates an item (a wrong barcode is explained, then fixed),
 * loads it with an opening stock, records a stock out and sees the quantity, the movement and the stock value.
 */
test('create an item, record a stock out, see the quantity and the movement', async ({ page, axe }) => {
  await registerUser(page, { name: 'Chiara Fabbri' });
  const origin = baseUrlOf(page);
  const org = await page.request.post('/api/v1/organizations', {
    data: { name: 'Officina Fabbri' },
    headers: { Origin: origin },
  });
  expect(org.status()).toBe(201);

  await page.goto('/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Magazzino' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nessun articolo ancora' })).toBeVisible();
  await axe();

  await page.getByRole('button', { name: 'Nuovo articolo' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nuovo articolo' });
  await expect(form).toBeVisible();
  const body = '800123456789';
  const barcode = body + gs1CheckDigit(body);
  const wrong = body + String((Number(gs1CheckDigit(body)) + 1) % 10);
  await form.getByLabel('Nome', { exact: true }).fill('Filtro olio motore');
  await form.getByLabel('Codice articolo (SKU)').fill('fo-100');
  await form.getByLabel('Codice a barre').fill(wrong);
  await form.getByLabel('Prezzo di vendita').fill('12,50');
  await form.getByLabel("Costo d'acquisto").fill('6,20');
  await form.getByLabel('Scorta minima').fill('2');
  await form.getByLabel('Giacenza iniziale').fill('10');
  await axe();
  await form.getByRole('button', { name: 'Crea articolo' }).click();
  const barcodeField = form.getByLabel('Codice a barre');
  await expect(barcodeField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/Codice a barre non valido: usa un codice EAN-13/)).toBeVisible();

  await barcodeField.fill(barcode);
  await form.getByRole('button', { name: 'Crea articolo' }).click();

  // The new item's page, with the opening stock recorded as a movement.
  await expect(page).toHaveURL(/\/inventory\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Filtro olio motore' })).toBeVisible();
  await expect(page.getByTestId('item-stock')).toHaveText('10 pz');
  await expect(page.getByText('FO-100')).toBeVisible();
  await expect(page.getByTestId('movements-table')).toContainText('Giacenza iniziale');
  await axe();

  await page.getByRole('button', { name: 'Registra movimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registra movimento' });
  await dialog.getByText('Scarico', { exact: true }).click();
  await dialog.getByLabel('Quantità').fill('3');
  await dialog.getByLabel('Causale').fill('Tagliando trattore Landini');
  await expect(dialog.getByText('Giacenza dopo il movimento: 7 pz.')).toBeVisible();
  await axe();
  await dialog.getByRole('button', { name: 'Registra', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('item-stock')).toHaveText('7 pz');
  const rows = page.getByTestId('movements-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Scarico');
  await expect(rows.first()).toContainText('−3 pz');
  await expect(rows.first()).toContainText('Tagliando trattore Landini');
  await expect(rows.first()).toContainText('Chiara Fabbri');

  // Going below zero is refused with a clear message on the quantity.
  await page.getByRole('button', { name: 'Registra movimento' }).click();
  await dialog.getByText('Scarico', { exact: true }).click();
  await dialog.getByLabel('Quantità').fill('8');
  await dialog.getByRole('button', { name: 'Registra', exact: true }).click();
  await expect(dialog.getByText('Giacenza insufficiente: la quantità andrebbe sotto zero')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  // Back on the list: the item with its quantity and the stock value (7 × 6,20 €).
  await page.getByRole('link', { name: 'Torna al magazzino' }).click();
  await expect(page.getByTestId('stock-value')).toHaveText('43,40 €');
  const table = page.getByTestId('items-table');
  await expect(table.getByRole('link', { name: 'Filtro olio motore' })).toBeVisible();
  await expect(table).toContainText('7 pz');

  // A typo still finds it, and the search stays in the address.
  await page.getByRole('searchbox', { name: 'Cerca articoli' }).fill('filtri olio');
  await expect(page).toHaveURL(/q=filtri(\+|%20)olio/);
  await expect(table.getByRole('link', { name: 'Filtro olio motore' })).toBeVisible();
  await axe();
});
