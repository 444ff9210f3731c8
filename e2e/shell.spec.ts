import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectSettled, newOnboardedUser, openDashboard } from './helpers.ts';

const storedCollapse = (page: Page) =>
  page.evaluate(() => localStorage.getItem('gestionale.sidebar-collapsed'));

test.describe('wide screen (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar collapses to icons and back, remembered across reloads', async ({ page, axe }) => {
    await newOnboardedUser(page, { name: 'Giorgio Galli' });
    await openDashboard(page, 'Giorgio');

    const sidebar = page.getByTestId('sidebar');
    const dashboard = sidebar.getByRole('link', { name: 'Dashboard' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
    await expect(dashboard.getByText('Dashboard')).toBeVisible();
    const wideWidth = (await sidebar.boundingBox())!.width;
    await axe();

    // Collapse: icons only (the labels stay as accessible names), narrower, stored.
    const collapse = page.getByRole('button', { name: 'Comprimi la barra laterale' });
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await collapse.click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    const expand = page.getByRole('button', { name: 'Espandi la barra laterale' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(dashboard).toBeVisible();
    await expect(dashboard).toHaveAccessibleName('Dashboard');
    await expect(dashboard.getByText('Dashboard')).toHaveClass(/\bsr-only\b/);
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(wideWidth / 2);
    expect(await storedCollapse(page)).toBe('1');
    await axe();

    // Still collapsed after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSettled(page);
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect(expand).toBeVisible();
    await axe();

    // Expand again: wide, stored, and still so after a reload.
    await expand.click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(dashboard.getByText('Dashboard')).not.toHaveClass(/\bsr-only\b/);
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(wideWidth);
    expect(await storedCollapse(page)).toBe('0');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(collapse).toBeVisible();
  });
});

test.describe('phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the drawer replaces the sidebar; a link navigates and closes it; sign out', async ({ page, axe }) => {
    await newOnboardedUser(page, { name: 'Chiara Fontana' });
    await openDashboard(page, 'Chiara');

    // No sidebar on phones: the menu button opens the drawer instead.
    await expect(page.getByTestId('sidebar')).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Apri il menu' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await axe();

    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Navigazione principale' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('mobile-drawer')).toBeVisible();
    // The modal drawer hides the rest of the page from the accessibility tree: reach the button by test id.
    await expect(page.getByTestId('mobile-menu')).toHaveAttribute('aria-expanded', 'true');
    // The active entry is the dashboard.
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('button', { name: 'Chiudi il menu' })).toBeVisible();
    await axe();

    // Settings sits at the bottom of the drawer (a page of this product, not an area built later).
    await drawer.getByRole('link', { name: 'Impostazioni' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(drawer).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
    await expectSettled(page);
    await axe();

    // The drawer shows the new active entry, and also closes with Escape.
    await menuButton.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Impostazioni' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Sign out from the user menu.
    await page.getByRole('button', { name: 'Menu utente di Chiara Fontana' }).click();
    const userMenu = page.getByRole('menu');
    await expect(userMenu.getByText('Chiara Fontana', { exact: true })).toBeVisible();
    await axe();
    await userMenu.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
    await expectSettled(page);
    await axe();

    // Really signed out: a protected page sends back to /login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
