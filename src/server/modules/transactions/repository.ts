import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CATEGORIES, type TTransactionListQuery } from '@shared/transactions/contracts.ts';
import type { TBankStatementMapping } from '@shared/imports/mapping.ts';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { bankImportMappings, transactionCategories, transactions } from '../../db/schema/transactions.ts';

/**
 * The only Drizzle code of the ledger. Every function takes the organization id and filters by it, so an id
 * of another organization finds nothing.
 */

/** Inserts of many rows go in chunks of this size. */
export const INSERT_CHUNK = 500;

// ---------------------------------------------------------------- categories

const categoryColumns = {
  id: transactionCategories.id,
  name: transactionCategories.name,
  direction: transactionCategories.direction,
  isDefault: transactionCategories.isDefault,
  createdAt: transactionCategories.createdAt,
};
export type CategoryRow = {
  id: string;
  name: string;
  direction: string;
  isDefault: boolean;
  createdAt: Date;
};

export async function hasAnyCategory(db: DbOrTx, orgId: string): Promise<boolean> {
  const rows = await db
    .select({ id: transactionCategories.id })
    .from(transactionCategories)
    .where(eq(transactionCategories.organizationId, orgId))
    .limit(1);
  return rows.length > 0;
}

/** The Italian defaults; names already there (any case) are left alone, so two first uses at once are safe. */
export async function insertDefaultCategories(db: DbOrTx, orgId: string): Promise<void> {
  await db
    .insert(transactionCategories)
    .values(
      DEFAULT_CATEGORIES.map((c) => ({
        organizationId: orgId,
        name: c.name,
        direction: c.direction,
        isDefault: true,
      })),
    )
    .onConflictDoNothing();
}

export async function listCategories(db: DbOrTx, orgId: string): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns)
    .from(transactionCategories)
    .where(eq(transactionCategories.organizationId, orgId))
    .orderBy(asc(transactionCategories.direction), asc(sql`lower(${transactionCategories.name})`));
}

export async function findCategory(db: DbOrTx, orgId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(categoryColumns)
    .from(transactionCategories)
    .where(and(eq(transactionCategories.organizationId, orgId), eq(transactionCategories.id, id)));
  return row;
}

export async function findCategoryByName(
  db: DbOrTx,
  orgId: string,
  direction: string,
  name: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(categoryColumns)
    .from(transactionCategories)
    .where(
      and(
        eq(transactionCategories.organizationId, orgId),
        eq(transactionCategories.direction, direction),
        sql`lower(${transactionCategories.name}) = lower(${name})`,
      ),
    );
  return row;
}

/** undefined when the name is already taken for that direction (unique index, no error raised). */
export async function insertCategory(
  db: DbOrTx,
  orgId: string,
  values: { name: string; direction: string },
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .insert(transactionCategories)
    .values({ organizationId: orgId, ...values })
    .onConflictDoNothing()
    .returning(categoryColumns);
  return row;
}

export async function updateCategory(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: { name: string; direction: string; isDefault: boolean },
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(transactionCategories)
    .set(values)
    .where(and(eq(transactionCategories.organizationId, orgId), eq(transactionCategories.id, id)))
    .returning(categoryColumns);
  return row;
}

export async function categoryInUse(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.categoryId, id)))
    .limit(1);
  return rows.length > 0;
}

