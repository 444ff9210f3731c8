import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Download, FileUp, TableProperties } from 'lucide-react';
import {
  CLIENT_EXPORT_HEADERS,
  CLIENT_IMPORT_FIELDS,
  CLIENT_IMPORT_MAX_ROWS,
  type ClientImportField,
  type ClientImportMode,
  type TClientImportResult,
} from '@shared/clients/import-export.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ColumnMapping } from '@web/features/imports/column-mapping.tsx';
import { FileDrop } from '@web/features/imports/file-drop.tsx';
import type { ImportStepProps } from '@web/features/imports/import-flow.tsx';
import { downloadCsv } from '@web/features/imports/imports-api.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';

export type ClientMapping = Partial<Record<ClientImportField, string>>;
export type ClientImportProps = ImportStepProps<
  ClientMapping,
  TClientImportResult,
  TClientImportResult,
  { mode: ClientImportMode }
>;

const TEMPLATE_COLUMNS = [
  'type',
  'companyName',
  'fullName',
  'vatNumber',
  'codiceFiscale',
  'email',
  'pec',
  'phone',
  'address',
  'postalCode',
  'city',
  'province',
  'country',
  'sdiCode',
  'paOfficeCode',
  'preferredLanguage',
  'paymentTermsDays',
  'notes',
] as const;

const example = (type: string, language: string) => [
  type,
  'Rossi Costruzioni S.r.l.',
  'Mario Rossi',
  '00743110157',
  '',
  'info@rossi.example.com',
  '',
  '+39 02 1234567',
  'Via Manzoni 10',
  '20121',
  'Milano',
  'MI',
  'IT',
  'M5UXCR1',
  '',
  language,
  '30',
  '',
];

/** The header row of the file the user can download as a starting point, with one example row. */
function downloadTemplate(lang: 'it' | 'en') {
  const h = CLIENT_EXPORT_HEADERS[lang];
  const row = lang === 'it' ? example('Azienda', 'Italiano') : example('Company', 'Italian');
  const csv = toCsv(
    TEMPLATE_COLUMNS.map((c) => h[c]),
    [row],
    { delimiter: lang === 'it' ? ';' : ',' },
  );
  downloadCsv(lang === 'it' ? 'modello-clienti.csv' : 'clients-template.csv', csv);
}

export function ClientImportUpload({ state, onFile }: ClientImportProps) {
  const { t } = useTranslation(['clients']);
  const lang = currentLanguage();
  return (
    <Card>
      <CardHeader
        icon={<FileUp aria-hidden="true" className="size-5" />}
        title={t('clients:import.upload.title')}
        description={t('clients:import.upload.description', {
          max: formatNumber(CLIENT_IMPORT_MAX_ROWS, localeOf(lang)),
        })}
      />
      <CardContent className="grid gap-4">
        <FileDrop
          file={state.file}
          chooseLabel={t('clients:import.upload.choose')}
          hint={t('clients:import.upload.hint')}
          testId="client-import-file"
          onFile={onFile}
        />
        <div className="flex justify-end text-sm">
          <Button variant="link" onClick={() => downloadTemplate(lang)}>
            <Download aria-hidden="true" className="size-4" />
            {t('clients:import.upload.template')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Rows without a company name or a full name cannot be clients. */
export const namesMapped = (mapping: ClientMapping) => !!(mapping.companyName || mapping.fullName);

export function ClientImportMapping({ state, dispatch }: ClientImportProps) {
  const { t } = useTranslation(['clients']);
  const parsed = state.parsed!;
  return (
    <Card>
      <CardHeader
        icon={<TableProperties aria-hidden="true" className="size-5" />}
        title={t('clients:import.mapping.title')}
        description={t('clients:import.mapping.description', {
          file: state.file?.name ?? '',
          count: parsed.rows.length,
          rows: formatNumber(parsed.rows.length, localeOf(currentLanguage())),
        })}
      />
      <CardContent className="grid gap-4">
        {!namesMapped(state.mapping) ? (
          <Alert tone="warning">{t('clients:import.mapping.needName')}</Alert>
        ) : null}
        <ColumnMapping
          fields={CLIENT_IMPORT_FIELDS.map((field) => ({
            field,
            label: t(`clients:import.fields.${field}`),
          }))}
          parsed={parsed}
          mapping={state.mapping}
          onChange={(patch) => dispatch({ type: 'map', patch })}
          labels={{
            caption: t('clients:import.mapping.title'),
            field: t('clients:import.mapping.field'),
            column: t('clients:import.mapping.column'),
            sample: t('clients:import.mapping.sample'),
            skip: t('clients:import.mapping.skip'),
          }}
        />
      </CardContent>
    </Card>
  );
}

export function ClientImportResult({ state, dispatch }: ClientImportProps) {
  const { t } = useTranslation(['clients']);
  const locale = localeOf(currentLanguage());
  const result = state.result!;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
          <CheckCircle2 aria-hidden="true" className="size-7" />
        </span>
        <h2 className="text-lg font-semibold text-foreground">{t('clients:import.done.title')}</h2>
        <p role="status" className="max-w-md text-sm text-muted-foreground">
          {t('clients:import.done.text', {
            count: result.imported,
            imported: formatNumber(result.imported, locale),
            duplicates: formatNumber(result.duplicate, locale),
            invalid: formatNumber(result.invalid, locale),
          })}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/clients" className={buttonClasses('primary')}>
            {t('clients:import.done.toList')}
          </Link>
          <Button variant="outline" onClick={() => dispatch({ type: 'restart' })}>
            {t('clients:import.done.again')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
