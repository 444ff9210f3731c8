import { toLimitOffset } from '@shared/pagination/pagination.ts';
import { previousRange } from '@shared/reports/periods.ts';
import type { TRevenue, TRevenueQuery, TRevenueRow } from '@shared/reports/revenue-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { revenuePage, type RevenueRowData } from './revenue-repository.ts';

type Deps = { db: Db };

/** The largest page the exports ask for: every row of a year. */
export const ALL_ROWS = { page: 1, pageSize: 1_000_000 };

/**
 * Revenue of a range by client, item or category, each row beside the same row in the range before it
 * (`previousRange`, which always ends the day before `from`, so one scan of both ranges serves). Rows with a
 * document in either range, largest revenue first, paged; totals over every row.
 */
export async function revenue(
  deps: Deps,
  input: { orgId: string; query: Omit<TRevenueQuery, 'page' | 'pageSize'> & Partial<TRevenueQuery> },
): Promise<TRevenue> {
  const { from, to, by } = input.query;
  const paging = { page: input.query.page ?? 1, pageSize: input.query.pageSize ?? 20 };
  const previous = previousRange({ from, to });
  const result = await revenuePage(deps.db, input.orgId, {
    range: { from, to, previousFrom: previous.from },
    by,
    ...toLimitOffset(paging),
  });
  return {
    from,
    to,
    by,
    previous,
    rows: { items: result.rows.map(revenueRowOf), total: result.total, ...paging },
    totals: {
      revenueCents: result.revenueCents,
      previousRevenueCents: result.previousRevenueCents,
      documents: result.documents,
    },
  };
}

/** Every row, for the export. */
export function revenueAll(
  deps: Deps,
  input: { orgId: string; query: Pick<TRevenueQuery, 'from' | 'to' | 'by'> },
) {
  return revenue(deps, { orgId: input.orgId, query: { ...input.query, ...ALL_ROWS } });
}

function revenueRowOf(row: RevenueRowData): TRevenueRow {
  return {
    kind: row.kind,
    key: row.key,
    name: row.name,
    sku: row.sku,
    unit: row.unit,
    documents: row.documents,
    quantity: row.quantity === null ? null : Number(row.quantity),
    revenueCents: row.revenueCents,
    previousRevenueCents: row.previousRevenueCents,
  };
}
