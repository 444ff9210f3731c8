import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { i18nReady } from './i18n.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';
import { TranslationLoadingScreen } from './translation-loading.tsx';

const root = createRoot(document.getElementById('root')!);

// The translation loading screen shows while i18next starts (spec §2).
root.render(<TranslationLoadingScreen />);

void i18nReady
  .catch(() => undefined)
  .then(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Providers>
            <AppRoutes />
          </Providers>
        </BrowserRouter>
      </StrictMode>,
    );
  });
