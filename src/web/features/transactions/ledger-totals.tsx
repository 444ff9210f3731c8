import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownLeft, ArrowUpRight, Scale } from 'lucide-react';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TTransactionPage } from '@shared/transactions/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Spinner } from '@web/ui/spinner.tsx';
import { rangeOf, type LedgerFilters } from './filters.ts';

/** "1 Jan 2026 – 31 Dec 2026", "Since …", "Until …" or "All time": the range the totals and the chart cover. */
export function useRangeText(filters: LedgerFilters, today: Date): string {
  const { t } = useTranslation(['transactions']);
  const locale = localeOf(currentLanguage());
  const range = rangeOf(filters, today);
  if (range.from && range.to) {
    return t('transactions:totals.range', {
      from: formatDate(range.from, locale),
      to: formatDate(range.to, locale),
    });
  }
  if (range.from) return t('transactions:totals.since', { from: formatDate(range.from, locale) });
  if (range.to) return t('transactions:totals.until', { to: formatDate(range.to, locale) });
  return t('transactions:totals.allTime');
}

/** Income, expense and balance of the whole filtered range (not only the page shown). */
export function LedgerTotals({
  totals,
  rangeText,
}: {
  totals: TTransactionPage['totals'] | undefined;
  rangeText: string;
}) {
  const { t } = useTranslation(['transactions']);
  return (
    <section aria-label={t('transactions:totals.label')} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <TotalCard
        label={t('transactions:totals.income')}
        value={totals?.incomeCents}
        tone="income"
        icon={<ArrowDownLeft aria-hidden="true" className="size-5" />}
        note={rangeText}
        testId="total-income"
      />
      <TotalCard
        label={t('transactions:totals.expense')}
        value={totals?.expenseCents}
        tone="expense"
        icon={<ArrowUpRight aria-hidden="true" className="size-5" />}
        note={rangeText}
        testId="total-expense"
      />
      <TotalCard
        label={t('transactions:totals.balance')}
        value={totals?.balanceCents}
        tone={(totals?.balanceCents ?? 0) < 0 ? 'expense' : 'balance'}
        icon={<Scale aria-hidden="true" className="size-5" />}
        note={rangeText}
        testId="total-balance"
      />
    </section>
  );
}

function TotalCard({
  label,
  value,
  tone,
  icon,
  note,
  testId,
}: {
  label: string;
  value: number | undefined;
  tone: 'income' | 'expense' | 'balance';
  icon: ReactNode;
  note: string;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const locale = localeOf(currentLanguage());
  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-md',
            tone === 'income'
              ? 'bg-success-soft text-success-soft-foreground'
              : tone === 'expense'
                ? 'bg-danger-soft text-danger-soft-foreground'
                : 'bg-primary-soft text-primary-soft-foreground',
          )}
        >
          {icon}
        </span>
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      </div>
      <p
        data-testid={testId}
        className={cn(
          'mt-3 text-2xl font-semibold tracking-tight tabular-nums',
          tone === 'income' ? 'text-success' : tone === 'expense' ? 'text-danger' : 'text-foreground',
        )}
      >
        {value === undefined ? <Spinner label={t('loading')} /> : formatEuroCents(value, locale)}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{note}</p>
    </Card>
  );
}
