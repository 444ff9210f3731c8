import type { PurchaseListParams } from './purchases-api.ts';

/**
 * The received invoices' list keeps its search and page in the URL (`?q=&page=`), so a reload or a shared link
 * shows the same page; values that are not valid are dropped.
 */
export function readPurchaseParams(search: URLSearchParams): PurchaseListParams {
  const page = Number(search.get('page'));
  return {
    q: search.get('q')?.trim().slice(0, 100) || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
