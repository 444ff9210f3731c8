import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

/**
 * The floating voice button keeps clear of the content: at the end of a list the last row and the pagination
 * are not under it, and on the document editor it stands above the sticky action bar instead of on it.
 */
async function signInAsDemo(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function expectApart(a: Locator, b: Locator, what: string) {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(overlap, what).toBe(false);
}

const mic = (page: Page) => page.getByRole('button', { name: 'Avvia un comando vocale' });

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('the last row of a list and the pagination are clear of the voice button', async ({ page }) => {
      await signInAsDemo(page);
      await page.goto('/invoices');
      const pagination = page.getByRole('navigation', { name: /pagine/i });
      await expect(pagination).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectApart(pagination, mic(page), 'pagination');
      const rows = page.getByTestId('invoices-table').locator('tbody tr');
      if (await rows.last().isVisible()) await expectApart(rows.last(), mic(page), 'last row');
    });

    test('the editor’s action bar is not covered, stuck or at the end of the page', async ({ page }) => {
      await signInAsDemo(page);
      await page.goto('/invoices/new');
      const bar = page.locator('[data-action-bar]');
      await expect(bar).toBeVisible();
      for (const y of [0, 100_000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await expectApart(bar, mic(page), `action bar at scroll ${y}`);
        await expectApart(bar.getByRole('button').last(), mic(page), `save button at scroll ${y}`);
      }
    });
  });
}
