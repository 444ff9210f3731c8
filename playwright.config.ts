import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './e2e/chromium.ts';

/**
 * Journeys run against the built app (scripts/start.mjs builds the web when it is missing or stale), started on
 * its own port with a fresh data folder and the demo data, in Debian's Chromium. Browsers are never downloaded.
 */
const CI = !!process.env.CI;

/** Journeys that sign in to the demo business: the spec files that use e2e/helpers.ts DEMO_USER. */
const DEMO_SPECS = fs
  .readdirSync(path.resolve('e2e'))
  .filter(
    (f) => f.endsWith('.spec.ts') && fs.readFileSync(path.resolve('e2e', f), 'utf8').includes('DEMO_USER'),
  )
  .map((f) => `**/${f}`);
const desktop = { browserName: 'chromium' as const, viewport: { width: 1280, height: 800 } };
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/** A data folder still locked by a running server (src/server/platform/data-lock.ts) is left alone. */
function inUse(dir: string): boolean {
  try {
    process.kill(Number(fs.readFileSync(path.join(dir, '.lock'), 'utf8').trim()), 0);
    return true;
  } catch {
    return false;
  }
}

// This file is loaded by the runner and again by each worker (which inherit the runner's environment): only the
// runner removes the folders of earlier runs and picks a fresh one.
if (!process.env.E2E_DATA_DIR) {
  const tmp = path.resolve('.tmp');
  fs.mkdirSync(tmp, { recursive: true });
  for (const entry of fs.readdirSync(tmp)) {
    const dir = path.join(tmp, entry);
    if (entry.startsWith('e2e-data-') && !inUse(dir)) fs.rmSync(dir, { recursive: true, force: true });
  }
  process.env.E2E_DATA_DIR = path.join(tmp, `e2e-data-${Date.now()}`);
}

// The server starts on the embedded database with the outbox, whatever the calling shell has configured.
const serverEnv: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) {
  if (value !== undefined && !['DATABASE_URL', 'SMTP_URL', 'NODE_ENV'].includes(key)) serverEnv[key] = value;
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two browsers share the machine's two cores with the server: the suite takes about half as long.
  workers: 2,
  // Two journeys at once on two cores: room for a slow moment, not for a hang.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'UTC',
    // No spinner or fade keeps the two browsers' software compositor busy between steps (styles.css honours it).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records a screencast of every step, which costs the browser a core's worth of work on this machine:
    // only a retry, the attempt after a failure, records one.
    trace: 'on-first-retry',
    launchOptions: { executablePath: JOURNEY_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The app's service worker (issue 18) would precache the whole app (some 5 MB) in every journey's fresh
    // browser, and requests it answers escape page.route: journeys run without it, except e2e/offline.spec.ts.
    serviceWorkers: 'block',
  },
  projects: [
    // Journeys on the shared demo business change its data (reminders, schedules): one at a time, beside the others.
    { name: 'demo', testMatch: DEMO_SPECS, workers: 1, use: desktop },
    // Every other journey registers its own user and business, so two run at once.
    { name: 'own-data', testIgnore: DEMO_SPECS, use: desktop },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: !CI,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      ...serverEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_DATA: 'true',
      AUTH_RATE_LIMIT_MAX: '1000',
      // A mail change the server refuses is retried at every run: a journey reaches the given-up state in five.
      MAIL_REPLAY_BASE_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
    },
  },
});
