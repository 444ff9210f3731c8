// Over 300 lines: the item page holds its details and the movements card (that list is the shared data
// table); splitting them is left to a later step of issue 13.
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowDownToLine,
  ArrowLeft,
  ArrowUpFromLine,
  History,
  MoreHorizontal,
  Package,
  Pencil,
  Trash2,
} from 'lucide-react';
import { NATURA_CODES, vatRateLabel, type TItem } from '@shared/inventory/contracts.ts';
import type { MovementKind } from '@shared/inventory/stock.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import { formatDate, formatDateTime, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { DeleteItemDialog } from './delete-item-dialog.tsx';
import { PAGE_SIZE, useItem, useMovements } from './inventory-api.ts';
import { formatQuantity, formatStock, unitSymbol } from './inventory-format.ts';
import { LowStockBadge, Pager, StockText } from './inventory-ui.tsx';
import { ItemFormDialog } from './item-form-dialog.tsx';
import { MovementDialog } from './movement-dialog.tsx';

type DialogState =
  { kind: 'edit' } | { kind: 'delete' } | { kind: 'movement'; movement: MovementKind } | null;

/** /inventory/:id: the item, its stock and prices, and its movements with "record movement". */
export function InventoryItemPage() {
  const { t } = useTranslation(['inventory', 'navigation', 'common', 'buttons']);
  const { id = '' } = useParams();
  const item = useItem(id);
  useDocumentTitle(item.data?.name ?? t('navigation:routes.inventory'));

  if (item.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner label={t('common:loading')} />
      </div>
    );
  }
  if (item.isError) {
    const missing =
      item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 400);
    return (
      <div>
        <BackLink />
        <Card>
          <EmptyState
            headingLevel="h1"
            icon={<Package aria-hidden="true" />}
            title={missing ? t('inventory:item.notFound') : t('inventory:item.loadError')}
            description={missing ? t('inventory:item.notFoundText') : apiErrorMessage(item.error, t)}
            action={
              missing ? (
                <Link to="/inventory" className={buttonClasses('primary')}>
                  {t('inventory:item.backToList')}
                </Link>
              ) : (
                <Button onClick={() => void item.refetch()}>{t('buttons:retry')}</Button>
              )
            }
          />
        </Card>
      </div>
    );
  }
  return <ItemDetails item={item.data} />;
}

function BackLink() {
  const { t } = useTranslation('inventory');
  return (
    <Link
      to="/inventory"
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('inventory:item.backToList')}
    </Link>
  );
}

