import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { inventoryItems, stockMovements } from '../../db/schema/inventory.ts';

/**
 * Inventory valuation and movements of a range, per goods item. The item's current quantity is a column
 * (`stock_quantity`, the sum of its movements kept in the movement's transaction), so the quantity at a date is
 * derived as the current quantity minus the movements after that date: at the start of the range, current −
 * movements on or after `from`; at its end, current − movements after `to`. Only the movements from `from` on
 * are read (index stock_movements_item_idx: organization, item, date). Values are quantity × today's cost or
 * sale price, rounded to the cent per item; stock below zero is worth nothing (as stockValueCents).
 */

export type InventoryReportRowData = {
  id: string;
  name: string;
  sku: string;
  unit: string;
  category: string | null;
  startQuantity: string;
  endQuantity: string;
  inQuantity: string;
  outQuantity: string;
  adjustedQuantity: string;
  movements: number;
  costCents: number;
  salePriceCents: number;
  startValueCents: number;
  endValueCents: number;
  endSaleValueCents: number;
};

function rowsOf(db: DbOrTx, orgId: string, range: { from: string; to: string }) {
  const inRange = sql`${stockMovements.occurredOn} <= ${range.to}`;
  const moved = db
    .select({
      itemId: stockMovements.itemId,
      sinceFrom: sql<string>`sum(${stockMovements.quantity})`.as('since_from'),
      afterTo: sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where not ${inRange}), 0)`.as(
        'after_to',
      ),
      inQuantity: sql<string>`coalesce(sum(${stockMovements.quantity})
        filter (where ${inRange} and ${stockMovements.kind} = 'in'), 0)`.as('in_quantity'),
      outQuantity: sql<string>`coalesce(-sum(${stockMovements.quantity})
        filter (where ${inRange} and ${stockMovements.kind} = 'out'), 0)`.as('out_quantity'),
      adjustedQuantity: sql<string>`coalesce(sum(${stockMovements.quantity})
        filter (where ${inRange} and ${stockMovements.kind} = 'adjustment'), 0)`.as('adjusted_quantity'),
      movements: sql<number>`count(*) filter (where ${inRange})`.as('movements'),
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.organizationId, orgId), gte(stockMovements.occurredOn, range.from)))
    .groupBy(stockMovements.itemId)
    .as('moved');
  const start = sql`(${inventoryItems.stockQuantity} - coalesce(${moved.sinceFrom}, 0))`;
  const end = sql`(${inventoryItems.stockQuantity} - coalesce(${moved.afterTo}, 0))`;
  const value = (
    quantity: SQL,
    price: SQL | typeof inventoryItems.costCents | typeof inventoryItems.salePriceCents,
  ) => sql`round(greatest(${quantity}, 0) * ${price})::bigint`;
  return db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      sku: inventoryItems.sku,
      unit: inventoryItems.unit,
      category: inventoryItems.category,
      startQuantity: sql<string>`${start}`.as('start_quantity'),
      endQuantity: sql<string>`${end}`.as('end_quantity'),
      inQuantity: sql<string>`coalesce(${moved.inQuantity}, 0)`.as('in_quantity'),
      outQuantity: sql<string>`coalesce(${moved.outQuantity}, 0)`.as('out_quantity'),
      adjustedQuantity: sql<string>`coalesce(${moved.adjustedQuantity}, 0)`.as('adjusted_quantity'),
      movements: sql<number>`coalesce(${moved.movements}, 0)`.as('movements'),
      costCents: inventoryItems.costCents,
      salePriceCents: inventoryItems.salePriceCents,
      startValue: sql<number>`${value(start, inventoryItems.costCents)}`.as('start_value'),
      endValue: sql<number>`${value(end, inventoryItems.costCents)}`.as('end_value'),
      endSaleValue: sql<number>`${value(end, inventoryItems.salePriceCents)}`.as('end_sale_value'),
    })
    .from(inventoryItems)
    .leftJoin(moved, eq(moved.itemId, inventoryItems.id))
    .where(
      and(
        eq(inventoryItems.organizationId, orgId),
        eq(inventoryItems.kind, 'goods'),
        sql`(coalesce(${moved.movements}, 0) > 0 or ${start} <> 0 or ${end} <> 0)`,
      ),
    )
    .as('valued');
}

/** One page of goods (largest value at the end first) and the totals over every one. */
export async function inventoryReportPage(
  db: DbOrTx,
  orgId: string,
  input: { from: string; to: string; limit: number; offset: number },
) {
  const v = rowsOf(db, orgId, input);
  const [rows, [totals], [goods]] = await Promise.all([
    db
      .select({
        id: v.id,
        name: v.name,
        sku: v.sku,
        unit: v.unit,
        category: v.category,
        startQuantity: sql<string>`${v.startQuantity}::text`,
        endQuantity: sql<string>`${v.endQuantity}::text`,
        inQuantity: sql<string>`${v.inQuantity}::text`,
        outQuantity: sql<string>`${v.outQuantity}::text`,
        adjustedQuantity: sql<string>`${v.adjustedQuantity}::text`,
        movements: sql<number>`${v.movements}`.mapWith(Number),
        costCents: v.costCents,
        salePriceCents: v.salePriceCents,
        startValueCents: sql<number>`${v.startValue}`.mapWith(Number),
        endValueCents: sql<number>`${v.endValue}`.mapWith(Number),
        endSaleValueCents: sql<number>`${v.endSaleValue}`.mapWith(Number),
      })
      .from(v)
      .orderBy(desc(v.endValue), asc(sql`lower(${v.name})`), asc(v.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({
        items: sql<number>`count(*)`.mapWith(Number),
        movements: sql<number>`coalesce(sum(${v.movements}), 0)`.mapWith(Number),
        startValueCents: sql<number>`coalesce(sum(${v.startValue}), 0)`.mapWith(Number),
        endValueCents: sql<number>`coalesce(sum(${v.endValue}), 0)`.mapWith(Number),
        endSaleValueCents: sql<number>`coalesce(sum(${v.endSaleValue}), 0)`.mapWith(Number),
      })
      .from(v),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.organizationId, orgId), eq(inventoryItems.kind, 'goods'))),
  ]);
  return {
    rows: rows as InventoryReportRowData[],
    totals: totals ?? { items: 0, movements: 0, startValueCents: 0, endValueCents: 0, endSaleValueCents: 0 },
    goodsItems: goods?.n ?? 0,
  };
}

/** Stock movements of goods in a range (the previous period's, to compare with). */
export async function movementsIn(db: DbOrTx, orgId: string, range: { from: string; to: string }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
    .where(
      and(
        eq(stockMovements.organizationId, orgId),
        eq(inventoryItems.kind, 'goods'),
        gte(stockMovements.occurredOn, range.from),
        lte(stockMovements.occurredOn, range.to),
      ),
    );
  return row?.n ?? 0;
}
