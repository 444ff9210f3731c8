import type { QueryClient } from '@tanstack/react-query';
import { findRoute, type RouteName } from '@shared/navigation/routes.ts';
import { monthRange } from '@shared/reports/periods.ts';
import { analyticsQuery } from '@web/features/analytics/analytics-api.ts';
import { dashboardQuery } from '@web/features/dashboard/dashboard-api.ts';
import { purchaseInvoicesQuery } from '@web/features/purchases/purchases-api.ts';
import { browserToday } from '@web/features/reports/report-dates.ts';
import { vatSettlementQuery } from '@web/features/reports/reports-api.ts';
import i18n from './i18n.ts';
import { loadPage } from './page-loaders.ts';
import { SCREEN_NAMESPACES } from './screen-namespaces.ts';

/** Code a screen loads lazily inside itself (its charts), loaded with the screen's own on intent. */
const INNER_CODE: Partial<Record<RouteName, () => Promise<unknown>>> = {
  dashboard: () => import('@web/features/dashboard/revenue-chart.tsx'),
};

/** The data a screen shows first, for the screens people open most from the menu (issue 14: ≤ 100 ms). */
const FIRST_DATA: Partial<Record<RouteName, (queryClient: QueryClient, orgId: string) => Promise<void>>> = {
  dashboard: (queryClient, orgId) => queryClient.prefetchQuery(dashboardQuery(orgId, 'month')),
  reports: (queryClient, orgId) =>
    queryClient.prefetchQuery(vatSettlementQuery(orgId, Number(browserToday().slice(0, 4)), undefined)),
  analytics: (queryClient, orgId) =>
    queryClient.prefetchQuery(analyticsQuery(orgId, monthRange(browserToday()))),
  purchaseInvoices: (queryClient, orgId) => queryClient.prefetchQuery(purchaseInvoicesQuery(orgId, {})),
};

/**
 * Loads what a path's screen needs before the click: its code, its translations and, with `data`, its first
 * data (into the query cache, where the page finds it fresh). Failures are left to the page, which shows them.
 * The promise settles once the code and translations are in (never rejects): the idle prefetch waits for one
 * screen before the next.
 */
export function prefetchRoute(
  path: string,
  options: { queryClient?: QueryClient; orgId?: string | null; data?: boolean; innerCode?: boolean } = {},
): Promise<void> {
  const route = findRoute(path) as { name: RouteName } | undefined;
  if (!route) return Promise.resolve();
  const code = loadPage(route.name).catch(() => undefined);
  if (options.innerCode !== false) void INNER_CODE[route.name]?.().catch(() => undefined);
  const texts = i18n.loadNamespaces(SCREEN_NAMESPACES[route.name] ?? []).catch(() => undefined);
  const first = FIRST_DATA[route.name];
  if (options.data && first && options.queryClient && options.orgId)
    void first(options.queryClient, options.orgId).catch(() => undefined);
  return Promise.all([code, texts]).then(() => undefined);
}
