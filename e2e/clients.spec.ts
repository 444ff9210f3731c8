import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';
import { baseUrlOf, expect, registerUser, test } from './fixtures.ts';

/**
 * Clients journeys in Italian (the browser's locale is it-IT): create a client with a wrong Partita IVA, read the
 * message, fix it and save; find it again with a typo; import 200 clients from a CSV file and import the same file
 * again without creating duplicates. axe runs on every page visited.
 */

/** A valid Partita IVA: a 7-digit serial, the Milan office code 015 and the check digit. */
function piva(n: number): string {
  const first = `${String(5_000_000 + n).padStart(7, '0')}015`;
  return first + partitaIvaCheckDigit(first);
}

/** A new user with an organization of their own, signed in on the page: the client list starts empty. */
async function newOrganization(page: Page) {
  await registerUser(page, { name: 'Laura Conti' });
  const res = await page.request.post('/api/v1/organizations', {
    data: { name: `Studio Conti ${Date.now().toString(36)}` },
    headers: { Origin: baseUrlOf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('crea un cliente con una P.IVA errata, la corregge e lo ritrova con un errore di battitura', async ({
  page,
  axe,
}) => {
  await newOrganization(page);

  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clienti' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nessun cliente ancora' })).toBeVisible();
  await expect(page).toHaveTitle('Clienti · Gestionale');
  await axe();

  await page.getByRole('link', { name: 'Aggiungi il primo cliente' }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nuovo cliente' })).toBeVisible();
  await axe();

  await page.getByLabel('Ragione sociale', { exact: true }).fill('Rossi Costruzioni S.r.l.');
  await page.getByLabel('Email', { exact: true }).fill('amministrazione@rossicostruzioni.example.com');
  await page.getByLabel('Città', { exact: true }).fill('Milano');
  await page.getByLabel('Provincia', { exact: true }).selectOption('MI');
  const vat = page.getByLabel('Partita IVA', { exact: true });
  await vat.fill('12345678901');
  await page.getByRole('button', { name: 'Crea cliente' }).click();

  await expect(page.getByText('Partita IVA non valida: controlla le 11 cifre')).toBeVisible();
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/clients\/new$/);
  await axe();

  await vat.fill(piva(1));
  await expect(page.getByText('Partita IVA non valida: controlla le 11 cifre')).toBeHidden();
  await page.getByRole('button', { name: 'Crea cliente' }).click();

  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rossi Costruzioni S.r.l.' })).toBeVisible();
  await expect(page.getByText(piva(1))).toBeVisible();
  await expect(page.getByText('Cliente creato', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Cronologia', { exact: true })).toBeVisible();
  await axe();

  await page.getByRole('link', { name: 'Tutti i clienti' }).click();
  const search = page.getByRole('searchbox', { name: 'Cerca clienti' });
  await search.fill('Rosi');
  await expect(page).toHaveURL(/[?&]q=Rosi/);
  const result = page.getByRole('table').getByRole('link', { name: 'Rossi Costruzioni S.r.l.' });
  await expect(result).toBeVisible();
  await axe();

  // The search lives in the URL: a reload keeps it.
  await page.reload();
  await expect(search).toHaveValue('Rosi');
  await expect(result).toBeVisible();
  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rossi Costruzioni S.r.l.' })).toBeVisible();

  // The server's answer lands on the field: a second client with the same P.IVA is refused.
  await page.goto('/clients/new');
  await page.getByLabel('Ragione sociale', { exact: true }).fill('Rossi Costruzioni Sud S.r.l.');
  await page.getByLabel('Partita IVA', { exact: true }).fill(piva(1));
  await page.getByRole('button', { name: 'Crea cliente' }).click();
  await expect(page.getByText('Esiste già un cliente con questa partita IVA')).toBeVisible();
  await expect(page.getByLabel('Partita IVA', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/clients\/new$/);
});

test('importa 200 clienti da un CSV; la stessa importazione ripetuta non aggiunge nulla', async ({
  page,
  axe,
}, testInfo) => {
  await newOrganization(page);

  const cities = [
    ['Milano', '20121', 'MI'],
    ['Roma', '00184', 'RM'],
    ['Bologna', '40121', 'BO'],
    ['Forlì', '47121', 'FC'],
    ['Napoli', '80134', 'NA'],
  ];
  const lines = ['Ragione sociale;Partita IVA;Email;Città;CAP;Provincia'];
  for (let i = 1; i <= 200; i++) {
    const [city, cap, province] = cities[i % cities.length]!;
    lines.push(
      `Impresa Esempio ${String(i).padStart(3, '0')} S.r.l.;${piva(100 + i)};amministrazione${i}@impresa-esempio.it;${city};${cap};${province}`,
    );
  }
  const file = testInfo.outputPath('clienti.csv');
  await fs.writeFile(file, `\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');

  await page.goto('/clients');
  await page.getByRole('link', { name: 'Importa da file' }).click();
  await expect(page).toHaveURL(/\/clients\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Importa clienti' })).toBeVisible();
  await axe();

  const counts = page.getByTestId('import-counts');
  const count = (label: string) => counts.locator('div', { hasText: label }).locator('dd');

  async function uploadAndCheck() {
    await page.getByTestId('client-import-file').setInputFiles(file);
    await expect(page.getByRole('heading', { name: 'Collega le colonne' })).toBeVisible();
    await expect(page.getByLabel('Ragione sociale', { exact: true })).toHaveValue('Ragione sociale');
    await expect(page.getByLabel('Partita IVA', { exact: true })).toHaveValue('Partita IVA');
    await expect(page.getByLabel('Città', { exact: true })).toHaveValue('Città');
    await page.getByRole('button', { name: 'Controlla le righe' }).click();
    await expect(page.getByRole('heading', { name: 'Anteprima' })).toBeVisible();
    await expect(count('Righe nel file')).toHaveText('200');
  }

  await uploadAndCheck();
  await expect(count('Nuovi clienti')).toHaveText('200');
  await expect(count('Duplicati')).toHaveText('0');
  await expect(count('Con errori')).toHaveText('0');
  await axe();
  await page.getByRole('button', { name: 'Importa 200 clienti' }).click();
  await expect(page.getByRole('heading', { name: 'Importazione completata' })).toBeVisible();
  await expect(page.getByText(/Importati 200 clienti/)).toBeVisible();
  await axe();

  // The same file again: every row is recognised, nothing new to import.
  await page.getByRole('button', { name: 'Importa un altro file' }).click();
  await uploadAndCheck();
  await expect(count('Nuovi clienti')).toHaveText('0');
  await expect(count('Duplicati')).toHaveText('200');
  await expect(page.getByText('Nessun nuovo cliente da importare', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importa 0 clienti' })).toBeDisabled();
  await expect(
    page.getByRole('table').getByText('Esiste già un cliente con questa partita IVA').first(),
  ).toBeVisible();
  await axe();

  await page.getByRole('link', { name: 'Torna ai clienti' }).click();
  await expect(page.getByText('Pagina 1 di 20 · 200 clienti')).toBeVisible();

  // The list exports as an Italian CSV named by the day.
  await page.getByRole('button', { name: 'Esporta' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^clienti-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await fs.readFile((await csv.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toContain('Ragione sociale;');
  expect(text.trim().split('\r\n')).toHaveLength(201);
});
