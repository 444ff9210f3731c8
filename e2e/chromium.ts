/**
 * Debian's Chromium, as the journeys and the benchmark launch it. Playwright never downloads a browser here.
 * Without the networking flags Chromium keeps trying to reach the internet (DESIGN.md §9).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
