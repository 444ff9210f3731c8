#!/usr/bin/env node
// Installs the dependencies when they are missing or older than package-lock.json.
// Runs on the machine's Node (20) before Node 24 from the `node` devDependency exists: plain ESM, no dependencies.
// `npm install` rather than `npm ci`: on this registry `npm ci` can fail on other platforms' optional binaries.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mtime = (p) => {
  try {
    return statSync(path.join(root, p)).mtimeMs;
  } catch {
    return undefined;
  }
};

const lock = mtime('package-lock.json');
const installed = mtime('node_modules/.package-lock.json');
let reason;
if (mtime('node_modules') === undefined) reason = 'node_modules is missing';
else if (installed === undefined) reason = 'node_modules/.package-lock.json is missing';
else if (lock !== undefined && lock > installed) reason = 'package-lock.json is newer than node_modules';
else if (mtime('node_modules/node/bin/node') === undefined)
  reason = 'the pinned Node 24 (npm package "node") is missing';

if (!reason) {
  console.log('[ensure-install] dependencies are up to date');
  process.exit(0);
}

console.log(`[ensure-install] ${reason}: running npm install (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1)`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
if (result.error) {
  console.error(`[ensure-install] could not run npm: ${result.error.message}`);
  process.exit(1);
}
if (result.status !== 0) {
  console.error(`[ensure-install] npm install failed with exit code ${result.status}`);
  process.exit(result.status ?? 1);
}
console.log('[ensure-install] npm install done');
