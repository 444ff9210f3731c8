/**
 * `npm run bench -- --only=pwa` (issue 18, "Figures"): the installable app.
 * - The app shell opening offline (goal ≤ 1 s): the demo user visits /dashboard once online (the service worker
 *   installs and precaches the shell, the screens' data reach IndexedDB), then the network is switched off and
 *   /dashboard is loaded again, five times; timed in the page from the navigation's start to DOMContentLoaded and
 *   to the next frame painted after the shell (the sidebar) and the page's heading are visible.
 * - Chromium's own installability check, Page.getInstallabilityErrors over the DevTools protocol, on the page
 *   online; with the manifest Chromium read (Page.getAppManifest).
 * A persistent profile in a temporary folder: Chromium reports an off-the-record profile (Playwright's ordinary
 * contexts) as not installable whatever the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';

const DEMO = { email: 'demo@gestionale.test', password: 'Demo-password-2026' };
const RUNS = 5;
export const SHELL_GOAL_MS = 1000;

export type PwaBench = {
  offline: { domContentLoaded: number; shell: number }[];
  installabilityErrors: { errorId: string; errorArguments?: unknown[] }[];
  manifest: { url: string; errors: number; name: string | null };
  precached: number;
};

const SHELL_PAINTED = `(() => {
  window.shellPainted = new Promise((resolve) => {
    document.addEventListener('DOMContentLoaded', () => {
      const look = () => {
        const nav = document.querySelector('nav');
        const heading = document.querySelector('main h1');
        if (!nav || !heading || !nav.checkVisibility() || !heading.checkVisibility()) return false;
        requestAnimationFrame(() => resolve(performance.now()));
        return true;
      };
      if (look()) return;
      const observer = new MutationObserver(() => look() && observer.disconnect());
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  });
})()`;

export async function pwaBench(options: {
  baseUrl: string;
  tmpRoot: string;
  log: (line: string) => void;
}): Promise<PwaBench> {
  const { baseUrl, log } = options;
  const profile = path.join(options.tmpRoot, 'pwa-profile');
  fs.mkdirSync(profile, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const res = await page.request.post('/api/auth/sign-in/email', {
      data: DEMO,
      headers: { origin: baseUrl },
    });
    if (res.status() !== 200) throw new Error(`demo sign-in answered ${res.status()}: ${await res.text()}`);
    await page.goto('/dashboard');
    await page.locator('main h1').waitFor({ state: 'visible', timeout: 30_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) =>
          navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
        );
    });
    const precached = await page.evaluate(async () => {
      let n = 0;
      for (const name of await caches.keys()) n += (await (await caches.open(name)).keys()).length;
      return n;
    });
    // The screens' data reach IndexedDB a moment after they arrive (features/offline/offline-cache.ts).
    await page.waitForTimeout(1500);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: PwaBench['installabilityErrors'];
    };
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
      data?: string;
    };
    let name: string | null = null;
    try {
      name = (JSON.parse(manifest.data ?? '{}') as { name?: string }).name ?? null;
    } catch {
      name = null;
    }
    log(`installability errors: ${installabilityErrors.length}, manifest ${manifest.url}`);
    await cdp.detach();

    await page.addInitScript(SHELL_PAINTED);
    await context.setOffline(true);
    const offline: PwaBench['offline'] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
      const shell = Number(await page.evaluate('window.shellPainted'));
      const domContentLoaded = await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
            .domContentLoadedEventEnd,
      );
      offline.push({ domContentLoaded, shell });
      log(
        `offline open ${i + 1}: DOMContentLoaded ${domContentLoaded.toFixed(0)} ms, shell ${shell.toFixed(0)} ms`,
      );
    }
    await context.setOffline(false);
    return {
      offline,
      installabilityErrors,
      manifest: { url: manifest.url, errors: manifest.errors.length, name },
      precached,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export function pwaSection(bench: PwaBench | { error: string }): string {
  if ('error' in bench) return `Not measured: ${bench.error}`;
  const shell = bench.offline.map((r) => r.shell);
  const dcl = bench.offline.map((r) => r.domContentLoaded);
  const errors = bench.installabilityErrors;
  return `The demo business in Debian's Chromium with the service worker on, after one online visit of /dashboard (the
worker precached ${bench.precached} files: the shell, every route chunk, the fonts, icons and translation files); then the
network off (Playwright's offline mode) and /dashboard loaded again ${bench.offline.length} times, timed in the page from the
navigation's start.

| figure | median | runs |
|---|---|---|
| app shell opening offline: sidebar and page heading painted | **${shell.length ? `${median(shell).toFixed(0)} ms` : '—'}** (goal ≤ ${SHELL_GOAL_MS} ms) | ${shell.map((v) => v.toFixed(0)).join(', ')} ms |
| DOMContentLoaded offline | ${dcl.length ? `${median(dcl).toFixed(0)} ms` : '—'} | ${dcl.map((v) => v.toFixed(0)).join(', ')} ms |

Chromium's installability check (\`Page.getInstallabilityErrors\` over the DevTools protocol, on a persistent profile):
**${errors.length === 0 ? 'no errors' : `${errors.length} errors: ${errors.map((e) => e.errorId).join(', ')}`}**; manifest
\`${new URL(bench.manifest.url || 'http://x/').pathname}\` read with ${bench.manifest.errors} parse errors, name "${bench.manifest.name ?? '—'}".`;
}
