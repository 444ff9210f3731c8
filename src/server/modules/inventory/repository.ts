import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { user } from '../../db/schema/auth.ts';
import { inventoryItems, stockMovements } from '../../db/schema/inventory.ts';
import { organizationSettings } from '../../db/schema/organization-settings.ts';

/** Explicit columns: everything the contract returns, never the search helper column. */
const itemColumns = {
  id: inventoryItems.id,
  name: inventoryItems.name,
  sku: inventoryItems.sku,
  barcode: inventoryItems.barcode,
  description: inventoryItems.description,
  kind: inventoryItems.kind,
  unit: inventoryItems.unit,
  salePriceCents: inventoryItems.salePriceCents,
  costCents: inventoryItems.costCents,
  vatRateBp: inventoryItems.vatRateBp,
  vatNatura: inventoryItems.vatNatura,
  category: inventoryItems.category,
  active: inventoryItems.active,
  stockQuantity: inventoryItems.stockQuantity,
  lowStockThreshold: inventoryItems.lowStockThreshold,
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
};

export type ItemRow = {
  id: string;
  name: string;
  sku: string;
  barcode: string | null;
  description: string | null;
  kind: string;
  unit: string;
  salePriceCents: number;
  costCents: number;
  vatRateBp: number;
  vatNatura: string | null;
  category: string | null;
  active: boolean;
  stockQuantity: string;
  lowStockThreshold: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What create and update write; the stock quantity is written only together with a movement. */
export type ItemValues = {
  name: string;
  sku: string;
  barcode: string | null;
  description: string | null;
  kind: string;
  unit: string;
  salePriceCents: number;
  costCents: number;
  vatRateBp: number;
  vatNatura: string | null;
  category: string | null;
  active: boolean;
  lowStockThreshold: string | null;
};

export type ItemFilter = {
  q?: string;
  category?: string;
  kind?: string;
  lowStock?: boolean;
  active: 'active' | 'inactive' | 'all';
  sort: string;
};

const isLow = sql`(${inventoryItems.kind} = 'goods' and ${inventoryItems.lowStockThreshold} is not null and ${inventoryItems.stockQuantity} <= ${inventoryItems.lowStockThreshold})`;

/** The words of a search, lowercased; at most 6 so a pasted paragraph cannot make a huge query. */
function searchWords(q: string | undefined): string[] {
  return (q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
}

/**
 * Search tolerates typos: a substring match, or pg_trgm word similarity of the query to any word run of the
 * item's name, SKU and barcode, word by word ("aria filttro" finds "Filtro aria"). Both use the trigram index on search_text.
 */
function whereOf(orgId: string, f: ItemFilter): SQL {
  const parts: SQL[] = [eq(inventoryItems.organizationId, orgId)];
  if (f.active === 'active') parts.push(eq(inventoryItems.active, true));
  if (f.active === 'inactive') parts.push(eq(inventoryItems.active, false));
  if (f.category) parts.push(eq(inventoryItems.category, f.category));
  if (f.kind) parts.push(eq(inventoryItems.kind, f.kind));
  if (f.lowStock === true) parts.push(isLow);
  if (f.lowStock === false) parts.push(sql`not ${isLow}`);
  // Every word of the query must match, in any order ("aria filtro" finds "Filtro aria").
  for (const word of searchWords(f.q)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // `text %> word` (not `word <% text`): only this operand order lets the planner use the trigram index.
    parts.push(
      or(sql`${inventoryItems.searchText} like ${like}`, sql`${inventoryItems.searchText} %> ${word}`)!,
    );
  }
  return and(...parts)!;
}

const lowerName = sql`lower(${inventoryItems.name})`;

function orderOf(f: ItemFilter): SQL[] {
  const q = f.q?.trim().toLowerCase();
  const bySort: Record<string, SQL[]> = {
    name: [asc(lowerName)],
    '-name': [desc(lowerName)],
    sku: [asc(inventoryItems.sku)],
    '-sku': [desc(inventoryItems.sku)],
    stockQuantity: [asc(inventoryItems.stockQuantity), asc(lowerName)],
    '-stockQuantity': [desc(inventoryItems.stockQuantity), asc(lowerName)],
    salePriceCents: [asc(inventoryItems.salePriceCents), asc(lowerName)],
    '-salePriceCents': [desc(inventoryItems.salePriceCents), asc(lowerName)],
    createdAt: [asc(inventoryItems.createdAt)],
    '-createdAt': [desc(inventoryItems.createdAt)],
  };
  const chosen = bySort[f.sort] ?? bySort.name!;
  // With a query and the default sort, the best match comes first.
  // The strict variant first: plain word similarity ties often between close words.
  const ranked =
    q && f.sort === 'name'
      ? [
          desc(sql`strict_word_similarity(${q}, ${inventoryItems.searchText})`),
          desc(sql`word_similarity(${q}, ${inventoryItems.searchText})`),
        ]
      : [];
  return [...ranked, ...chosen, asc(inventoryItems.id)];
}

/** Stock value at cost of goods with positive stock, each item rounded to the cent (stock.ts stockValueCents). */
const stockValue = sql<string>`coalesce(sum(case when ${inventoryItems.kind} = 'goods' and ${inventoryItems.stockQuantity} > 0 then round(${inventoryItems.stockQuantity} * ${inventoryItems.costCents}) else 0 end), 0)`;

export async function listItems(
  db: DbOrTx,
  orgId: string,
  f: ItemFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(orgId, f);
  const [items, [totals]] = await Promise.all([
    db
      .select(itemColumns)
      .from(inventoryItems)
      .where(where)
      .orderBy(...orderOf(f))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count(), stockValue }).from(inventoryItems).where(where),
  ]);
  return {
    items: items as ItemRow[],
    total: totals?.total ?? 0,
    stockValueCents: Number(totals?.stockValue ?? 0),
  };
}

