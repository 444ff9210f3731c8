import { toLimitOffset } from '@shared/pagination/pagination.ts';
import type { TInventoryReport, TInventoryReportQuery } from '@shared/reports/revenue-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { previousRange } from '@shared/reports/periods.ts';
import { inventoryReportPage, movementsIn, type InventoryReportRowData } from './inventory-repository.ts';
import { ALL_ROWS } from './revenue.ts';

type Deps = { db: Db };

/** Goods with stock or movements in the range: quantities at both ends, what came in and out, the values. */
export async function inventoryReport(
  deps: Deps,
  input: { orgId: string; query: TInventoryReportQuery },
): Promise<TInventoryReport> {
  const { from, to, page, pageSize } = input.query;
  const before = previousRange({ from, to });
  const [result, previousMovements] = await Promise.all([
    inventoryReportPage(deps.db, input.orgId, { from, to, ...toLimitOffset({ page, pageSize }) }),
    movementsIn(deps.db, input.orgId, before),
  ]);
  return {
    from,
    to,
    goodsItems: result.goodsItems,
    rows: { items: result.rows.map(inventoryRowOf), total: result.totals.items, page, pageSize },
    totals: result.totals,
    // The value at the start is the previous period's closing value; its movements are counted here.
    previous: { from: before.from, to: before.to, movements: previousMovements },
  };
}

export function inventoryReportAll(deps: Deps, input: { orgId: string; from: string; to: string }) {
  return inventoryReport(deps, {
    orgId: input.orgId,
    query: { from: input.from, to: input.to, ...ALL_ROWS },
  });
}

const quantity = (text: string) => Number(text);

function inventoryRowOf(row: InventoryReportRowData): TInventoryReport['rows']['items'][number] {
  return {
    ...row,
    startQuantity: quantity(row.startQuantity),
    endQuantity: quantity(row.endQuantity),
    inQuantity: quantity(row.inQuantity),
    outQuantity: quantity(row.outQuantity),
    adjustedQuantity: quantity(row.adjustedQuantity),
  };
}
