import type { ReactNode } from 'react';

/** A definition list that leaves out empty facts. */
export function Facts({ items, className }: { items: [string, ReactNode][]; className?: string }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
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
