import { z } from 'zod';
import { isIsoDate, todayIsoDate } from '../imports/dates.ts';
import { zEuroCents } from '../imports/money.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import { isValidBarcode, normalizeBarcode } from './barcodes.ts';
import type { InventoryMessageKey } from './messages.ts';
import { MOVEMENT_KINDS, parseQuantity } from './stock.ts';
import { tooLong } from '../errors/field-messages.ts';

/**
 * Inventory contracts (issue 4); field names are the columns of src/server/db/schema/inventory.ts, messages
 * are keys of INVENTORY_MESSAGES. ZItemInput serves create and full update (PUT). Prices are typed in euros
 * (`salePrice`, `cost`: "12,50", "1.234,56", 12.5) and come out as integer cents (`salePriceCents`,
 * `costCents`). Quantities are numbers with up to 3 decimals (stock.ts). The stock quantity is not an input:
 * it changes only through movements.
 */
export const ITEM_KINDS = ['goods', 'service'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const UNITS = ['pz', 'h', 'kg', 'g', 'l', 'm', 'm2', 'm3', 'km', 'gg', 'mese', 'conf', 'kit'] as const;
export type Unit = (typeof UNITS)[number];

/** How a unit is written after a quantity, and its name in each language. */
export const UNIT_LABELS: Record<Unit, { symbol: string; it: string; en: string }> = {
  pz: { symbol: 'pz', it: 'pezzi', en: 'pieces' },
  h: { symbol: 'h', it: 'ore', en: 'hours' },
  kg: { symbol: 'kg', it: 'chilogrammi', en: 'kilograms' },
  g: { symbol: 'g', it: 'grammi', en: 'grams' },
  l: { symbol: 'l', it: 'litri', en: 'litres' },
  m: { symbol: 'm', it: 'metri', en: 'metres' },
  m2: { symbol: 'm²', it: 'metri quadrati', en: 'square metres' },
  m3: { symbol: 'm³', it: 'metri cubi', en: 'cubic metres' },
  km: { symbol: 'km', it: 'chilometri', en: 'kilometres' },
  gg: { symbol: 'gg', it: 'giorni', en: 'days' },
  mese: { symbol: 'mese', it: 'mesi', en: 'months' },
  conf: { symbol: 'conf', it: 'confezioni', en: 'packs' },
  kit: { symbol: 'kit', it: 'kit', en: 'kits' },
};

/** Italian VAT rates in basis points (22%, 10%, 5%, 4%, 0%); 0 needs a Natura code. */
export const VAT_RATES_BP = [2200, 1000, 500, 400, 0] as const;
export type VatRateBp = (typeof VAT_RATES_BP)[number];
export const DEFAULT_VAT_RATE_BP: VatRateBp = 2200;

/** 2200 → "22%", 550 → "5,5%" (it) / "5.5%" (en). */
export function vatRateLabel(bp: number, locale: 'it' | 'en' = 'it'): string {
  const text = String(bp / 100);
  return `${locale === 'it' ? text.replace('.', ',') : text}%`;
}

/** FatturaPA "Natura" codes (specifiche tecniche 1.6+, in force since 2021) for lines without VAT. */
export const NATURA_CODES = {
  N1: { it: 'Escluse ex art. 15 DPR 633/72', en: 'Excluded under art. 15 of DPR 633/72' },
  'N2.1': {
    it: 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies del DPR 633/72',
    en: 'Not subject to VAT under arts. 7 to 7-septies of DPR 633/72',
  },
  'N2.2': { it: 'Non soggette – altri casi', en: 'Not subject to VAT – other cases' },
  'N3.1': { it: 'Non imponibili – esportazioni', en: 'Zero-rated – exports' },
  'N3.2': { it: 'Non imponibili – cessioni intracomunitarie', en: 'Zero-rated – intra-EU supplies' },
  'N3.3': { it: 'Non imponibili – cessioni verso San Marino', en: 'Zero-rated – supplies to San Marino' },
  'N3.4': {
    it: "Non imponibili – operazioni assimilate alle cessioni all'esportazione",
    en: 'Zero-rated – transactions treated as exports',
  },
  'N3.5': {
    it: "Non imponibili – a seguito di dichiarazioni d'intento",
    en: 'Zero-rated – under a declaration of intent',
  },
  'N3.6': {
    it: 'Non imponibili – altre operazioni che non concorrono alla formazione del plafond',
    en: 'Zero-rated – other transactions not counting towards the ceiling (plafond)',
  },
  N4: { it: 'Esenti', en: 'Exempt' },
  N5: {
    it: 'Regime del margine / IVA non esposta in fattura',
    en: 'Margin scheme / VAT not shown on the invoice',
  },
  'N6.1': {
    it: 'Inversione contabile – cessione di rottami e altri materiali di recupero',
    en: 'Reverse charge – scrap and other recovered materials',
  },
  'N6.2': {
    it: 'Inversione contabile – cessione di oro e argento puro',
    en: 'Reverse charge – gold and pure silver',
  },
  'N6.3': {
    it: 'Inversione contabile – subappalto nel settore edile',
    en: 'Reverse charge – construction subcontracting',
  },
  'N6.4': { it: 'Inversione contabile – cessione di fabbricati', en: 'Reverse charge – sale of buildings' },
  'N6.5': {
    it: 'Inversione contabile – cessione di telefoni cellulari',
    en: 'Reverse charge – mobile phones',
  },
  'N6.6': {
    it: 'Inversione contabile – cessione di prodotti elettronici',
    en: 'Reverse charge – electronic products',
  },
  'N6.7': {
    it: 'Inversione contabile – prestazioni comparto edile e settori connessi',
    en: 'Reverse charge – construction and related services',
  },
  'N6.8': {
    it: 'Inversione contabile – operazioni settore energetico',
    en: 'Reverse charge – energy sector',
  },
  'N6.9': { it: 'Inversione contabile – altri casi', en: 'Reverse charge – other cases' },
  N7: {
    it: 'IVA assolta in altro stato UE (vendite a distanza, servizi di telecomunicazione ed elettronici)',
    en: 'VAT paid in another EU state (distance sales, telecommunications and electronic services)',
  },
} as const satisfies Record<string, { it: string; en: string }>;
export type NaturaCode = keyof typeof NATURA_CODES;
export const NATURA_CODE_LIST = Object.keys(NATURA_CODES) as [NaturaCode, ...NaturaCode[]];

export const ITEM_FIELD_MAX = { name: 200, sku: 64, description: 2000, category: 80, reason: 200 } as const;

const err = (key: InventoryMessageKey) => ({ error: key });

function text(max: number) {
  return z
    .string(err('inventory.errors.invalidValue'))
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong(max));
}

