import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { ThemeProvider } from './theme.tsx';
import { useMe } from './session.ts';
import { StepUpHost } from './step-up.tsx';

/**
 * Issue 18: the app's updates (every page), and offline work for a signed-in user (IndexedDB through Dexie): their
 * own chunks, loaded after the first screen; the sign-in page never loads the offline store.
 */
const UpdatePrompt = lazy(async () => ({
  default: (await import('@web/features/offline/update-prompt.tsx')).UpdatePrompt,
}));
const OfflineHost = lazy(() => import('@web/features/offline/offline-host.tsx'));

function OfflineWork() {
  const { data: me } = useMe();
  return me ? <OfflineHost /> : null;
}

/** Toasts top-right with the spec's durations: 4 s (blank, error, custom), 2 s success, loading until dismissed. */
export const TOAST_OPTIONS = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
  style: {
    maxWidth: 350,
    background: 'var(--surface)',
    color: 'var(--foreground)',
    border: '1px solid var(--border)',
    boxShadow: 'var(--shadow-pop)',
    fontSize: '0.875rem',
  },
} as const;

/** `queryClient`: the app's one client, made before the first render so the boot can fill it (main.tsx). */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <StepUpHost />
        <Suspense fallback={null}>
          <OfflineWork />
          <UpdatePrompt />
        </Suspense>
        <Toaster position="top-right" toastOptions={TOAST_OPTIONS} containerStyle={{ top: 72 }} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
