import { expect, test } from './fixtures.ts';

test('the API answers healthy', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
});

test('/login renders with its heading and passes axe', async ({ page, axe }) => {
  await page.goto('/login');
  // The browser's locale is it-IT (playwright.config.ts); English is accepted too.
  await expect(page.getByRole('heading', { level: 1, name: /^(accedi|sign in)$/i })).toBeVisible();
  await axe();
});
