import { expect, test } from './fixtures.ts';
import { DEMO_USER, expectSettled } from './helpers.ts';

/** A protected page opened while signed out goes to /login and comes back after sign-in. */
test('a deep link to /settings while signed out returns there after sign-in', async ({ page, axe }) => {
  await page.goto('/settings');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await expect(page).toHaveTitle('Accedi · Gestionale');
  // Demo mode: the login page shows the demo credentials.
  await expect(page.getByText(DEMO_USER.email, { exact: true })).toBeVisible();
  await expectSettled(page);
  await axe();

  await page.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();

  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  await expect(page).toHaveTitle('Impostazioni · Gestionale');
  await expect(page.getByRole('tab', { name: 'Profilo aziendale' })).toHaveAttribute('aria-selected', 'true');
  await expectSettled(page);
  await axe();
});

test('the query string of the deep link is kept too', async ({ page, axe }) => {
  await page.goto('/settings?tab=preferences');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();

  await expect(page).toHaveURL(/\/settings\?tab=preferences$/);
  await expect(page.getByRole('tab', { name: 'Preferenze' })).toHaveAttribute('aria-selected', 'true');
  await expectSettled(page);
  await axe();
});

test('typing /api-reference loads the app, which opens the API reference (issue 12 §20)', async ({
  page,
  axe,
}) => {
  await page.goto('/api-reference');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();

  await expect(page).toHaveURL(/\/api-reference$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Riferimento API' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apri il riferimento API' })).toHaveAttribute(
    'href',
    '/api/docs',
  );
  await expectSettled(page);
  await axe();
  const spec = await page.request.get('/api/openapi.json');
  expect(spec.status()).toBe(200);
});
