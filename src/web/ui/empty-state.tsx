import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/** A centred message for a place without content: icon, title, text and an optional action. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 'h2',
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 'h1' | 'h2' | 'h3' | 'p';
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <div className={cn('flex flex-col items-center px-6 py-12 text-center', className)}>
      {icon ? (
        <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground [&_svg]:size-7">
          {icon}
        </div>
      ) : null}
      <Heading className="text-lg font-semibold text-foreground">{title}</Heading>
      {description ? <p className="mt-2 max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
