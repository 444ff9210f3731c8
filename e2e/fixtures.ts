import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export type TestUser = { name: string; email: string; password: string };

/** Impacts that fail a journey; minor and moderate findings are reported in the message only when these fail. */
const BLOCKING = new Set(['serious', 'critical']);

export type AxeCheck = (options?: {
  /** CSS selectors left out of the scan (third-party widgets, for example). */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
  /** Another page of the test (a second tab, for example) instead of the test's `page`. */
  page?: Page;
}) => Promise<void>;

/** A unique address per call, safe across workers, retries and repeated runs on the same data folder. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return { name: 'Mario Rossi', email: uniqueEmail(), password: 'Password-2026-sicura', ...overrides };
}

/**
 * Registers a fresh user through the API with the page's own request context, so the session cookie lands in
 * the browser: the page is signed in afterwards. better-auth refuses a state-changing request without Origin.
 */
export async function registerUser(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { Origin: baseUrlOf(page) },
  });
  expect(res.status(), `sign-up of ${user.email}: ${await res.text()}`).toBe(200);
  return user;
}

/** Signs in through the API (cookie lands in the browser context). */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { Origin: baseUrlOf(page) },
  });
  expect(res.status(), `sign-in of ${user.email}: ${await res.text()}`).toBe(200);
}

/** The app's origin: `baseURL` from playwright.config.ts. */
export function baseUrlOf(page: Page): string {
  return new URL(base.info().project.use.baseURL ?? page.url()).origin;
}

export const test = base.extend<{ axe: AxeCheck }>({
  axe: async ({ page }, use) => {
    await use(async (options = {}) => {
      const target = options.page ?? page;
      let builder = new AxeBuilder({ page: target }).withTags([
        'wcag2a',
        'wcag2aa',
        'wcag21a',
        'wcag21aa',
        'wcag22aa',
      ]);
      // Toasts are transient: one that starts fading out while axe scans has half-transparent colours and fails
      // contrast at random (seen on a loaded CI machine). Their colours are the design tokens every page uses.
      builder = builder.exclude('[data-rht-toaster]');
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      // A list still loading its next page is dimmed (aria-busy, opacity 60%), which fails contrast: let it load
      // first (after 5 s the scan runs anyway).
      await target
        .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, {
          timeout: 5000,
        })
        .catch(() => undefined);
      // A toast fading in or out has half-transparent colours that fail contrast: let finite animations end
      // first (spinners loop forever and are ignored; after 2 s the scan runs anyway).
      await target
        .waitForFunction(
          () =>
            document
              .getAnimations()
              .every(
                (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
              ),
          undefined,
          { timeout: 2000 },
        )
        .catch(() => undefined);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
      const { violations } = await builder.analyze();
      const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
      const report = blocking
        .map(
          (v) =>
            `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
            v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n'),
        )
        .join('\n');
      expect(
        blocking.map((v) => `${v.impact} ${v.id}`),
        `axe found serious or critical violations on ${target.url()}:\n${report}`,
      ).toEqual([]);
    });
  },
});
