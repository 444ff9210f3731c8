/// <reference types="vite-plugin-pwa/react" />
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/ui/button.tsx';

/** How often an open app asks whether a new version came out. */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * The service worker of the installable app (vite-plugin-pwa, vite.config.ts) registered once the app runs. A new
 * version waits (it is never put in place under the user's work) until they choose "Reload": the new worker
 * then takes over and the page loads again (an open composer saves its draft as the page goes).
 */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="alert"
      className="fixed right-4 bottom-4 z-50 flex max-w-sm items-center gap-3 rounded-lg border border-border bg-surface p-3 text-sm text-foreground shadow-(--shadow-pop)"
    >
      <span>{t('common:offline.update.available')}</span>
      <Button size="sm" onClick={() => void updateServiceWorker(true)}>
        {t('common:offline.update.reload')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
        {t('common:offline.update.later')}
      </Button>
    </div>
  );
}
