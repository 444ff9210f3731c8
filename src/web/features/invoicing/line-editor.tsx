import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { PackagePlus, Plus } from 'lucide-react';
import { UNITS } from '@shared/inventory/contracts.ts';
import { MAX_LINES } from '@shared/invoicing/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import {
  emptyLine,
  isForfettario,
  lineFromItem,
  type EditorValues,
  type ParsedDocument,
} from './editor-values.ts';
import { InventoryPickerDialog } from './inventory-picker.tsx';
import { fieldText } from '@web/app/field-text.ts';
import { LineRow } from './line-row.tsx';

type EditorForm = UseFormReturn<EditorValues, unknown, ParsedDocument>;

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
        {fields.map((field, index) => (
          <LineRow
            key={field.id}
            form={form}
            fieldId={field.id}
            index={index}
            count={fields.length}
            flat={flat}
            withholdingOn={withholdingOn}
            total={lineTotals[index]}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
          />
        ))}
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
