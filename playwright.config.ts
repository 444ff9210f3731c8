import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';

/**
 * Journeys run against the built app (scripts/start.mjs builds the web when it is missing or stale), started on
 * its own port with a fresh data folder and the demo data, in Debian's Chromium. Browsers are never downloaded.
 */
const CI = !!process.env.CI;
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
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
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
      LOG_LEVEL: 'warn',
    },
  },
});
