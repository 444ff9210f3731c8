import fs from 'node:fs';

/**
 * Debian's Chromium, as the journeys and the benchmark launch it. Playwright never downloads a browser here.
 * Without the networking flags Chromium keeps trying to reach the internet (DESIGN.md §9).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The journeys run in Debian's old headless shell (`chromium-headless-shell`, the engine Playwright itself uses for
 * headless runs) when it is installed: the full browser in headless mode also runs its own interface pages, and on
 * CI's two cores the two browsers took about twice the processor time for the same journeys. The benchmark keeps
 * the full browser, as a person would use it.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const JOURNEY_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
