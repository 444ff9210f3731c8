import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { gs1CheckDigit } from '../src/shared/inventory/barcodes.ts';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './chromium.ts';
import { baseUrlOf, expect, newUser, registerUser, test, type TestUser } from './fixtures.ts';
import { renderEan13 } from './fixtures-scan/ean13.ts';

/**
 * Scan journeys, in Italian, with real barcode images rendered by the test (no committed binaries): a photo
 * upload, then Chromium's fake camera playing an MJPEG of the same code. Without a camera the page explains why
 * and the other two ways still work.
 */

type Setup = { user: TestUser; barcode: string; name: string };

/** A fresh business with one item in stock, created through the API as the signed-in page. */
async function businessWithItem(page: Page): Promise<Setup> {
  const user = newUser({ name: 'Davide Neri' });
  await registerUser(page, user);
  const origin = baseUrlOf(page);
  const headers = { Origin: origin };
  expect(
    (await page.request.post('/api/v1/organizations', { data: { name: 'Ricambi Neri' }, headers })).status(),
  ).toBe(201);
  const body = `80${String(Date.now()).slice(-10)}`;
  const barcode = body + gs1CheckDigit(body);
  const name = 'Cinghia trapezoidale A-42';
  const created = await page.request.post('/api/v1/inventory', {
    data: { name, sku: 'TRA-A42', barcode, salePrice: '16,80', cost: '7,90', lowStockThreshold: 2 },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const moved = await page.request.post(`/api/v1/inventory/${id}/movements`, {
    data: { kind: 'in', quantity: 5, reason: 'DDT 12' },
    headers,
  });
  expect(moved.status()).toBe(201);
  return { user, barcode, name };
}

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'scan-e2e-'));
}

test('scan a barcode photo: the item opens with quick stock out; no camera is explained', async ({
  page,
  axe,
}) => {
  const { barcode, name } = await businessWithItem(page);
  const dir = tempDir();
  const png = path.join(dir, 'ean13.png');
  fs.writeFileSync(
    png,
    await renderEan13(page, barcode, { width: 520, height: 300, module: 4, type: 'png' }),
  );
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/scan');
  await expect(page.getByRole('heading', { level: 1, name: 'Scansione codici' })).toBeVisible();
  await axe();

  // This browser has no camera: a clear message, and the other ways still work.
  await page.getByRole('button', { name: 'Avvia la fotocamera' }).click();
  await expect(
    page.getByText(
      /Accesso alla fotocamera negato|Nessuna fotocamera trovata|Impossibile avviare la fotocamera/,
    ),
  ).toBeVisible();

  await page.getByLabel('Carica una foto del codice').setInputFiles(png);
  const result = page.getByTestId('scan-result');
  await expect(result.getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
  await expect(result.getByText(barcode)).toBeVisible();
  await expect(page.getByTestId('quick-stock-quantity')).toHaveText('5 pz');
  await axe();

  await result.getByRole('button', { name: 'Scarica 1 pz' }).click();
  await expect(page.getByTestId('quick-stock-quantity')).toHaveText('4 pz');
  await expect(result.getByText('Scaricato 1 pz: giacenza 4 pz')).toBeVisible();

  // Typing an unknown code offers to create the item with that barcode.
  const unknownBody = '800999888777';
  const unknown = unknownBody + gs1CheckDigit(unknownBody);
  await page.getByLabel('Codice', { exact: true }).fill(unknown);
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(result.getByText('Nessun articolo con questo codice')).toBeVisible();
  await result.getByRole('button', { name: 'Crea articolo con questo codice a barre' }).click();
  const form = page.getByRole('dialog', { name: 'Nuovo articolo' });
  await expect(form.getByLabel('Codice a barre')).toHaveValue(unknown);
  await axe();
  await form.getByLabel('Nome', { exact: true }).fill('Filtro aria primario');
  await form.getByLabel('Codice articolo (SKU)').fill('FA-200');
  await form.getByRole('button', { name: 'Crea articolo' }).click();
  await expect(result.getByRole('link', { name: 'Filtro aria primario' })).toBeVisible();

  fs.rmSync(dir, { recursive: true, force: true });
});

test('scan a barcode through the camera (Chromium fake device playing an MJPEG)', async ({ page }) => {
  const { user, barcode, name } = await businessWithItem(page);
  const dir = tempDir();
  // An MJPEG file is JPEG frames one after another.
  const frame = await renderEan13(page, barcode, { width: 640, height: 480, module: 4, type: 'jpeg' });
  const video = path.join(dir, 'barcode.mjpeg');
  fs.writeFileSync(video, Buffer.concat(Array.from({ length: 10 }, () => frame)));

  const baseURL = baseUrlOf(page);
  const browser = await chromium.launch({
    executablePath: JOURNEY_CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      locale: 'it-IT',
      timezoneId: 'UTC',
      viewport: { width: 1280, height: 800 },
      permissions: ['camera'],
    });
    const cameraPage = await context.newPage();
    const signIn = await cameraPage.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
      headers: { Origin: baseURL },
    });
    expect(signIn.status()).toBe(200);

    await cameraPage.goto('/scan');
    await cameraPage.getByRole('button', { name: 'Avvia la fotocamera' }).click();
    const result = cameraPage.getByTestId('scan-result');
    await expect(result.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
    await expect(cameraPage.getByText(`Codice letto: ${barcode}`)).toBeVisible();
    await expect(cameraPage.getByTestId('quick-stock-quantity')).toHaveText('5 pz');
    // The camera is released once the code is read.
    await expect
      .poll(() =>
        cameraPage
          .getByTestId('scan-video')
          .evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream | null)?.active ?? false),
      )
      .toBe(false);
    await expect(cameraPage.getByRole('button', { name: 'Scansiona un altro codice' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page: cameraPage })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
