import type { QueryClient } from '@tanstack/react-query';
import i18n from './i18n.ts';
import { prefetchRoute, SHELL_NAMESPACES } from './route-prefetch.ts';

/**
 * The first load of a signed-in screen: the shell's code and translations and the screen's code, translations and
 * first data, all asked at once (main.tsx calls this as soon as the session answers), so the page does not wait
 * for each lazy part to ask for the next.
 */
export function prefetchSignedInScreen(path: string, queryClient: QueryClient, orgId: string) {
  void import('@web/features/shell/app-shell.tsx').catch(() => undefined);
  void i18n.loadNamespaces(SHELL_NAMESPACES).catch(() => undefined);
  prefetchRoute(path, { queryClient, orgId, data: true });
}
