import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vatRateLabel } from '@shared/inventory/contracts.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import type { useItems } from './inventory-api.ts';
import { LowStockBadge, StockText } from './inventory-ui.tsx';

type ListItem = NonNullable<ReturnType<typeof useItems>['data']>['items'][number];

/**
 * A page of items: a table on wider screens whose name, stock and price headers ask the server for that order
 * (the same `sort` as the sort menu), one card per item on phones.
 */
export function ItemsTable({
  items,
  sort,
  onSort,
}: {
  items: ListItem[];
  sort: string;
  onSort: (sort: string | undefined) => void;
}) {
  const { t } = useTranslation('inventory');
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const columns: DataColumn<ListItem>[] = [
    {
      id: 'name',
      header: t('inventory:columns.item'),
      sortable: true,
      cell: (item) => (
        <>
          <Link to={`/inventory/${item.id}`} className="font-medium text-primary hover:underline">
            {item.name}
          </Link>
          <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span className="font-mono">{item.sku}</span>
            {item.kind === 'service' ? <Badge>{t('inventory:kinds.service')}</Badge> : null}
            {!item.active ? <Badge>{t('inventory:inactive')}</Badge> : null}
          </span>
        </>
      ),
    },
    {
      id: 'category',
      header: t('inventory:columns.category'),
      className: 'px-5 py-3 text-muted-foreground',
      cell: (item) => item.category ?? '—',
    },
    {
      id: 'stockQuantity',
      header: t('inventory:columns.stock'),
      align: 'right',
      sortable: true,
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (item) => (
        <span className="flex items-center justify-end gap-2">
          <LowStockBadge item={item} />
          <StockText item={item} />
        </span>
      ),
    },
    {
      id: 'salePriceCents',
      header: t('inventory:columns.price'),
      align: 'right',
      sortable: true,
      className: 'px-5 py-3 whitespace-nowrap tabular-nums',
      cell: (item) => formatEuroCents(item.salePriceCents, locale),
    },
    {
      id: 'vat',
      header: t('inventory:columns.vat'),
      align: 'right',
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground',
      cell: (item) => vatRateLabel(item.vatRateBp, lang),
    },
  ];

  return (
    <DataTable
      caption={t('inventory:list.caption')}
      columns={columns}
      rows={items}
      getRowId={(item) => item.id}
      sort={{ value: sort, onChange: onSort }}
      testId="items-table"
      card={(item) => (
        <Link
          to={`/inventory/${item.id}`}
          className="flex items-start justify-between gap-3 px-4 py-3 hover:bg-surface-muted"
        >
          <span className="min-w-0">
            <span className="block font-medium text-primary">{item.name}</span>
            <span className="mt-0.5 block text-xs text-muted-foreground">
              <span className="font-mono">{item.sku}</span>
              {item.category ? ` · ${item.category}` : ''}
            </span>
            {!item.active ? <Badge className="mt-1">{t('inventory:inactive')}</Badge> : null}
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1 text-sm">
            <StockText item={item} className="font-medium" />
            <LowStockBadge item={item} />
            <span className="text-xs text-muted-foreground tabular-nums">
              {formatEuroCents(item.salePriceCents, locale)}
            </span>
          </span>
        </Link>
      )}
    />
  );
}
