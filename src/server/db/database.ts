import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as authSchema from './schema/auth.ts';
import * as mailSchema from './schema/mail.ts';
import * as businessProfileSchema from './schema/business-profiles.ts';
import * as clientSchema from './schema/clients.ts';
import * as inventorySchema from './schema/inventory.ts';
import * as transactionSchema from './schema/transactions.ts';
import * as organizationSettingsSchema from './schema/organization-settings.ts';
import * as invoicingSchema from './schema/invoicing.ts';
import * as calendarSchema from './schema/calendar.ts';
import * as securitySchema from './schema/security.ts';
import * as notificationSchema from './schema/notifications.ts';
import * as reportSchema from './schema/reports.ts';
import * as mailboxSchema from './schema/mailbox.ts';
import * as einvoicingSchema from './schema/einvoicing.ts';
import * as purchaseSchema from './schema/purchases.ts';
import * as documentSchema from './schema/documents.ts';
import * as healthSchema from './schema/health.ts';
import * as idempotencySchema from './schema/idempotency.ts';

export const schema = {
  ...authSchema,
  ...mailSchema,
  ...businessProfileSchema,
  ...clientSchema,
  ...inventorySchema,
  ...transactionSchema,
  ...organizationSettingsSchema,
  ...invoicingSchema,
  ...calendarSchema,
  ...securitySchema,
  ...notificationSchema,
  ...reportSchema,
  ...mailboxSchema,
  ...einvoicingSchema,
  ...purchaseSchema,
  ...documentSchema,
  ...healthSchema,
  ...idempotencySchema,
};
export type Schema = typeof schema;

/** One database type for the app, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction opened with `db.transaction(...)`. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** What repository functions run their queries on: the database, or a transaction the service opened. */
export type DbOrTx = Db | Tx;

/**
 * Reads that do not depend on each other: at once on the database (each on a pool connection of its own), one after
 * another in a transaction, whose one connection node-postgres would otherwise queue them on (deprecated, and
 * refused from pg 9).
 */
export async function independentReads<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
