import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { toCsv } from '@shared/imports/csv.ts';
import {
  IMPORT_MODES,
  ITEM_EXPORT_HEADERS,
  ITEM_IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type ImportMode,
  type ItemImportField,
  type TItemImportResult,
} from '@shared/inventory/import-export.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ColumnMapping } from '@web/features/imports/column-mapping.tsx';
import { FileDrop } from '@web/features/imports/file-drop.tsx';
import type { ImportStepProps } from '@web/features/imports/import-flow.tsx';
import { downloadCsv } from '@web/features/imports/imports-api.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogClose } from '@web/ui/dialog.tsx';

export type ItemMapping = Partial<Record<ItemImportField, string>>;
export type ItemImportProps = ImportStepProps<
  ItemMapping,
  TItemImportResult,
  TItemImportResult,
  { mode: ImportMode }
>;

/** Import fields in the order a person reads an item. */
const FIELD_ORDER: ItemImportField[] = [
  'name',
  'sku',
  'barcode',
  'kind',
  'unit',
  'category',
  'salePrice',
  'cost',
  'vatRate',
  'vatNatura',
  'stockQuantity',
  'lowStockThreshold',
  'description',
];

const TEMPLATE_EXAMPLE = {
  it: [
    'FO-100',
    'Filtro olio',
    '8034567000113',
    'Bene',
    'pz',
    'Filtri',
    '12,50',
    '6,20',
    '22%',
    '',
    '10',
    '3',
    '',
    'Sì',
  ],
  en: [
    'FO-100',
    'Oil filter',
    '8034567000113',
    'Goods',
    'pz',
    'Filters',
    '12.50',
    '6.20',
    '22%',
    '',
    '10',
    '3',
    '',
    'Yes',
  ],
};

function downloadTemplate(lang: 'it' | 'en') {
  const csv = toCsv([...ITEM_EXPORT_HEADERS[lang]], [TEMPLATE_EXAMPLE[lang]], {
    delimiter: lang === 'it' ? ';' : ',',
  });
  downloadCsv(lang === 'it' ? 'modello-articoli.csv' : 'items-template.csv', csv);
}

export function ItemImportUpload({ state, onFile }: ItemImportProps) {
  const { t } = useTranslation(['inventory']);
  return (
    <div className="flex flex-col gap-4">
      <FileDrop
        file={state.file}
        chooseLabel={t('inventory:import.choose')}
        hint={t('inventory:import.chooseHint')}
        onFile={onFile}
      />
      <p className="text-sm text-muted-foreground">
        {t('inventory:import.templateText')}{' '}
        <Button variant="link" onClick={() => downloadTemplate(currentLanguage())}>
          {t('inventory:import.template')}
        </Button>
      </p>
    </div>
  );
}

/** The required fields without a column (name, SKU). */
export const missingItemFields = (mapping: ItemMapping) => REQUIRED_IMPORT_FIELDS.filter((f) => !mapping[f]);

export function ItemImportMapping({ state, dispatch }: ItemImportProps) {
  const { t } = useTranslation(['inventory']);
  const locale = localeOf(currentLanguage());
  const parsed = state.parsed!;
  const missing = Object.keys(state.mappingErrors) as ItemImportField[];
  const { mode } = state.settings;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        {t('inventory:import.fileSummary', {
          name: state.file?.name ?? '',
          count: parsed.rows.length,
          rows: formatNumber(parsed.rows.length, locale),
        })}
      </p>
      {missing.length > 0 ? (
        <Alert tone="error">
          {t('inventory:import.requiredMissing', {
            fields: missing.map((f) => t(`inventory:importFields.${f}`)).join(', '),
          })}
        </Alert>
      ) : null}
      <ColumnMapping
        fields={FIELD_ORDER.filter((f) => ITEM_IMPORT_FIELDS.includes(f)).map((field) => ({
          field,
          label: t(`inventory:importFields.${field}`),
          required: (REQUIRED_IMPORT_FIELDS as readonly string[]).includes(field),
        }))}
        parsed={parsed}
        mapping={state.mapping}
        onChange={(patch) => dispatch({ type: 'map', patch })}
        invalid={new Set(missing)}
        labels={{
          caption: t('inventory:import.mappingCaption'),
          field: t('inventory:import.columns.field'),
          column: t('inventory:import.columns.column'),
          sample: t('inventory:import.columns.example'),
          skip: t('inventory:import.notImported'),
        }}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-foreground">{t('inventory:import.mode')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {IMPORT_MODES.map((m) => (
            <label
              key={m}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-md border px-3 py-2.5 text-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                mode === m ? 'border-primary bg-primary-soft' : 'border-input hover:bg-surface-muted',
              )}
            >
              <input
                type="radio"
                name="import-mode"
                value={m}
                checked={mode === m}
                onChange={() => dispatch({ type: 'settings', patch: { mode: m } })}
                className="mt-0.5 accent-primary"
              />
              <span>
                <span className="block font-medium text-foreground">{t(`inventory:import.modes.${m}`)}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(`inventory:import.modeHints.${m}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function ItemImportResult({ state }: ItemImportProps) {
  const { t } = useTranslation(['inventory', 'buttons']);
  const locale = localeOf(currentLanguage());
  const result = state.result!;
  const skipped = result.invalid + result.duplicates;
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
      <p className="text-lg font-semibold text-foreground" role="status">
        {t('inventory:import.done', { count: result.imported, n: formatNumber(result.imported, locale) })}
      </p>
      {skipped > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('inventory:import.skipped', {
            count: skipped,
            invalid: formatNumber(result.invalid, locale),
            duplicates: formatNumber(result.duplicates, locale),
          })}
        </p>
      ) : null}
      <DialogClose asChild>
        <Button className="mt-2">{t('buttons:close')}</Button>
      </DialogClose>
    </div>
  );
}
