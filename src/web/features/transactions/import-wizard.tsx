import { useTranslation } from 'react-i18next';
import type { TBankImportPreview, TBankImportResult } from '@shared/transactions/bank-import.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { ImportFlow, type ImportFlowConfig } from '@web/features/imports/import-flow.tsx';
import { IMPORT_FILE_MAX_BYTES } from '@web/features/imports/imports-api.ts';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { BankImportMapping } from './bank-import-mapping.tsx';
import { BankImportPreview, BankImportResult } from './bank-import-preview.tsx';
import {
  INITIAL_BANK_SETTINGS,
  bankMappingErrors,
  bankProblem,
  fullBankMapping,
  startBankMapping,
  type BankImportSettings,
  type BankMapping,
} from './bank-import-rules.ts';
import { BankImportUpload } from './bank-import-upload.tsx';
import { previewImport, useImportStatement, useMappings } from './transactions-api.ts';

type Config = ImportFlowConfig<BankMapping, TBankImportPreview, TBankImportResult, BankImportSettings>;

/**
 * Bank statement import, the one import flow configured: upload a CSV or XLSX file with its delimiter and the
 * lines to skip, map its columns (guessed, or a mapping saved for the bank), preview what will happen line by
 * line (new, already imported, errors), import, and see the counts.
 */
export function ImportWizard() {
  const { t } = useTranslation(['transactions', 'buttons']);
  const orgId = useSignedInMe().activeOrganizationId;
  const saved = useMappings(orgId).data ?? [];
  const runImport = useImportStatement(orgId);

  const config: Config = {
    initialMapping: {},
    initialSettings: INITIAL_BANK_SETTINGS,
    steps: {
      label: t('transactions:import.stepsLabel'),
      items: (['upload', 'mapping', 'preview', 'done'] as const).map((step) => ({
        step,
        label: t(`transactions:import.steps.${step === 'upload' ? 'file' : step}`),
      })),
    },
    readOnChoose: false,
    parseOptions: ({ delimiter, skipLines }) => ({
      delimiter: delimiter === 'auto' ? undefined : delimiter,
      skipLines,
    }),
    checkFile: (file) => (file.size > IMPORT_FILE_MAX_BYTES ? t('transactions:import.file.tooLarge') : null),
    start: (parsed, settings) => {
      const bank = saved.find((m) => m.id === settings.bankId);
      const mapping = startBankMapping(parsed, bank);
      const fromBank = bank !== undefined && mapping === bank.mapping;
      return {
        mapping,
        settings: { bankName: bank?.name ?? '' },
        notice: fromBank
          ? t('transactions:import.mapping.fromBank', { name: bank.name })
          : bank
            ? t('transactions:import.mapping.bankMismatch', { name: bank.name })
            : t('transactions:import.mapping.guessed'),
      };
    },
    validate: bankMappingErrors,
    check: (state) =>
      previewImport({
        headers: state.parsed!.headers,
        rows: state.parsed!.rows,
        mapping: fullBankMapping(state),
      }),
    canImport: (preview) => preview.summary.new > 0,
    run: (state) => {
      const { income, expense } = state.settings.categoryIds;
      return runImport.mutateAsync({
        headers: state.parsed!.headers,
        rows: state.parsed!.rows,
        mapping: fullBankMapping(state),
        categoryIds: { income: income || null, expense: expense || null },
      });
    },
    problem: (error) => bankProblem(error, (e) => apiErrorMessage(e, t)),
    labels: {
      reading: t('transactions:import.working.reading'),
      checking: (state) =>
        t('transactions:import.working.checking', { count: state.parsed?.rows.length ?? 0 }),
      importing: (state) =>
        t('transactions:import.working.importing', { count: state.preview?.summary.new ?? 0 }),
      read: t('transactions:import.file.read'),
      fileRequired: t('transactions:import.file.required'),
      mappingBack: t('buttons:previous'),
      check: t('transactions:import.mapping.next'),
      previewBack: t('buttons:previous'),
      import: (preview) => t('transactions:import.preview.import', { count: preview.summary.new }),
    },
    uploadCancel: (
      <DialogClose asChild>
        <Button variant="outline">{t('buttons:cancel')}</Button>
      </DialogClose>
    ),
    Upload: BankImportUpload,
    Mapping: BankImportMapping,
    Preview: BankImportPreview,
    Result: BankImportResult,
  };

  return (
    <DialogContent
      title={t('transactions:import.title')}
      description={t('transactions:import.description')}
      closeLabel={t('buttons:close')}
      className="max-w-4xl"
    >
      <ImportFlow config={config} />
    </DialogContent>
  );
}
