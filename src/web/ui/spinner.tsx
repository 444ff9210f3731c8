import { Loader2 } from 'lucide-react';
import { cn } from './cn.ts';

/** A spinning indicator announced to screen readers by its label. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <Loader2 aria-hidden="true" className="size-5 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The whole viewport, e.g. while the session loads. */
export function FullScreenSpinner({ label, text }: { label: string; text?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background">
      <Spinner label={label} className="[&_svg]:size-8" />
      {text ? (
        <p className="text-sm text-muted-foreground" aria-hidden="true">
          {text}
        </p>
      ) : null}
    </div>
  );
}

/** A spinner centred in the space a panel or a list will take once loaded. */
export function BlockSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} />
    </div>
  );
}
