import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * File storage port. Embedded mode keeps files under DATA_DIR/files; an S3-compatible adapter
 * implements the same three functions for server mode (DESIGN.md §5).
 */
export type FileStore = {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,200}$/;

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, content) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash never leaves half a file under the real name.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, content);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
