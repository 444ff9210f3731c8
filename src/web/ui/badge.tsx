import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'danger' | 'warning';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-surface-muted text-muted-foreground',
  primary: 'bg-primary-soft text-primary-soft-foreground',
  success: 'bg-success-soft text-success-soft-foreground',
  danger: 'bg-danger-soft text-danger-soft-foreground',
  warning: 'bg-warning-soft text-warning-soft-foreground',
};

export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        TONES[tone],
        className,
      )}
      {...rest}
    />
  );
}

/** The status of a record (a document, an answer) as a badge on one line: its tone, its name, `data-status`. */
export function StatusBadge<S extends string>({
  status,
  tones,
  label,
  className,
}: {
  status: S;
  tones: Record<S, BadgeTone>;
  label: ReactNode;
  className?: string;
}) {
  return (
    <Badge tone={tones[status]} className={cn('whitespace-nowrap', className)} data-status={status}>
      {label}
    </Badge>
  );
}
