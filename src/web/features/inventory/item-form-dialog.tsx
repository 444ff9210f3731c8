import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import {
  ITEM_KINDS,
  ITEM_FIELD_MAX,
  UNITS,
  UNIT_LABELS,
  ZItemInput,
  type TItem,
  type TItemFormValues,
  type TItemInput,
} from '@shared/inventory/contracts.ts';
import { parseQuantity } from '@shared/inventory/stock.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import { useCategories, useRecordMovement, useSaveItem } from './inventory-api.ts';
import { PriceFields } from './item-price-fields.tsx';
import { toFormValues } from './item-form-values.ts';

/**
 * Create or edit an item, in a dialog. Goods show the stock fields (low-stock threshold and, on creation, the
 * opening stock, recorded as a stock-in movement); the Natura code appears when the VAT rate is 0%. Prices are
 * typed in euros in the interface language's style ("12,50"). Server errors land on their fields.
 */
export function ItemFormDialog({
  item,
  prefill = {},
  onSaved,
}: {
  item?: TItem;
  prefill?: Partial<TItemFormValues>;
  onSaved?: (item: TItem) => void;
}) {
  const { t } = useTranslation(['inventory', 'buttons', 'forms']);
  const lang = currentLanguage();
  const save = useSaveItem();
  const record = useRecordMovement();
  const categories = useCategories();
  const categoryListId = useId();
  const form = useForm<TItemFormValues, unknown, TItemInput>({
    resolver: zodResolver(ZItemInput),
    defaultValues: toFormValues(item, prefill),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [openingStock, setOpeningStock] = useState('');
  const [openingError, setOpeningError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const errors = form.formState.errors;
  const err = (message: string | undefined) => fieldText(message, lang);
  const kind = form.watch('kind');
  const goods = kind !== 'service';
  const zeroVat = String(form.watch('vatRateBp')) === '0';
  const optional = t('forms:optional');
  const busy = save.isPending || record.isPending;

  const submit = form.handleSubmit(
    async () => {
      // The API takes the typed text (prices in euros) and applies the same contract.
      const values = form.getValues();
      setFormError(undefined);
      let opening: number | null = null;
      if (!item && goods && openingStock.trim()) {
        opening = parseQuantity(openingStock);
        if (opening === null || opening < 0) {
          setOpeningError(fieldText('inventory.errors.quantityInvalid', lang));
          return;
        }
      }
      let saved: TItem;
      try {
        saved = await save.mutateAsync({ id: item?.id, values });
      } catch (error) {
        const issues =
          error instanceof ApiError && error.code === 'ALREADY_EXISTS'
            ? (Array.isArray(error.details) ? (error.details as { path?: string; key?: string }[]) : [])
                .filter((d) => d.path && d.key)
                .map((d) => ({ path: d.path!, message: d.key! }))
            : serverFieldIssues(error);
        for (const issue of issues) {
          form.setError(issue.path as FieldPath<TItemFormValues>, { message: issue.message });
        }
        if (issues.length === 0) setFormError(apiErrorMessage(error, t));
        toast.error(issues.length > 0 ? t('inventory:form.invalid') : apiErrorMessage(error, t));
        return;
      }
      if (opening) {
        try {
          const recorded = await record.mutateAsync({
            id: saved.id,
            movement: {
              kind: 'in',
              quantity: opening,
              reason: t('inventory:form.openingStockReason'),
              occurredOn: '',
              documentType: null,
              documentId: null,
            },
          });
          saved = recorded.item;
        } catch (error) {
          toast.error(t('inventory:form.openingStockFailed', { message: apiErrorMessage(error, t) }));
        }
      }
      toast.success(item ? t('inventory:form.updated') : t('inventory:form.created', { name: saved.name }));
      onSaved?.(saved);
    },
    () => toast.error(t('inventory:form.invalid')),
  );

  return (
    <DialogContent
      title={item ? t('inventory:form.editTitle') : t('inventory:form.createTitle')}
      description={t('inventory:form.description')}
      closeLabel={t('buttons:close')}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-foreground">{t('inventory:fields.kind')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {ITEM_KINDS.map((k) => (
              <label
                key={k}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 rounded-md border px-3 py-2.5 text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                  kind === k ? 'border-primary bg-primary-soft' : 'border-input hover:bg-surface-muted',
                )}
              >
                <input type="radio" value={k} className="mt-0.5 accent-primary" {...form.register('kind')} />
                <span>
                  <span className="block font-medium text-foreground">{t(`inventory:kinds.${k}`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`inventory:kindHints.${k}`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <Field label={t('inventory:fields.name')} error={err(errors.name?.message)} required>
          {(props) => <Input {...props} autoComplete="off" {...form.register('name')} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t('inventory:fields.sku')}
            hint={t('inventory:form.skuHint')}
            error={err(errors.sku?.message)}
            required
          >
            {(props) => (
              <Input {...props} autoComplete="off" className="uppercase" {...form.register('sku')} />
            )}
          </Field>
          <Field
            label={t('inventory:fields.barcode')}
            hint={t('inventory:form.barcodeHint')}
            error={err(errors.barcode?.message)}
            optionalText={optional}
          >
            {(props) => (
              <Input {...props} inputMode="numeric" autoComplete="off" {...form.register('barcode')} />
            )}
          </Field>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('inventory:fields.unit')} error={err(errors.unit?.message)}>
            {(props) => (
              <Select {...props} {...form.register('unit')}>
                {UNITS.map((u) => (
                  <option key={u} value={u}>
                    {UNIT_LABELS[u].symbol} – {UNIT_LABELS[u][lang]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('inventory:fields.category')}
            hint={t('inventory:form.categoryHint')}
            error={err(errors.category?.message)}
            optionalText={optional}
          >
            {(props) => (
              <>
                <Input {...props} list={categoryListId} autoComplete="off" {...form.register('category')} />
                <datalist id={categoryListId}>
                  {(categories.data?.categories ?? []).map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </div>

        <PriceFields form={form} zeroVat={zeroVat} />

        {goods ? (
          <div className="grid gap-5 rounded-md border border-border bg-surface-muted/50 p-4 sm:grid-cols-2">
            <Field
              label={t('inventory:fields.lowStockThreshold')}
              hint={t('inventory:form.thresholdHint')}
              error={err(errors.lowStockThreshold?.message)}
              optionalText={optional}
            >
              {(props) => <Input {...props} inputMode="decimal" {...form.register('lowStockThreshold')} />}
            </Field>
            {item ? (
              <div className="text-sm">
                <p className="font-medium text-foreground">{t('inventory:fields.stockQuantity')}</p>
                <p className="mt-1.5 text-muted-foreground">{t('inventory:form.stockReadOnly')}</p>
              </div>
            ) : (
              <Field
                label={t('inventory:fields.openingStock')}
                hint={t('inventory:form.openingStockHint')}
                error={openingError}
                optionalText={optional}
              >
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    value={openingStock}
                    onChange={(e) => {
                      setOpeningStock(e.target.value);
                      setOpeningError(undefined);
                    }}
                  />
                )}
              </Field>
            )}
          </div>
        ) : null}

        <Field
          label={t('inventory:fields.description')}
          error={err(errors.description?.message)}
          optionalText={optional}
        >
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              maxLength={ITEM_FIELD_MAX.description}
              {...form.register('description')}
            />
          )}
        </Field>

        {item ? (
          <label className="flex items-start gap-2.5 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('active')} />
            <span>
              <span className="block font-medium text-foreground">{t('inventory:fields.active')}</span>
              <span className="block text-muted-foreground">{t('inventory:form.activeHint')}</span>
            </span>
          </label>
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              {t('buttons:cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" loading={busy}>
            {item ? t('buttons:save') : t('inventory:form.create')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