function required(max: number, key: InventoryMessageKey) {
  return z.string(err(key)).trim().min(1, err(key)).max(max, tooLong(max));
}

function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  key: InventoryMessageKey,
) {
  return z
    .union([z.literal(''), z.enum(values)], err(key))
    .nullish()
    .transform((v): T[number] => v || fallback);
}

/** A quantity field: number or text ("12,5"); "" / null / absent → null; ≤ 3 decimals. */
function quantity(key: InventoryMessageKey) {
  return z
    .union([z.number(), z.string()], err(key))
    .nullish()
    .transform((v, ctx): number | null => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const q = parseQuantity(v);
      if (q === null) {
        ctx.addIssue({ code: 'custom', message: key });
        return z.NEVER;
      }
      return q;
    });
}

/** A price in euros → cents ≥ 0; empty → 0. */
const price = zEuroCents('inventory.errors.priceInvalid')
  .refine((c) => c === undefined || c >= 0, err('inventory.errors.priceNegative'))
  .transform((c) => c ?? 0);

const vatRateBp = z
  .union([z.number(), z.string()], err('inventory.errors.vatRateInvalid'))
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? DEFAULT_VAT_RATE_BP : Number(v)))
  .refine(
    (v): v is VatRateBp => (VAT_RATES_BP as readonly number[]).includes(v),
    err('inventory.errors.vatRateInvalid'),
  );

