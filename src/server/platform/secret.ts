import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The signing secret of sessions and tokens. Server mode passes AUTH_SECRET; the embedded mode keeps
 * a generated one in the data folder so sessions survive restarts without any setup.
 */
export function resolveAuthSecret(options: { configured?: string; dataDir?: string }): string {
  if (options.configured) return options.configured;
  if (!options.dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(options.dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
