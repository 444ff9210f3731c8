import type { Locale } from '@shared/errors/error-codes.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { catalogueText } from '@shared/i18n/texts.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { barcodeLookupKeys, normalizeBarcode } from '@shared/inventory/barcodes.ts';
import {
  UNIT_LABELS,
  type TItem,
  type TItemInput,
  type TItemListQuery,
  type TMovementPage,
  type TRecordedMovement,
  type TStockMovement,
  type TStockMovementInput,
  type Unit,
} from '@shared/inventory/contracts.ts';
import {
  IMPORT_MOVEMENT_REASON,
  IMPORT_PREVIEW_ROWS,
  ITEM_EXPORT_HEADERS,
  MAX_EXPORT_ROWS,
  MAX_IMPORT_ISSUES,
  checkItemImportRow,
  itemExportFileName,
  itemExportRow,
  type TItemExportQuery,
  type TItemImportPreviewRow,
  type TItemImportRequest,
  type TItemImportResult,
  type TItemImportRowIssue,
} from '@shared/inventory/import-export.ts';
import type { InventoryMessageKey } from '@shared/inventory/messages.ts';
import {
  crossesLowStockThreshold,
  isLowStock,
  quantityFromDb,
  quantityToDb,
  signedDelta,
  wouldGoNegative,
  type MovementKind,
} from '@shared/inventory/stock.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import { formatNumber } from '@shared/format/format.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, violatedUniqueConstraint } from '../../platform/errors.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { notifyOrganization } from '../notifications/index.ts';
import { XLSX_TYPE, writeXlsx } from '../imports/spreadsheets.ts';
import * as repo from './repository.ts';

/**
 * Inventory (issue 4): items, stock movements, lookup by scanned code, import and export. Stock changes only
 * through movements: each one locks its item row, checks the organization's negative-stock rule, writes the
 * movement and the new cached quantity in one transaction, and notifies the organization over the live channel
 * when it takes the item to its low-stock threshold.
 */

