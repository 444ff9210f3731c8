import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { cn } from '@web/ui/cn.ts';

export interface ImportCount {
  key: string;
  label: string;
  value: number;
  tone?: 'success' | 'danger' | 'warning' | 'neutral';
}

const TONES = {
  success: 'text-success',
  danger: 'text-danger',
  warning: 'text-warning-soft-foreground',
  neutral: 'text-foreground',
} as const;

/** The counts of a preview or a finished import (rows, new, duplicates, errors…). */
export function ImportCounts({ counts, testId }: { counts: readonly ImportCount[]; testId?: string }) {
  const locale = localeOf(currentLanguage());
  return (
    <dl
      className={cn(
        'grid gap-2 sm:gap-3',
        counts.length === 4 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3',
      )}
      data-testid={testId}
    >
      {counts.map((c) => (
        <div key={c.key} className="rounded-lg border border-border p-3 sm:p-4">
          <dt className="text-xs text-muted-foreground sm:text-sm">{c.label}</dt>
          <dd
            className={cn('mt-1 text-xl font-semibold tabular-nums sm:text-2xl', TONES[c.tone ?? 'neutral'])}
          >
            {formatNumber(c.value, locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
