import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
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
import { formatDateTime, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { LinkedDocuments } from '@web/features/documents/linked-documents.tsx';
import { DeleteItemDialog } from './delete-item-dialog.tsx';
import { useItem } from './inventory-api.ts';
import { formatStock, unitSymbol } from './inventory-format.ts';
import { LowStockBadge, StockText } from './inventory-ui.tsx';
import { ItemFormDialog } from './item-form-dialog.tsx';
import { MovementDialog } from './movement-dialog.tsx';
import { MovementsCard } from './item-movements-card.tsx';

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
      <LinkedDocuments recordType="inventory_item" recordId={item.id} className="mt-6" />

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