const vatNatura = z
  .string(err('inventory.errors.naturaInvalid'))
  .nullish()
  .transform((v) => v?.trim().toUpperCase() || null)
  .refine(
    (v): v is NaturaCode | null => v === null || Object.hasOwn(NATURA_CODES, v),
    err('inventory.errors.naturaInvalid'),
  );

/** The fields one by one, without the rules across fields: for `.pick()` in forms (see ZItemInput). */
export const ZItemFields = z.object({
  name: required(ITEM_FIELD_MAX.name, 'inventory.errors.nameRequired'),
  /** Uppercased, so that SKUs are unique whatever the case typed. */
  sku: required(ITEM_FIELD_MAX.sku, 'inventory.errors.skuRequired').transform((v) => v.toUpperCase()),
  barcode: z
    .string(err('inventory.errors.barcodeInvalid'))
    .nullish()
    .transform((v) => (v?.trim() ? normalizeBarcode(v.trim()) : null))
    .refine((v) => v === null || isValidBarcode(v), err('inventory.errors.barcodeInvalid')),
  description: text(ITEM_FIELD_MAX.description),
  kind: choice(ITEM_KINDS, 'goods', 'inventory.errors.kindInvalid'),
  unit: choice(UNITS, 'pz', 'inventory.errors.unitInvalid'),
  salePrice: price,
  cost: price,
  vatRateBp,
  vatNatura,
  category: text(ITEM_FIELD_MAX.category),
  active: z
    .boolean(err('inventory.errors.invalidValue'))
    .nullish()
    .transform((v) => v ?? true),
  lowStockThreshold: quantity('inventory.errors.thresholdInvalid').refine(
    (v) => v === null || v >= 0,
    err('inventory.errors.thresholdInvalid'),
  ),
});

/**
 * Create and full update of an item. VAT at 0% needs a Natura code, other rates refuse one. The low-stock
 * threshold belongs to goods: on a service it is dropped (the form hides it).
 */
export const ZItemInput = ZItemFields.superRefine((item, ctx) => {
  if (item.vatRateBp === 0 && !item.vatNatura) {
    ctx.addIssue({ code: 'custom', path: ['vatNatura'], message: 'inventory.errors.naturaRequired' });
  }
  if (item.vatRateBp !== 0 && item.vatNatura) {
    ctx.addIssue({ code: 'custom', path: ['vatNatura'], message: 'inventory.errors.naturaNotAllowed' });
  }
}).transform(({ salePrice, cost, ...item }) => ({
  ...item,
  salePriceCents: salePrice,
  costCents: cost,
  lowStockThreshold: item.kind === 'goods' ? item.lowStockThreshold : null,
}));
export type TItemInput = z.output<typeof ZItemInput>;
export type TItemFormValues = z.input<typeof ZItemInput>;

const nullableText = z.string().nullable();

/** An item as the API returns it. lowStock is isLowStock(item), computed by the server. */
export const ZItem = z.object({
  id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  barcode: nullableText,
  description: nullableText,
  kind: z.enum(ITEM_KINDS),
  unit: z.enum(UNITS),
  salePriceCents: z.number().int(),
  costCents: z.number().int(),
  vatRateBp: z.number().int(),
  vatNatura: z.enum(NATURA_CODE_LIST).nullable(),
  category: nullableText,
  active: z.boolean(),
  stockQuantity: z.number(),
  lowStockThreshold: z.number().nullable(),
  lowStock: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TItem = z.output<typeof ZItem>;

/** A page of items with the stock value (at cost) of every item matching the filters, not just this page. */
export const ZItemPage = zPage(ZItem).extend({ stockValueCents: z.number().int() });
export type TItemPage = z.output<typeof ZItemPage>;

export const ITEM_SORTS = [
  'name',
  '-name',
  'sku',
  '-sku',
  'stockQuantity',
  '-stockQuantity',
  'salePriceCents',
  '-salePriceCents',
  'createdAt',
  '-createdAt',
] as const;
export const ITEM_ACTIVE_FILTERS = ['active', 'inactive', 'all'] as const;

/** "true"/"1" → true, "false"/"0" → false, "" or absent → undefined (query strings are text). */
const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], err('inventory.errors.invalidChoice'))
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === '1'));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((v) => v || undefined);

