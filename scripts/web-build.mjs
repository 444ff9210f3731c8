// Builds what a start needs when it is missing or older than its sources (a simple mtime check): the web app
// (Vite), the server bundle (esbuild) and the empty database template. Used by scripts/start.mjs and scripts/bench.ts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { thinSourceMap } from './server-sourcemap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pinned Node 24 (npm package `node`), even when a script was started with the machine's Node. */
export function nodeBinary() {
  const local = path.join(root, 'node_modules/node/bin/node');
  return existsSync(local) ? local : process.execPath;
}

/** Newest modification time of a file, or of anything below a folder; 0 when missing. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const SOURCES = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

/** Returns true when it built, false when the build was current; throws when the build fails. */
export function ensureWebBuild({ log = console.log } = {}) {
  const index = path.join(root, 'dist/web/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((p) => newest(path.join(root, p))));
  if (built >= sources) return false;
  log(built ? '[build] web sources changed: rebuilding the web app' : '[build] building the web app');
  const result = spawnSync(
    nodeBinary(),
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit code ${result.status})`);
  return true;
}

// public/locales: the server bundles the text catalogue it reads (src/shared/i18n/catalogue.ts).
const SERVER_SOURCES = [
  'src/server',
  'src/shared',
  'public/locales',
  'tsconfig.json',
  'package-lock.json',
  'scripts/web-build.mjs',
  'scripts/server-sourcemap.mjs',
];

/**
 * Packages bundled into the server instead of loaded by Node. Node's ESM loader reads a file's package.json again
 * for each of its modules: date-fns (about 860 module loads, a 200 KB package.json) and drizzle-orm (about 450,
 * 180 KB) made a start allocate some 300 MB of garbage, and V8 keeps the pages of a heap that large resident: an
 * idle server held 410 MB. better-auth comes with drizzle-orm so that its adapter and the app share one copy.
 */
const BUNDLED_PACKAGES = new Set([
  'date-fns',
  '@date-fns/tz',
  'drizzle-orm',
  'better-auth',
  '@better-auth/utils',
]);

/** esbuild's --external flags: every other dependency, with its subpaths. */
function externalFlags() {
  const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.keys(dependencies)
    .filter((name) => !BUNDLED_PACKAGES.has(name))
    .flatMap((name) => [`--external:${name}`, `--external:${name}/*`]);
}

/**
 * Bundles the server's own code (src/server, src/shared) and BUNDLED_PACKAGES into dist/server/main.mjs with
 * esbuild, the other packages left external, when missing or older than its sources: a start then loads one file
 * instead of transpiling some three hundred modules through tsx. The migrations are copied beside it
 * (dist/db/migrations), where src/server/platform/db.ts looks for them relative to its own module, and so are the XML
 * schemas (dist/schemas). Returns true
 * when it built.
 */
export function ensureServerBuild({ log = console.log } = {}) {
  const bundle = path.join(root, 'dist/server/main.mjs');
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const sources = Math.max(...SERVER_SOURCES.map((p) => newest(path.join(root, p))));
  if (built >= sources) return false;
  log(built ? '[build] server sources changed: rebundling the server' : '[build] bundling the server');
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/esbuild'),
    [
      'src/server/main.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node24',
      ...externalFlags(),
      '--sourcemap',
      // The sources are in the checkout; kept in the map they would stay in the server's heap (server-sourcemap.mjs).
      '--sources-content=false',
      '--log-level=warning',
      `--outfile=${bundle}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`server bundle failed (exit code ${result.status})`);
  thinSourceMap(`${bundle}.map`);
  const migrations = path.join(root, 'dist/db/migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(root, 'src/server/db/migrations'), migrations, { recursive: true });
  // The official XML schemas the server validates e-invoices and SDI notifications against (platform/xml-schema.ts).
  const schemas = path.join(root, 'dist/schemas');
  rmSync(schemas, { recursive: true, force: true });
  cpSync(path.join(root, 'src/server/schemas'), schemas, { recursive: true });
  return true;
}

/**
 * Node's arguments that run the bundle ensureServerBuild() wrote (stack traces name the TypeScript sources).
 * --heap-growing-percent: V8 lets the heap grow to up to 4× what outlived the last full collection before the next
 * one, and keeps the pages it grew into resident. A mail sync allocates fast (MIME parsing, query building) and a
 * 3,000-message first sync took the server from 240 to 480 MB; growing by 30% at a time it stays near 350 MB.
 */
export const SERVER_ARGS = ['--heap-growing-percent=30', '--enable-source-maps', 'dist/server/main.mjs'];

/**
 * Builds the PGlite template (a migrated empty data folder) when missing or older than the migrations, so a
 * first start on a fresh data folder skips initdb. A stale or missing template only makes that start slower.
 */
export function ensureDbTemplate({ log = console.log } = {}) {
  // Named after the migration journal, as src/server/platform/db.ts templateFileIn() expects.
  const journal = readFileSync(path.join(root, 'src/server/db/migrations/meta/_journal.json'));
  const hash = createHash('sha256').update(journal).digest('hex').slice(0, 16);
  if (existsSync(path.join(root, `dist/db-template/pglite-${hash}.tar.gz`))) return false;
  log('[build] preparing the embedded database template');
  const result = spawnSync(
    nodeBinary(),
    ['--import', 'tsx', path.join(root, 'scripts/build-db-template.ts')],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`database template build failed (exit code ${result.status})`);
  return true;
}
