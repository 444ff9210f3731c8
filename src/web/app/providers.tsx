import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from './query-client.ts';
import { ThemeProvider } from './theme.tsx';
import { StepUpHost } from './step-up.tsx';

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

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <StepUpHost />
        <Toaster position="top-right" toastOptions={TOAST_OPTIONS} containerStyle={{ top: 72 }} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
