import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { TItem } from '@shared/inventory/contracts.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import { Pagination } from '@web/ui/pagination.tsx';
import { formatStock } from './inventory-format.ts';

/** "Scorta bassa" on goods at or below their threshold. */
export function LowStockBadge({ item, className }: { item: TItem; className?: string }) {
  const { t } = useTranslation('inventory');
  if (!item.lowStock) return null;
  return (
    <Badge tone="warning" className={cn('gap-1', className)}>
      <AlertTriangle aria-hidden="true" className="size-3" />
      {t('inventory:lowStock')}
    </Badge>
  );
}

/** The stock of goods ("12,5 pz"), red below zero; services have none ("—"). */
export function StockText({ item, className }: { item: TItem; className?: string }) {
  const { t } = useTranslation('inventory');
  if (item.kind === 'service') {
    return (
      <span className={cn('text-muted-foreground', className)}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('inventory:noStockForServices')}</span>
      </span>
    );
  }
  return (
    <span
      className={cn(
        'tabular-nums',
        item.stockQuantity < 0 ? 'font-semibold text-danger' : 'text-foreground',
        className,
      )}
    >
      {formatStock(item.stockQuantity, item.unit)}
    </span>
  );
}

/** The shared pagination with "Pagina 2 di 5 · 43 risultati". */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation(['inventory']);
  const locale = localeOf(currentLanguage());
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Pagination
      label={label}
      page={page}
      pages={pages}
      summary={t('inventory:pageOf', {
        page: formatNumber(Math.min(page, pages), locale),
        pages: formatNumber(pages, locale),
        count: total,
        total: formatNumber(total, locale),
      })}
      onPage={onPage}
    />
  );
}
