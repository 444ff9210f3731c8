import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('rounded-lg border border-border bg-surface shadow-card', className)} {...rest} />
  );
}

export function CardHeader({
  title,
  description,
  action,
  icon,
  as: Heading = 'h2',
  className,
  titleId,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  as?: 'h2' | 'h3';
  className?: string;
  titleId?: string;
}) {
  return (
    <div
      className={cn('flex flex-wrap items-start gap-x-3 gap-y-2 border-b border-border px-5 py-4', className)}
    >
      {icon ? (
        <div className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
          {icon}
        </div>
      ) : null}
      <div className="min-w-0 flex-1 basis-48">
        <Heading id={titleId} className="text-base font-semibold text-foreground">
          {title}
        </Heading>
        {description ? <p className="mt-0.5 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action ? (
        <div className={cn('order-last w-full sm:order-none sm:w-auto sm:shrink-0', icon && 'pl-12 sm:pl-0')}>
          {action}
        </div>
      ) : null}
    </div>
  );
}

export function CardContent({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-4', className)} {...rest} />;
}
