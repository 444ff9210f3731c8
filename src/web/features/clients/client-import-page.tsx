import { useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeft,
  CheckCircle2,
  ChevronLeft,
  ChevronRight,
  Download,
  FileUp,
  ListChecks,
  TableProperties,
} from 'lucide-react';
import {
  CLIENT_EXPORT_HEADERS,
  CLIENT_IMPORT_FIELDS,
  CLIENT_IMPORT_MAX_ROWS,
  type ClientImportField,
  type ClientImportMode,
  type TClientImportResult,
  type TClientImportRowResult,
} from '@shared/clients/import-export.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { CLIENT_IMPORT_TARGETS, applyMapping, guessMapping } from '@shared/imports/mapping.ts';
import { fieldText } from '@web/app/field-text.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Select } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import {
  IMPORT_FILE_MAX_BYTES,
  importFileKind,
  parseImportFile,
  useImportClients,
  type ParsedFile,
} from './clients-api.ts';
import { useClientPermissions } from './client-ui.tsx';

type Step = 'upload' | 'mapping' | 'preview' | 'importing' | 'done';
const STEPS = ['upload', 'mapping', 'preview', 'importing'] as const;
type Mapping = Partial<Record<ClientImportField, string>>;

const PREVIEW_PAGE = 10;
const STATUS_TONE = { valid: 'success', invalid: 'danger', duplicate: 'warning' } as const;

