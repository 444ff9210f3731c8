import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its folder, and two processes on one folder corrupt it. We hold
 * `<dir>/.lock` with our pid; a lock whose process is gone is stale and taken over.
 */
export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      // Our own pid counts as held too: a second open from this process would corrupt it just the same.
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another running process (pid ${holder}). ` +
            'Stop that process, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
