import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_USER, expectSettled } from './helpers.ts';

/**
 * Settings has twelve sections (the demo owner sees them all): every one is in sight at every width, as a side
 * navigation on a laptop and as rows that wrap on a phone, never cut off or hidden in a strip that scrolls.
 */
async function signInAsDemo(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function expectEverySectionInSight(page: Page) {
  const nav = page.getByRole('tablist', { name: 'Sezioni delle impostazioni' });
  const tabs = nav.getByRole('tab');
  await expect(tabs).toHaveCount(12);
  const width = page.viewportSize()!.width;
  for (const tab of await tabs.all()) {
    await expect(tab).toBeVisible();
    const box = (await tab.boundingBox())!;
    expect(box.x, `${await tab.textContent()} starts in the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await tab.textContent()} ends in the window`).toBeLessThanOrEqual(width);
  }
  const overflow = await nav.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'the section list does not scroll sideways').toBeLessThanOrEqual(0);
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(pageOverflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
}

test.describe('laptop (1366 × 768)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  test('a side navigation lists every section; the last one opens', async ({ page, axe }) => {
    await signInAsDemo(page);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
    await expectEverySectionInSight(page);
    await page.getByRole('tab', { name: 'Privacy e dati' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=privacy$/);
    await expect(page.getByRole('tab', { name: 'Privacy e dati' })).toHaveAttribute('aria-selected', 'true');
    await expectSettled(page);
    await axe();
    await page.screenshot({ path: test.info().outputPath('settings-laptop.png') });
  });
});

test.describe('phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the sections wrap onto rows, all of them in sight', async ({ page, axe }) => {
    await signInAsDemo(page);
    await page.goto('/settings?tab=backups');
    await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
    await expectEverySectionInSight(page);
    await expect(page.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
    await expectSettled(page);
    await axe();
    await page.screenshot({ path: test.info().outputPath('settings-phone.png'), fullPage: true });
  });
});
