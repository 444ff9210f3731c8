import { z } from 'zod';
import type { Locale } from '../errors/error-codes.ts';
import { IMPORT_MODES } from '../imports/contracts.ts';
import { ITEM_IMPORT_TARGETS } from '../imports/mapping.ts';
import { formatCentsPlain } from '../imports/money.ts';
import {
  ZItemInput,
  ZItemListQuery,
  itemInputFromImport,
  vatRateLabel,
  type TItem,
  type TItemInput,
} from './contracts.ts';
import type { InventoryMessageKey } from './messages.ts';
import { parseQuantity } from './stock.ts';

/**
 * Item import and export (issue 4). The web reads the file through POST /api/v1/imports/parse, maps its columns
 * onto ITEM_IMPORT_TARGETS (guessMapping, then the user's choice) and posts the mapped rows here: first as a dry
 * run (the preview with per-row errors), then for real. The opening stock of a row becomes an "adjustment"
 * movement with reason "Import", since stock only changes through movements. Exports use headers that the import
 * recognises, so an exported file can be imported again.
 */
export type ItemImportField = keyof typeof ITEM_IMPORT_TARGETS;
export const ITEM_IMPORT_FIELDS = Object.keys(ITEM_IMPORT_TARGETS) as [ItemImportField, ...ItemImportField[]];

/** The fields a mapping must give. */
export const REQUIRED_IMPORT_FIELDS = ['name', 'sku'] as const satisfies readonly ItemImportField[];

export const MAX_ITEM_IMPORT_ROWS = 50_000;
/** Issues listed in an answer (the counts are always complete). */
export const MAX_IMPORT_ISSUES = 1000;
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_MOVEMENT_REASON = 'Import';

export { IMPORT_MODES, type ImportMode } from '../imports/contracts.ts';

const err = (key: InventoryMessageKey) => ({ error: key });

export const ZItemImportRow = z.partialRecord(z.enum(ITEM_IMPORT_FIELDS), z.string().max(4000));
export type TItemImportRow = z.output<typeof ZItemImportRow>;

export const ZItemImportRequest = z.object({
  rows: z
    .array(ZItemImportRow)
    .min(1, err('inventory.errors.importEmpty'))
    .max(MAX_ITEM_IMPORT_ROWS, err('inventory.errors.importTooLarge')),
  mode: z.enum(IMPORT_MODES, err('inventory.errors.invalidChoice')).default('valid_only'),
  /** True (the default) checks and previews without writing anything. */
  dryRun: z.boolean(err('inventory.errors.invalidValue')).default(true),
});
export type TItemImportRequest = z.output<typeof ZItemImportRequest>;
export type TItemImportRequestInput = z.input<typeof ZItemImportRequest>;

/** A field problem of a row: the import field, the translation key and its text in the caller's language. */
export const ZImportIssue = z.object({ path: z.string(), key: z.string(), message: z.string() });
export type TImportIssue = z.output<typeof ZImportIssue>;

export const ZItemImportRowIssue = z.object({
  /** 1-based data row (the header is not counted: row 1 is the file's second line). */
  row: z.number().int(),
  status: z.enum(['invalid', 'duplicate']),
  name: z.string().nullable(),
  sku: z.string().nullable(),
  errors: z.array(ZImportIssue),
});
export type TItemImportRowIssue = z.output<typeof ZItemImportRowIssue>;

export const ZItemImportPreviewRow = z.object({
  row: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  kind: z.enum(['goods', 'service']),
  unit: z.string(),
  salePriceCents: z.number().int(),
  costCents: z.number().int(),
  vatRateBp: z.number().int(),
  category: z.string().nullable(),
  stockQuantity: z.number().nullable(),
});
export type TItemImportPreviewRow = z.output<typeof ZItemImportPreviewRow>;

export const ZItemImportResult = z.object({
  dryRun: z.boolean(),
  mode: z.enum(IMPORT_MODES),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Items written (0 on a dry run, and in all_or_nothing mode when any row is invalid). */
  imported: z.number().int(),
  /** Whether anything was written. */
  committed: z.boolean(),
  issues: z.array(ZItemImportRowIssue),
  preview: z.array(ZItemImportPreviewRow),
});
export type TItemImportResult = z.output<typeof ZItemImportResult>;

/** Contract paths back to the import fields the user mapped. */
const FIELD_OF_PATH: Record<string, ItemImportField> = { vatRateBp: 'vatRate' };

export type CheckedImportRow =
  | { ok: true; input: TItemInput; openingStock: number | null }
  | { ok: false; errors: { path: string; key: string }[]; name: string | null; sku: string | null };

