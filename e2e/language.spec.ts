import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectSettled, greetingEn, greetingIt, newOnboardedUser, openDashboard } from './helpers.ts';

const htmlLang = (page: Page) => page.locator('html');
const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('gestionale.language'));

/** The language switcher: English and back to Italian, persisted across reloads, with `<html lang>`. */
test('switching to English and back persists across reload and sets <html lang>', async ({ page, axe }) => {
  await newOnboardedUser(page, { name: 'Elena Conti' });
  await openDashboard(page, 'Elena');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('link', { name: 'Impostazioni' })).toBeVisible();
  await axe();

  // Open the menu: Italiano is checked, English is offered, Arabic is shown disabled ("coming soon").
  const switcher = page.getByTestId('language-switcher');
  await expect(switcher).toHaveAccessibleName('Lingua: Italiano');
  await switcher.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: 'Italiano' })).toHaveAttribute('aria-checked', 'true');
  const arabic = menu.getByRole('menuitemradio', { name: /العربية/ });
  await expect(arabic).toBeVisible();
  await expect(arabic).toBeDisabled();
  await expect(arabic).toContainText('Presto disponibile');
  await axe();
  // A click on the disabled option changes nothing.
  await arabic.click({ force: true });
  await expect(htmlLang(page)).toHaveAttribute('lang', 'it');

  await menu.getByRole('menuitemradio', { name: 'English' }).click();
  // The menu closes 300 ms after the choice.
  await expect(menu).toBeHidden();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await expect(htmlLang(page)).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: greetingEn('Elena') })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expect(switcher).toHaveAccessibleName('Language: English');
  expect(await storedLanguage(page)).toBe('en');
  await axe();

  // Still English after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: greetingEn('Elena') })).toBeVisible();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expectSettled(page);
  await axe();

  // The Arabic option reads "Coming soon" in English, and is still disabled.
  await switcher.click();
  await expect(menu.getByRole('menuitemradio', { name: /العربية/ })).toBeDisabled();
  await expect(menu.getByRole('menuitemradio', { name: /العربية/ })).toContainText('Coming soon');
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');

  // Back to Italian.
  await menu.getByRole('menuitemradio', { name: 'Italiano' }).click();
  await expect(menu).toBeHidden();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Elena') })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Impostazioni' })).toBeVisible();
  await expect(switcher).toHaveAccessibleName('Lingua: Italiano');
  expect(await storedLanguage(page)).toBe('it');
  await axe();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Elena') })).toBeVisible();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'it');
  await expectSettled(page);
  await axe();
});
