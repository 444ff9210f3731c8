// npm run dev: the API server under `tsx watch` (restarts on changes in src/server and src/shared) and the Vite
// dev server with hot reload on http://localhost:5173 (it proxies /api, WebSockets included, to port 3000).
// Output is prefixed; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = nodeBinary();
const color = process.stdout.isTTY;
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  ...(color ? { FORCE_COLOR: '1' } : {}),
};

const tasks = [
  {
    name: 'server',
    code: 36,
    args: [
      'node_modules/tsx/dist/cli.mjs',
      'watch',
      '--clear-screen=false',
      '--include',
      'src/server/**',
      '--include',
      'src/shared/**',
      'src/server/main.ts',
    ],
  },
  { name: 'web', code: 35, args: ['node_modules/vite/bin/vite.js', '--port', '5173', '--strictPort'] },
];

let stopping = false;
const children = tasks.map(({ name, code, args }) => {
  const prefix = color ? `\x1b[${code}m[${name}]\x1b[0m ` : `[${name}] `;
  // Own process group, so that one Ctrl-C reaches each child exactly once (through us) with its grandchildren.
  const child = spawn(node, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
    stream.on('end', () => rest && process.stdout.write(prefix + rest + '\n'));
  }
  child.on('exit', (exitCode, signal) => {
    child.exited = true;
    process.stdout.write(`${prefix}exited with ${signal ?? `code ${exitCode}`}\n`);
    if (!stopping) stop(exitCode ?? 1);
    else if (children.every((c) => c.exited)) process.exit(process.exitCode ?? 0);
  });
  return child;
});

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) if (!child.exited) killGroup(child, 'SIGTERM');
  if (children.every((c) => c.exited)) process.exit(code);
  // Whatever has not stopped after 10 s is killed.
  setTimeout(() => {
    for (const child of children) if (!child.exited) killGroup(child, 'SIGKILL');
    process.exit(code || 1);
  }, 10_000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  for (const child of children) if (!child.exited) killGroup(child, 'SIGKILL');
});

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}
