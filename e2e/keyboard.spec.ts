import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectSettled, expectVisibleFocus, greetingIt, newOnboardedUser, tabTo } from './helpers.ts';

/**
 * Menu items (Radix) show the keyboard focus as a highlighted background (`data-highlighted`), not an
 * outline: the focused item must be highlighted with a background different from the menu's.
 */
async function expectHighlighted(item: Locator) {
  await expect(item).toBeFocused();
  await expect(item).toHaveAttribute('data-highlighted', '');
  const [itemBg, menuBg] = await item.evaluate((el) => [
    getComputedStyle(el).backgroundColor,
    getComputedStyle(el.closest('[role="menu"]')!).backgroundColor,
  ]);
  expect(itemBg, 'the focused menu item has its own background').not.toBe(menuBg);
  expect(itemBg).not.toBe('rgba(0, 0, 0, 0)');
}

/** The whole shell with the keyboard only: Tab, Shift+Tab, Enter, Escape and the arrow keys. */
test('sign in and use the shell with the keyboard only', async ({ page, axe }) => {
  const user = await newOnboardedUser(page, { name: 'Tommaso Ricci' });
  await page.context().clearCookies();

  // Sign in.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await expectSettled(page);
  await axe();
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });
  await tabTo(page, email);
  await page.keyboard.type(user.email);
  await tabTo(page, password, { max: 3 });
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Tommaso') })).toBeVisible();
  await expectSettled(page);
  await axe();

  // The first Tab stop is the skip link, shown when focused.
  const skip = page.getByRole('link', { name: 'Vai al contenuto' });
  await tabTo(page, skip, { max: 3 });
  await expect(skip).toBeVisible();

  // Through the top bar into the sidebar, down to Settings at the bottom; Enter opens it.
  const sidebar = page.getByTestId('sidebar');
  await tabTo(page, sidebar.getByRole('link', { name: 'Dashboard' }));
  await tabTo(page, sidebar.getByRole('link', { name: 'Impostazioni' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Impostazioni' })).toHaveAttribute('aria-current', 'page');
  await expectSettled(page);
  await axe();

  // The settings sections (a side navigation at this width): one Tab stop, arrow keys move between them.
  const profileTab = page.getByRole('tab', { name: 'Profilo aziendale' });
  await tabTo(page, profileTab);
  await expect(page.getByRole('tablist', { name: 'Sezioni delle impostazioni' })).toHaveAttribute(
    'aria-orientation',
    'vertical',
  );
  await page.keyboard.press('ArrowDown');
  const invoicingTab = page.getByRole('tab', { name: 'Fatturazione' });
  await expect(invoicingTab).toBeFocused();
  await expect(invoicingTab).toHaveAttribute('aria-selected', 'true');
  await expectVisibleFocus(page);
  await expect(page).toHaveURL(/\/settings\?tab=invoicing$/);
  await page.keyboard.press('ArrowUp');
  await expect(profileTab).toHaveAttribute('aria-selected', 'true');

  // Back up to the user menu: Enter opens it, arrows move, Escape closes it and gives the focus back.
  const userMenu = page.getByRole('button', { name: 'Menu utente di Tommaso Ricci' });
  await tabTo(page, userMenu, { backwards: true, max: 60 });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByText(user.email)).toBeVisible();
  const settingsItem = menu.getByRole('menuitem', { name: 'Impostazioni' });
  const signOutItem = menu.getByRole('menuitem', { name: 'Esci' });
  await expectHighlighted(settingsItem);
  await page.keyboard.press('ArrowDown');
  await expectHighlighted(signOutItem);
  await page.keyboard.press('ArrowUp');
  await expectHighlighted(settingsItem);
  await axe();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(userMenu).toBeFocused();
  await expectVisibleFocus(page);

  // The language menu, the same way; the disabled Arabic option is skipped by the arrows.
  const language = page.getByRole('button', { name: 'Lingua: Italiano' });
  await tabTo(page, language, { backwards: true, max: 5 });
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  const italiano = menu.getByRole('menuitemradio', { name: 'Italiano' });
  const english = menu.getByRole('menuitemradio', { name: 'English' });
  await expectHighlighted(italiano);
  await page.keyboard.press('ArrowDown');
  await expectHighlighted(english);
  await page.keyboard.press('ArrowDown');
  await expectHighlighted(english);
  await axe();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(language).toBeFocused();
  await expectVisibleFocus(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');

  // The notification panel opens with Enter and closes with Escape.
  const bell = page.getByRole('button', { name: /^Notifiche/ });
  await tabTo(page, bell, { max: 5 });
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifiche' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // Sign out with the keyboard.
  await tabTo(page, userMenu, { max: 5 });
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expectHighlighted(signOutItem);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await expectSettled(page);
  await axe();
});