/** Every matching row, for exports (capped by the caller). */
export async function listAllItems(db: DbOrTx, orgId: string, f: ItemFilter, limit: number) {
  const rows = await db
    .select(itemColumns)
    .from(inventoryItems)
    .where(whereOf(orgId, f))
    .orderBy(...orderOf(f))
    .limit(limit);
  return rows as ItemRow[];
}

export async function findItem(db: DbOrTx, orgId: string, id: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(inventoryItems)
    .where(and(eq(inventoryItems.organizationId, orgId), eq(inventoryItems.id, id)));
  return row as ItemRow | undefined;
}

/** The item whose barcode is one of the keys, else the one with that SKU (barcode first: it is what scanners read). */
export async function findItemByCode(
  db: DbOrTx,
  orgId: string,
  code: { barcodes: string[]; sku: string },
): Promise<ItemRow | undefined> {
  const matches: SQL[] = [eq(inventoryItems.sku, code.sku)];
  if (code.barcodes.length) matches.push(inArray(inventoryItems.barcode, code.barcodes));
  const rows = await db
    .select(itemColumns)
    .from(inventoryItems)
    .where(and(eq(inventoryItems.organizationId, orgId), or(...matches)))
    .orderBy(
      sql`case when ${inventoryItems.barcode} is not null and ${inventoryItems.sku} <> ${code.sku} then 0 else 1 end`,
    )
    .limit(2);
  return rows[0] as ItemRow | undefined;
}

/** Which of the SKU and barcode keys another item of the organization already uses. */
export async function findCodeConflicts(
  db: DbOrTx,
  orgId: string,
  codes: { sku: string; barcodes: string[]; exceptId?: string },
) {
  const matches: SQL[] = [eq(inventoryItems.sku, codes.sku)];
  if (codes.barcodes.length) matches.push(inArray(inventoryItems.barcode, codes.barcodes));
  const rows = await db
    .select({ id: inventoryItems.id, sku: inventoryItems.sku, barcode: inventoryItems.barcode })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.organizationId, orgId),
        or(...matches),
        codes.exceptId ? sql`${inventoryItems.id} <> ${codes.exceptId}` : undefined,
      ),
    );
  return {
    sku: rows.some((r) => r.sku === codes.sku),
    barcode: rows.some((r) => r.barcode !== null && codes.barcodes.includes(r.barcode)),
  };
}

export async function insertItem(
  db: DbOrTx,
  orgId: string,
  values: ItemValues & { stockQuantity?: string },
): Promise<ItemRow> {
  const [row] = await db
    .insert(inventoryItems)
    .values({ ...values, organizationId: orgId })
    .returning(itemColumns);
  return row as ItemRow;
}

export async function updateItem(db: DbOrTx, orgId: string, id: string, values: ItemValues) {
  const [row] = await db
    .update(inventoryItems)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(inventoryItems.organizationId, orgId), eq(inventoryItems.id, id)))
    .returning(itemColumns);
  return row as ItemRow | undefined;
}

/** An item with movements cannot go: the foreign key refuses (→ 409 IN_USE, "Cannot delete: item is in use"). */
export async function deleteItem(db: DbOrTx, orgId: string, id: string) {
  const deleted = await db
    .delete(inventoryItems)
    .where(and(eq(inventoryItems.organizationId, orgId), eq(inventoryItems.id, id)))
    .returning({ id: inventoryItems.id });
  return deleted.length > 0;
}

export async function countItems(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(inventoryItems)
    .where(eq(inventoryItems.organizationId, orgId));
  return row?.n ?? 0;
}

export async function countMovements(db: DbOrTx, orgId: string, itemId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(stockMovements)
    .where(and(eq(stockMovements.organizationId, orgId), eq(stockMovements.itemId, itemId)));
  return row?.n ?? 0;
}

export async function listCategories(db: DbOrTx, orgId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: inventoryItems.category })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.organizationId, orgId), isNotNull(inventoryItems.category)))
    .orderBy(asc(inventoryItems.category));
  return rows.map((r) => r.category!).filter(Boolean);
}

