import { useTranslation } from 'react-i18next';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { formatPercent } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { cn } from './cn.ts';

/** The change against the previous period, or null when there is nothing to compare with. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/**
 * "↑ +12%" in green or "↓ −8%" in red against the previous period; "Nothing to compare with" when it was zero.
 * For a cost, a rise is bad news: `lowerIsBetter` swaps the colours.
 */
export function ChangeNote({
  current,
  previous,
  lowerIsBetter = false,
}: {
  current: number;
  previous: number;
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation('common');
  const locale = localeOf(currentLanguage());
  const change = changeOf(current, previous);
  if (change === null) return <span>{t('comparison.none')}</span>;
  const Icon = change >= 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5',
        change >= 0 !== lowerIsBetter ? 'text-success' : 'text-danger',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t('comparison.change', {
        change: formatPercent(Math.abs(change), locale),
        sign: change >= 0 ? '+' : '−',
      })}
    </span>
  );
}
