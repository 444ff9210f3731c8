import type { Page } from '@playwright/test';
import { baseUrlOf, expect, registerUser, test } from './fixtures.ts';

/**
 * Transactions journeys in Italian (the browser's locale is it-IT): record an expense of 45,90 € for fuel and
 * see it in the ledger with the totals changed; import a small bank statement (semicolons, Dare/Avere, Italian
 * dates and amounts), see the new lines, then import the same file again and see every line recognised as
 * already imported. axe runs on every page and dialog visited.
 */

/** A new user with an organization of their own, signed in on the page: the ledger starts empty. */
async function newOrganization(page: Page) {
  await registerUser(page, { name: 'Paolo Ferri' });
  const res = await page.request.post('/api/v1/organizations', {
    data: { name: `Officina Ferri ${Date.now().toString(36)}` },
    headers: { Origin: baseUrlOf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** dd/mm/yyyy of `days` ago, as an Italian bank writes it. */
function bankDate(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** A statement as exported by an Italian bank: three good lines and one with an impossible date. */
function statement(): Buffer {
  const lines = [
    'Data operazione;Data valuta;Descrizione;Dare;Avere',
    `${bankDate(1)};${bankDate(1)};BONIFICO A VOSTRO FAVORE DA FERRARI TRATTORI SRL SALDO FT 51;;2.318,00`,
    `${bankDate(2)};${bankDate(2)};PAGAMENTO POS TABACCHERIA CENTRALE FORLI;12,50;`,
    `${bankDate(3)};${bankDate(3)};ADDEBITO SDD TIM BUSINESS FATTURA MENSILE;89,90;`,
    '31/02/2026;01/03/2026;RIGA CON DATA NON VALIDA;10,00;',
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

test('registra una spesa di carburante e vede i totali cambiare', async ({ page, axe }) => {
  await newOrganization(page);

  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transazioni' })).toBeVisible();
  await expect(page).toHaveTitle('Transazioni · Gestionale');
  await expect(page.getByRole('heading', { name: 'Nessun movimento' })).toBeVisible();
  await expect(page.getByTestId('total-expense')).toHaveText(/^0,00\s€$/);
  await axe();

  await page.getByRole('button', { name: 'Nuovo movimento' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo movimento' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Uscita' })).toHaveAttribute('aria-checked', 'true');
  await axe();

  // Saved without an amount: the message sits on the field.
  await dialog.getByRole('button', { name: 'Salva' }).click();
  const amount = dialog.getByLabel('Importo', { exact: true });
  await expect(dialog.getByText("L'importo è obbligatorio")).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  await amount.fill('45,90');
  await dialog.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Carburante' });
  await dialog.getByLabel('Metodo di pagamento', { exact: true }).selectOption({ label: 'Carta' });
  await dialog.getByLabel('Descrizione', { exact: true }).fill('Gasolio furgone Fiat Ducato');
  await dialog.getByRole('button', { name: 'Salva' }).click();

  await expect(page.getByText('Movimento registrato')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Gasolio furgone Fiat Ducato/ });
  await expect(row).toContainText('Carburante');
  await expect(row).toContainText(/−45,90\s€/);
  await expect(page.getByTestId('total-expense')).toHaveText(/^45,90\s€$/);
  await expect(page.getByTestId('total-income')).toHaveText(/^0,00\s€$/);
  await expect(page.getByTestId('total-balance')).toHaveText(/^-45,90\s€$/);
  await axe();

  // An income moves the totals the other way.
  await page.getByRole('button', { name: 'Nuovo movimento' }).first().click();
  const second = page.getByRole('dialog', { name: 'Nuovo movimento' });
  await second.getByRole('radio', { name: 'Entrata' }).click();
  await second.getByLabel('Importo', { exact: true }).fill('1220');
  await second.getByLabel('Importo', { exact: true }).blur();
  await expect(second.getByLabel('Importo', { exact: true })).toHaveValue('1.220,00');
  await second.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Servizi' });
  await second.getByLabel('Descrizione', { exact: true }).fill('Riparazione trattore – fattura 12');
  await second.getByRole('button', { name: 'Salva' }).click();
  await expect(second).toBeHidden();
  await expect(page.getByTestId('total-income')).toHaveText(/^1\.220,00\s€$/);
  await expect(page.getByTestId('total-balance')).toHaveText(/^1\.174,10\s€$/);
  await expect(page.getByText('2 movimenti')).toBeVisible();

  // Only expenses: the totals follow the filter, and the filter is in the URL.
  await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Uscita' });
  await expect(page).toHaveURL(/direction=expense/);
  await expect(page.getByTestId('total-income')).toHaveText(/^0,00\s€$/);
  await expect(page.getByText('1 movimento', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Tipo', { exact: true })).toHaveValue('expense');
  await expect(page.getByTestId('total-expense')).toHaveText(/^45,90\s€$/);
  await axe();
});

test('importa un estratto conto e al secondo import salta i movimenti già presenti', async ({
  page,
  axe,
}) => {
  await newOrganization(page);
  const file = { name: 'estratto-conto.csv', mimeType: 'text/csv', buffer: statement() };

  await page.goto('/transactions?period=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Transazioni' })).toBeVisible();
  await page.getByRole('button', { name: 'Importa estratto conto' }).first().click();
  const wizard = page.getByRole('dialog', { name: "Importa l'estratto conto" });
  await expect(wizard).toBeVisible();
  await axe();

  await wizard.locator('input[type="file"]').setInputFiles(file);
  await wizard.getByRole('button', { name: 'Leggi il file' }).click();
  // The columns are recognised from the Italian headers.
  await expect(wizard.getByLabel('Data', { exact: true })).toHaveValue('Data operazione');
  await expect(wizard.getByLabel('Dare (uscite)', { exact: true })).toHaveValue('Dare');
  await expect(wizard.getByLabel('Avere (entrate)', { exact: true })).toHaveValue('Avere');
  await wizard.getByLabel('Salva per la banca', { exact: true }).fill('Banca di Forlì');
  await wizard.getByRole('button', { name: 'Salva mappatura' }).click();
  await expect(page.getByText('Mappatura salvata per «Banca di Forlì»')).toBeVisible();
  await axe();

  await wizard.getByRole('button', { name: 'Anteprima' }).click();
  await expect(wizard.getByRole('definition').first()).toHaveText('3');
  await expect(
    wizard.getByText('Data non valida: controlla il formato data scelto per questo file'),
  ).toBeVisible();
  await expect(wizard.locator('tr[data-status="new"]')).toHaveCount(3);
  await axe();

  await wizard.getByRole('button', { name: 'Importa 3 movimenti' }).click();
  await expect(wizard.getByText('Importazione completata')).toBeVisible();
  await expect(wizard.getByText('Sono stati aggiunti 3 movimenti al registro.')).toBeVisible();
  await axe();
  await wizard.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
  await expect(wizard).toBeHidden();

  for (const text of [
    'BONIFICO A VOSTRO FAVORE DA FERRARI TRATTORI SRL SALDO FT 51',
    'PAGAMENTO POS TABACCHERIA CENTRALE FORLI',
    'ADDEBITO SDD TIM BUSINESS FATTURA MENSILE',
  ]) {
    await expect(page.getByRole('row', { name: new RegExp(text) })).toBeVisible();
  }
  await expect(page.getByTestId('total-income')).toHaveText(/^2\.318,00\s€$/);
  await expect(page.getByTestId('total-expense')).toHaveText(/^102,40\s€$/);

  // The same file again, read with the bank's saved mapping: every line is already in the ledger.
  await page.getByRole('button', { name: 'Importa estratto conto' }).first().click();
  await wizard.getByLabel('Banca', { exact: true }).selectOption({ label: 'Banca di Forlì' });
  await wizard.locator('input[type="file"]').setInputFiles(file);
  await wizard.getByRole('button', { name: 'Leggi il file' }).click();
  await expect(
    wizard.getByText('Colonne lette con la mappatura salvata per «Banca di Forlì».'),
  ).toBeVisible();
  await wizard.getByRole('button', { name: 'Anteprima' }).click();
  await expect(wizard.locator('tr[data-status="duplicate"]')).toHaveCount(3);
  await expect(wizard.locator('tr[data-status="new"]')).toHaveCount(0);
  await expect(
    wizard.getByText(
      'Non ci sono movimenti nuovi da importare: tutte le righe valide sono già nel registro.',
    ),
  ).toBeVisible();
  await expect(wizard.getByRole('button', { name: /^Importa 0 movimenti$/ })).toBeDisabled();
  await axe();
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();
  await expect(page.getByText('3 movimenti', { exact: true })).toBeVisible();
});
