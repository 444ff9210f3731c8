import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Package } from 'lucide-react';
import { UNIT_LABELS, vatRateLabel, type TItem } from '@shared/inventory/contracts.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useInventoryOptions } from './invoicing-api.ts';
import { invoicingErrorMessage } from './invoicing-ui.tsx';

/** "Add from inventory": search the active items and copy one into a new line. */
export function InventoryPickerDialog({
  orgId,
  open,
  onOpenChange,
  onPick,
}: {
  orgId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (item: TItem) => void;
}) {
  const { t } = useTranslation(['invoices', 'buttons', 'common']);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const items = useInventoryOptions(orgId, debounced, open);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t('invoices:inventory.title')}
        description={t('invoices:inventory.description')}
        closeLabel={t('buttons:close')}
      >
        <div className="grid gap-4">
          <Field label={t('invoices:inventory.search')}>
            {(props) => (
              <SearchInput
                {...props}
                autoComplete="off"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t('invoices:inventory.placeholder')}
              />
            )}
          </Field>
          {items.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label={t('common:loading')} />
            </div>
          ) : items.isError ? (
            <Alert tone="error">{invoicingErrorMessage(items.error, t)}</Alert>
          ) : items.data.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">
              {debounced.trim() ? t('invoices:inventory.none') : t('invoices:inventory.empty')}
            </p>
          ) : (
            <ul className="grid gap-1" aria-label={t('invoices:inventory.results')}>
              {items.data.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(item);
                      setText('');
                      onOpenChange(false);
                    }}
                    className="flex w-full items-start gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <Package aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-foreground">{item.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {[item.sku, UNIT_LABELS[item.unit]?.symbol, vatRateLabel(item.vatRateBp, lang)]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    <span className="shrink-0 font-medium text-foreground tabular-nums">
                      {formatEuroCents(item.salePriceCents, locale)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
