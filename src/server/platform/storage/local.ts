import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertByteRange,
  assertStorageKey,
  assertStoragePrefix,
  toBuffer,
  type FileSource,
  type FileStore,
  type StoredFile,
} from './port.ts';

/** Files being written, renamed into place when complete; a key starts with a letter or digit, so never here. */
const PARTIAL_DIR = '.partial';
/** Reads in pieces of this size: far fewer system calls than the default 64 KiB, still a bounded buffer. */
const READ_CHUNK = 1024 * 1024;

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** The embedded default: one file per key under `root` (DATA_DIR/files). */
export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };

  /** Writes through a file of its own in PARTIAL_DIR, then renames: the key gets all or nothing. */
  async function writeAtomically(key: string, write: (partial: string) => Promise<void>) {
    const file = resolve(key);
    const partialDir = path.join(root, PARTIAL_DIR);
    await Promise.all([
      fs.mkdir(path.dirname(file), { recursive: true }),
      fs.mkdir(partialDir, { recursive: true }),
    ]);
    const partial = path.join(partialDir, `${randomUUID()}.part`);
    try {
      await write(partial);
      await fs.rename(partial, file);
    } catch (err) {
      await fs.rm(partial, { force: true });
      throw err;
    }
  }

  async function* counted(source: FileSource, seen: { bytes: number }) {
    for await (const chunk of source) {
      const bytes = toBuffer(chunk);
      seen.bytes += bytes.length;
      yield bytes;
    }
  }

  async function* walk(dir: string, keyPrefix: string, prefix: string): AsyncGenerator<StoredFile> {
    let entries;
    try {
      entries = await fs.opendir(dir);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for await (const entry of entries) {
      if (!keyPrefix && entry.name === PARTIAL_DIR) continue;
      const key = keyPrefix + entry.name;
      if (entry.isDirectory()) {
        const folder = `${key}/`;
        if (folder.startsWith(prefix) || prefix.startsWith(folder))
          yield* walk(path.join(dir, entry.name), folder, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          yield { key, sizeBytes: (await fs.stat(path.join(dir, entry.name))).size };
        } catch (err) {
          if (!isMissing(err)) throw err; // removed while listing
        }
      }
    }
  }

  return {
    async put(key, content) {
      await writeAtomically(key, (partial) => fs.writeFile(partial, content));
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async putStream(key, source) {
      const seen = { bytes: 0 };
      // `wx`: a name of its own, never someone else's partial file.
      await writeAtomically(key, (partial) =>
        pipeline(counted(source, seen), createWriteStream(partial, { flags: 'wx' })),
      );
      return { sizeBytes: seen.bytes };
    },
    async getStream(key, options = {}) {
      const file = resolve(key);
      if (options.range) assertByteRange(options.range);
      let handle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const { start = 0, end = info.size - 1 } = options.range ?? {};
        if (start >= info.size) {
          await handle.close();
          return Readable.from([], { objectMode: false });
        }
        return handle.createReadStream({
          start,
          end: Math.min(end, info.size - 1),
          autoClose: true,
          highWaterMark: READ_CHUNK,
        });
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async stat(key) {
      try {
        const info = await fs.stat(resolve(key));
        return info.isFile() ? { sizeBytes: info.size } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    list(prefix) {
      assertStoragePrefix(prefix);
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      return walk(path.join(root, folder), folder, prefix);
    },
  };
}
