import type { ReactNode } from 'react';

/** A definition list that leaves out empty facts (and those whose label is null). */
export function Facts({ items, className }: { items: [string | null, ReactNode][]; className?: string }) {
  const shown = items.filter(
    (item): item is [string, ReactNode] =>
      item[0] !== null && item[1] !== null && item[1] !== undefined && item[1] !== '',
  );
  return (
    <dl className={className ?? 'grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2'}>
      {shown.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 font-medium break-words text-foreground [&_a]:text-primary [&_a]:hover:underline">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