/** The header row of the file the user can download as a starting point, with one example row. */
function templateCsv(lang: 'it' | 'en') {
  const h = CLIENT_EXPORT_HEADERS[lang];
  const columns = [
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
  const example =
    lang === 'it'
      ? [
          'Azienda',
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
          'Italiano',
          '30',
          '',
        ]
      : [
          'Company',
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
          'Italian',
          '30',
          '',
        ];
  return toCsv(
    columns.map((c) => h[c]),
    [example],
    { delimiter: lang === 'it' ? ';' : ',' },
  );
}

function downloadTemplate(lang: 'it' | 'en') {
  const blob = new Blob([templateCsv(lang)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = lang === 'it' ? 'modello-clienti.csv' : 'clients-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * /clients/import: upload a CSV or XLSX file, map its columns to client fields (guessed from the headers),
 * check every row on the server (dry run: errors and duplicates per row), choose "valid rows only" or "all or
 * nothing", import, see the result. Duplicates are never imported, so importing the same file again adds nothing.
 */
export function ClientImportPage() {
  const { t } = useTranslation(['clients', 'buttons', 'common']);
  useDocumentTitle(t('clients:import.title'));
  const { organizationId, canManage } = useClientPermissions();
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const importer = useImportClients(organizationId);
  const input = useRef<HTMLInputElement>(null);

  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<{ name: string; parsed: ParsedFile } | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [mapping, setMapping] = useState<Mapping>({});
  const [preview, setPreview] = useState<TClientImportResult | null>(null);
  const [mode, setMode] = useState<ClientImportMode>('valid_only');
  const [result, setResult] = useState<TClientImportResult | null>(null);

  const rows = useMemo(
    () =>
      file
        ? file.parsed.rows.map(
            (row) => applyMapping(file.parsed.headers, row, mapping) as Record<string, string>,
          )
        : [],
    [file, mapping],
  );

  async function readFile(chosen: File) {
    setProblem(null);
    if (!importFileKind(chosen)) return setProblem(t('clients:import.upload.badType'));
    if (chosen.size > IMPORT_FILE_MAX_BYTES) return setProblem(t('clients:import.upload.tooLarge'));
    setReading(true);
    try {
      const parsed = await parseImportFile(chosen);
      if (parsed.rows.length === 0) return setProblem(fieldText('clients.errors.noRows')!);
      if (parsed.rows.length > CLIENT_IMPORT_MAX_ROWS)
        return setProblem(fieldText('clients.errors.tooManyRows')!);
      setFile({ name: chosen.name, parsed });
      setMapping(guessMapping(parsed.headers, CLIENT_IMPORT_TARGETS));
      setPreview(null);
      setResult(null);
      setStep('mapping');
    } catch (error) {
      setProblem(apiErrorMessage(error, t));
    } finally {
      setReading(false);
    }
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) void readFile(chosen);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const chosen = event.dataTransfer.files?.[0];
    if (chosen) void readFile(chosen);
  }

  async function check() {
    setProblem(null);
    try {
      const answer = await importer.mutateAsync({ rows, mode: 'valid_only', dryRun: true });
      setPreview(answer);
      setMode('valid_only');
      setStep('preview');
    } catch (error) {
      setProblem(apiErrorMessage(error, t));
    }
  }

  async function runImport() {
    setProblem(null);
    setStep('importing');
    try {
      const answer = await importer.mutateAsync({ rows, mode, dryRun: false });
      setResult(answer);
      setStep('done');
    } catch (error) {
      setProblem(apiErrorMessage(error, t));
      setStep('preview');
    }
  }

  function restart() {
    setFile(null);
    setMapping({});
    setPreview(null);
    setResult(null);
    setProblem(null);
    setStep('upload');
  }

  if (!canManage) {
    return (
      <div>
        <PageHeader title={t('clients:import.title')} />
        <Alert tone="info">{t('clients:import.readOnly')}</Alert>
      </div>
    );
  }

  const stepIndex = step === 'done' ? STEPS.length : STEPS.indexOf(step);
  const namesMapped = !!(mapping.companyName || mapping.fullName);

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

      <ol
        className="mb-6 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4"
        aria-label={t('clients:import.stepsLabel')}
      >
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === stepIndex ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-md border px-3 py-2',
              i === stepIndex
                ? 'border-primary bg-primary-soft font-medium text-primary-soft-foreground'
                : i < stepIndex
                  ? 'border-border bg-surface text-foreground'
                  : 'border-border bg-surface text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                i < stepIndex
                  ? 'bg-success text-white dark:text-background'
                  : 'bg-surface-muted text-foreground',
              )}
              aria-hidden="true"
            >
              {i < stepIndex ? <CheckCircle2 className="size-4" /> : i + 1}
            </span>
            <span>
              <span className="sr-only">
                {t('clients:import.stepOf', { n: i + 1, total: STEPS.length })}{' '}
              </span>
              {t(`clients:import.steps.${s}`)}
            </span>
          </li>
        ))}
      </ol>

      {problem ? (
        <Alert tone="error" className="mb-6" title={t('clients:import.problem')}>
          {problem}
        </Alert>
      ) : null}

      {step === 'upload' ? (
        <Card>
          <CardHeader
            icon={<FileUp aria-hidden="true" className="size-5" />}
            title={t('clients:import.upload.title')}
            description={t('clients:import.upload.description', {
              max: formatNumber(CLIENT_IMPORT_MAX_ROWS, locale),
            })}
          />
          <CardContent className="grid gap-4">
            <div
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors',
                dragging ? 'border-primary bg-primary-soft' : 'border-input bg-surface-muted/50',
              )}
            >
              {reading ? (
                <>
                  <Spinner label={t('clients:import.upload.reading')} />
                  <p className="text-sm text-muted-foreground" aria-hidden="true">
                    {t('clients:import.upload.reading')}
                  </p>
                </>
              ) : (
                <>
                  <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
                  <p className="text-sm text-foreground">{t('clients:import.upload.drop')}</p>
                  <input
                    ref={input}
                    type="file"
                    accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    className="sr-only"
                    tabIndex={-1}
                    aria-hidden="true"
                    data-testid="client-import-file"
                    onChange={onFile}
                  />
                  <Button onClick={() => input.current?.click()}>{t('clients:import.upload.choose')}</Button>
                </>
              )}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
              <p>{t('clients:import.upload.hint')}</p>
              <Button variant="link" onClick={() => downloadTemplate(lang)}>
                <Download aria-hidden="true" className="size-4" />
                {t('clients:import.upload.template')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}

      {step === 'mapping' && file ? (
        <Card>
          <CardHeader
            icon={<TableProperties aria-hidden="true" className="size-5" />}
            title={t('clients:import.mapping.title')}
            description={t('clients:import.mapping.description', {
              file: file.name,
              count: file.parsed.rows.length,
              rows: formatNumber(file.parsed.rows.length, locale),
            })}
          />
          <CardContent className="grid gap-4">
            {!namesMapped ? <Alert tone="warning">{t('clients:import.mapping.needName')}</Alert> : null}
            <div className="hidden gap-4 border-b border-border pb-2 text-xs font-medium text-muted-foreground uppercase sm:grid sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_minmax(0,12rem)]">
              <span>{t('clients:import.mapping.field')}</span>
              <span>{t('clients:import.mapping.column')}</span>
              <span>{t('clients:import.mapping.sample')}</span>
            </div>
            <ul className="grid divide-y divide-border">
              {CLIENT_IMPORT_FIELDS.map((field) => {
                const header = mapping[field];
                const column = header ? file.parsed.headers.indexOf(header) : -1;
                const sample = column >= 0 ? file.parsed.rows.find((r) => r[column])?.[column] : undefined;
                const id = `map-${field}`;
                return (
                  <li
                    key={field}
                    className="grid gap-1.5 py-2.5 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_minmax(0,12rem)] sm:items-center sm:gap-4"
                  >
                    <label htmlFor={id} className="text-sm font-medium text-foreground">
                      {t(`clients:import.fields.${field}`)}
                    </label>
                    <Select
                      id={id}
                      aria-describedby={`${id}-sample`}
                      value={header ?? ''}
                      onChange={(e) => setMapping((m) => ({ ...m, [field]: e.target.value || undefined }))}
                    >
                      <option value="">{t('clients:import.mapping.skip')}</option>
                      {file.parsed.headers.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </Select>
                    <span id={`${id}-sample`} className="truncate text-xs text-muted-foreground sm:text-sm">
                      <span className="sm:sr-only">{t('clients:import.mapping.sample')}: </span>
                      {sample ?? '—'}
                    </span>
                  </li>
                );
              })}
            </ul>
          </CardContent>
          <div className="flex flex-col-reverse gap-3 border-t border-border px-5 py-4 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={restart}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {t('clients:import.mapping.otherFile')}
            </Button>
            <Button onClick={() => void check()} disabled={!namesMapped} loading={importer.isPending}>
              {importer.isPending ? t('clients:import.mapping.checking') : t('clients:import.mapping.check')}
            </Button>
          </div>
        </Card>
      ) : null}

      {(step === 'preview' || step === 'importing') && preview && file ? (
        <PreviewStep
          preview={preview}
          rows={rows}
          mode={mode}
          onMode={setMode}
          importing={step === 'importing'}
          onBack={() => setStep('mapping')}
          onImport={() => void runImport()}
        />
      ) : null}

      {step === 'done' && result ? (
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
              <Button variant="outline" onClick={restart}>
                {t('clients:import.done.again')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function PreviewStep({
  preview,
  rows,
  mode,
  onMode,
  importing,
  onBack,
  onImport,
}: {
  preview: TClientImportResult;
  rows: Record<string, string>[];
  mode: ClientImportMode;
  onMode: (mode: ClientImportMode) => void;
  importing: boolean;
  onBack: () => void;
  onImport: () => void;
}) {
  const { t } = useTranslation(['clients', 'buttons']);
  const locale = localeOf(currentLanguage());
  const [onlyProblems, setOnlyProblems] = useState(preview.invalid + preview.duplicate > 0);
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () => (onlyProblems ? preview.rows.filter((r) => r.status !== 'valid') : preview.rows),
    [preview, onlyProblems],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PREVIEW_PAGE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PREVIEW_PAGE, current * PREVIEW_PAGE);
  const blocked = mode === 'all_or_nothing' && preview.invalid > 0;
  const nothing = preview.valid === 0;
  const n = (value: number) => formatNumber(value, locale);

  const stats = [
    { key: 'total', value: preview.total, tone: 'text-foreground' },
    { key: 'valid', value: preview.valid, tone: 'text-success' },
    { key: 'duplicate', value: preview.duplicate, tone: 'text-warning-soft-foreground' },
    { key: 'invalid', value: preview.invalid, tone: 'text-danger' },
  ] as const;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card>
        <CardHeader
          icon={<ListChecks aria-hidden="true" className="size-5" />}
          title={t('clients:import.preview.title')}
          description={t('clients:import.preview.description')}
        />
        <dl
          className="grid grid-cols-2 gap-px border-b border-border bg-border sm:grid-cols-4"
          data-testid="import-counts"
        >
          {stats.map((s) => (
            <div key={s.key} className="bg-surface px-5 py-4">
              <dt className="text-xs text-muted-foreground">{t(`clients:import.preview.stats.${s.key}`)}</dt>
              <dd className={cn('mt-1 text-2xl font-semibold', s.tone)}>{n(s.value)}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
          <label className="flex items-center gap-2 text-sm text-foreground">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={onlyProblems}
              onChange={(e) => {
                setOnlyProblems(e.target.checked);
                setPage(1);
              }}
            />
            {t('clients:import.preview.onlyProblems')}
          </label>
        </div>
        {slice.length === 0 ? (
          <p className="px-5 pb-5 text-sm text-muted-foreground">{t('clients:import.preview.noProblems')}</p>
        ) : (
          <>
            <ul className="divide-y divide-border border-t border-border md:hidden">
              {slice.map((r) => (
                <PreviewCard key={r.index} result={r} cells={rows[r.index] ?? {}} />
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('clients:import.preview.title')}</caption>
                <thead className="border-y border-border bg-surface-muted text-xs text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="px-5 py-2.5 font-medium">
                      {t('clients:import.preview.columns.row')}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t('clients:import.preview.columns.name')}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t('clients:import.preview.columns.ids')}
                    </th>
                    <th scope="col" className="px-3 py-2.5 font-medium">
                      {t('clients:import.preview.columns.status')}
                    </th>
                    <th scope="col" className="px-5 py-2.5 font-medium">
                      {t('clients:import.preview.columns.problems')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {slice.map((r) => (
                    <PreviewRow key={r.index} result={r} cells={rows[r.index] ?? {}} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {pages > 1 ? (
          <nav
            aria-label={t('clients:import.preview.pagination')}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-5 py-3 text-sm"
          >
            <p className="text-muted-foreground">
              {t('clients:import.preview.pageOf', { page: n(current), pages: n(pages) })}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage(current - 1)}
                disabled={current <= 1}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                {t('buttons:previous')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage(current + 1)}
                disabled={current >= pages}
              >
                {t('buttons:next')}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </nav>
        ) : null}
      </Card>

      <Card>
        <CardHeader title={t('clients:import.mode.title')} />
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-3 sm:grid-cols-2" disabled={importing}>
            <legend className="sr-only">{t('clients:import.mode.title')}</legend>
            {(['valid_only', 'all_or_nothing'] as const).map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-md border px-4 py-3 text-sm transition-colors',
                  mode === value ? 'border-primary bg-primary-soft' : 'border-input hover:bg-surface-muted',
                )}
              >
                <input
                  type="radio"
                  name="import-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => onMode(value)}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span>
                  <span className="block font-medium text-foreground">
                    {t(`clients:import.mode.${value}`)}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`clients:import.mode.${value}Hint`, { count: preview.valid, valid: n(preview.valid) })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {blocked ? (
            <Alert tone="warning">
              {t('clients:import.mode.blocked', { count: preview.invalid, invalid: n(preview.invalid) })}
            </Alert>
          ) : nothing ? (
            <Alert tone="info">{t('clients:import.mode.nothing')}</Alert>
          ) : null}
          {importing ? (
            <div className="grid gap-2">
              <p className="text-sm text-foreground" id="import-progress-label">
                {t('clients:import.progress', { count: preview.valid, valid: n(preview.valid) })}
              </p>
              <div
                role="progressbar"
                aria-labelledby="import-progress-label"
                className="h-2 overflow-hidden rounded-full bg-surface-muted"
              >
                <div className="h-full w-full animate-pulse rounded-full bg-primary" />
              </div>
            </div>
          ) : null}
        </CardContent>
        <div className="flex flex-col-reverse gap-3 border-t border-border px-5 py-4 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={onBack} disabled={importing}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            {t('clients:import.preview.back')}
          </Button>
          <Button onClick={onImport} disabled={blocked || nothing} loading={importing}>
            {t('clients:import.preview.import', { count: preview.valid, valid: n(preview.valid) })}
          </Button>
        </div>
      </Card>
    </div>
  );
}

function Problems({ errors }: { errors: TClientImportRowResult['errors'] }) {
  const { t } = useTranslation('clients');
  return (
    <ul className="grid gap-1 text-xs">
      {errors.map((e, i) => (
        <li key={i}>
          <span className="font-medium text-foreground">
            {t(`clients:import.fields.${e.path}`, { defaultValue: e.path })}:
          </span>{' '}
          <span className="text-muted-foreground">{fieldText(e.key) ?? e.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** Phones: one card per row. */
function PreviewCard({ result, cells }: { result: TClientImportRowResult; cells: Record<string, string> }) {
  const { t } = useTranslation('clients');
  const ids = [cells.vatNumber, cells.codiceFiscale, cells.email].filter(Boolean).join(' · ');
  return (
    <li className="grid gap-1.5 px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-sm font-medium break-words text-foreground">
          <span className="text-muted-foreground">
            {t('clients:import.fields.row')} {result.index + 2} ·{' '}
          </span>
          {cells.companyName || cells.fullName || '—'}
        </p>
        <Badge tone={STATUS_TONE[result.status]}>{t(`clients:import.status.${result.status}`)}</Badge>
      </div>
      {ids ? <p className="text-xs break-all text-muted-foreground">{ids}</p> : null}
      {result.errors.length ? <Problems errors={result.errors} /> : null}
    </li>
  );
}

function PreviewRow({ result, cells }: { result: TClientImportRowResult; cells: Record<string, string> }) {
  const { t } = useTranslation('clients');
  const name = cells.companyName || cells.fullName || '—';
  const ids = [cells.vatNumber, cells.codiceFiscale, cells.email].filter(Boolean).join(' · ');
  return (
    <tr className="align-top">
      <td className="px-5 py-2.5 text-muted-foreground tabular-nums">{result.index + 2}</td>
      <td className="max-w-56 px-3 py-2.5 font-medium break-words text-foreground">{name}</td>
      <td className="max-w-56 px-3 py-2.5 text-xs break-all text-muted-foreground">{ids || '—'}</td>
      <td className="px-3 py-2.5">
        <Badge tone={STATUS_TONE[result.status]}>{t(`clients:import.status.${result.status}`)}</Badge>
      </td>
      <td className="px-5 py-2.5">
        {result.errors.length ? (
          <Problems errors={result.errors} />
        ) : (
          <span className="text-xs text-muted-foreground">—</span>
        )}
      </td>
    </tr>
  );
}