/** `GET /api/v1/inventory?q=&category=&kind=&lowStock=&active=&sort=&page=&pageSize=`: search name, SKU, barcode. */
export const ZItemListQuery = zPageQuery(10, 100).extend({
  q: optionalText(100),
  category: optionalText(ITEM_FIELD_MAX.category),
  kind: z
    .union([z.literal(''), z.enum(ITEM_KINDS)], err('inventory.errors.invalidChoice'))
    .optional()
    .transform((v) => v || undefined),
  lowStock: queryBoolean,
  active: z.enum(ITEM_ACTIVE_FILTERS, err('inventory.errors.invalidChoice')).default('active'),
  sort: z.enum(ITEM_SORTS, err('inventory.errors.invalidChoice')).default('name'),
});
export type TItemListQuery = z.output<typeof ZItemListQuery>;

/**
 * A stock movement: in and out take a positive quantity, an adjustment a signed non-zero one and a reason;
 * the date defaults to today. The server applies signedDelta(kind, quantity) to the item.
 */
export const ZStockMovementInput = z
  .object({
    kind: z.enum(MOVEMENT_KINDS, err('inventory.errors.movementKindInvalid')),
    quantity: quantity('inventory.errors.quantityInvalid').refine(
      (q) => q !== null,
      err('inventory.errors.quantityInvalid'),
    ),
    reason: text(ITEM_FIELD_MAX.reason),
    occurredOn: z
      .string(err('inventory.errors.dateInvalid'))
      .nullish()
      .transform((v) => v?.trim() || todayIsoDate())
      .refine(isIsoDate, err('inventory.errors.dateInvalid')),
    documentType: text(40),
    documentId: text(100),
  })
  .superRefine((m, ctx) => {
    const issue = (path: 'quantity' | 'reason', message: InventoryMessageKey) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (m.quantity === null) return;
    if (m.kind !== 'adjustment' && m.quantity <= 0) issue('quantity', 'inventory.errors.quantityPositive');
    if (m.kind === 'adjustment' && m.quantity === 0) issue('quantity', 'inventory.errors.quantityNonZero');
    if (m.kind === 'adjustment' && !m.reason) issue('reason', 'inventory.errors.reasonRequired');
  })
  .transform((m) => ({ ...m, quantity: m.quantity as number }));
export type TStockMovementInput = z.output<typeof ZStockMovementInput>;
export type TStockMovementFormValues = z.input<typeof ZStockMovementInput>;

/** A movement as the API returns it: quantity is the signed change stored (out < 0). */
export const ZStockMovement = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  kind: z.enum(MOVEMENT_KINDS),
  quantity: z.number(),
  reason: nullableText,
  occurredOn: z.iso.date(),
  userId: nullableText,
  userName: nullableText,
  documentType: nullableText,
  documentId: nullableText,
  createdAt: z.iso.datetime(),
});
export type TStockMovement = z.output<typeof ZStockMovement>;

/** `GET /api/v1/inventory/:id/movements?page=&pageSize=`: newest first. */
export const ZMovementListQuery = zPageQuery(10, 100);
export const ZMovementPage = zPage(ZStockMovement);
export type TMovementPage = z.output<typeof ZMovementPage>;

/** The answer to a recorded movement: the movement and the item with its new quantity. */
export const ZRecordedMovement = z.object({ movement: ZStockMovement, item: ZItem });
export type TRecordedMovement = z.output<typeof ZRecordedMovement>;

