import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { findRoute } from '@shared/navigation/routes.ts';
import { i18nReady } from './i18n.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';
import { fetchMe, meQueryKey } from './session.ts';
import { TranslationLoadingScreen } from './translation-loading.tsx';

const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();

// The translation loading screen shows while i18next starts (spec §2).
root.render(<TranslationLoadingScreen />);

// Offline at start (issue 18): the last user and what their screens showed come back from IndexedDB first, so the
// session guard lets them in and the screens show their data (features/offline/offline-cache.ts). Online, nothing
// waits for it.
const restored = navigator.onLine
  ? Promise.resolve(false)
  : import('@web/features/offline/offline-cache.ts')
      .then((m) => m.restoreOfflineCache(queryClient))
      .catch(() => false);

// On the address of a signed-in screen, its code and translations and the shell's are asked at once, beside the
// session (index.html has already asked for it); once the session says which organization is active, the screen's
// first data. The prefetch module is its own chunk: the sign-in page never loads it.
const path = window.location.pathname;
const screen = findRoute(path);
const boot = screen && !screen.public ? import('./boot-prefetch.ts') : null;
void boot?.then((b) => b.prefetchScreenCode(path)).catch(() => undefined);
void restored
  .then(() => queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe }))
  .then((me) => {
    const orgId = me?.activeOrganizationId;
    if (orgId) void boot?.then((b) => b.prefetchScreenData(path, queryClient, orgId));
  })
  .catch(() => undefined);

void Promise.all([i18nReady.catch(() => undefined), restored]).then(() => {
  root.render(
    <StrictMode>
      <BrowserRouter useTransitions={false}>
        <Providers queryClient={queryClient}>
          <AppRoutes />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  );
});
