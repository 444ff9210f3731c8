import { expect, test } from './fixtures.ts';
import { collectConsoleErrors } from './helpers.ts';

/** A signed-out visitor's pages ask who is signed in without producing an error (no 401 in the console). */
test('the login page and a protected link load without a failed request', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});
