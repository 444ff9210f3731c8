import { gs1CheckDigit } from '@shared/inventory/barcodes.ts';
import { addQuantities, quantityToDb, signedDelta, type MovementKind } from '@shared/inventory/stock.ts';
import type { Db } from '../platform/db.ts';
import { insertItemsBatch, insertMovementsBatch, type ItemValues } from '../modules/inventory/repository.ts';

/** Inventory factories shared by the demo seed and tests (DESIGN.md §3). Server-side calls only. */

/** A valid EAN-13 from its first 12 digits. */
export function ean13(body12: string): string {
  if (!/^\d{12}$/.test(body12)) throw new Error('ean13 needs 12 digits');
  return body12 + gs1CheckDigit(body12);
}

export type ItemSeed = Partial<Omit<ItemValues, 'lowStockThreshold'>> & {
  name: string;
  sku: string;
  lowStockThreshold?: number | null;
  /** Movements that build the stock, oldest first; the quantity is given positive for in/out. */
  movements?: { kind: MovementKind; quantity: number; reason: string; occurredOn: string }[];
};

/**
 * Items with their stock built from movements, in one transaction: the cached stock_quantity of each item is
 * the sum of its movements, exactly as recordMovement would have left it.
 */
export async function createItemsWithStock(
  db: Db,
  input: { orgId: string; userId: string | null; items: ItemSeed[] },
) {
  return db.transaction(async (t) => {
    const ids = await insertItemsBatch(
      t,
      input.orgId,
      input.items.map(({ movements = [], lowStockThreshold, ...values }) => ({
        barcode: null,
        description: null,
        kind: 'goods',
        unit: 'pz',
        salePriceCents: 0,
        costCents: 0,
        vatRateBp: 2200,
        vatNatura: null,
        category: null,
        active: true,
        ...values,
        lowStockThreshold:
          lowStockThreshold === undefined || lowStockThreshold === null
            ? null
            : quantityToDb(lowStockThreshold),
        stockQuantity: quantityToDb(addQuantities(...movements.map((m) => signedDelta(m.kind, m.quantity)))),
      })),
    );
    await insertMovementsBatch(
      t,
      input.orgId,
      input.items.flatMap((item) =>
        (item.movements ?? []).map((m) => ({
          itemId: ids.get(item.sku)!,
          kind: m.kind,
          quantity: quantityToDb(signedDelta(m.kind, m.quantity)),
          reason: m.reason,
          occurredOn: m.occurredOn,
          userId: input.userId,
          documentType: null,
          documentId: null,
        })),
      ),
    );
    return ids;
  });
}
