import { useTranslation } from 'react-i18next';
import { importFileKind } from '@shared/imports/contracts.ts';
import { ITEM_IMPORT_TARGETS, applyMapping, guessMapping } from '@shared/imports/mapping.ts';
import type { ImportMode, TItemImportResult } from '@shared/inventory/import-export.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { fieldText } from '@web/app/field-text.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import type { ImportFlowState } from '@web/features/imports/import-flow-state.ts';
import { ImportFlow, type ImportFlowConfig } from '@web/features/imports/import-flow.tsx';
import { DialogContent } from '@web/ui/dialog.tsx';
import { useImportItems } from './inventory-api.ts';
import { ItemImportPreview } from './item-import-preview.tsx';
import {
  ItemImportMapping,
  ItemImportResult,
  ItemImportUpload,
  missingItemFields,
  type ItemMapping,
} from './item-import-steps.tsx';

type Settings = { mode: ImportMode };
type State = ImportFlowState<ItemMapping, TItemImportResult, TItemImportResult, Settings>;

const mappedRows = (state: State) =>
  state.parsed ? state.parsed.rows.map((row) => applyMapping(state.parsed!.headers, row, state.mapping)) : [];

/**
 * The item import, the one import flow configured: choose a CSV or XLSX file, map its columns (guessed from the
 * headers), check every row (a dry run: counts, errors per row, duplicates, a preview), then import the valid
 * rows or all-or-nothing, with the upload's progress.
 */
export function ImportDialog() {
  const { t } = useTranslation(['inventory', 'buttons']);
  const locale = localeOf(currentLanguage());
  const run = useImportItems();
  const sendingOr = (state: State, text: string) =>
    state.upload !== null && state.upload < 1
      ? t('inventory:import.sending', { percent: Math.round(state.upload * 100) })
      : text;

  const config: ImportFlowConfig<ItemMapping, TItemImportResult, TItemImportResult, Settings> = {
    initialMapping: {},
    initialSettings: { mode: 'valid_only' },
    steps: {
      label: t('inventory:import.stepsLabel'),
      items: (['upload', 'mapping', 'preview'] as const).map((step) => ({
        step,
        label: t(`inventory:import.steps.${step}`),
      })),
    },
    readOnChoose: true,
    checkFile: (file) => (importFileKind(file) ? null : t('inventory:import.wrongType')),
    start: (parsed) =>
      parsed.rows.length === 0
        ? fieldText('imports.errors.emptyFile')!
        : { mapping: guessMapping(parsed.headers, ITEM_IMPORT_TARGETS) },
    validate: (state) => Object.fromEntries(missingItemFields(state.mapping).map((f) => [f, f])),
    check: (state, onUpload) =>
      run.mutateAsync({
        request: { rows: mappedRows(state), mode: state.settings.mode, dryRun: true },
        onUpload,
      }),
    canImport: (preview, { mode }) =>
      preview.valid > 0 && !(mode === 'all_or_nothing' && preview.invalid > 0),
    run: (state, onUpload) =>
      run.mutateAsync({
        request: { rows: mappedRows(state), mode: state.settings.mode, dryRun: false },
        onUpload,
      }),
    problem: (error) => {
      const issue = serverFieldIssues(error)[0];
      return { error: issue ? fieldText(issue.message) : apiErrorMessage(error, t) };
    },
    labels: {
      reading: t('inventory:import.reading'),
      checking: (state) => sendingOr(state, t('inventory:import.checking')),
      importing: (state) => sendingOr(state, t('inventory:import.saving')),
      mappingBack: t('buttons:previous'),
      check: t('inventory:import.check'),
      previewBack: t('buttons:previous'),
      import: (preview) =>
        t('inventory:import.importButton', { count: preview.valid, n: formatNumber(preview.valid, locale) }),
    },
    Upload: ItemImportUpload,
    Mapping: ItemImportMapping,
    Preview: ItemImportPreview,
    Result: ItemImportResult,
  };

  return (
    <DialogContent title={t('inventory:import.title')} closeLabel={t('buttons:close')} className="max-w-3xl">
      <ImportFlow config={config} />
    </DialogContent>
  );
}