export function toItem(row: repo.ItemRow): TItem {
  const level = {
    kind: row.kind as TItem['kind'],
    stockQuantity: quantityFromDb(row.stockQuantity) ?? 0,
    lowStockThreshold: quantityFromDb(row.lowStockThreshold),
  };
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    description: row.description,
    kind: level.kind,
    unit: row.unit as TItem['unit'],
    salePriceCents: Number(row.salePriceCents),
    costCents: Number(row.costCents),
    vatRateBp: row.vatRateBp,
    vatNatura: row.vatNatura as TItem['vatNatura'],
    category: row.category,
    active: row.active,
    stockQuantity: level.stockQuantity,
    lowStockThreshold: level.lowStockThreshold,
    lowStock: isLowStock(level),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMovement(row: Omit<repo.MovementRow, 'userName'> & { userName?: string | null }): TStockMovement {
  return {
    id: row.id,
    itemId: row.itemId,
    kind: row.kind as MovementKind,
    quantity: quantityFromDb(row.quantity) ?? 0,
    reason: row.reason,
    occurredOn: row.occurredOn,
    userId: row.userId,
    userName: row.userName ?? null,
    documentType: row.documentType,
    documentId: row.documentId,
    createdAt: row.createdAt.toISOString(),
  };
}

function toValues(input: TItemInput): repo.ItemValues {
  return {
    name: input.name,
    sku: input.sku,
    barcode: input.barcode,
    description: input.description,
    kind: input.kind,
    unit: input.unit,
    salePriceCents: input.salePriceCents,
    costCents: input.costCents,
    vatRateBp: input.vatRateBp,
    vatNatura: input.vatNatura,
    category: input.category,
    active: input.active,
    lowStockThreshold: input.lowStockThreshold === null ? null : quantityToDb(input.lowStockThreshold),
  };
}

function filterOf(q: Omit<TItemListQuery, 'page' | 'pageSize'>): repo.ItemFilter {
  return {
    q: q.q,
    category: q.category,
    kind: q.kind,
    lowStock: q.lowStock,
    active: q.active,
    sort: q.sort,
  };
}

export async function listItems(deps: { db: Db }, input: { orgId: string; query: TItemListQuery }) {
  const { orgId, query } = input;
  const page = await repo.listItems(deps.db, orgId, filterOf(query), toLimitOffset(query));
  return {
    items: page.items.map(toItem),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    stockValueCents: page.stockValueCents,
  };
}

async function requireItem(db: Db, orgId: string, id: string) {
  const row = await repo.findItem(db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getItem(deps: { db: Db }, input: { orgId: string; id: string }) {
  return toItem(await requireItem(deps.db, input.orgId, input.id));
}

const conflict = (path: 'sku' | 'barcode') =>
  new AppError('ALREADY_EXISTS', [
    {
      path,
      message: (path === 'sku'
        ? 'inventory.errors.skuTaken'
        : 'inventory.errors.barcodeTaken') satisfies InventoryMessageKey,
    },
  ]);

/**
 * SKU and barcode are unique in the organization; a barcode also clashes with its other form (a UPC-A and the
 * same number as EAN-13 with a leading 0 are one product). Checked first to name the field; the unique indexes
 * still catch a race, and the constraint name tells which field.
 */
async function assertCodesFree(db: Db, orgId: string, input: TItemInput, exceptId?: string) {
  const taken = await repo.findCodeConflicts(db, orgId, {
    sku: input.sku,
    barcodes: input.barcode ? barcodeLookupKeys(input.barcode) : [],
    exceptId,
  });
  if (taken.sku) throw conflict('sku');
  if (taken.barcode) throw conflict('barcode');
}

function rethrowUnique(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === 'inventory_org_barcode_uq') throw conflict('barcode');
  if (constraint !== undefined) throw conflict('sku');
  throw error;
}

export async function createItem(deps: { db: Db }, input: { orgId: string; values: TItemInput }) {
  await assertCodesFree(deps.db, input.orgId, input.values);
  try {
    return toItem(await repo.insertItem(deps.db, input.orgId, toValues(input.values)));
  } catch (error) {
    rethrowUnique(error);
  }
}

/**
 * Full update. The stock quantity is not an input; turning goods with stock into a service is refused while
 * the item has movements, since the stock would be lost from sight.
 */
export async function updateItem(deps: { db: Db }, input: { orgId: string; id: string; values: TItemInput }) {
  const existing = await requireItem(deps.db, input.orgId, input.id);
  if (existing.kind === 'goods' && input.values.kind === 'service') {
    if ((await repo.countMovements(deps.db, input.orgId, input.id)) > 0) {
      throw new AppError('VALIDATION_ERROR', [
        { path: 'kind', message: 'inventory.errors.kindLocked' satisfies InventoryMessageKey },
      ]);
    }
  }
  await assertCodesFree(deps.db, input.orgId, input.values, input.id);
  try {
    const row = await repo.updateItem(deps.db, input.orgId, input.id, toValues(input.values));
    if (!row) throw new AppError('NOT_FOUND');
    return toItem(row);
  } catch (error) {
    rethrowUnique(error);
  }
}

/** An item with movements answers 409 IN_USE (the web then offers to deactivate it instead). */
export async function deleteItem(deps: { db: Db }, input: { orgId: string; id: string }) {
  const { orgId, id } = input;
  await requireItem(deps.db, orgId, id);
  if ((await repo.countMovements(deps.db, orgId, id)) > 0) throw new AppError('IN_USE');
  if (!(await repo.deleteItem(deps.db, orgId, id))) throw new AppError('NOT_FOUND');
}

/** A scanned or typed code: a barcode in any of its forms (UPC-A = EAN-13 with a leading 0), else an SKU. */
export async function lookupItem(deps: { db: Db }, input: { orgId: string; code: string }) {
  const { orgId } = input;
  const trimmed = input.code.trim();
  const digits = normalizeBarcode(trimmed);
  const barcodes = /^\d+$/.test(digits) ? barcodeLookupKeys(digits) : [];
  const row = await repo.findItemByCode(deps.db, orgId, { barcodes, sku: trimmed.toUpperCase() });
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}

export async function listCategories(deps: { db: Db }, input: { orgId: string }) {
  return { categories: await repo.listCategories(deps.db, input.orgId) };
}

export async function listMovements(
  deps: { db: Db },
  input: { orgId: string; itemId: string; query: { page: number; pageSize: number } },
): Promise<TMovementPage> {
  const { orgId, itemId, query } = input;
  await requireItem(deps.db, orgId, itemId);
  const page = await repo.listMovements(deps.db, orgId, itemId, toLimitOffset(query));
  return {
    items: page.items.map(toMovement),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function quantityLabel(q: number, unit: string, locale: Locale) {
  const symbol = UNIT_LABELS[unit as Unit]?.symbol ?? unit;
  return `${formatNumber(q, locale === 'it' ? 'it-IT' : 'en-GB', { maximumFractionDigits: 3 })} ${symbol}`;
}

/**
 * Records a movement in one transaction: lock the item row (SELECT … FOR UPDATE, so concurrent movements on it
 * queue and cannot oversell), refuse going below zero unless the organization allows it, insert the movement,
 * add its change to the cached quantity. After the commit, a movement that takes the item to its low-stock
 * threshold notifies the organization over the live channel, in the caller's language.
 */
export async function recordMovement(
  deps: { db: Db; hub: RealtimeHub },
  input: {
    orgId: string;
    userId: string;
    userName: string;
    itemId: string;
    movement: TStockMovementInput;
    locale: Locale;
  },
): Promise<TRecordedMovement> {
  const { orgId, movement } = input;
  const delta = signedDelta(movement.kind, movement.quantity);
  const result = await deps.db.transaction(async (db) => {
    const locked = await repo.lockItem(db, orgId, input.itemId);
    if (!locked) throw new AppError('NOT_FOUND');
    const before = toItem(locked);
    if (before.kind !== 'goods') {
      throw new AppError('VALIDATION_ERROR', [
        { path: 'kind', message: 'inventory.errors.notGoods' satisfies InventoryMessageKey },
      ]);
    }
    if (wouldGoNegative(before.stockQuantity, delta) && !(await repo.findAllowNegativeStock(db, orgId))) {
      throw new AppError('INSUFFICIENT_STOCK', [
        { path: 'quantity', message: 'inventory.errors.insufficientStock' },
      ]);
    }
    const row = await repo.insertMovement(db, orgId, {
      itemId: input.itemId,
      kind: movement.kind,
      quantity: quantityToDb(delta),
      reason: movement.reason,
      occurredOn: movement.occurredOn,
      userId: input.userId,
      documentType: movement.documentType,
      documentId: movement.documentId,
    });
    const after = toItem(await repo.addToStock(db, orgId, input.itemId, quantityToDb(delta)));
    return { before, after, row };
  });

  const { before, after } = result;
  if (crossesLowStockThreshold(before, delta) && after.lowStockThreshold !== null) {
    await notifyOrganization(deps, {
      orgId,
      type: 'warning',
      title: catalogueText('notifications', 'sent.lowStock.title', input.locale, { name: after.name }),
      message: catalogueText('notifications', 'sent.lowStock.message', input.locale, {
        left: quantityLabel(after.stockQuantity, after.unit, input.locale),
        threshold: quantityLabel(after.lowStockThreshold, after.unit, input.locale),
      }),
      data: { url: `/inventory/${after.id}` },
    });
  }
  return { movement: toMovement({ ...result.row, userName: input.userName }), item: after };
}

export async function getInventorySettings(deps: { db: Db }, input: { orgId: string }) {
  return { allowNegativeStock: await repo.findAllowNegativeStock(deps.db, input.orgId) };
}

export async function saveInventorySettings(
  deps: { db: Db },
  input: { orgId: string; settings: { allowNegativeStock: boolean } },
) {
  return {
    allowNegativeStock: await repo.saveAllowNegativeStock(
      deps.db,
      input.orgId,
      input.settings.allowNegativeStock,
    ),
  };
}

const localised = (key: string, locale: Locale) => fieldMessage(key, locale) ?? key;

/**
 * Import of mapped rows. Each row is checked like the item form; rows whose SKU or barcode (in any form) already
 * exists, or repeats an earlier row of the file, are duplicates and skipped, so importing a file twice creates
 * nothing the second time. A dry run only answers the counts, the issues and a preview. For real, the valid rows
 * are written in one transaction (chunks of 500), opening stock as "adjustment" movements with reason "Import";
 * in all_or_nothing mode a single invalid row means nothing is written.
 */
export async function importItems(
  deps: { db: Db },
  input: { orgId: string; userId: string; request: TItemImportRequest; locale: Locale },
): Promise<TItemImportResult> {
  const { orgId, request, locale } = input;
  const existing = await repo.existingCodes(deps.db, orgId);
  const seenSkus = new Set(existing.skus);
  const seenBarcodes = new Set(existing.barcodes);
  const issues: TItemImportRowIssue[] = [];
  const preview: TItemImportPreviewRow[] = [];
  const toCreate: { input: TItemInput; openingStock: number | null }[] = [];
  let invalid = 0;
  let duplicates = 0;

  request.rows.forEach((cells, index) => {
    const row = index + 1;
    const checked = checkItemImportRow(cells);
    if (!checked.ok) {
      invalid++;
      if (issues.length < MAX_IMPORT_ISSUES) {
        issues.push({
          row,
          status: 'invalid',
          name: checked.name,
          sku: checked.sku,
          errors: checked.errors.map((e) => ({ ...e, message: localised(e.key, locale) })),
        });
      }
      return;
    }
    const item = checked.input;
    const keys = item.barcode ? barcodeLookupKeys(item.barcode) : [];
    const duplicateOf: { path: string; key: string }[] = [];
    if (seenSkus.has(item.sku)) duplicateOf.push({ path: 'sku', key: 'inventory.errors.skuTaken' });
    if (keys.some((k) => seenBarcodes.has(k)))
      duplicateOf.push({ path: 'barcode', key: 'inventory.errors.barcodeTaken' });
    if (duplicateOf.length > 0) {
      duplicates++;
      if (issues.length < MAX_IMPORT_ISSUES) {
        issues.push({
          row,
          status: 'duplicate',
          name: item.name,
          sku: item.sku,
          errors: duplicateOf.map((e) => ({ ...e, message: localised(e.key, locale) })),
        });
      }
      return;
    }
    seenSkus.add(item.sku);
    for (const k of keys) seenBarcodes.add(k);
    toCreate.push(checked);
    if (preview.length < IMPORT_PREVIEW_ROWS) {
      preview.push({
        row,
        name: item.name,
        sku: item.sku,
        barcode: item.barcode,
        kind: item.kind,
        unit: item.unit,
        salePriceCents: item.salePriceCents,
        costCents: item.costCents,
        vatRateBp: item.vatRateBp,
        category: item.category,
        stockQuantity: checked.openingStock,
      });
    }
  });

  const blocked = request.mode === 'all_or_nothing' && invalid > 0;
  const commit = !request.dryRun && !blocked && toCreate.length > 0;
  if (commit) {
    const occurredOn = todayIsoDate();
    await deps.db.transaction(async (db) => {
      const ids = await repo.insertItemsBatch(
        db,
        orgId,
        toCreate.map((c) => ({
          ...toValues(c.input),
          stockQuantity: quantityToDb(c.openingStock ?? 0),
        })),
      );
      await repo.insertMovementsBatch(
        db,
        orgId,
        toCreate
          .filter((c) => c.openingStock !== null)
          .map((c) => ({
            itemId: ids.get(c.input.sku)!,
            kind: 'adjustment',
            quantity: quantityToDb(c.openingStock!),
            reason: IMPORT_MOVEMENT_REASON,
            occurredOn,
            userId: input.userId,
            documentType: null,
            documentId: null,
          })),
      );
    });
  }
  return {
    dryRun: request.dryRun,
    mode: request.mode,
    total: request.rows.length,
    valid: toCreate.length,
    invalid,
    duplicates,
    imported: commit ? toCreate.length : 0,
    committed: commit,
    issues,
    preview,
  };
}

/** The filtered list as CSV (Italian: ";" and decimal comma, like Excel in Italy) or XLSX. */
export async function exportItems(
  deps: { db: Db },
  input: { orgId: string; query: TItemExportQuery; locale: Locale },
) {
  const { query, locale } = input;
  const rows = (await repo.listAllItems(deps.db, input.orgId, filterOf(query), MAX_EXPORT_ROWS)).map(toItem);
  const headers = [...ITEM_EXPORT_HEADERS[locale]];
  const fileName = itemExportFileName(locale, query.format, todayIsoDate());
  if (query.format === 'xlsx') {
    const sheet = locale === 'it' ? 'Magazzino' : 'Inventory';
    const content = await writeXlsx(
      sheet,
      headers,
      rows.map((item) => itemExportRow(item, locale, 'xlsx')),
    );
    return { fileName, contentType: XLSX_TYPE, content, count: rows.length };
  }
  const csv = toCsv(
    headers,
    rows.map((item) => itemExportRow(item, locale, 'csv')),
    { delimiter: locale === 'it' ? ';' : ',' },
  );
  return {
    fileName,
    contentType: 'text/csv; charset=utf-8',
    content: Buffer.from(csv, 'utf8'),
    count: rows.length,
  };
}
