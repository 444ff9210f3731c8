import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as authSchema from '../db/schema/auth.ts';
import * as mailSchema from '../db/schema/mail.ts';
import * as businessProfileSchema from '../db/schema/business-profiles.ts';
import * as clientSchema from '../db/schema/clients.ts';
import * as inventorySchema from '../db/schema/inventory.ts';
import * as transactionSchema from '../db/schema/transactions.ts';
import * as organizationSettingsSchema from '../db/schema/organization-settings.ts';
import { acquireDataLock } from './data-lock.ts';

export const schema = {
  ...authSchema,
  ...mailSchema,
  ...businessProfileSchema,
  ...clientSchema,
  ...inventorySchema,
  ...transactionSchema,
  ...organizationSettingsSchema,
};
export type Schema = typeof schema;

/** One database type for the app, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness probe used by /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type DatabaseOptions =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on('error', () => undefined); // idle client errors surface on the next query instead
    const db = drizzlePg(pool, { schema }) as unknown as Db;
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
    const client = await PGlite.create({ dataDir: dataPath, extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
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