/** Deletes a category; a category still referenced fails with the foreign key (IN_USE). */
export async function deleteCategory(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(transactionCategories)
    .where(and(eq(transactionCategories.organizationId, orgId), eq(transactionCategories.id, id)))
    .returning({ id: transactionCategories.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- transactions

const clientName = sql<string | null>`coalesce(${clients.companyName}, ${clients.fullName})`;

const transactionColumns = {
  id: transactions.id,
  occurredOn: transactions.occurredOn,
  direction: transactions.direction,
  amountCents: transactions.amountCents,
  vatAmountCents: transactions.vatAmountCents,
  categoryId: transactions.categoryId,
  categoryName: transactionCategories.name,
  categoryIsDefault: transactionCategories.isDefault,
  description: transactions.description,
  clientId: transactions.clientId,
  clientName,
  paymentMethod: transactions.paymentMethod,
  invoiceId: transactions.invoiceId,
  imported: sql<boolean>`${transactions.importHash} is not null`,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
};
export type TransactionRow = {
  id: string;
  occurredOn: string;
  direction: string;
  amountCents: number;
  vatAmountCents: number | null;
  categoryId: string | null;
  categoryName: string | null;
  categoryIsDefault: boolean | null;
  description: string | null;
  clientId: string | null;
  clientName: string | null;
  paymentMethod: string;
  invoiceId: string | null;
  imported: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type TransactionFilter = Pick<
  TTransactionListQuery,
  'from' | 'to' | 'direction' | 'categoryId' | 'clientId' | 'q'
>;

function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filters as one condition; the text search reads the description and the client's names. */
function whereOf(orgId: string, f: TransactionFilter): SQL {
  const parts: SQL[] = [eq(transactions.organizationId, orgId)];
  if (f.from) parts.push(gte(transactions.occurredOn, f.from));
  if (f.to) parts.push(lte(transactions.occurredOn, f.to));
  if (f.direction) parts.push(eq(transactions.direction, f.direction));
  if (f.categoryId) parts.push(eq(transactions.categoryId, f.categoryId));
  if (f.clientId) parts.push(eq(transactions.clientId, f.clientId));
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(
      or(
        ilike(transactions.description, like),
        ilike(clients.companyName, like),
        ilike(clients.fullName, like),
      )!,
    );
  }
  return and(...parts)!;
}

const SORTS: Record<TTransactionListQuery['sort'], SQL[]> = {
  '-occurredOn': [desc(transactions.occurredOn), desc(transactions.createdAt), desc(transactions.id)],
  occurredOn: [asc(transactions.occurredOn), asc(transactions.createdAt), asc(transactions.id)],
  '-amountCents': [desc(transactions.amountCents), desc(transactions.occurredOn), desc(transactions.id)],
  amountCents: [asc(transactions.amountCents), desc(transactions.occurredOn), desc(transactions.id)],
};

/** The client join is on the client's primary key and the organization, so a row never shows another tenant. */
const clientJoin = and(
  eq(clients.id, transactions.clientId),
  eq(clients.organizationId, transactions.organizationId),
);
const categoryJoin = and(
  eq(transactionCategories.id, transactions.categoryId),
  eq(transactionCategories.organizationId, transactions.organizationId),
);

export async function listTransactions(
  db: DbOrTx,
  orgId: string,
  filter: TransactionFilter,
  options: { sort: TTransactionListQuery['sort']; limit?: number; offset?: number },
): Promise<TransactionRow[]> {
  let query = db
    .select(transactionColumns)
    .from(transactions)
    .leftJoin(clients, clientJoin)
    .leftJoin(transactionCategories, categoryJoin)
    .where(whereOf(orgId, filter))
    .orderBy(...SORTS[options.sort])
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset) query = query.offset(options.offset);
  return query;
}

/**
 * Count and totals of every entry matching the filters, in one aggregate query over the whole range (not the
 * page): income, expenses and the number of entries.
 */
export async function aggregateTransactions(
  db: DbOrTx,
  orgId: string,
  filter: TransactionFilter,
): Promise<{ total: number; incomeCents: number; expenseCents: number }> {
  const query = db
    .select({
      total: count(),
      incomeCents:
        sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.direction} = 'income'), 0)`.mapWith(
          Number,
        ),
      expenseCents:
        sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.direction} = 'expense'), 0)`.mapWith(
          Number,
        ),
    })
    .from(transactions)
    .$dynamic();
  // The client join is only needed when the text search reads the client's names.
  const [row] = await (filter.q ? query.leftJoin(clients, clientJoin) : query).where(whereOf(orgId, filter));
  return { total: row?.total ?? 0, incomeCents: row?.incomeCents ?? 0, expenseCents: row?.expenseCents ?? 0 };
}

/** Income and expenses per month of the filtered range, oldest first. */
export async function monthlyTotals(
  db: DbOrTx,
  orgId: string,
  filter: TransactionFilter,
): Promise<{ month: string; incomeCents: number; expenseCents: number }[]> {
  const month = sql<string>`to_char(${transactions.occurredOn}, 'YYYY-MM')`;
  const query = db
    .select({
      month,
      incomeCents:
        sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.direction} = 'income'), 0)`.mapWith(
          Number,
        ),
      expenseCents:
        sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.direction} = 'expense'), 0)`.mapWith(
          Number,
        ),
    })
    .from(transactions)
    .$dynamic();
  return (filter.q ? query.leftJoin(clients, clientJoin) : query)
    .where(whereOf(orgId, filter))
    .groupBy(month)
    .orderBy(month);
}

export async function findTransaction(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select(transactionColumns)
    .from(transactions)
    .leftJoin(clients, clientJoin)
    .leftJoin(transactionCategories, categoryJoin)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)));
  return row;
}

