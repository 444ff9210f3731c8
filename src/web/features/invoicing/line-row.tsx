import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { VAT_NATURES, VAT_RATES } from '@shared/invoicing/document.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { normalizeAmountText } from '@web/features/transactions/amount.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import type { FieldControlProps } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import type { EditorValues, ParsedDocument } from './editor-values.ts';
import { fieldText } from '@web/app/field-text.ts';
import { natureKey } from './labels.ts';

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

/** One line of the editor: description, quantity, unit, price, discount, VAT (and nature at 0%), total. */
export function LineRow({
  form,
  fieldId,
  index,
  count,
  flat,
  withholdingOn,
  total,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<EditorValues, unknown, ParsedDocument>;
  /** The field array's key of the line (ids of its title and group). */
  fieldId: string;
  index: number;
  count: number;
  /** Forfettario: no VAT to choose, no withholding. */
  flat: boolean;
  withholdingOn: boolean;
  total: number | null | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['invoices']);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const line = useWatch({ control: form.control, name: `lines.${index}` });
  const lineErrors = form.formState.errors.lines?.[index];
  const zero = line?.vatRate === '0';
  const n = index + 1;
  return (
    // The group sits inside the list item: an <ol> may only hold list items (axe `list`).
    <li>
      <div
        role="group"
        aria-labelledby={`${fieldId}-title`}
        data-testid="line-row"
        className="grid grid-cols-2 gap-3 px-4 py-4 @2xl:grid-cols-6 @5xl:grid-cols-[minmax(0,1fr)_5.5rem_4.5rem_7rem_5rem_6.5rem_7rem_6.5rem] @5xl:items-start @5xl:gap-2 @5xl:px-5 @5xl:py-3"
      >
        <div className="col-span-2 flex items-center justify-between gap-2 @2xl:col-span-6 @5xl:contents">
          <h3 id={`${fieldId}-title`} className="text-sm font-semibold text-foreground @5xl:sr-only">
            {t('invoices:lines.line', { n })}
          </h3>
          <div className="flex gap-1 @5xl:order-last @5xl:justify-end @5xl:pt-1">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('invoices:lines.moveUp', { n })}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('invoices:lines.moveDown', { n })}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              className="text-danger"
              aria-label={t('invoices:lines.remove', { n })}
              onClick={onRemove}
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
          {(props) => <Input {...props} maxLength={1000} {...form.register(`lines.${index}.description`)} />}
        </LineField>
        <LineField label={t('invoices:lines.quantity')} error={fieldText(lineErrors?.quantity?.message)}>
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
        <LineField label={t('invoices:lines.unitPrice')} error={fieldText(lineErrors?.price?.message)}>
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
}