function ItemDetails({ item }: { item: TItem }) {
  const { t } = useTranslation(['inventory', 'common', 'buttons']);
  const me = useSignedInMe();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const canManage = !!me.role && hasPermission(me.role, 'manage_financial_data');
  const [dialog, setDialog] = useState<DialogState>(null);
  const goods = item.kind === 'goods';
  const close = () => setDialog(null);
  const margin =
    item.salePriceCents > 0 && item.costCents > 0
      ? (item.salePriceCents - item.costCents) / item.salePriceCents
      : null;

  return (
    <div>
      <BackLink />
      <PageHeader
        title={item.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm">{item.sku}</span>
            <Badge tone={goods ? 'primary' : 'neutral'}>{t(`inventory:kinds.${item.kind}`)}</Badge>
            {!item.active ? <Badge tone="neutral">{t('inventory:inactive')}</Badge> : null}
            <LowStockBadge item={item} />
          </span>
        }
        actions={
          canManage ? (
            <>
              {goods ? (
                <Button onClick={() => setDialog({ kind: 'movement', movement: 'in' })}>
                  <History aria-hidden="true" className="size-4" />
                  {t('inventory:item.recordMovement')}
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => setDialog({ kind: 'edit' })}>
                <Pencil aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">{t('inventory:item.edit')}</span>
              </Button>
              <Menu>
                <MenuTrigger asChild>
                  <Button variant="outline" size="icon" aria-label={t('inventory:item.more')}>
                    <MoreHorizontal aria-hidden="true" className="size-4" />
                  </Button>
                </MenuTrigger>
                <MenuContent>
                  <MenuItem onSelect={() => setDialog({ kind: 'delete' })} className="text-danger">
                    <Trash2 aria-hidden="true" />
                    {t('inventory:item.delete')}
                  </MenuItem>
                </MenuContent>
              </Menu>
            </>
          ) : null
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader title={t('inventory:item.stockTitle')} as="h2" />
          <CardContent className="flex flex-col gap-4">
            {goods ? (
              <>
                <p className="text-3xl font-semibold tracking-tight" data-testid="item-stock">
                  <StockText item={item} />
                </p>
                <dl className="grid grid-cols-2 gap-3 text-sm">
                  <div>
                    <dt className="text-muted-foreground">{t('inventory:fields.lowStockThreshold')}</dt>
                    <dd className="font-medium">
                      {item.lowStockThreshold === null
                        ? t('inventory:item.noThreshold')
                        : formatStock(item.lowStockThreshold, item.unit, lang)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t('inventory:item.stockValue')}</dt>
                    <dd className="font-medium">
                      {formatEuroCents(
                        item.stockQuantity > 0 ? Math.round(item.stockQuantity * item.costCents) : 0,
                        locale,
                      )}
                    </dd>
                  </div>
                </dl>
                {canManage ? (
                  <div className="grid grid-cols-2 gap-2">
                    <Button variant="outline" onClick={() => setDialog({ kind: 'movement', movement: 'in' })}>
                      <ArrowDownToLine aria-hidden="true" className="size-4" />
                      {t('inventory:movementKinds.in')}
                    </Button>
                    <Button
                      variant="outline"
                      onClick={() => setDialog({ kind: 'movement', movement: 'out' })}
                    >
                      <ArrowUpFromLine aria-hidden="true" className="size-4" />
                      {t('inventory:movementKinds.out')}
                    </Button>
                  </div>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-muted-foreground">{t('inventory:item.serviceNoStock')}</p>
            )}
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader title={t('inventory:item.detailsTitle')} as="h2" />
          <CardContent>
            <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2 xl:grid-cols-3">
              <Detail label={t('inventory:fields.salePrice')}>
                {formatEuroCents(item.salePriceCents, locale)}
                <span className="text-muted-foreground"> / {unitSymbol(item.unit)}</span>
              </Detail>
              <Detail label={t('inventory:fields.cost')}>
                {item.costCents ? formatEuroCents(item.costCents, locale) : '—'}
                {margin !== null ? (
                  <span className="text-muted-foreground">
                    {' '}
                    · {t('inventory:item.margin', { percent: Math.round(margin * 100) })}
                  </span>
                ) : null}
              </Detail>
              <Detail label={t('inventory:fields.vatRate')}>
                {vatRateLabel(item.vatRateBp, lang)}
                {item.vatNatura ? (
                  <span className="block text-xs text-muted-foreground">
                    {item.vatNatura} – {NATURA_CODES[item.vatNatura][lang]}
                  </span>
                ) : null}
              </Detail>
              <Detail label={t('inventory:fields.barcode')}>
                {item.barcode ? <span className="font-mono">{item.barcode}</span> : '—'}
              </Detail>
              <Detail label={t('inventory:fields.category')}>{item.category ?? '—'}</Detail>
              <Detail label={t('inventory:fields.unit')}>{unitSymbol(item.unit)}</Detail>
              {item.description ? (
                <Detail label={t('inventory:fields.description')} wide>
                  <span className="whitespace-pre-line">{item.description}</span>
                </Detail>
              ) : null}
              <Detail label={t('inventory:item.updatedAt')}>{formatDateTime(item.updatedAt, locale)}</Detail>
            </dl>
          </CardContent>
        </Card>
      </div>

      {goods ? <MovementsCard item={item} /> : null}

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && close()}>
        {dialog?.kind === 'edit' ? <ItemFormDialog item={item} onSaved={close} /> : null}
        {dialog?.kind === 'movement' ? (
          <MovementDialog item={item} initialKind={dialog.movement} onDone={close} />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeleteItemDialog
            item={item}
            onDeleted={() => void navigate('/inventory', { replace: true })}
            onDeactivated={close}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn(wide && 'sm:col-span-2 xl:col-span-3')}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium text-foreground">{children}</dd>
    </div>
  );
}

const KIND_TONE: Record<MovementKind, 'success' | 'danger' | 'neutral'> = {
  in: 'success',
  out: 'danger',
  adjustment: 'neutral',
};

type Movement = NonNullable<ReturnType<typeof useMovements>['data']>['items'][number];

function MovementsCard({ item }: { item: TItem }) {
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
        <div className="flex justify-center py-12">
          <Spinner label={t('common:loading')} />
        </div>
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