/** The item row locked until the end of the transaction (SELECT … FOR UPDATE): movements on it queue up. */
export async function lockItem(db: DbOrTx, orgId: string, id: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(inventoryItems)
    .where(and(eq(inventoryItems.organizationId, orgId), eq(inventoryItems.id, id)))
    .for('update');
  return row as ItemRow | undefined;
}

export type MovementValues = {
  itemId: string;
  kind: string;
  /** Signed change, as numeric text ("-2.000"). */
  quantity: string;
  reason: string | null;
  occurredOn: string;
  userId: string | null;
  documentType: string | null;
  documentId: string | null;
};

const movementColumns = {
  id: stockMovements.id,
  itemId: stockMovements.itemId,
  kind: stockMovements.kind,
  quantity: stockMovements.quantity,
  reason: stockMovements.reason,
  occurredOn: stockMovements.occurredOn,
  userId: stockMovements.userId,
  documentType: stockMovements.documentType,
  documentId: stockMovements.documentId,
  createdAt: stockMovements.createdAt,
};

export type MovementRow = {
  id: string;
  itemId: string;
  kind: string;
  quantity: string;
  reason: string | null;
  occurredOn: string;
  userId: string | null;
  userName: string | null;
  documentType: string | null;
  documentId: string | null;
  createdAt: Date;
};

export async function insertMovement(db: DbOrTx, orgId: string, values: MovementValues) {
  const [row] = await db
    .insert(stockMovements)
    .values({ ...values, organizationId: orgId })
    .returning(movementColumns);
  return row!;
}

/** Adds the movement's change to the cached quantity (in the movement's transaction) and returns the new row. */
export async function addToStock(db: DbOrTx, orgId: string, id: string, delta: string) {
  const [row] = await db
    .update(inventoryItems)
    .set({
      stockQuantity: sql`${inventoryItems.stockQuantity} + ${delta}::numeric`,
      updatedAt: new Date(),
    })
    .where(and(eq(inventoryItems.organizationId, orgId), eq(inventoryItems.id, id)))
    .returning(itemColumns);
  return row as ItemRow;
}

/** Newest first, with the name of the user who recorded each movement. */
export async function listMovements(
  db: DbOrTx,
  orgId: string,
  itemId: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(stockMovements.organizationId, orgId), eq(stockMovements.itemId, itemId));
  const [items, [totalRow]] = await Promise.all([
    db
      .select({ ...movementColumns, userName: user.name })
      .from(stockMovements)
      .leftJoin(user, eq(user.id, stockMovements.userId))
      .where(where)
      .orderBy(desc(stockMovements.occurredOn), desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return { items: items as MovementRow[], total: totalRow?.total ?? 0 };
}

/** The sum of an item's movements (the truth the cached stock_quantity mirrors). */
export async function sumMovements(db: DbOrTx, orgId: string, itemId: string) {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)` })
    .from(stockMovements)
    .where(and(eq(stockMovements.organizationId, orgId), eq(stockMovements.itemId, itemId)));
  return row?.sum ?? '0';
}

/** A missing settings row means the defaults (negative stock not allowed). */
export async function findAllowNegativeStock(db: DbOrTx, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ allow: organizationSettings.allowNegativeStock })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, orgId));
  return row?.allow ?? false;
}

export async function saveAllowNegativeStock(db: DbOrTx, orgId: string, allow: boolean) {
  const [row] = await db
    .insert(organizationSettings)
    .values({ organizationId: orgId, allowNegativeStock: allow })
    .onConflictDoUpdate({
      target: organizationSettings.organizationId,
      set: { allowNegativeStock: allow, updatedAt: new Date() },
    })
    .returning({ allow: organizationSettings.allowNegativeStock });
  return row!.allow;
}

/** Every SKU and barcode of the organization, for duplicate detection in imports. */
export async function existingCodes(db: DbOrTx, orgId: string) {
  const rows = await db
    .select({ sku: inventoryItems.sku, barcode: inventoryItems.barcode })
    .from(inventoryItems)
    .where(eq(inventoryItems.organizationId, orgId));
  return {
    skus: new Set(rows.map((r) => r.sku)),
    barcodes: new Set(rows.map((r) => r.barcode).filter((b): b is string => !!b)),
  };
}

const CHUNK = 500;

/** Inserts items in chunks of 500; returns the new id of each SKU. */
export async function insertItemsBatch(
  db: DbOrTx,
  orgId: string,
  rows: (ItemValues & { stockQuantity: string })[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await db
      .insert(inventoryItems)
      .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, organizationId: orgId })))
      .returning({ id: inventoryItems.id, sku: inventoryItems.sku });
    for (const r of inserted) ids.set(r.sku, r.id);
  }
  return ids;
}

export async function insertMovementsBatch(db: DbOrTx, orgId: string, rows: MovementValues[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(stockMovements)
      .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, organizationId: orgId })));
  }
}
