import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
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

// The session is asked at once, beside the translations, not after them; once it says who is signed in, the
// screen of the address (code, translations, first data) and the shell load together instead of one after
// another. The prefetch module is its own chunk: the sign-in page never loads it.
void queryClient
  .fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe })
  .then((me) => {
    if (me?.activeOrganizationId)
      void import('./boot-prefetch.ts').then((boot) =>
        boot.prefetchSignedInScreen(window.location.pathname, queryClient, me.activeOrganizationId!),
      );
  })
  .catch(() => undefined);

void i18nReady
  .catch(() => undefined)
  .then(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Providers queryClient={queryClient}>
            <AppRoutes />
          </Providers>
        </BrowserRouter>
      </StrictMode>,
    );
  });
