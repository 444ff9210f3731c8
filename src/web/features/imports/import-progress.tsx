import { cn } from '@web/ui/cn.ts';

/**
 * Long work of an import (reading, checking, importing): what is happening and a bar, which shows the share
 * sent while a large request goes up (when known) and pulses while the server works.
 */
export function ImportProgress({ label, share = null }: { label: string; share?: number | null }) {
  const sending = share !== null && share < 1;
  const percent = sending ? Math.round(share * 100) : undefined;
  return (
    <div className="grid grid-cols-1 gap-2 py-2" data-testid="import-progress">
      <p className="text-sm text-foreground" role="status">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={sending ? 0 : undefined}
        aria-valuemax={sending ? 100 : undefined}
        aria-valuenow={percent}
        className="relative h-1.5 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className={cn('h-full rounded-full bg-primary transition-[width]', !sending && 'animate-pulse')}
          style={{ width: `${sending ? Math.max(4, percent!) : 100}%` }}
        />
      </div>
    </div>
  );
}
