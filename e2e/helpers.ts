import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import type { TOnboardingFormValues } from '../src/shared/business-profile/contracts.ts';
import { baseUrlOf, expect, registerUser, type TestUser } from './fixtures.ts';

/** The demo sign-in of src/server/seed/demo.ts (the e2e server runs with DEMO_DATA=true). */
export const DEMO_USER = { email: 'demo@gestionale.test', password: 'Demo-password-2026' } as const;

/** The dashboard's h1: the greeting depends on the browser's hour (docs/WEB-TEST-HOOKS.md). */
export const greetingIt = (firstName: string) =>
  new RegExp(`^(Buongiorno|Buon pomeriggio|Buonasera), ${firstName}$`);
export const greetingEn = (firstName: string) =>
  new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`);

/** A company name no other test (or earlier run on the same data folder) has used. */
export function uniqueCompany(prefix = 'Bottega'): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)} S.r.l.`;
}

/**
 * Completes the onboarding through the API (POST /api/v1/onboarding, body = ZOnboardingSubmission) for the
 * user signed in on the page: the organization and its business profile are created.
 */
export async function onboardViaApi(
  page: Page,
  overrides: Partial<TOnboardingFormValues> = {},
): Promise<TOnboardingFormValues> {
  const body: TOnboardingFormValues = {
    companyName: uniqueCompany(),
    businessType: 'sole_proprietorship',
    industry: 'consulting',
    address: { street: 'Via Roma 1', city: 'Bologna', state: 'BO', zipCode: '40121', country: 'IT' },
    phone: '+39 051 1234567',
    ...overrides,
  };
  const res = await page.request.post('/api/v1/onboarding', {
    data: body,
    headers: { Origin: baseUrlOf(page) },
  });
  expect(res.status(), `onboarding of ${body.companyName}: ${await res.text()}`).toBe(201);
  return body;
}

/** A fresh user, signed in on the page's context and onboarded: the shell opens on /dashboard. */
export async function newOnboardedUser(
  page: Page,
  overrides: Partial<TestUser> = {},
): Promise<TestUser & { companyName: string }> {
  const user = await registerUser(page, overrides);
  const { companyName } = await onboardViaApi(page);
  return { ...user, companyName };
}

/** Opens the dashboard and waits until it has settled (greeting shown, no spinner left). */
export async function openDashboard(page: Page, firstName: string, lang: 'it' | 'en' = 'it') {
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: lang === 'it' ? greetingIt(firstName) : greetingEn(firstName),
    }),
  ).toBeVisible();
  await expectSettled(page);
}

/** No loading spinner (a role="status" with the spinning icon, src/web/ui/spinner.tsx) left on the page. */
export async function expectSettled(page: Page) {
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
}

/** Console errors of the page from now on, e.g. to look for CSP reports. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** The focused element, described for failure messages and identity checks. */
export async function focusedElement(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      focusVisible: el.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
      boxShadow: style.boxShadow,
    };
  });
}

/**
 * The focused element shows a visible focus indicator: it matches :focus-visible and has an outline (not
 * none, wider than 0) or a box-shadow.
 */
export async function expectVisibleFocus(page: Page) {
  const el = await focusedElement(page);
  expect(el, 'an element has the focus').not.toBeNull();
  const described = JSON.stringify(el);
  expect(el!.focusVisible, `${described} matches :focus-visible`).toBe(true);
  const outline = el!.outlineStyle !== 'none' && el!.outlineWidth > 0;
  const shadow = el!.boxShadow !== 'none' && el!.boxShadow !== '';
  expect(outline || shadow, `${described} has a visible outline or box-shadow`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus indicator of every element
 * passed on the way. Fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 40 }: { backwards?: boolean; max?: number } = {},
) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const visited: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const el = await focusedElement(page);
    if (el) {
      visited.push(`${el.tag} "${el.text}"`);
      await expectVisibleFocus(page);
    }
    if (await target.evaluate((node) => node === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${key} ×${max} never reached the target; focus went through:\n${visited.join('\n')}`);
}
