// npm start: build the web app and the server bundle when missing or stale, then run the server in the foreground.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SERVER_ARGS,
  ensureDbTemplate,
  ensureServerBuild,
  ensureWebBuild,
  nodeBinary,
} from './web-build.mjs';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
try {
  ensureWebBuild(); // Vite writes dist/web, the server's default WEB_DIST_DIR
  ensureServerBuild(); // dist/server/main.mjs: the server in one file, quicker to load than the sources
  ensureDbTemplate(); // dist/db-template: a fresh data folder starts from it
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.exit(1);
}

const server = spawn(nodeBinary(), SERVER_ARGS, { stdio: 'inherit' });
// A Ctrl-C in a terminal reaches the server directly as well; it treats a repeated signal as the same shutdown.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