/** `GET /api/v1/inventory/lookup?code=`: a scanned or typed code, matched as barcode (UPC-A = EAN-13) or SKU. */
export const ZLookupQuery = z.object({
  code: z
    .string(err('inventory.errors.codeRequired'))
    .trim()
    .min(1, err('inventory.errors.codeRequired'))
    .max(200, tooLong(200)),
});

/** The organization's inventory switches (organization_settings; a missing row means these defaults). */
export const ZInventorySettings = z.object({
  allowNegativeStock: z.boolean(err('inventory.errors.invalidValue')),
});
export type TInventorySettings = z.output<typeof ZInventorySettings>;

export const ZCategoryList = z.object({ categories: z.array(z.string()) });

/** "Servizio", "service", "prestazione" → service; "Bene", "prodotto", "goods" → goods; else undefined. */
export function itemKindFromText(value: string | undefined): ItemKind | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (['servizio', 'servizi', 'prestazione', 'service', 'services'].includes(v)) return 'service';
  if (['bene', 'beni', 'prodotto', 'merce', 'articolo', 'goods', 'product', 'item'].includes(v))
    return 'goods';
  return undefined;
}

const UNIT_ALIASES: Partial<Record<Unit, readonly string[]>> = {
  pz: ['pezzo', 'pz.', 'n', 'nr', 'nr.', 'num', 'pcs', 'pc', 'piece', 'each'],
  h: ['ora', 'hr', 'hour', 'h.'],
  m2: ['mq', 'm²', 'sqm'],
  m3: ['mc', 'm³'],
  l: ['lt', 'litro', 'litre', 'liter', 'liters'],
  gg: ['giorno', 'day', 'gg.'],
  mese: ['month'],
  conf: ['confezione', 'pack', 'conf.'],
};

/** A unit cell of an import file: the code, its Italian or English name, or a common abbreviation. */
export function unitFromText(value: string | undefined): Unit | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if ((UNITS as readonly string[]).includes(v)) return v as Unit;
  return UNITS.find(
    (u) => UNIT_LABELS[u].it === v || UNIT_LABELS[u].en === v || UNIT_ALIASES[u]?.includes(v),
  );
}

/** A VAT cell of an import file: "22", "22%", "22,00 %", "2200" → 2200; undefined when not a known rate. */
export function vatRateBpFromText(value: string | undefined): VatRateBp | undefined {
  const v = (value ?? '').trim().replace('%', '').replace(',', '.').trim();
  if (!/^\d+(?:\.\d+)?$/.test(v)) return undefined;
  const n = Number(v);
  const bp = n > 100 ? n : Math.round(n * 100);
  return (VAT_RATES_BP as readonly number[]).includes(bp) ? (bp as VatRateBp) : undefined;
}

/**
 * The input of ZItemInput from the cells of an import row (mapped with ITEM_IMPORT_TARGETS): kind, unit and
 * VAT read from words ("Servizio", "pezzi", "22%"); what is not recognised is passed on as written so that
 * ZItemInput reports it. The opening stock (cells.stockQuantity) is the caller's: it becomes an "in" movement.
 */
export function itemInputFromImport(cells: Partial<Record<string, string>>): TItemFormValues {
  const raw = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  return {
    name: cells.name ?? '',
    sku: cells.sku ?? '',
    barcode: cells.barcode,
    description: cells.description,
    kind: itemKindFromText(cells.kind) ?? (raw(cells.kind) as ItemKind | undefined),
    unit: unitFromText(cells.unit) ?? (raw(cells.unit) as Unit | undefined),
    salePrice: cells.salePrice,
    cost: cells.cost,
    vatRateBp: vatRateBpFromText(cells.vatRate) ?? raw(cells.vatRate),
    vatNatura: cells.vatNatura,
    category: cells.category,
    lowStockThreshold: cells.lowStockThreshold,
  };
}
