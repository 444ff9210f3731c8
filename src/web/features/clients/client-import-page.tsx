import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import {
  CLIENT_IMPORT_MAX_ROWS,
  type ClientImportMode,
  type TClientImportResult,
} from '@shared/clients/import-export.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { IMPORT_FILE_MAX_BYTES, importFileKind } from '@shared/imports/contracts.ts';
import { CLIENT_IMPORT_TARGETS, applyMapping, guessMapping } from '@shared/imports/mapping.ts';
import { fieldText } from '@web/app/field-text.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import type { ImportFlowState } from '@web/features/imports/import-flow-state.ts';
import { ImportFlow, type ImportFlowConfig } from '@web/features/imports/import-flow.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { useImportClients } from './clients-api.ts';
import { ClientImportPreview } from './client-import-preview.tsx';
import {
  ClientImportMapping,
  ClientImportResult,
  ClientImportUpload,
  namesMapped,
  type ClientMapping,
} from './client-import-steps.tsx';
import { useClientPermissions } from './client-ui.tsx';

type Settings = { mode: ClientImportMode };
type State = ImportFlowState<ClientMapping, TClientImportResult, TClientImportResult, Settings>;

const mappedRows = (state: State) =>
  state.parsed
    ? state.parsed.rows.map(
        (row) => applyMapping(state.parsed!.headers, row, state.mapping) as Record<string, string>,
      )
    : [];

/**
 * /clients/import, the one import flow configured: upload a CSV or XLSX file, map its columns to client fields
 * (guessed from the headers), check every row on the server (dry run: errors and duplicates per row), choose
 * "valid rows only" or "all or nothing", import, see the result. Duplicates are never imported, so importing
 * the same file again adds nothing.
 */
export function ClientImportPage() {
  const { t } = useTranslation(['clients', 'buttons', 'common']);
  useDocumentTitle(t('clients:import.title'));
  const { organizationId, canManage } = useClientPermissions();
  const locale = localeOf(currentLanguage());
  const importer = useImportClients(organizationId);

  if (!canManage) {
    return (
      <div>
        <PageHeader title={t('clients:import.title')} />
        <Alert tone="info">{t('clients:import.readOnly')}</Alert>
      </div>
    );
  }

  const config: ImportFlowConfig<ClientMapping, TClientImportResult, TClientImportResult, Settings> = {
    initialMapping: {},
    initialSettings: { mode: 'valid_only' },
    steps: {
      label: t('clients:import.stepsLabel'),
      items: (['upload', 'mapping', 'preview', 'importing'] as const).map((step) => ({
        step,
        label: t(`clients:import.steps.${step}`),
      })),
    },
    readOnChoose: true,
    checkFile: (file) =>
      !importFileKind(file)
        ? t('clients:import.upload.badType')
        : file.size > IMPORT_FILE_MAX_BYTES
          ? t('clients:import.upload.tooLarge')
          : null,
    start: (parsed) =>
      parsed.rows.length === 0
        ? fieldText('clients.errors.noRows')!
        : parsed.rows.length > CLIENT_IMPORT_MAX_ROWS
          ? fieldText('clients.errors.tooManyRows')!
          : { mapping: guessMapping(parsed.headers, CLIENT_IMPORT_TARGETS) },
    canCheck: (state) => namesMapped(state.mapping),
    check: (state) => importer.mutateAsync({ rows: mappedRows(state), mode: 'valid_only', dryRun: true }),
    afterCheck: { mode: 'valid_only' },
    canImport: (preview, { mode }) =>
      preview.valid > 0 && !(mode === 'all_or_nothing' && preview.invalid > 0),
    run: (state) =>
      importer.mutateAsync({ rows: mappedRows(state), mode: state.settings.mode, dryRun: false }),
    problem: (error) => ({ error: apiErrorMessage(error, t) }),
    labels: {
      problemTitle: t('clients:import.problem'),
      reading: t('clients:import.upload.reading'),
      checking: () => t('clients:import.mapping.checking'),
      importing: (state) => {
        const valid = state.preview?.valid ?? 0;
        return t('clients:import.progress', { count: valid, valid: formatNumber(valid, locale) });
      },
      mappingBack: t('clients:import.mapping.otherFile'),
      check: t('clients:import.mapping.check'),
      previewBack: t('clients:import.preview.back'),
      import: (preview) =>
        t('clients:import.preview.import', {
          count: preview.valid,
          valid: formatNumber(preview.valid, locale),
        }),
    },
    Upload: ClientImportUpload,
    Mapping: ClientImportMapping,
    Preview: ClientImportPreview,
    Result: ClientImportResult,
  };

  return (
    <div className="mx-auto max-w-5xl">
      <Link
        to="/clients"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('clients:form.backToList')}
      </Link>
      <PageHeader title={t('clients:import.title')} description={t('clients:import.description')} />
      <ImportFlow config={config} />
    </div>
  );
}
