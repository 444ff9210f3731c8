import { expect, test } from './fixtures.ts';
import {
  collectConsoleErrors,
  expectSettled,
  greetingIt,
  newOnboardedUser,
  openDashboard,
} from './helpers.ts';

/**
 * Dark theme: the toggle sets `<html class="dark">` and stores the choice; on reload the inline script of
 * index.html applies it before the app's bundle runs (no flash), which the CSP must allow (no CSP error).
 */
test('the dark theme persists across reload, applied before the app runs', async ({ page, axe }) => {
  const consoleErrors = collectConsoleErrors(page);
  await newOnboardedUser(page, { name: 'Paolo Neri' });
  await openDashboard(page, 'Paolo');

  const html = page.locator('html');
  const toggle = page.getByTestId('theme-toggle');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAccessibleName('Tema scuro');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await axe();

  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('gestionale.theme'))).toBe('dark');
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  await axe();

  // Reload with the app's scripts blocked: only the inline script of index.html can set the class, so the
  // dark theme is there before any script of the app runs.
  const blocked: string[] = [];
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    blocked.push(route.request().url());
    await route.abort();
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(blocked.length, 'the app bundle was requested (and blocked)').toBeGreaterThan(0);
  await expect(page.locator('#root')).toBeEmpty();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  await page.unrouteAll({ behavior: 'wait' });

  // A normal reload: still dark, and the toggle says so.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Paolo') })).toBeVisible();
  await expectSettled(page);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await axe();

  // The inline theme script is allowed by the CSP: no "Content Security Policy" error in the console.
  const cspErrors = consoleErrors.filter((text) => /content security policy/i.test(text));
  expect(cspErrors).toEqual([]);

  // And back to light.
  await toggle.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('gestionale.theme'))).toBe('light');
});
