import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * A section of a form under its heading (which names it for screen readers), with an optional hint below the
 * heading. `heading` is the level the page needs; `size` the heading's text size.
 */
export function FormSection({
  id,
  title,
  hint,
  heading: Heading = 'h3',
  size = 'base',
  children,
}: {
  id: string;
  title: ReactNode;
  hint?: ReactNode;
  heading?: 'h2' | 'h3';
  size?: 'sm' | 'base';
  children: ReactNode;
}) {
  const header = (
    <Heading id={id} className={cn(size === 'sm' ? 'text-sm' : 'text-base', 'font-semibold text-foreground')}>
      {title}
    </Heading>
  );
  return (
    <section className="grid gap-5" aria-labelledby={id}>
      {hint ? (
        <div>
          {header}
          <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
        </div>
      ) : (
        header
      )}
      {children}
    </section>
  );
}
