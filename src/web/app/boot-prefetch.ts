import type { QueryClient } from '@tanstack/react-query';
import { findRoute, type RouteName } from '@shared/navigation/routes.ts';
import i18n, { i18nReady } from './i18n.ts';
import { loadPage } from './page-loaders.ts';
import { prefetchRoute } from './route-prefetch.ts';
import { SHELL_NAMESPACES } from './screen-namespaces.ts';

/**
 * The first load of a signed-in screen: the shell's code and the screen's code at once (main.tsx calls this at
 * start, beside the session), their translations as soon as i18next has started (asking for more namespaces before
 * its own first ones would race them), so the page does not wait for each lazy part to ask for the next.
 */
export function prefetchScreenCode(path: string) {
  void import('@web/features/shell/app-shell.tsx').catch(() => undefined);
  const route = findRoute(path) as { name: RouteName } | undefined;
  if (route) void loadPage(route.name).catch(() => undefined);
  void i18nReady
    .then(() => {
      void i18n.loadNamespaces(SHELL_NAMESPACES).catch(() => undefined);
      // Not the code the screen loads inside itself (the dashboard's chart library): on a first load it would
      // compete with the screen's own code for the one main thread before the figures are on screen.
      void prefetchRoute(path, { innerCode: false });
    })
    .catch(() => undefined);
}

/** The screen's first data, once the session has said which organization is active. */
export function prefetchScreenData(path: string, queryClient: QueryClient, orgId: string) {
  void i18nReady.then(() => prefetchRoute(path, { queryClient, orgId, data: true, innerCode: false }));
}
