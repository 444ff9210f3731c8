import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { ArrowDown, ArrowUp, PackagePlus, Plus, Trash2 } from 'lucide-react';
import { UNITS } from '@shared/inventory/contracts.ts';
import { VAT_NATURES, VAT_RATES } from '@shared/invoicing/document.ts';
import { MAX_LINES } from '@shared/invoicing/contracts.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { fieldText } from '@web/app/field-text.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { normalizeAmountText } from '@web/features/transactions/amount.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import type { FieldControlProps } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import {
  emptyLine,
  isForfettario,
  lineFromItem,
  type EditorValues,
  type ParsedDocument,
} from './editor-values.ts';
import { InventoryPickerDialog } from './inventory-picker.tsx';
import { natureKey } from './labels.ts';

type EditorForm = UseFormReturn<EditorValues, unknown, ParsedDocument>;

/** A label and a control in a line; the label is for screen readers only where the column header shows it. */
function LineField({
  label,
  error,
  className,
  alwaysLabel = false,
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  /** Keep the label visible on wide containers too (the field has no column header). */
  alwaysLabel?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label
        htmlFor={id}
        className={cn('text-xs font-medium text-muted-foreground', !alwaysLabel && '@5xl:sr-only')}
      >
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': errorId })}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The lines of a quote or invoice: one row per line on wide containers, a stacked card per line on narrow ones
 * (phones). Lines can be added empty or from the inventory, moved up and down, and removed.
 */
export function LineEditor({
  form,
  orgId,
  regime,
  lineTotals,
}: {
  form: EditorForm;
  orgId: string | null;
  regime: string | undefined;
  lineTotals: (number | null)[];
}) {
  const { t } = useTranslation(['invoices']);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const withholdingOn = useWatch({ control: form.control, name: 'withholdingOn' });
  const [pickerOpen, setPickerOpen] = useState(false);
  const errors = form.formState.errors.lines;
  const flat = isForfettario(regime);
  const full = fields.length >= MAX_LINES;

  const focusLine = (index: number) => setTimeout(() => form.setFocus(`lines.${index}.description`), 0);

  return (
    <div className="@container">
      <div
        aria-hidden="true"
        className="hidden border-b border-border bg-surface-muted px-5 py-2 text-xs font-medium text-muted-foreground uppercase @5xl:grid @5xl:grid-cols-[minmax(0,1fr)_5.5rem_4.5rem_7rem_5rem_6.5rem_7rem_6.5rem] @5xl:gap-2"
      >
        <span>{t('invoices:lines.description')}</span>
        <span>{t('invoices:lines.quantity')}</span>
        <span>{t('invoices:lines.unit')}</span>
        <span>{t('invoices:lines.unitPrice')}</span>
        <span>{t('invoices:lines.discount')}</span>
        <span>{t('invoices:lines.vat')}</span>
        <span className="text-right">{t('invoices:lines.total')}</span>
        <span className="sr-only">{t('invoices:lines.actions')}</span>
      </div>
      <ol className="divide-y divide-border" data-testid="line-editor">
        {fields.map((field, index) => {
          const line = lines?.[index];
          const lineErrors = errors?.[index];
          const zero = line?.vatRate === '0';
          const n = index + 1;
          const total = lineTotals[index];
          return (
            // The group sits inside the list item: an <ol> may only hold list items (axe `list`).
            <li key={field.id}>
              <div
                role="group"
                aria-labelledby={`${field.id}-title`}
                data-testid="line-row"
                className="grid grid-cols-2 gap-3 px-4 py-4 @2xl:grid-cols-6 @5xl:grid-cols-[minmax(0,1fr)_5.5rem_4.5rem_7rem_5rem_6.5rem_7rem_6.5rem] @5xl:items-start @5xl:gap-2 @5xl:px-5 @5xl:py-3"
              >
                <div className="col-span-2 flex items-center justify-between gap-2 @2xl:col-span-6 @5xl:contents">
                  <h3 id={`${field.id}-title`} className="text-sm font-semibold text-foreground @5xl:sr-only">
                    {t('invoices:lines.line', { n })}
                  </h3>
                  <div className="flex gap-1 @5xl:order-last @5xl:justify-end @5xl:pt-1">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('invoices:lines.moveUp', { n })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('invoices:lines.moveDown', { n })}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      className="text-danger"
                      aria-label={t('invoices:lines.remove', { n })}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </div>
                <LineField
                  label={t('invoices:lines.description')}
                  error={fieldText(lineErrors?.description?.message)}
                  className="col-span-2 @2xl:col-span-6 @5xl:col-span-1"
                >
                  {(props) => (
                    <Input {...props} maxLength={1000} {...form.register(`lines.${index}.description`)} />
                  )}
                </LineField>
                <LineField
                  label={t('invoices:lines.quantity')}
                  error={fieldText(lineErrors?.quantity?.message)}
                >
                  {(props) => (
                    <Input
                      {...props}
                      inputMode="decimal"
                      autoComplete="off"
                      className="text-right tabular-nums"
                      {...form.register(`lines.${index}.quantity`)}
                    />
                  )}
                </LineField>
                <LineField label={t('invoices:lines.unit')} error={fieldText(lineErrors?.unit?.message)}>
                  {(props) => (
                    <Input
                      {...props}
                      list="invoicing-units"
                      maxLength={10}
                      autoComplete="off"
                      {...form.register(`lines.${index}.unit`)}
                    />
                  )}
                </LineField>
                <LineField
                  label={t('invoices:lines.unitPrice')}
                  error={fieldText(lineErrors?.price?.message)}
                >
                  {(props) => (
                    <div className="relative">
                      <span
                        aria-hidden="true"
                        className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-sm text-muted-foreground"
                      >
                        €
                      </span>
                      <Input
                        {...props}
                        inputMode="decimal"
                        autoComplete="off"
                        className="pl-6 text-right tabular-nums"
                        {...form.register(`lines.${index}.price`, {
                          onBlur: (e: { target: { value: string } }) =>
                            form.setValue(`lines.${index}.price`, normalizeAmountText(e.target.value, lang)),
                        })}
                      />
                    </div>
                  )}
                </LineField>
                <LineField
                  label={t('invoices:lines.discount')}
                  error={fieldText(lineErrors?.discountPercent?.message)}
                >
                  {(props) => (
                    <div className="relative">
                      <Input
                        {...props}
                        inputMode="decimal"
                        autoComplete="off"
                        className="pr-6 text-right tabular-nums"
                        {...form.register(`lines.${index}.discountPercent`)}
                      />
                      <span
                        aria-hidden="true"
                        className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-sm text-muted-foreground"
                      >
                        %
                      </span>
                    </div>
                  )}
                </LineField>
                {flat ? (
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="text-xs font-medium text-muted-foreground @5xl:sr-only">
                      {t('invoices:lines.vat')}
                    </span>
                    <span className="flex h-10 items-center text-sm text-muted-foreground">
                      {t('invoices:lines.forfettarioVat')}
                    </span>
                  </div>
                ) : (
                  <LineField label={t('invoices:lines.vat')} error={fieldText(lineErrors?.vatRate?.message)}>
                    {(props) => (
                      <Select
                        {...props}
                        {...form.register(`lines.${index}.vatRate`, {
                          onChange: (e: { target: { value: string } }) => {
                            if (e.target.value !== '0') form.setValue(`lines.${index}.nature`, '');
                          },
                        })}
                      >
                        {VAT_RATES.map((rate) => (
                          <option key={rate} value={String(rate)}>
                            {`${rate}%`}
                          </option>
                        ))}
                      </Select>
                    )}
                  </LineField>
                )}
                <div className="flex min-w-0 flex-col gap-1 @2xl:items-end">
                  <span className="text-xs font-medium text-muted-foreground @5xl:sr-only">
                    {t('invoices:lines.total')}
                  </span>
                  <output
                    className="flex h-10 items-center text-sm font-semibold text-foreground tabular-nums"
                    aria-label={t('invoices:lines.totalOf', { n })}
                  >
                    {total === null || total === undefined ? '—' : formatEuroCents(total, locale)}
                  </output>
                </div>
                {zero && !flat ? (
                  <LineField
                    label={t('invoices:lines.nature')}
                    error={fieldText(lineErrors?.nature?.message)}
                    className="col-span-2 @2xl:col-span-4 @5xl:order-last @5xl:col-span-3 @5xl:col-start-1"
                    alwaysLabel
                  >
                    {(props) => (
                      <Select {...props} {...form.register(`lines.${index}.nature`)}>
                        <option value="">{t('invoices:lines.natureChoose')}</option>
                        {VAT_NATURES.map((nature) => (
                          <option key={nature} value={nature}>
                            {`${nature} – ${t(natureKey(nature))}`}
                          </option>
                        ))}
                      </Select>
                    )}
                  </LineField>
                ) : null}
                {withholdingOn && !flat ? (
                  <label className="col-span-2 flex items-center gap-2 text-sm text-foreground @2xl:col-span-6 @5xl:order-last @5xl:col-span-full">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      {...form.register(`lines.${index}.withholding`)}
                    />
                    {t('invoices:lines.subjectToWithholding')}
                  </label>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <datalist id="invoicing-units">
        {UNITS.map((unit) => (
          <option key={unit} value={unit} />
        ))}
      </datalist>
      {errors?.root?.message ? (
        <p role="alert" className="px-5 pt-3 text-sm font-medium text-danger">
          {fieldText(errors.root.message)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 border-t border-border px-4 py-3 @5xl:px-5">
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => {
            append(emptyLine(regime), { shouldFocus: false });
            focusLine(fields.length);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('invoices:lines.add')}
        </Button>
        <Button variant="outline" size="sm" disabled={full} onClick={() => setPickerOpen(true)}>
          <PackagePlus aria-hidden="true" className="size-4" />
          {t('invoices:lines.addFromInventory')}
        </Button>
      </div>
      <InventoryPickerDialog
        orgId={orgId}
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onPick={(item) => {
          const next = lineFromItem(item, lang, regime);
          // An untouched empty first line is replaced rather than left blank above the item.
          const only = lines?.length === 1 ? lines[0] : undefined;
          if (only && !only.description.trim() && !only.price.trim()) {
            form.setValue('lines.0', next, { shouldDirty: true });
          } else {
            append(next, { shouldFocus: false });
          }
        }}
      />
    </div>
  );
}
