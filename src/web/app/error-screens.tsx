import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, BarChart3, Download, RefreshCw, WifiOff } from 'lucide-react';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { classifyError, type ErrorKind } from './error-kind.ts';
import { useDocumentTitle } from './use-document-title.ts';

const ICONS: Record<ErrorKind, typeof AlertTriangle> = {
  chunk: Download,
  network: WifiOff,
  other: AlertTriangle,
};

/**
 * The error screen of spec §8: chunk-load → Update Available with Refresh Page; network → Connection Error;
 * anything else → Something went wrong; Try Again and Go to Dashboard.
 */
export function ErrorScreen({
  error,
  onRetry,
  fullPage = true,
}: {
  error: unknown;
  onRetry: () => void;
  fullPage?: boolean;
}) {
  const { t } = useTranslation(['common', 'buttons']);
  const kind = classifyError(error);
  const Icon = ICONS[kind];
  const title = t(`common:errorScreen.${kind}.title`);
  useDocumentTitle(title);
  // A full page has its own main landmark; inside the shell, the shell's <main> holds it.
  const Wrapper = fullPage ? 'main' : 'section';
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center px-6 py-16 text-center',
        fullPage && 'min-h-dvh bg-background',
      )}
    >
      <Wrapper className="flex max-w-md flex-col items-center" aria-labelledby="error-title">
        <div
          className={cn(
            'mb-5 flex size-16 items-center justify-center rounded-full',
            kind === 'chunk'
              ? 'bg-primary-soft text-primary-soft-foreground'
              : 'bg-danger-soft text-danger-soft-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-8" />
        </div>
        <h1 id="error-title" className="text-2xl font-semibold text-foreground">
          {title}
        </h1>
        <p className="mt-3 text-muted-foreground">{t(`common:errorScreen.${kind}.description`)}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {kind === 'chunk' ? (
            <Button onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('buttons:refreshPage')}
            </Button>
          ) : (
            <Button onClick={onRetry}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('buttons:tryAgain')}
            </Button>
          )}
          <a href="/dashboard" className={buttonClasses('outline')}>
            {t('buttons:goToDashboard')}
          </a>
        </div>
      </Wrapper>
    </div>
  );
}

/**
 * The error boundary around the routes (and around the shell's content, so the shell stays): shows the
 * error screen; Try Again clears it and refetches what failed. A new location clears it too.
 */
export function RouteErrorBoundary({
  resetKey,
  fullPage = true,
  children,
}: {
  resetKey: string;
  fullPage?: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={({ error, reset }) => (
        <ErrorScreen
          error={error}
          fullPage={fullPage}
          onRetry={() => {
            void queryClient.resetQueries({ predicate: (q) => q.state.status === 'error' });
            reset();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

interface BoundaryProps {
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
  /** A change of this value clears the error (e.g. the pathname). */
  resetKey?: string;
  children: ReactNode;
}

/** A plain React error boundary (for parts of a page, such as a chart). */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  reset = () => this.setState({ error: undefined, failed: false });

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  override render() {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}

/** The chart error panel of spec §2: "Failed to render chart" with Retry. */
export function ChartErrorPanel({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation(['common', 'buttons']);
  return (
    <div
      role="alert"
      className={cn(
        'flex min-h-48 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border bg-surface-muted p-6 text-center',
        className,
      )}
    >
      <BarChart3 aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-sm font-medium text-foreground">{t('common:chartError')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('buttons:retry')}
      </Button>
    </div>
  );
}

/** Wraps a chart: a rendering failure shows the chart error panel, Retry renders it again. */
export function ChartBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={({ reset }) => <ChartErrorPanel onRetry={reset} />}>{children}</ErrorBoundary>
  );
}