export type TransactionValues = {
  occurredOn: string;
  direction: string;
  amountCents: number;
  vatAmountCents: number | null;
  categoryId: string | null;
  description: string | null;
  clientId: string | null;
  paymentMethod: string;
};

export async function insertTransaction(
  db: DbOrTx,
  orgId: string,
  userId: string,
  values: TransactionValues,
): Promise<string> {
  const [row] = await db
    .insert(transactions)
    .values({ ...values, organizationId: orgId, createdBy: userId })
    .returning({ id: transactions.id });
  return row!.id;
}

export async function updateTransaction(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: TransactionValues,
): Promise<boolean> {
  const rows = await db
    .update(transactions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)))
    .returning({ id: transactions.id });
  return rows.length > 0;
}

export async function deleteTransaction(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)))
    .returning({ id: transactions.id });
  return rows.length > 0;
}

/** Whether the client exists in the organization (archived clients count: old entries may name them). */
export async function clientExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
    .limit(1);
  return rows.length > 0;
}

/** Many entries at once (demo data), in chunks; returns how many were inserted. */
export async function insertManyTransactions(
  db: DbOrTx,
  orgId: string,
  userId: string | null,
  lines: readonly TransactionValues[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
    const chunk = lines.slice(i, i + INSERT_CHUNK);
    const rows = await db
      .insert(transactions)
      .values(chunk.map((l) => ({ ...l, organizationId: orgId, createdBy: userId })))
      .returning({ id: transactions.id });
    inserted += rows.length;
  }
  return inserted;
}

export async function countTransactions(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.organizationId, orgId));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- bank import

/** The fingerprints among `hashes` that the organization's ledger already holds (one query per 5,000). */
export async function existingImportHashes(
  db: DbOrTx,
  orgId: string,
  hashes: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += 5000) {
    const chunk = hashes.slice(i, i + 5000);
    if (chunk.length === 0) continue;
    const rows = await db
      .select({ hash: transactions.importHash })
      .from(transactions)
      .where(and(eq(transactions.organizationId, orgId), inArray(transactions.importHash, chunk)));
    for (const r of rows) if (r.hash) found.add(r.hash);
  }
  return found;
}

export type ImportedValues = TransactionValues & { importHash: string };

/**
 * Inserts imported lines in chunks; a line whose import hash is already in the organization is skipped by the
 * unique index (ON CONFLICT DO NOTHING), so a repeated or concurrent import never duplicates. Returns how
 * many were inserted. Run it inside a transaction so the import happens entirely or not at all.
 */
export async function insertImportedTransactions(
  db: DbOrTx,
  orgId: string,
  userId: string,
  lines: readonly ImportedValues[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
    const chunk = lines.slice(i, i + INSERT_CHUNK);
    const rows = await db
      .insert(transactions)
      .values(chunk.map((l) => ({ ...l, organizationId: orgId, createdBy: userId })))
      .onConflictDoNothing({
        target: [transactions.organizationId, transactions.importHash],
        where: sql`${transactions.importHash} is not null`,
      })
      .returning({ id: transactions.id });
    inserted += rows.length;
  }
  return inserted;
}

// ---------------------------------------------------------------- saved bank mappings

const mappingColumns = {
  id: bankImportMappings.id,
  name: bankImportMappings.name,
  mapping: bankImportMappings.mapping,
  createdAt: bankImportMappings.createdAt,
  updatedAt: bankImportMappings.updatedAt,
};

export async function listMappings(db: DbOrTx, orgId: string) {
  return db
    .select(mappingColumns)
    .from(bankImportMappings)
    .where(eq(bankImportMappings.organizationId, orgId))
    .orderBy(asc(sql`lower(${bankImportMappings.name})`));
}

/** One mapping per name: saving under an existing name replaces it. */
export async function upsertMapping(db: DbOrTx, orgId: string, name: string, mapping: TBankStatementMapping) {
  const [row] = await db
    .insert(bankImportMappings)
    .values({ organizationId: orgId, name, mapping })
    .onConflictDoUpdate({
      target: [bankImportMappings.organizationId, bankImportMappings.name],
      set: { mapping, updatedAt: new Date() },
    })
    .returning(mappingColumns);
  return row!;
}

export async function deleteMapping(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(bankImportMappings)
    .where(and(eq(bankImportMappings.organizationId, orgId), eq(bankImportMappings.id, id)))
    .returning({ id: bankImportMappings.id });
  return rows.length > 0;
}
