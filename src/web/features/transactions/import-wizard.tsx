import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { CheckCircle2, ChevronLeft, ChevronRight, FileUp, Save, Trash2 } from 'lucide-react';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { formatDate, formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { missingMappedColumns } from '@shared/imports/bank-lines.ts';
import { DATE_FORMATS } from '@shared/imports/dates.ts';
import {
  ZBankStatementMapping,
  guessBankMapping,
  type TBankStatementMapping,
  type TBankStatementMappingInput,
} from '@shared/imports/mapping.ts';
import type { TBankImportPreview, TBankImportResult } from '@shared/transactions/bank-import.ts';
import { categoryLabel, type TTransactionCategory } from '@shared/transactions/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import {
  parseStatementFile,
  previewImport,
  useDeleteMapping,
  useImportStatement,
  useMappings,
  useSaveMapping,
  type ParsedFile,
} from './transactions-api.ts';

const STEPS = ['file', 'mapping', 'preview', 'done'] as const;
type Step = (typeof STEPS)[number];
type Delimiter = 'auto' | 'semicolon' | 'comma' | 'tab';
const DELIMITER_CHARS: Record<Exclude<Delimiter, 'auto'>, ';' | ',' | '\t'> = {
  semicolon: ';',
  comma: ',',
  tab: '\t',
};
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const PREVIEW_PAGE = 10;
type RowFilter = 'all' | 'new' | 'duplicate' | 'error';

function delimiterOf(char: string | undefined): Delimiter {
  return char === ';' ? 'semicolon' : char === ',' ? 'comma' : char === '\t' ? 'tab' : 'auto';
}

/** A progress line for long work: an indeterminate bar and what is happening. */
function Working({ text }: { text: string }) {
  return (
    <div className="grid grid-cols-1 gap-2 py-2" role="status">
      <p className="text-sm text-foreground">{text}</p>
      <div
        role="progressbar"
        aria-label={text}
        className="relative h-1.5 overflow-hidden rounded-full bg-surface-muted"
      >
        <div className="absolute inset-0 animate-pulse rounded-full bg-primary" />
      </div>
    </div>
  );
}

/**
 * Bank statement import: upload a CSV or XLSX file (read by /api/v1/imports/parse), map its columns (guessed,
 * or a mapping saved for the bank), preview what will happen line by line (new, already imported, errors),
 * import, and see the counts.
 */
