import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { cn } from './cn.ts';
import { EmptyState } from './empty-state.tsx';
import { Logo } from './logo.tsx';
import { Spinner } from './spinner.tsx';

/** How wide a public page's column is: a document (the quote) needs more room than a form (the RSVP). */
type PublicPageWidth = 'form' | 'document';

/**
 * The shell of a page opened from a link in an e-mail, with no session (the public quote, the RSVP): one centred
 * column in the language of what it shows, and the app's mark at the foot.
 */
export function PublicPage({
  lang,
  width,
  children,
}: {
  lang?: string;
  width: PublicPageWidth;
  children: ReactNode;
}) {
  return (
    <div lang={lang} className="flex min-h-dvh flex-col bg-background">
      <main
        className={cn(
          'mx-auto flex w-full flex-1 flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10',
          width === 'document' ? 'max-w-3xl' : 'max-w-2xl',
        )}
      >
        {children}
      </main>
      <footer className="flex justify-center px-4 pb-6 text-xs text-muted-foreground">
        <Logo compact className="scale-75 opacity-80" />
      </footer>
    </div>
  );
}

/** A public page while what it shows loads: a large spinner in the middle. */
export function PublicPageLoading({ width, label }: { width: PublicPageWidth; label: string }) {
  return (
    <PublicPage width={width}>
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={label} className="[&_svg]:size-8" />
      </div>
    </PublicPage>
  );
}

/**
 * A public page whose link does not work or whose content did not load: the reason as the page's heading, and a
 * retry button when trying again can help.
 */
export function PublicPageError({
  width,
  icon,
  title,
  description,
  retry,
  testId,
}: {
  width: PublicPageWidth;
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Shown when the failure may pass (the server or the network), not for a link that is wrong or expired. */
  retry?: { label: string; onRetry: () => void };
  testId?: string;
}) {
  return (
    <PublicPage width={width}>
      <Card className="my-auto" data-testid={testId}>
        <EmptyState
          headingLevel="h1"
          icon={icon}
          title={title}
          description={description}
          action={
            retry ? (
              <Button variant="outline" onClick={retry.onRetry}>
                {retry.label}
              </Button>
            ) : undefined
          }
        />
      </Card>
    </PublicPage>
  );
}