/**
 * One mapped row checked with the same contract as the item form (ZItemInput), plus its opening stock:
 * a number ≥ 0 with up to 3 decimals, only for goods.
 */
export function checkItemImportRow(cells: TItemImportRow): CheckedImportRow {
  const errors: { path: string; key: string }[] = [];
  const parsed = ZItemInput.safeParse(itemInputFromImport(cells));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      errors.push({ path: FIELD_OF_PATH[path] ?? path, key: issue.message });
    }
  }
  let openingStock: number | null = null;
  const stockText = cells.stockQuantity?.trim();
  if (stockText) {
    const q = parseQuantity(stockText);
    if (q === null) errors.push({ path: 'stockQuantity', key: 'inventory.errors.quantityInvalid' });
    else if (q < 0) errors.push({ path: 'stockQuantity', key: 'inventory.errors.openingStockNegative' });
    else if (parsed.success && parsed.data.kind === 'service' && q !== 0)
      errors.push({ path: 'stockQuantity', key: 'inventory.errors.stockOnService' });
    else openingStock = q === 0 ? null : q;
  }
  if (errors.length > 0 || !parsed.success) {
    // One message per field is enough to fix a row.
    const seen = new Set<string>();
    return {
      ok: false,
      errors: errors.filter((e) => !seen.has(e.path) && seen.add(e.path)),
      name: cells.name?.trim() || null,
      sku: cells.sku?.trim().toUpperCase() || null,
    };
  }
  return { ok: true, input: parsed.data, openingStock };
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `GET /api/v1/inventory/export?format=csv|xlsx` with the list's filters: every matching item (up to 50,000). */
export const ZItemExportQuery = ZItemListQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(EXPORT_FORMATS, err('inventory.errors.invalidChoice')).default('csv'),
});
export type TItemExportQuery = z.output<typeof ZItemExportQuery>;
export const MAX_EXPORT_ROWS = 50_000;

/** Column headers by language; each is a synonym the import recognises (ITEM_IMPORT_TARGETS). */
export const ITEM_EXPORT_HEADERS: Record<Locale, readonly string[]> = {
  it: [
    'Codice articolo',
    'Nome',
    'Codice a barre',
    'Tipo',
    'Unità di misura',
    'Categoria',
    'Prezzo di vendita',
    'Costo',
    'Aliquota IVA',
    'Natura',
    'Giacenza',
    'Scorta minima',
    'Descrizione',
    'Attivo',
  ],
  en: [
    'SKU',
    'Name',
    'Barcode',
    'Type',
    'Unit',
    'Category',
    'Sale price',
    'Cost',
    'VAT rate',
    'Natura',
    'Stock',
    'Low stock threshold',
    'Description',
    'Active',
  ],
};

const KIND_WORDS: Record<Locale, Record<'goods' | 'service', string>> = {
  it: { goods: 'Bene', service: 'Servizio' },
  en: { goods: 'Goods', service: 'Service' },
};
const YES_NO: Record<Locale, [string, string]> = { it: ['Sì', 'No'], en: ['Yes', 'No'] };

function quantityText(q: number, locale: Locale) {
  const text = String(q);
  return locale === 'it' ? text.replace('.', ',') : text;
}

/**
 * One exported row. CSV cells are text in the language's number style (Italian "12,50", read back by the
 * import); XLSX cells keep numbers as numbers (euros, not cents) so the spreadsheet can sum them.
 */
export function itemExportRow(item: TItem, locale: Locale, format: ExportFormat): (string | number | null)[] {
  const money = (cents: number) => (format === 'xlsx' ? cents / 100 : formatCentsPlain(cents, locale));
  const qty = (q: number | null) => (q === null ? null : format === 'xlsx' ? q : quantityText(q, locale));
  const goods = item.kind === 'goods';
  return [
    item.sku,
    item.name,
    item.barcode,
    KIND_WORDS[locale][item.kind],
    item.unit,
    item.category,
    money(item.salePriceCents),
    money(item.costCents),
    vatRateLabel(item.vatRateBp, locale),
    item.vatNatura,
    goods ? qty(item.stockQuantity) : null,
    goods ? qty(item.lowStockThreshold) : null,
    item.description,
    YES_NO[locale][item.active ? 0 : 1],
  ];
}

/** "magazzino-2026-11-22.csv" / "inventory-2026-11-22.xlsx". */
export function itemExportFileName(locale: Locale, format: ExportFormat, today: string): string {
  return `${locale === 'it' ? 'magazzino' : 'inventory'}-${today}.${format}`;
}
