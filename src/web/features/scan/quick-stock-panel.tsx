import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import type { TItem } from '@shared/inventory/contracts.ts';
import { parseQuantity, type MovementKind } from '@shared/inventory/stock.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { fieldText } from '@web/app/field-text.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { CardContent } from '@web/ui/card.tsx';
import { Input } from '@web/ui/input.tsx';
import { useRecordMovement } from '@web/features/inventory/inventory-api.ts';
import { formatStock, unitSymbol } from '@web/features/inventory/inventory-format.ts';
import { LowStockBadge, StockText } from '@web/features/inventory/inventory-ui.tsx';

/** The scanned item with its stock and quick stock in/out: ±1 or a typed quantity. */
export function QuickStockPanel({
  item,
  canManage,
  onItem,
}: {
  item: TItem;
  canManage: boolean;
  onItem: (item: TItem) => void;
}) {
  const { t } = useTranslation(['scan', 'inventory']);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const record = useRecordMovement();
  const quantityId = useId();
  const [quantity, setQuantity] = useState('');
  const [quantityError, setQuantityError] = useState<string>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const goods = item.kind === 'goods';

  const move = async (kind: MovementKind, amount: number) => {
    setError(undefined);
    setDone(undefined);
    try {
      const recorded = await record.mutateAsync({
        id: item.id,
        movement: {
          kind,
          quantity: amount,
          reason: t('scan:quick.reason'),
          occurredOn: '',
          documentType: null,
          documentId: null,
        },
      });
      onItem(recorded.item);
      setDone(
        t(kind === 'in' ? 'scan:quick.doneIn' : 'scan:quick.doneOut', {
          quantity: formatStock(amount, item.unit, lang),
          stock: formatStock(recorded.item.stockQuantity, item.unit, lang),
        }),
      );
      setQuantity('');
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'INSUFFICIENT_STOCK'
          ? fieldText('inventory.errors.insufficientStock', lang)
          : apiErrorMessage(e, t),
      );
    }
  };

  const typed = (kind: MovementKind) => {
    const q = parseQuantity(quantity);
    if (q === null || q <= 0) {
      setQuantityError(fieldText('inventory.errors.quantityPositive', lang));
      return;
    }
    setQuantityError(undefined);
    void move(kind, q);
  };

  return (
    <CardContent className="flex flex-col gap-4" data-testid="quick-stock">
      <div>
        <p className="text-lg font-semibold text-foreground">
          <Link to={`/inventory/${item.id}`} className="hover:underline">
            {item.name}
          </Link>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="font-mono">{item.sku}</span>
          {item.barcode ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="font-mono">{item.barcode}</span>
            </>
          ) : null}
          {!item.active ? <Badge>{t('inventory:inactive')}</Badge> : null}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('inventory:fields.stockQuantity')}</dt>
          <dd
            className="mt-0.5 flex flex-wrap items-center gap-2 text-2xl font-semibold"
            data-testid="quick-stock-quantity"
          >
            <StockText item={item} />
          </dd>
          <dd className="mt-1">
            <LowStockBadge item={item} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('inventory:fields.salePrice')}</dt>
          <dd className="mt-0.5 font-medium">
            {formatEuroCents(item.salePriceCents, locale)} / {unitSymbol(item.unit)}
          </dd>
        </div>
      </dl>

      {!goods ? (
        <p className="text-sm text-muted-foreground">{t('inventory:item.serviceNoStock')}</p>
      ) : !canManage ? (
        <p className="text-sm text-muted-foreground">{t('scan:quick.readOnly')}</p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="outline"
              size="lg"
              onClick={() => void move('out', 1)}
              disabled={record.isPending}
              aria-label={t('scan:quick.outOne', { unit: unitSymbol(item.unit) })}
            >
              <Minus aria-hidden="true" className="size-5" />1
            </Button>
            <Button
              variant="outline"
              size="lg"
              onClick={() => void move('in', 1)}
              disabled={record.isPending}
              aria-label={t('scan:quick.inOne', { unit: unitSymbol(item.unit) })}
            >
              <Plus aria-hidden="true" className="size-5" />1
            </Button>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={quantityId} className="text-sm font-medium text-foreground">
              {t('scan:quick.quantity')}
            </label>
            <div className="flex gap-2">
              <Input
                id={quantityId}
                inputMode="decimal"
                value={quantity}
                onChange={(e) => {
                  setQuantity(e.target.value);
                  setQuantityError(undefined);
                }}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={quantityError ? `${quantityId}-error` : undefined}
                className="min-w-0"
              />
              <Button variant="outline" onClick={() => typed('out')} disabled={record.isPending}>
                {t('inventory:movementKinds.out')}
              </Button>
              <Button onClick={() => typed('in')} disabled={record.isPending}>
                {t('inventory:movementKinds.in')}
              </Button>
            </div>
            {quantityError ? (
              <p id={`${quantityId}-error`} className="text-sm font-medium text-danger">
                {quantityError}
              </p>
            ) : null}
          </div>
        </>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
    </CardContent>
  );
}