export function ImportWizard({
  orgId,
  categories,
  onClose,
}: {
  orgId: string | null;
  categories: TTransactionCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['transactions', 'buttons', 'common']);
  const language = currentLanguage();
  const mappings = useMappings(orgId);
  const saveMapping = useSaveMapping(orgId);
  const deleteMapping = useDeleteMapping(orgId);
  const runImport = useImportStatement(orgId);

  const [step, setStep] = useState<Step>('file');
  const [bankId, setBankId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [delimiter, setDelimiter] = useState<Delimiter>('auto');
  const [skipLines, setSkipLines] = useState(0);
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [mapping, setMapping] = useState<Partial<TBankStatementMappingInput>>({});
  const [mappingErrors, setMappingErrors] = useState<Record<string, string>>({});
  const [bankName, setBankName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [preview, setPreview] = useState<TBankImportPreview | null>(null);
  const [categoryIds, setCategoryIds] = useState({ income: '', expense: '' });
  const [result, setResult] = useState<TBankImportResult | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fileId = useId();

  const saved = mappings.data ?? [];
  const chosenBank = saved.find((m) => m.id === bankId);

  const message = (key: string) => fieldMessage(key, language) ?? key;

  const readFile = async () => {
    if (!file) {
      setError(t('transactions:import.file.required'));
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setError(t('transactions:import.file.tooLarge'));
      return;
    }
    setError(null);
    setWorking(t('transactions:import.working.reading'));
    try {
      const result = await parseStatementFile(file, {
        delimiter: delimiter === 'auto' ? undefined : delimiter,
        skipLines,
      });
      setParsed(result);
      const fromBank = chosenBank?.mapping;
      if (fromBank && missingMappedColumns(result.headers, fromBank).length === 0) {
        setMapping(fromBank);
        setNotice(t('transactions:import.mapping.fromBank', { name: chosenBank!.name }));
      } else {
        setMapping({
          dateFormat: 'dd/mm/yyyy',
          numberFormat: 'it',
          ...guessBankMapping(result.headers, result.rows.slice(0, 50)),
        });
        setNotice(
          fromBank
            ? t('transactions:import.mapping.bankMismatch', { name: chosenBank!.name })
            : t('transactions:import.mapping.guessed'),
        );
      }
      setBankName(chosenBank?.name ?? '');
      setMappingErrors({});
      setStep('mapping');
    } catch (err) {
      const issue = serverFieldIssues(err)[0];
      setError(issue ? message(issue.message) : apiErrorMessage(err, t));
    } finally {
      setWorking(null);
    }
  };

  /** The mapping as saved and sent: with the file options the parse used. */
  const fullMapping = (): TBankStatementMappingInput | null => {
    const input = {
      ...mapping,
      delimiter: delimiter === 'auto' ? undefined : DELIMITER_CHARS[delimiter],
      skipLines,
    };
    const check = ZBankStatementMapping.safeParse(input);
    if (!check.success) {
      setMappingErrors(
        Object.fromEntries(check.error.issues.map((i) => [String(i.path[0]), message(i.message)])),
      );
      return null;
    }
    const missing = new Set(missingMappedColumns(parsed?.headers ?? [], check.data));
    if (missing.size > 0) {
      const errors: Record<string, string> = {};
      for (const key of [
        'occurredOn',
        'description',
        'amountColumn',
        'debitColumn',
        'creditColumn',
      ] as const) {
        const column = check.data[key];
        if (column && missing.has(column)) errors[key] = message('imports.errors.columnMissing');
      }
      setMappingErrors(errors);
      return null;
    }
    setMappingErrors({});
    return input as TBankStatementMappingInput;
  };

  const doSaveMapping = async () => {
    const m = fullMapping();
    if (!m) return;
    if (!bankName.trim()) {
      setMappingErrors({ bankName: message('transactions.errors.mappingNameRequired') });
      return;
    }
    try {
      const savedMapping = await saveMapping.mutateAsync({ name: bankName.trim(), mapping: m });
      setBankId(savedMapping.id);
      toast.success(t('transactions:import.mapping.saved', { name: savedMapping.name }));
    } catch (err) {
      toast.error(apiErrorMessage(err, t));
    }
  };

  const toPreview = async () => {
    const m = fullMapping();
    if (!m || !parsed) return;
    setError(null);
    setWorking(t('transactions:import.working.checking', { count: parsed.rows.length }));
    try {
      setPreview(await previewImport({ headers: parsed.headers, rows: parsed.rows, mapping: m }));
      setStep('preview');
    } catch (err) {
      const issues = serverFieldIssues(err);
      const onMapping = issues.filter((i) => i.path.startsWith('mapping.'));
      if (onMapping.length) {
        setMappingErrors(Object.fromEntries(onMapping.map((i) => [i.path.slice(8), message(i.message)])));
      } else {
        setError(issues[0] ? message(issues[0].message) : apiErrorMessage(err, t));
      }
    } finally {
      setWorking(null);
    }
  };

  const doImport = async () => {
    const m = fullMapping();
    if (!m || !parsed || !preview) return;
    setError(null);
    setWorking(t('transactions:import.working.importing', { count: preview.summary.new }));
    try {
      const done = await runImport.mutateAsync({
        headers: parsed.headers,
        rows: parsed.rows,
        mapping: m,
        categoryIds: { income: categoryIds.income || null, expense: categoryIds.expense || null },
      });
      setResult(done);
      setStep('done');
    } catch (err) {
      const issue = serverFieldIssues(err)[0];
      setError(issue ? message(issue.message) : apiErrorMessage(err, t));
    } finally {
      setWorking(null);
    }
  };

  const restart = () => {
    setStep('file');
    setFile(null);
    setParsed(null);
    setPreview(null);
    setResult(null);
    setError(null);
    setNotice(null);
  };

  return (
    <DialogContent
      title={t('transactions:import.title')}
      description={t('transactions:import.description')}
      closeLabel={t('buttons:close')}
      className="max-w-4xl"
    >
      <ol
        className="mb-5 flex flex-wrap gap-x-4 gap-y-2 text-sm"
        aria-label={t('transactions:import.stepsLabel')}
      >
        {STEPS.map((s, i) => {
          const index = STEPS.indexOf(step);
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li
              key={s}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2',
                state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 items-center justify-center rounded-full text-xs',
                  state === 'todo' ? 'bg-surface-muted' : 'bg-primary text-primary-foreground',
                )}
              >
                {i + 1}
              </span>
              {t(`transactions:import.steps.${s}`)}
            </li>
          );
        })}
      </ol>

      {error ? (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      {working ? <Working text={working} /> : null}

      {step === 'file' && !working ? (
        <div className="grid grid-cols-1 gap-5">
          {saved.length > 0 ? (
            <Field label={t('transactions:import.file.bank')} hint={t('transactions:import.file.bankHint')}>
              {(props) => (
                <div className="flex gap-2">
                  <div className="min-w-0 flex-1">
                    <Select
                      {...props}
                      value={bankId}
                      onChange={(e) => {
                        const id = e.target.value;
                        setBankId(id);
                        setConfirmDelete(false);
                        const m = saved.find((x) => x.id === id)?.mapping;
                        setDelimiter(delimiterOf(m?.delimiter));
                        setSkipLines(m?.skipLines ?? 0);
                      }}
                    >
                      <option value="">{t('transactions:import.file.newBank')}</option>
                      {saved.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.name}
                        </option>
                      ))}
                    </Select>
                  </div>
                  {chosenBank && !confirmDelete ? (
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={t('transactions:import.file.deleteBank', { name: chosenBank.name })}
                      onClick={() => setConfirmDelete(true)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  ) : null}
                </div>
              )}
            </Field>
          ) : null}
          {chosenBank && confirmDelete ? (
            <div
              className="flex flex-wrap items-center gap-2 rounded-md border border-border p-3 text-sm"
              role="group"
              aria-label={t('transactions:import.file.deleteBankConfirm', { name: chosenBank.name })}
            >
              <span className="flex-1 text-foreground">
                {t('transactions:import.file.deleteBankConfirm', { name: chosenBank.name })}
              </span>
              <Button
                size="sm"
                variant="danger"
                autoFocus
                loading={deleteMapping.isPending}
                onClick={() =>
                  deleteMapping.mutate(chosenBank.id, {
                    onSuccess: () => {
                      setBankId('');
                      setConfirmDelete(false);
                      toast.success(t('transactions:import.file.bankDeleted'));
                    },
                    onError: (err) => toast.error(apiErrorMessage(err, t)),
                  })
                }
              >
                {t('transactions:categories.confirmYes')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirmDelete(false)}>
                {t('buttons:cancel')}
              </Button>
            </div>
          ) : null}
          <div className="grid grid-cols-1 gap-1.5">
            <label htmlFor={fileId} className="text-sm font-medium text-foreground">
              {t('transactions:import.file.label')}
            </label>
            <label
              htmlFor={fileId}
              className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input bg-surface-muted px-4 py-8 text-center text-sm hover:border-primary"
            >
              <FileUp aria-hidden="true" className="size-8 text-primary" />
              <span className="font-medium text-foreground">
                {file ? file.name : t('transactions:import.file.choose')}
              </span>
              <span className="text-muted-foreground">
                {file
                  ? t('transactions:import.file.size', {
                      size: formatNumber(file.size / 1024, localeOf(language), { maximumFractionDigits: 0 }),
                    })
                  : t('transactions:import.file.formats')}
              </span>
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </div>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field label={t('transactions:import.file.delimiter')}>
              {(props) => (
                <Select
                  {...props}
                  value={delimiter}
                  onChange={(e) => setDelimiter(e.target.value as Delimiter)}
                >
                  {(['auto', 'semicolon', 'comma', 'tab'] as const).map((d) => (
                    <option key={d} value={d}>
                      {t(`transactions:import.file.delimiters.${d}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label={t('transactions:import.file.skipLines')}
              hint={t('transactions:import.file.skipLinesHint')}
            >
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  min={0}
                  max={50}
                  value={skipLines}
                  onChange={(e) =>
                    setSkipLines(Math.max(0, Math.min(50, Math.trunc(Number(e.target.value) || 0))))
                  }
                />
              )}
            </Field>
          </div>
          <Footer>
            <DialogClose asChild>
              <Button variant="outline">{t('buttons:cancel')}</Button>
            </DialogClose>
            <Button onClick={() => void readFile()}>
              {t('transactions:import.file.read')}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </Footer>
        </div>
      ) : null}

      {step === 'mapping' && parsed && !working ? (
        <MappingStep
          parsed={parsed}
          mapping={mapping}
          errors={mappingErrors}
          notice={notice}
          onChange={(patch) => {
            setMapping((m) => ({ ...m, ...patch }));
            setMappingErrors({});
          }}
          bankName={bankName}
          onBankName={setBankName}
          onSave={() => void doSaveMapping()}
          saving={saveMapping.isPending}
          onBack={() => setStep('file')}
          onNext={() => void toPreview()}
        />
      ) : null}

      {step === 'preview' && preview && !working ? (
        <PreviewStep
          preview={preview}
          categories={categories}
          categoryIds={categoryIds}
          onCategoryIds={setCategoryIds}
          onBack={() => setStep('mapping')}
          onImport={() => void doImport()}
        />
      ) : null}

      {step === 'done' && result ? (
        <div className="grid grid-cols-1 gap-5">
          <Alert tone="success" title={t('transactions:import.done.title')}>
            {t('transactions:import.done.text', { count: result.imported })}
          </Alert>
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            <Count label={t('transactions:import.done.imported')} value={result.imported} tone="success" />
            <Count
              label={t('transactions:import.done.duplicates')}
              value={result.duplicates}
              tone="neutral"
            />
            <Count
              label={t('transactions:import.done.invalid')}
              value={result.invalid}
              tone={result.invalid ? 'danger' : 'neutral'}
            />
          </dl>
          <Footer>
            <Button variant="outline" onClick={restart}>
              {t('transactions:import.done.another')}
            </Button>
            <Button onClick={onClose}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t('buttons:close')}
            </Button>
          </Footer>
        </div>
      ) : null}
    </DialogContent>
  );
}

function Footer({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}

function Count({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone: 'success' | 'danger' | 'neutral';
}) {
  const locale = localeOf(currentLanguage());
  return (
    <div className="rounded-lg border border-border p-3 sm:p-4">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd
        className={cn(
          'mt-1 text-xl font-semibold tabular-nums sm:text-2xl',
          tone === 'success' ? 'text-success' : tone === 'danger' ? 'text-danger' : 'text-foreground',
        )}
      >
        {formatNumber(value, locale)}
      </dd>
    </div>
  );
}

function MappingStep({
  parsed,
  mapping,
  errors,
  notice,
  onChange,
  bankName,
  onBankName,
  onSave,
  saving,
  onBack,
  onNext,
}: {
  parsed: ParsedFile;
  mapping: Partial<TBankStatementMappingInput>;
  errors: Record<string, string>;
  notice: string | null;
  onChange: (patch: Partial<TBankStatementMappingInput>) => void;
  bankName: string;
  onBankName: (name: string) => void;
  onSave: () => void;
  saving: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const locale = localeOf(currentLanguage());
  const mode = mapping.amountMode ?? 'signed';
  const column = (
    key: 'occurredOn' | 'description' | 'amountColumn' | 'debitColumn' | 'creditColumn',
    required = true,
  ) => (
    <Field label={t(`transactions:import.mapping.fields.${key}`)} error={errors[key]} required={required}>
      {(props) => (
        <Select
          {...props}
          value={mapping[key] ?? ''}
          onChange={(e) => onChange({ [key]: e.target.value || undefined })}
        >
          <option value="">{t('transactions:import.mapping.chooseColumn')}</option>
          {parsed.headers.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  const sample = parsed.rows.slice(0, 3);
  return (
    <div className="grid grid-cols-1 gap-5">
      <p className="text-sm text-muted-foreground">
        {t('transactions:import.mapping.fileSummary', {
          rows: formatNumber(parsed.rows.length, locale),
          columns: formatNumber(parsed.headers.length, locale),
          count: parsed.rows.length,
        })}
      </p>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <div className="relative overflow-x-auto rounded-md border border-border">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{t('transactions:import.mapping.sample')}</caption>
          <thead className="bg-surface-muted text-muted-foreground">
            <tr>
              {parsed.headers.map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {sample.map((row, i) => (
              <tr key={i}>
                {parsed.headers.map((h, j) => (
                  <td key={h} className="max-w-56 truncate px-3 py-1.5 whitespace-nowrap text-foreground">
                    {row[j]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {column('occurredOn')}
        {column('description')}
      </div>
      <fieldset className="grid grid-cols-1 gap-2">
        <legend className="mb-1 text-sm font-medium text-foreground">
          {t('transactions:import.mapping.amountMode')}
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['debitCredit', 'signed'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="radio"
                name="amountMode"
                value={m}
                checked={mode === m}
                onChange={() => onChange({ amountMode: m })}
                className="size-4 accent-primary"
              />
              {t(`transactions:import.mapping.modes.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'signed' ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">{column('amountColumn')}</div>
      ) : (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {column('debitColumn')}
          {column('creditColumn')}
        </div>
      )}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label={t('transactions:import.mapping.dateFormat')} error={errors.dateFormat}>
          {(props) => (
            <Select
              {...props}
              value={mapping.dateFormat ?? 'dd/mm/yyyy'}
              onChange={(e) =>
                onChange({ dateFormat: e.target.value as TBankStatementMapping['dateFormat'] })
              }
            >
              {DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`transactions:import.mapping.dateFormats.${f}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:import.mapping.numberFormat')} error={errors.numberFormat}>
          {(props) => (
            <Select
              {...props}
              value={mapping.numberFormat ?? 'it'}
              onChange={(e) =>
                onChange({ numberFormat: e.target.value as TBankStatementMapping['numberFormat'] })
              }
            >
              {(['it', 'en', 'auto'] as const).map((f) => (
                <option key={f} value={f}>
                  {t(`transactions:import.mapping.numberFormats.${f}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-border bg-surface-muted p-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field
          label={t('transactions:import.mapping.bankName')}
          hint={t('transactions:import.mapping.bankNameHint')}
          error={errors.bankName}
        >
          {(props) => (
            <Input {...props} value={bankName} maxLength={80} onChange={(e) => onBankName(e.target.value)} />
          )}
        </Field>
        <Button variant="outline" onClick={onSave} loading={saving} className="sm:mt-7">
          {saving ? null : <Save aria-hidden="true" className="size-4" />}
          {t('transactions:import.mapping.save')}
        </Button>
      </div>
      <Footer>
        <Button variant="outline" onClick={onBack}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('buttons:previous')}
        </Button>
        <Button onClick={onNext}>
          {t('transactions:import.mapping.next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </Footer>
    </div>
  );
}

function PreviewStep({
  preview,
  categories,
  categoryIds,
  onCategoryIds,
  onBack,
  onImport,
}: {
  preview: TBankImportPreview;
  categories: TTransactionCategory[];
  categoryIds: { income: string; expense: string };
  onCategoryIds: (ids: { income: string; expense: string }) => void;
  onBack: () => void;
  onImport: () => void;
}) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const language = currentLanguage();
  const locale = localeOf(language);
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(1);
  const { summary } = preview;
  const rows = useMemo(
    () =>
      preview.rows.filter((r) =>
        filter === 'all'
          ? true
          : filter === 'error'
            ? !r.line
            : filter === 'duplicate'
              ? r.duplicate
              : !!r.line && !r.duplicate,
      ),
    [preview.rows, filter],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE));
  const shown = rows.slice((page - 1) * PREVIEW_PAGE, page * PREVIEW_PAGE);
  const counts: Record<RowFilter, number> = {
    all: summary.total,
    new: summary.new,
    duplicate: summary.duplicates,
    error: summary.invalid,
  };

  return (
    <div className="grid grid-cols-1 gap-5">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Count label={t('transactions:import.preview.new')} value={summary.new} tone="success" />
        <Count
          label={t('transactions:import.preview.duplicates')}
          value={summary.duplicates}
          tone="neutral"
        />
        <Count
          label={t('transactions:import.preview.invalid')}
          value={summary.invalid}
          tone={summary.invalid ? 'danger' : 'neutral'}
        />
      </dl>
      {summary.new > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('transactions:import.preview.totals', {
            income: formatEuroCents(summary.totals.incomeCents, locale),
            expense: formatEuroCents(summary.totals.expenseCents, locale),
          })}
        </p>
      ) : null}

      <div
        className="flex flex-wrap gap-2"
        role="group"
        aria-label={t('transactions:import.preview.filterLabel')}
      >
        {(['all', 'new', 'duplicate', 'error'] as const).map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'primary' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
          >
            {t(`transactions:import.preview.filters.${f}`)} ({formatNumber(counts[f], locale)})
          </Button>
        ))}
      </div>

      <div className="relative overflow-x-auto rounded-md border border-border">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('transactions:import.preview.caption')}</caption>
          <thead className="bg-surface-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('transactions:import.preview.columns.row')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('transactions:columns.date')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('transactions:columns.description')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('transactions:columns.amount')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('transactions:import.preview.columns.status')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {shown.map((r) => (
              <tr key={r.row} data-status={!r.line ? 'error' : r.duplicate ? 'duplicate' : 'new'}>
                <td className="px-3 py-2 text-muted-foreground tabular-nums">{r.row}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {r.line ? formatDate(r.line.occurredOn, locale) : '—'}
                </td>
                <td className="max-w-72 truncate px-3 py-2">{r.line?.description || '—'}</td>
                <td
                  className={cn(
                    'px-3 py-2 text-right whitespace-nowrap tabular-nums',
                    r.line?.direction === 'income' ? 'text-success' : 'text-foreground',
                  )}
                >
                  {r.line
                    ? `${r.line.direction === 'income' ? '+' : '−'}${formatEuroCents(r.line.amountCents, locale)}`
                    : '—'}
                </td>
                <td className="px-3 py-2">
                  {!r.line ? (
                    <span className="text-danger">
                      {r.errors.map((e) => fieldMessage(e.key, language) ?? e.key).join(' · ')}
                    </span>
                  ) : r.duplicate ? (
                    <Badge>{t('transactions:import.preview.status.duplicate')}</Badge>
                  ) : (
                    <Badge tone="success">{t('transactions:import.preview.status.new')}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav
          aria-label={t('transactions:import.preview.pagination')}
          className="flex items-center justify-between gap-3 text-sm"
        >
          <p className="text-muted-foreground">
            {t('transactions:pagination.pageOf', {
              page: formatNumber(page, locale),
              pages: formatNumber(pages, locale),
            })}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {t('buttons:previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('buttons:next')}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </nav>
      ) : null}

      {summary.new > 0 ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {(['income', 'expense'] as const).map((d) => (
            <Field
              key={d}
              label={t(`transactions:import.preview.category.${d}`)}
              hint={t('transactions:import.preview.categoryHint')}
            >
              {(props) => (
                <Select
                  {...props}
                  value={categoryIds[d]}
                  onChange={(e) => onCategoryIds({ ...categoryIds, [d]: e.target.value })}
                >
                  <option value="">{t('transactions:form.noCategory')}</option>
                  {categories
                    .filter((c) => c.direction === d)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {categoryLabel(c, language)}
                      </option>
                    ))}
                </Select>
              )}
            </Field>
          ))}
        </div>
      ) : (
        <Alert tone="info">{t('transactions:import.preview.nothingNew')}</Alert>
      )}

      <Footer>
        <Button variant="outline" onClick={onBack}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('buttons:previous')}
        </Button>
        <Button onClick={onImport} disabled={summary.new === 0}>
          {t('transactions:import.preview.import', { count: summary.new })}
        </Button>
      </Footer>
    </div>
  );
}
