import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { schema } from './database.ts';

/**
 * The tables of the drizzle schema registry, read for the GDPR exports and the deletion of an organization,
 * so a table added by a later module is exported and deleted without touching this code.
 */

/** Columns never written to an export file, whatever the table: credentials and their hashes. */
export const SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'password',
  'secret',
  'backup_codes',
  'token',
  'token_hash',
  'invitation_token_hash',
  'access_token',
  'refresh_token',
  'id_token',
  'password_sealed',
  'smtp_password_sealed',
]);

/** Columns that say "this user made the row" (the spec's user_id is created_by in most tables). */
export const CREATOR_COLUMNS = ['created_by', 'user_id', 'author_id'] as const;

/**
 * Tables of the personal export that have a file of their own (profile, sessions, memberships…) or hold
 * nothing the user made: they are not repeated under created/.
 */
const PERSONAL_EXCLUDED = new Set([
  'user',
  'session',
  'account',
  'verification',
  'member',
  'invitation',
  'two_factor',
  'audit_logs',
  'calendar_feeds',
  'mail_outbox',
]);

export interface RegisteredTable {
  /** The SQL name, also the export file name. */
  name: string;
  table: PgTable;
  /** Property name → column, without secret and generated columns. */
  exported: Record<string, PgColumn>;
  /** Primary key columns, in order: the key of the paginated reads. */
  primaryKey: PgColumn[];
  organizationColumn?: PgColumn;
  creatorColumn?: PgColumn;
  /** SQL names of the tables this one references (not itself). */
  references: string[];
  /** Rows per read: fewer where JSON documents (mail attachments, invoice snapshots) make rows heavy. */
  pageSize: number;
}

/** Rows per read of a table without JSON columns, and of one with them. */
export const PAGE_SIZE = { light: 500, heavy: 50 } as const;

function describe(table: PgTable): RegisteredTable {
  const config = getTableConfig(table);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const exported: Record<string, PgColumn> = {};
  for (const [key, column] of Object.entries(columns)) {
    if (SECRET_COLUMNS.has(column.name) || column.generated) continue;
    exported[key] = column;
  }
  const all = Object.values(columns);
  const composite = config.primaryKeys[0]?.columns;
  const primaryKey = composite && composite.length > 0 ? composite : all.filter((c) => c.primary);
  const references = new Set<string>();
  for (const fk of config.foreignKeys) {
    const target = getTableConfig(fk.reference().foreignTable).name;
    if (target !== config.name) references.add(target);
  }
  return {
    name: config.name,
    table,
    exported,
    primaryKey,
    organizationColumn: all.find((c) => c.name === 'organization_id'),
    creatorColumn: CREATOR_COLUMNS.map((n) => all.find((c) => c.name === n)).find(Boolean),
    references: [...references],
    pageSize: all.some((c) => c.getSQLType() === 'jsonb') ? PAGE_SIZE.heavy : PAGE_SIZE.light,
  };
}

function registry(source: Record<string, unknown>): RegisteredTable[] {
  const tables = Object.values(source).filter((value): value is PgTable => is(value, PgTable));
  return tables.map(describe).sort((a, b) => a.name.localeCompare(b.name));
}

/** Every table with an organization_id column (member, invitation and the audit log included). */
export function organizationTables(source: Record<string, unknown> = schema): RegisteredTable[] {
  return registry(source).filter((t) => t.organizationColumn && t.primaryKey.length > 0);
}

/** Organization tables that record who made each row: the "records you created" of the personal export. */
export function creatorTables(source: Record<string, unknown> = schema): RegisteredTable[] {
  return organizationTables(source).filter((t) => t.creatorColumn && !PERSONAL_EXCLUDED.has(t.name));
}

/**
 * Organization tables in an order that deletes rows before the rows they reference, so an ON DELETE
 * RESTRICT between two tables of the same organization (an invoice's client) never blocks the deletion.
 * A reference cycle, should one appear, is broken where it closes; the cascade on the organization row
 * deletes whatever is left.
 */
export function deletionOrder(tables: RegisteredTable[] = organizationTables()): RegisteredTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const referencedBy = new Map<string, string[]>(tables.map((t) => [t.name, []]));
  for (const t of tables) {
    for (const target of t.references) referencedBy.get(target)?.push(t.name);
  }
  const done = new Set<string>();
  const visiting = new Set<string>();
  const order: RegisteredTable[] = [];
  // A table goes after every table that references it.
  const visit = (name: string) => {
    if (done.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const child of referencedBy.get(name) ?? []) visit(child);
    visiting.delete(name);
    done.add(name);
    order.push(byName.get(name)!);
  };
  for (const t of tables) visit(t.name);
  return order;
}
