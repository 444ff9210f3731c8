import { cn } from './cn.ts';

/** The product mark and name. The name is hidden below `sm` when `compact`. */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-foreground', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill="var(--primary)" />
        <path
          d="M9 22V10h9a5 5 0 0 1 0 10h-5"
          fill="none"
          stroke="var(--primary-foreground)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="13" cy="22" r="1.8" fill="var(--primary-foreground)" />
      </svg>
      <span className={cn('text-lg tracking-tight', compact && 'sr-only sm:not-sr-only')}>Gestionale</span>
    </span>
  );
}
