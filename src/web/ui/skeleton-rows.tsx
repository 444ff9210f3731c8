/** Placeholder rows of a list while it loads, announced once to screen readers. */
export function SkeletonRows({
  rows = 5,
  label,
  avatar = false,
  aside = true,
}: {
  rows?: number;
  label: string;
  /** A round placeholder before each row (lists of people and companies). */
  avatar?: boolean;
  /** A short placeholder at the end of each row, from the small breakpoint up (amounts, dates). */
  aside?: boolean;
}) {
  return (
    <div className="divide-y divide-border" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-5 py-4" aria-hidden="true">
          {avatar ? <div className="size-9 shrink-0 animate-pulse rounded-full bg-surface-muted" /> : null}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="h-3.5 w-2/5 animate-pulse rounded bg-surface-muted" />
            <div className="h-3 w-3/5 animate-pulse rounded bg-surface-muted" />
          </div>
          {aside ? <div className="hidden h-3 w-24 animate-pulse rounded bg-surface-muted sm:block" /> : null}
        </div>
      ))}
    </div>
  );
}
