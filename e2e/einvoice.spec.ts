import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';
import { baseUrlOf, expect, registerUser, test } from './fixtures.ts';
import { expectSettled, onboardViaApi, uniqueCompany } from './helpers.ts';

/**
 * The e-invoice checks before issuing (issue 12, points 14 and 18), in Italian: the editor refuses on its field
 * a line with an emoji and a CIG of the wrong length, and takes an order with CIG and two instalments; a draft for
 * a client without address cannot be issued — the issue dialog says exactly what is missing, with the link to
 * the client — and once the address is there the same dialog issues it.
 */

function randomPartitaIva(): string {
  const first = `${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}037`;
  return first + partitaIvaCheckDigit(first);
}

test('fattura elettronica: controlli nel modulo, dati della PA, emissione bloccata finché manca un dato', async ({
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  const origin = baseUrlOf(page);
  await registerUser(page, { name: 'Paolo Ferri' });
  await onboardViaApi(page, {
    companyName: uniqueCompany('Forniture Ferri'),
    partitaIva: randomPartitaIva(),
    taxRegime: 'RF01',
    address: {
      street: 'Via Marconi 3',
      city: 'Bologna',
      state: 'BO',
      province: 'BO',
      zipCode: '40122',
      country: 'IT',
    },
  });
  const clientName = 'Officine Verdi S.r.l.';
  const client = {
    type: 'company',
    companyName: clientName,
    vatNumber: randomPartitaIva(),
    sdiCode: 'M5UXCR1',
    country: 'IT',
    preferredLanguage: 'it',
  };
  const created = await page.request.post('/api/v1/clients', { data: client, headers: { Origin: origin } });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { id: string }).id;

  // The editor: an emoji in a description and a 3-character CIG are refused on their fields.
  await page.goto('/invoices/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuova fattura' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Cliente' }).fill('Verdi');
  await page.getByRole('option', { name: new RegExp(clientName) }).click();
  const row = page.getByRole('group', { name: 'Riga 1' });
  const description = row.getByLabel('Descrizione', { exact: true });
  await description.fill('Fornitura bulloneria 🔩');
  await row.getByLabel('Prezzo unitario', { exact: true }).fill('500,00');
  await page.getByLabel('CIG', { exact: true }).fill('ABC');
  await page.getByRole('button', { name: 'Salva la bozza' }).click();
  await expect(page.getByText('La fattura elettronica non accetta alcuni di questi caratteri')).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Il CIG ha 10 lettere e cifre')).toBeVisible();
  await axe();

  // Fixed: the order with its CIG, and the 610,00 € due in two instalments.
  await description.fill('Fornitura bulloneria');
  await page.getByLabel('Numero', { exact: true }).fill('ORD-2026/15');
  await page.getByLabel('CIG', { exact: true }).fill('z1a2b3c4d5');
  await page.getByRole('button', { name: 'Aggiungi una rata' }).click();
  await page.getByLabel('Rata 1: importo').fill('305,00');
  await page.getByRole('button', { name: 'Aggiungi una rata' }).click();
  const due = page.getByLabel('Rata 2: scadenza');
  const first = await page.getByLabel('Rata 1: scadenza').inputValue();
  const later = new Date(`${first}T00:00:00Z`);
  later.setUTCDate(later.getUTCDate() + 30);
  await due.fill(later.toISOString().slice(0, 10));
  await page.getByLabel('Rata 2: importo').fill('305,00');
  await expect(page.getByTestId('instalments-sum')).toContainText(/610,00\s€ su 610,00\s€/);
  await axe();
  await page.getByRole('button', { name: 'Salva la bozza' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Z1A2B3C4D5')).toBeVisible();

  // The client has no address: the page and the issue dialog name it, and the dialog cannot issue.
  const missing = page.getByTestId('einvoice-missing');
  await expect(missing.getByRole('listitem')).toHaveCount(1);
  await expect(missing.getByRole('listitem')).toHaveAttribute('data-key', 'buyer.address');
  await page.getByRole('button', { name: 'Emetti la fattura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Emettere la fattura?' });
  const blocked = dialog.getByTestId('issue-blocked');
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
  await expect(blocked).toContainText("L'indirizzo completo del cliente");
  await expect(blocked.getByRole('link', { name: 'Modifica il cliente' })).toHaveAttribute(
    'href',
    `/clients/${clientId}?edit=1`,
  );
  await expect(dialog.getByRole('button', { name: 'Emetti la fattura' })).toBeDisabled();
  await expectSettled(page);
  await axe();
  await page.keyboard.press('Escape');

  // With the address the same dialog issues the invoice.
  const updated = await page.request.put(`/api/v1/clients/${clientId}`, {
    data: { ...client, address: 'Via Larga 8', city: 'Bologna', postalCode: '40138', province: 'BO' },
    headers: { Origin: origin },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('einvoice-missing')).toHaveCount(0);
  await page.getByRole('button', { name: 'Emetti la fattura' }).click();
  await expect(dialog.getByTestId('issue-blocked')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Emetti la fattura' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Fattura 1\/\d{4} emessa/)).toBeVisible();
});
