import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import {
  ZStockMovementInput,
  type TItem,
  type TStockMovementFormValues,
  type TStockMovementInput,
} from '@shared/inventory/contracts.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import {
  MOVEMENT_KINDS,
  addQuantities,
  parseQuantity,
  signedDelta,
  type MovementKind,
} from '@shared/inventory/stock.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { useInventorySettings, useRecordMovement } from './inventory-api.ts';
import { formatStock, unitSymbol } from './inventory-format.ts';

/**
 * Record a stock movement: stock in, stock out or an adjustment (signed, with a reason), its quantity, reason
 * and date. Shows the stock after the movement; going below zero is refused by the server unless the
 * organization allows it, and the message lands on the quantity.
 */
export function MovementDialog({
  item,
  initialKind = 'in',
  onDone,
}: {
  item: TItem;
  initialKind?: MovementKind;
  onDone?: () => void;
}) {
  const { t } = useTranslation(['inventory', 'buttons', 'forms']);
  const lang = currentLanguage();
  const record = useRecordMovement();
  const settings = useInventorySettings();
  const [formError, setFormError] = useState<string>();
  const form = useForm<TStockMovementFormValues, unknown, TStockMovementInput>({
    resolver: zodResolver(ZStockMovementInput),
    defaultValues: { kind: initialKind, quantity: '', reason: '', occurredOn: todayIsoDate() },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const err = (message: string | undefined) => fieldText(message, lang);
  const kind = form.watch('kind') as MovementKind;
  const typed = parseQuantity(String(form.watch('quantity') ?? ''));
  const after = typed === null ? null : addQuantities(item.stockQuantity, signedDelta(kind, typed));

  const submit = form.handleSubmit(async (movement) => {
    setFormError(undefined);
    try {
      const recorded = await record.mutateAsync({ id: item.id, movement });
      toast.success(
        t('inventory:movement.recorded', {
          stock: formatStock(recorded.item.stockQuantity, recorded.item.unit, lang),
        }),
      );
      onDone?.();
    } catch (error) {
      const details =
        error instanceof ApiError && error.code === 'INSUFFICIENT_STOCK'
          ? [{ path: 'quantity', message: 'inventory.errors.insufficientStock' }]
          : serverFieldIssues(error);
      for (const issue of details) {
        if (issue.path === 'kind') setFormError(fieldText(issue.message, lang));
        else form.setError(issue.path as FieldPath<TStockMovementFormValues>, { message: issue.message });
      }
      if (details.length === 0) setFormError(apiErrorMessage(error, t));
    }
  });

  return (
    <DialogContent
      title={t('inventory:movement.title')}
      description={t('inventory:movement.description', {
        name: item.name,
        stock: formatStock(item.stockQuantity, item.unit, lang),
      })}
      closeLabel={t('buttons:close')}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-foreground">{t('inventory:movement.kind')}</legend>
          <div className="grid grid-cols-3 gap-2">
            {MOVEMENT_KINDS.map((k) => (
              <label
                key={k}
                className={cn(
                  'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-2 py-2.5 text-center text-sm font-medium transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                  kind === k
                    ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                    : 'border-input text-foreground hover:bg-surface-muted',
                )}
              >
                <input type="radio" value={k} className="sr-only" {...form.register('kind')} />
                {t(`inventory:movementKinds.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t('inventory:movement.quantity')}
            hint={kind === 'adjustment' ? t('inventory:movement.adjustmentHint') : undefined}
            error={err(errors.quantity?.message)}
            required
          >
            {(props) => (
              <div className="flex items-center gap-2">
                <Input {...props} inputMode="decimal" autoComplete="off" {...form.register('quantity')} />
                <span aria-hidden="true" className="text-sm text-muted-foreground">
                  {unitSymbol(item.unit)}
                </span>
              </div>
            )}
          </Field>
          <Field label={t('inventory:movement.date')} error={err(errors.occurredOn?.message)} required>
            {(props) => <Input {...props} type="date" {...form.register('occurredOn')} />}
          </Field>
        </div>
        <Field
          label={t('inventory:movement.reason')}
          hint={t('inventory:movement.reasonHint')}
          error={err(errors.reason?.message)}
          required={kind === 'adjustment'}
          optionalText={t('forms:optional')}
        >
          {(props) => <Input {...props} autoComplete="off" {...form.register('reason')} />}
        </Field>
        {after !== null ? (
          <p
            className={cn(
              'rounded-md px-3 py-2 text-sm',
              after < 0 ? 'bg-warning-soft text-warning-soft-foreground' : 'bg-surface-muted text-foreground',
            )}
            aria-live="polite"
          >
            {t('inventory:movement.after', { stock: formatStock(after, item.unit, lang) })}
            {after < 0
              ? ` ${settings.data?.allowNegativeStock ? t('inventory:movement.belowZeroAllowed') : t('inventory:movement.belowZero')}`
              : ''}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={record.isPending}>
              {t('buttons:cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" loading={record.isPending}>
            {t('inventory:movement.submit')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
