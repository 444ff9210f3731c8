/**
 * Stock quantities and the arithmetic of movements. Quantities are JS numbers with at most 3 decimals (the
 * numeric(14,3) columns): the API sends them as numbers, the server writes them with quantityToDb and reads
 * them with quantityFromDb. Sums go through integer thousandths so that 0.1 + 0.2 stays 0.3.
 */
export const MOVEMENT_KINDS = ['in', 'out', 'adjustment'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** numeric(14,3): 11 digits before the decimal mark. */
export const MAX_QUANTITY = 99_999_999_999.999;

export const toMilli = (quantity: number): number => Math.round(quantity * 1000);
export const fromMilli = (milli: number): number => (milli === 0 ? 0 : milli / 1000);

/**
 * A quantity typed or sent: a number, or text with "," or "." as decimal mark ("12,5", "-3.250"); at most 3
 * decimals, no thousands separators. Null when not a quantity or beyond MAX_QUANTITY.
 */
export function parseQuantity(value: string | number): number | null {
  let n: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value * 1000 - Math.round(value * 1000)) > 1e-6) return null;
    n = value;
  } else {
    const text = value
      .trim()
      .replace(/^\u2212/, '-')
      .replace(',', '.');
    if (!/^[-+]?(?:\d+(?:\.\d{1,3})?|\.\d{1,3})$/.test(text)) return null;
    n = Number(text);
  }
  if (Math.abs(n) > MAX_QUANTITY) return null;
  return fromMilli(toMilli(n));
}

/** The sum of quantities, exact to the thousandth. */
export function addQuantities(...quantities: number[]): number {
  return fromMilli(quantities.reduce((sum, q) => sum + toMilli(q), 0));
}

/** The change a movement makes: in adds, out takes away (whatever sign was given), adjustment as signed. */
export function signedDelta(kind: MovementKind, quantity: number): number {
  if (kind === 'in') return Math.abs(quantity);
  if (kind === 'out') return quantity === 0 ? 0 : -Math.abs(quantity);
  return quantity;
}

/** True when the movement would take the stock below zero (refused unless the organization allows it). */
export function wouldGoNegative(stockQuantity: number, delta: number): boolean {
  return toMilli(stockQuantity) + toMilli(delta) < 0;
}

export interface StockLevel {
  kind: 'goods' | 'service';
  stockQuantity: number;
  lowStockThreshold: number | null;
}

/** Goods with a threshold whose stock is at or below it (a threshold of 0 flags items out of stock). */
export function isLowStock(item: StockLevel): boolean {
  return (
    item.kind === 'goods' &&
    item.lowStockThreshold !== null &&
    toMilli(item.stockQuantity) <= toMilli(item.lowStockThreshold)
  );
}

/** The movement takes the item from above its threshold to at or below it: time to notify, once. */
export function crossesLowStockThreshold(item: StockLevel, delta: number): boolean {
  return (
    !isLowStock(item) && isLowStock({ ...item, stockQuantity: addQuantities(item.stockQuantity, delta) })
  );
}

/**
 * The value of the goods in stock at cost, in cents: the sum of quantity × cost, each item rounded to the cent.
 * Services and negative stock count as nothing.
 */
export function stockValueCents(
  items: readonly { kind: 'goods' | 'service'; stockQuantity: number; costCents: number }[],
): number {
  return items.reduce((sum, item) => {
    if (item.kind !== 'goods' || item.stockQuantity <= 0) return sum;
    return sum + Math.round((toMilli(item.stockQuantity) * item.costCents) / 1000);
  }, 0);
}

/** For the numeric columns: 12.5 → "12.500". */
export function quantityToDb(quantity: number): string {
  return fromMilli(toMilli(quantity)).toFixed(3);
}

/** From the numeric columns (drizzle gives strings): "12.500" → 12.5; null stays null. */
export function quantityFromDb(value: string | number | null): number | null {
  return value === null ? null : fromMilli(toMilli(Number(value)));
}
