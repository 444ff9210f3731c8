import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import pg from 'pg';
import * as tar from 'tar';
import { schema, type Db } from '../db/database.ts';
import { acquireDataLock } from './data-lock.ts';

export { schema, type Schema, type Db } from '../db/database.ts';

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness probe used by /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  /** `templateDir`: where a dumped, migrated data folder for these migrations may be (skips initdb). */
  | { kind: 'pglite'; dataDir: string; templateDir?: string }
  /** `templateDir` as above: the tests' many in-memory databases start from it (about 1 s instead of 3 to 6). */
  | { kind: 'pglite-memory'; templateDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    // A server that does not answer fails a request within 5 s (503, platform/errors.ts) instead of holding it.
    // Idle connections stay 5 minutes (two always): a new one costs a backend's start and, on its first search,
    // the loading of the Italian and English dictionaries (tens of ms, paid by the request that needed it).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      min: 2,
      idleTimeoutMillis: 5 * 60_000,
      connectionTimeoutMillis: 5_000,
    });
    pool.on('error', () => undefined); // idle client errors surface on the next query instead
    const db: Db = drizzlePg(pool, { schema });
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }

  let release = () => undefined as void;
  let dataPath: string | undefined;
  if (options.kind === 'pglite') {
    release = acquireDataLock(options.dataDir);
    dataPath = path.join(options.dataDir, 'pglite');
  }
  try {
    const templateFile = options.templateDir && templateFileIn(options.templateDir);
    let template: Blob | undefined;
    if (dataPath !== undefined) {
      if (!fs.existsSync(dataPath) && templateFile) await unpackTemplate(templateFile, dataPath);
    } else {
      template = await readTemplate(templateFile);
    }
    const client = await PGlite.create({
      dataDir: dataPath,
      extensions: { pg_trgm },
      postgresqlconf: PGLITE_SETTINGS,
      ...(template ? { loadDataDir: template } : {}),
    });
    const db: Db = drizzlePglite(client, { schema });
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never shrinks:
 * with 32 MB the server of an existing data folder holds about 315 MB instead of 415 MB (VmRSS after start,
 * 2026-11-27). Pages beyond them are read through the operating system's file cache, and
 * PostgreSQL reads a table larger than a quarter of its buffers through a small ring anyway.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/**
 * The template is named after the migration journal, so only a template of exactly these migrations is
 * ever loaded (scripts/web-build.mjs computes the same name).
 */
export function templateFileIn(dir: string): string {
  const journal = fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'));
  const hash = createHash('sha256').update(journal).digest('hex').slice(0, 16);
  return path.join(dir, `pglite-${hash}.tar.gz`);
}

/**
 * A fresh data folder starts as the template's files, unpacked on disk (streamed) before PGlite opens it as an
 * existing folder: with PGlite's own loadDataDir the unpacked template stayed in array buffers for the server's
 * whole life (about 92 MB, 2026-11-28; db.test.ts). Unpacked beside the folder and renamed, so a crash leaves no
 * half folder; without a (sound) template PGlite initialises the folder itself.
 */
async function unpackTemplate(file: string, dataPath: string) {
  if (!fs.existsSync(file)) return;
  const partial = `${dataPath}.${process.pid}.partial`;
  await fs.promises.rm(partial, { recursive: true, force: true });
  await fs.promises.mkdir(partial, { recursive: true });
  try {
    await tar.x({ file, cwd: partial, gzip: true });
    await fs.promises.rename(partial, dataPath);
  } catch {
    // A damaged template only costs the initdb it would have spared.
    await fs.promises.rm(partial, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function readTemplate(file: string | undefined): Promise<Blob | undefined> {
  if (!file) return undefined;
  try {
    return new Blob([await fs.promises.readFile(file)]);
  } catch {
    return undefined; // no template built: PGlite initialises the folder itself
  }
}

/**
 * Writes a migrated, empty PGlite data folder as a gzipped tarball. `npm start` builds it once so that
 * the first start on a fresh data folder loads it instead of running initdb (about 1.5 s less).
 */
export async function writePgliteTemplate(file: string) {
  const client = await PGlite.create({ extensions: { pg_trgm }, postgresqlconf: PGLITE_SETTINGS });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`; // a reader never sees half a file
    await fs.promises.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.promises.rename(partial, file);
  } finally {
    await client.close();
  }
}
