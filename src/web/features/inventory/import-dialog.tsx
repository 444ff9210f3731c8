import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, FileUp, Upload } from 'lucide-react';
import { ITEM_IMPORT_TARGETS, applyMapping, guessMapping } from '@shared/imports/mapping.ts';
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
import { vatRateLabel } from '@shared/inventory/contracts.ts';
import { formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { fieldText } from '@web/app/field-text.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Select } from '@web/ui/input.tsx';
import { parseImportFile, useImportItems, type ParsedFile } from './inventory-api.ts';
import { formatQuantity } from './inventory-format.ts';

type Step = 'file' | 'mapping' | 'preview' | 'importing' | 'done';
type Mapping = Partial<Record<ItemImportField, string>>;

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

const ISSUES_SHOWN = 50;

/**
 * The import wizard: choose a CSV or XLSX file (read by the server), map its columns (guessed from the
 * headers), check every row (a dry run: counts, errors per row, duplicates, a preview), then import the valid
 * rows or all-or-nothing, with progress.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['inventory', 'buttons']);
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<(ParsedFile & { name: string }) | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [mode, setMode] = useState<ImportMode>('valid_only');
  const [preview, setPreview] = useState<TItemImportResult | null>(null);
  const [result, setResult] = useState<TItemImportResult | null>(null);
  const [upload, setUpload] = useState(0);
  const [error, setError] = useState<string>();
  const run = useImportItems(setUpload);

  const rows = useMemo(
    () => (file ? file.rows.map((row) => applyMapping(file.headers, row, mapping)) : []),
    [file, mapping],
  );

  const check = async () => {
    setError(undefined);
    setUpload(0);
    try {
      setPreview(await run.mutateAsync({ rows, mode, dryRun: true }));
      setStep('preview');
    } catch (e) {
      setError(apiErrorMessage(e, t));
    }
  };

  const importNow = async () => {
    setError(undefined);
    setUpload(0);
    setStep('importing');
    try {
      setResult(await run.mutateAsync({ rows, mode, dryRun: false }));
      setStep('done');
    } catch (e) {
      setError(apiErrorMessage(e, t));
      setStep('preview');
    }
  };

  const stepIndex = { file: 1, mapping: 2, preview: 3, importing: 3, done: 3 }[step];

  return (
    <DialogContent
      title={t('inventory:import.title')}
      description={t('inventory:import.step', { step: stepIndex, total: 3 })}
      closeLabel={t('buttons:close')}
      className="max-w-3xl"
    >
      <div className="flex flex-col gap-5">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {step === 'file' ? (
          <FileStep
            onParsed={(parsed) => {
              setFile(parsed);
              setMapping(guessMapping(parsed.headers, ITEM_IMPORT_TARGETS));
              setError(undefined);
              setStep('mapping');
            }}
          />
        ) : null}
        {step === 'mapping' && file ? (
          <MappingStep
            file={file}
            mapping={mapping}
            onMapping={setMapping}
            mode={mode}
            onMode={setMode}
            checking={run.isPending}
            upload={upload}
            onBack={() => setStep('file')}
            onCheck={() => void check()}
          />
        ) : null}
        {step === 'preview' && preview ? (
          <PreviewStep
            preview={preview}
            mode={mode}
            onBack={() => setStep('mapping')}
            onImport={() => void importNow()}
          />
        ) : null}
        {step === 'importing' ? <Progress upload={upload} /> : null}
        {step === 'done' && result ? <DoneStep result={result} onClose={onClose} /> : null}
      </div>
    </DialogContent>
  );
}

function FileStep({ onParsed }: { onParsed: (file: ParsedFile & { name: string }) => void }) {
  const { t } = useTranslation(['inventory']);
  const lang = currentLanguage();
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);

  const read = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(undefined);
    if (!/\.(csv|xlsx|txt)$/i.test(chosen.name)) {
      setError(t('inventory:import.wrongType'));
      return;
    }
    setReading(true);
    try {
      const parsed = await parseImportFile(chosen);
      if (parsed.rows.length === 0) setError(fieldText('imports.errors.emptyFile', lang));
      else onParsed({ ...parsed, name: chosen.name });
    } catch (e) {
      const issue = serverFieldIssues(e)[0];
      setError(issue ? fieldText(issue.message, lang) : apiErrorMessage(e, t));
    } finally {
      setReading(false);
    }
  };

  const template = () => {
    const headers = [...ITEM_EXPORT_HEADERS[lang]];
    const example =
      lang === 'it'
        ? [
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
          ]
        : [
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
          ];
    const csv = toCsv(headers, [example], { delimiter: lang === 'it' ? ';' : ',' });
    const href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = href;
    link.download = lang === 'it' ? 'modello-articoli.csv' : 'items-template.csv';
    link.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };

  return (
    <div className="flex flex-col gap-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void read(e.dataTransfer.files[0]);
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          dragging ? 'border-primary bg-primary-soft' : 'border-input hover:bg-surface-muted',
        )}
      >
        <FileUp aria-hidden="true" className="size-8 text-primary" />
        <span className="font-medium text-foreground">{t('inventory:import.choose')}</span>
        <span className="text-sm text-muted-foreground">{t('inventory:import.chooseHint')}</span>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          disabled={reading}
          onChange={(e) => void read(e.target.files?.[0])}
        />
      </label>
      {reading ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('inventory:import.reading')}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {t('inventory:import.templateText')}{' '}
        <Button variant="link" onClick={template}>
          {t('inventory:import.template')}
        </Button>
      </p>
    </div>
  );
}

function MappingStep({
  file,
  mapping,
  onMapping,
  mode,
  onMode,
  checking,
  upload,
  onBack,
  onCheck,
}: {
  file: ParsedFile & { name: string };
  mapping: Mapping;
  onMapping: (m: Mapping) => void;
  mode: ImportMode;
  onMode: (m: ImportMode) => void;
  checking: boolean;
  upload: number;
  onBack: () => void;
  onCheck: () => void;
}) {
  const { t } = useTranslation(['inventory', 'buttons']);
  const locale = localeOf(currentLanguage());
  const [tried, setTried] = useState(false);
  const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !mapping[f]);
  const sample = file.rows[0] ?? [];

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        {t('inventory:import.fileSummary', {
          name: file.name,
          count: file.rows.length,
          rows: formatNumber(file.rows.length, locale),
        })}
      </p>
      {tried && missing.length > 0 ? (
        <Alert tone="error">
          {t('inventory:import.requiredMissing', {
            fields: missing.map((f) => t(`inventory:importFields.${f}`)).join(', '),
          })}
        </Alert>
      ) : null}
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">{t('inventory:import.mappingCaption')}</caption>
          <thead className="bg-surface-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('inventory:import.columns.field')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('inventory:import.columns.column')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('inventory:import.columns.example')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {FIELD_ORDER.filter((f) => ITEM_IMPORT_FIELDS.includes(f)).map((field) => {
              const required = (REQUIRED_IMPORT_FIELDS as readonly string[]).includes(field);
              const header = mapping[field];
              const index = header ? file.headers.indexOf(header) : -1;
              const selectId = `import-map-${field}`;
              return (
                <tr key={field}>
                  <th scope="row" className="px-4 py-2 font-medium text-foreground">
                    <label htmlFor={selectId}>{t(`inventory:importFields.${field}`)}</label>
                    {required ? (
                      <span aria-hidden="true" className="ml-0.5 text-danger">
                        *
                      </span>
                    ) : null}
                  </th>
                  <td className="px-4 py-2">
                    <Select
                      id={selectId}
                      value={header ?? ''}
                      aria-invalid={tried && required && !header ? true : undefined}
                      aria-required={required || undefined}
                      onChange={(e) => onMapping({ ...mapping, [field]: e.target.value || undefined })}
                    >
                      <option value="">{t('inventory:import.notImported')}</option>
                      {file.headers.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </Select>
                  </td>
                  <td className="max-w-48 truncate px-4 py-2 text-muted-foreground">
                    {index >= 0 ? sample[index] || '—' : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
                onChange={() => onMode(m)}
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
      {checking ? <Progress upload={upload} checking /> : null}
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={checking}>
          {t('buttons:previous')}
        </Button>
        <Button
          loading={checking}
          onClick={() => {
            setTried(true);
            if (missing.length === 0) onCheck();
          }}
        >
          {t('inventory:import.check')}
        </Button>
      </div>
    </div>
  );
}

function PreviewStep({
  preview,
  mode,
  onBack,
  onImport,
}: {
  preview: TItemImportResult;
  mode: ImportMode;
  onBack: () => void;
  onImport: () => void;
}) {
  const { t } = useTranslation(['inventory', 'buttons']);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const blocked = mode === 'all_or_nothing' && preview.invalid > 0;
  const n = (v: number) => formatNumber(v, locale);

  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['total', preview.total, 'neutral'],
            ['valid', preview.valid, 'success'],
            ['invalid', preview.invalid, preview.invalid ? 'danger' : 'neutral'],
            ['duplicates', preview.duplicates, preview.duplicates ? 'warning' : 'neutral'],
          ] as const
        ).map(([key, value, tone]) => (
          <div key={key} className="rounded-md border border-border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{t(`inventory:import.counts.${key}`)}</dt>
            <dd className="mt-0.5">
              <Badge tone={tone} className="text-sm">
                {n(value)}
              </Badge>
            </dd>
          </div>
        ))}
      </dl>
      {blocked ? (
        <Alert tone="warning" title={t('inventory:import.blockedTitle')}>
          {t('inventory:import.blockedText', { count: preview.invalid })}
        </Alert>
      ) : preview.valid === 0 ? (
        <Alert tone="info">{t('inventory:import.nothingToImport')}</Alert>
      ) : null}

      {preview.preview.length > 0 ? (
        <section aria-labelledby="import-preview-title">
          <h3 id="import-preview-title" className="mb-2 text-sm font-semibold text-foreground">
            {t('inventory:import.previewTitle', { count: preview.preview.length })}
          </h3>
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full min-w-[34rem] text-left text-sm">
              <thead className="bg-surface-muted text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('inventory:import.columns.row')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('inventory:columns.item')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('inventory:columns.price')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('inventory:columns.vat')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('inventory:import.columns.openingStock')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {preview.preview.map((row) => (
                  <tr key={row.row}>
                    <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.row}</td>
                    <td className="px-3 py-2">
                      <span className="block font-medium">{row.name}</span>
                      <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatEuroCents(row.salePriceCents, locale)}
                    </td>
                    <td className="px-3 py-2 text-right">{vatRateLabel(row.vatRateBp, lang)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {row.stockQuantity === null ? '—' : formatQuantity(row.stockQuantity, lang)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {preview.issues.length > 0 ? (
        <section aria-labelledby="import-issues-title">
          <h3 id="import-issues-title" className="mb-2 text-sm font-semibold text-foreground">
            {t('inventory:import.issuesTitle')}
          </h3>
          <ul className="max-h-64 divide-y divide-border overflow-y-auto rounded-md border border-border text-sm">
            {preview.issues.slice(0, ISSUES_SHOWN).map((issue) => (
              <li key={issue.row} className="px-3 py-2">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  {t('inventory:import.rowLabel', { row: issue.row })}
                  <Badge tone={issue.status === 'invalid' ? 'danger' : 'warning'}>
                    {t(`inventory:import.status.${issue.status}`)}
                  </Badge>
                  <span className="font-normal text-muted-foreground">
                    {[issue.name, issue.sku].filter(Boolean).join(' · ')}
                  </span>
                </p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  {issue.errors.map((e) => (
                    <li key={e.path + e.key}>
                      <span className="text-foreground">{t(`inventory:importFields.${e.path}`, e.path)}</span>
                      : {fieldText(e.key, lang) ?? e.message}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {preview.invalid + preview.duplicates > ISSUES_SHOWN ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {t('inventory:import.moreIssues', {
                count: preview.invalid + preview.duplicates - ISSUES_SHOWN,
              })}
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          {t('buttons:previous')}
        </Button>
        <Button onClick={onImport} disabled={blocked || preview.valid === 0}>
          <Upload aria-hidden="true" className="size-4" />
          {t('inventory:import.importButton', { count: preview.valid, n: n(preview.valid) })}
        </Button>
      </div>
    </div>
  );
}

/** Upload share while the rows are sent, then an indeterminate bar while the server checks or saves. */
function Progress({ upload, checking = false }: { upload: number; checking?: boolean }) {
  const { t } = useTranslation('inventory');
  const sending = upload < 1;
  const label = sending
    ? t('inventory:import.sending', { percent: Math.round(upload * 100) })
    : checking
      ? t('inventory:import.checking')
      : t('inventory:import.saving');
  return (
    <div className="flex flex-col gap-2" data-testid="import-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={sending ? Math.round(upload * 100) : undefined}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className={cn('h-full rounded-full bg-primary transition-[width]', !sending && 'animate-pulse')}
          style={{ width: `${sending ? Math.max(4, Math.round(upload * 100)) : 100}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

function DoneStep({ result, onClose }: { result: TItemImportResult; onClose: () => void }) {
  const { t } = useTranslation(['inventory', 'buttons']);
  const locale = localeOf(currentLanguage());
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
      <Button onClick={onClose} className="mt-2">
        {t('buttons:close')}
      </Button>
    </div>
  );
}
