// Builds the web app with Vite when dist/web is missing or older than its sources (a simple mtime check).
// Used by scripts/start.mjs and scripts/bench.ts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
