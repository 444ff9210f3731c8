import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import type { TItem } from '@shared/inventory/contracts.ts';
import type { MovementKind } from '@shared/inventory/stock.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { PAGE_SIZE, useMovements } from './inventory-api.ts';
import { formatQuantity, unitSymbol } from './inventory-format.ts';
import { Pager } from './inventory-ui.tsx';

const KIND_TONE: Record<MovementKind, 'success' | 'danger' | 'neutral'> = {
  in: 'success',
  out: 'danger',
  adjustment: 'neutral',
};

type Movement = NonNullable<ReturnType<typeof useMovements>['data']>['items'][number];

/** The item's stock movements, page by page (the page in the URL). */
export function MovementsCard({ item }: { item: TItem }) {
  const { t } = useTranslation(['inventory', 'common', 'buttons']);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const movements = useMovements(item.id, page);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const setPage = (next: number) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { replace: true },
    );
  const reason = (m: Movement) =>
    m.reason === 'Import' ? t('inventory:movements.importReason') : (m.reason ?? '—');
  const movementColumns: DataColumn<Movement>[] = [
    {
      id: 'date',
      header: t('inventory:movements.columns.date'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (m) => formatDate(m.occurredOn, locale),
    },
    {
      id: 'kind',
      header: t('inventory:movements.columns.kind'),
      cell: (m) => <Badge tone={KIND_TONE[m.kind]}>{t(`inventory:movementKinds.${m.kind}`)}</Badge>,
    },
    {
      id: 'quantity',
      header: t('inventory:movements.columns.quantity'),
      align: 'right',
      cell: (m) => <SignedQuantity quantity={m.quantity} unit={item.unit} />,
    },
    {
      id: 'reason',
      header: t('inventory:movements.columns.reason'),
      className: 'max-w-72 px-5 py-3 text-muted-foreground',
      cell: reason,
    },
    {
      id: 'user',
      header: t('inventory:movements.columns.user'),
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground',
      cell: (m) => m.userName ?? '—',
    },
  ];

  return (
    <Card className="mt-6">
      <CardHeader
        icon={<History aria-hidden="true" className="size-5" />}
        title={t('inventory:movements.title')}
        description={t('inventory:movements.description')}
      />
      {movements.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : movements.isError ? (
        <div className="p-5">
          <Alert tone="error" title={t('inventory:movements.loadError')}>
            {apiErrorMessage(movements.error, t)}
          </Alert>
        </div>
      ) : movements.data.items.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<History aria-hidden="true" />}
          title={t('inventory:movements.empty.title')}
          description={t('inventory:movements.empty.text')}
        />
      ) : (
        <>
          <DataTable
            caption={t('inventory:movements.title')}
            columns={movementColumns}
            rows={movements.data.items}
            getRowId={(m) => m.id}
            testId="movements-table"
            rowProps={() => ({ className: undefined })}
            cardProps={() => ({ className: 'flex items-start justify-between gap-3 px-4 py-3 text-sm' })}
            card={(m) => (
              <>
                <span className="min-w-0">
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge tone={KIND_TONE[m.kind]}>{t(`inventory:movementKinds.${m.kind}`)}</Badge>
                    <span className="text-muted-foreground">{formatDate(m.occurredOn, locale)}</span>
                  </span>
                  <span className="mt-1 block text-foreground">{reason(m)}</span>
                  {m.userName ? (
                    <span className="block text-xs text-muted-foreground">{m.userName}</span>
                  ) : null}
                </span>
                <SignedQuantity quantity={m.quantity} unit={item.unit} />
              </>
            )}
          />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={movements.data.total}
            onPage={setPage}
            label={t('inventory:movements.pagination')}
          />
        </>
      )}
    </Card>
  );
}

/** +20 pz in green, −6 pz in red. */
function SignedQuantity({ quantity, unit }: { quantity: number; unit: string }) {
  const lang = currentLanguage();
  return (
    <span
      className={cn(
        'font-medium whitespace-nowrap tabular-nums',
        quantity < 0 ? 'text-danger' : 'text-success-soft-foreground',
      )}
    >
      {quantity > 0 ? '+' : quantity < 0 ? '−' : ''}
      {formatQuantity(Math.abs(quantity), lang)} {unitSymbol(unit)}
    </span>
  );
}
