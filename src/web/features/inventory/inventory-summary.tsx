import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Package, Wallet } from 'lucide-react';
import { formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Spinner } from '@web/ui/spinner.tsx';
import { useLowStockCount } from './inventory-api.ts';

/** The stock value and item count of the list as filtered, and the low-stock count that switches its filter. */
export function InventorySummary({
  data,
  filtered,
  lowStock,
  onLowStock,
}: {
  data: { stockValueCents: number; total: number } | undefined;
  filtered: boolean;
  lowStock: boolean;
  onLowStock: (lowStock: boolean) => void;
}) {
  const { t } = useTranslation(['inventory', 'common']);
  const lowStockCount = useLowStockCount();
  const locale = localeOf(currentLanguage());
  return (
    <div className="mb-6 grid grid-cols-2 gap-4 sm:grid-cols-3">
      <SummaryCard
        icon={<Wallet aria-hidden="true" className="size-5" />}
        label={filtered ? t('inventory:summary.valueFiltered') : t('inventory:summary.value')}
        value={data ? formatEuroCents(data.stockValueCents, locale) : null}
        hint={t('inventory:summary.valueHint')}
        testId="stock-value"
        className="col-span-2 sm:col-span-1"
      />
      <SummaryCard
        icon={<Package aria-hidden="true" className="size-5" />}
        label={filtered ? t('inventory:summary.itemsFiltered') : t('inventory:summary.items')}
        value={data ? formatNumber(data.total, locale) : null}
      />
      <button
        type="button"
        onClick={() => onLowStock(!lowStock)}
        aria-pressed={lowStock}
        className={cn(
          'rounded-lg border bg-surface px-4 py-4 text-left shadow-card transition-colors sm:px-5',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          lowStock ? 'border-primary ring-1 ring-primary' : 'border-border hover:bg-surface-muted',
        )}
      >
        <span className="flex items-center gap-3">
          <span className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-warning-soft text-warning-soft-foreground min-[25rem]:flex">
            <AlertTriangle aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm text-muted-foreground">{t('inventory:summary.lowStock')}</span>
            <span className="block text-lg font-semibold text-foreground tabular-nums">
              {lowStockCount.data === undefined ? '…' : formatNumber(lowStockCount.data, locale)}
            </span>
            <span className="block text-xs text-muted-foreground">
              {lowStock ? t('inventory:summary.lowStockOn') : t('inventory:summary.lowStockOff')}
            </span>
          </span>
        </span>
      </button>
    </div>
  );
}

function SummaryCard({
  icon,
  label,
  value,
  hint,
  testId,
  className,
}: {
  className?: string;
  icon: ReactNode;
  label: string;
  value: string | null;
  hint?: string;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Card className={cn('px-4 py-4 sm:px-5', className)}>
      <div className="flex items-center gap-3">
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground min-[25rem]:flex">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-lg font-semibold text-foreground tabular-nums" data-testid={testId}>
            {value ?? <Spinner label={t('common:loading')} />}
          </p>
        </div>
      </div>
      {hint ? <p className="mt-2 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
