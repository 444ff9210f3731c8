import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataLock } from './data-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('data folder lock', () => {
  it('refuses a second holder while the first is alive, and frees the folder on release', () => {
    const dir = tempDir();
    const release = acquireDataLock(dir);
    expect(() => acquireDataLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataLock(dir)).toThrow(/in use by another running process/);
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    acquireDataLock(dir)();
  });

  it('refuses when another live process holds the folder', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, '.lock'), String(other.pid));
      expect(() => acquireDataLock(dir)).toThrow(new RegExp(`pid ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(path.join(dir, '.lock'), String(gone.pid));
    const release = acquireDataLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
