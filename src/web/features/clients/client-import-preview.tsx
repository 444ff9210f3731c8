import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListChecks } from 'lucide-react';
import type { TClientImportRowResult } from '@shared/clients/import-export.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { applyMapping } from '@shared/imports/mapping.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ImportCounts } from '@web/features/imports/import-counts.tsx';
import { usePaged } from '@web/features/imports/paging.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Pagination } from '@web/ui/pagination.tsx';
import { fieldText } from '@web/app/field-text.ts';
import type { ClientImportProps } from './client-import-steps.tsx';

const PREVIEW_PAGE = 10;
const STATUS_TONE = { valid: 'success', invalid: 'danger', duplicate: 'warning' } as const;

/** The dry run row by row (problems first when there are any), and the import mode. */
export function ClientImportPreview({ state, dispatch }: ClientImportProps) {
  const { t } = useTranslation(['clients']);
  const locale = localeOf(currentLanguage());
  const preview = state.preview!;
  const { mode } = state.settings;
  const cells = useMemo(
    () => state.parsed?.rows.map((row) => applyMapping(state.parsed!.headers, row, state.mapping)) ?? [],
    [state.parsed, state.mapping],
  );
  const [onlyProblems, setOnlyProblems] = useState(preview.invalid + preview.duplicate > 0);
  const rows = useMemo(
    () => (onlyProblems ? preview.rows.filter((r) => r.status !== 'valid') : preview.rows),
    [preview, onlyProblems],
  );
  const { page, pages, setPage, shown } = usePaged(rows, PREVIEW_PAGE);
  const blocked = mode === 'all_or_nothing' && preview.invalid > 0;
  const n = (value: number) => formatNumber(value, locale);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card>
        <CardHeader
          icon={<ListChecks aria-hidden="true" className="size-5" />}
          title={t('clients:import.preview.title')}
          description={t('clients:import.preview.description')}
        />
        <CardContent className="grid gap-4">
          <ImportCounts
            testId="import-counts"
            counts={[
              { key: 'total', label: t('clients:import.preview.stats.total'), value: preview.total },
              {
                key: 'valid',
                label: t('clients:import.preview.stats.valid'),
                value: preview.valid,
                tone: 'success',
              },
              {
                key: 'duplicate',
                label: t('clients:import.preview.stats.duplicate'),
                value: preview.duplicate,
                tone: 'warning',
              },
              {
                key: 'invalid',
                label: t('clients:import.preview.stats.invalid'),
                value: preview.invalid,
                tone: 'danger',
              },
            ]}
          />
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
        </CardContent>
        {shown.length === 0 ? (
          <p className="px-5 pb-5 text-sm text-muted-foreground">{t('clients:import.preview.noProblems')}</p>
        ) : (
          <>
            <ul className="divide-y divide-border border-t border-border md:hidden">
              {shown.map((r) => (
                <PreviewCard key={r.index} result={r} cells={cells[r.index] ?? {}} />
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('clients:import.preview.title')}</caption>
                <thead className="border-y border-border bg-surface-muted text-xs text-muted-foreground uppercase">
                  <tr>
                    {(['row', 'name', 'ids', 'status', 'problems'] as const).map((c) => (
                      <th key={c} scope="col" className="px-3 py-2.5 font-medium first:px-5 last:px-5">
                        {t(`clients:import.preview.columns.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {shown.map((r) => (
                    <PreviewRow key={r.index} result={r} cells={cells[r.index] ?? {}} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {pages > 1 ? (
          <Pagination
            label={t('clients:import.preview.pagination')}
            page={page}
            pages={pages}
            summary={t('clients:import.preview.pageOf', { page: n(page), pages: n(pages) })}
            onPage={setPage}
          />
        ) : null}
      </Card>

      <Card>
        <CardHeader title={t('clients:import.mode.title')} />
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-3 sm:grid-cols-2">
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
                  onChange={() => dispatch({ type: 'settings', patch: { mode: value } })}
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
          ) : preview.valid === 0 ? (
            <Alert tone="info">{t('clients:import.mode.nothing')}</Alert>
          ) : null}
        </CardContent>
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

type RowProps = { result: TClientImportRowResult; cells: Partial<Record<string, string>> };
const nameOf = (cells: RowProps['cells']) => cells.companyName || cells.fullName || '—';
const idsOf = (cells: RowProps['cells']) =>
  [cells.vatNumber, cells.codiceFiscale, cells.email].filter(Boolean).join(' · ');

/** Phones: one card per row. */
function PreviewCard({ result, cells }: RowProps) {
  const { t } = useTranslation('clients');
  const ids = idsOf(cells);
  return (
    <li className="grid gap-1.5 px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-sm font-medium break-words text-foreground">
          <span className="text-muted-foreground">
            {t('clients:import.fields.row')} {result.index + 2} ·{' '}
          </span>
          {nameOf(cells)}
        </p>
        <Badge tone={STATUS_TONE[result.status]}>{t(`clients:import.status.${result.status}`)}</Badge>
      </div>
      {ids ? <p className="text-xs break-all text-muted-foreground">{ids}</p> : null}
      {result.errors.length ? <Problems errors={result.errors} /> : null}
    </li>
  );
}

function PreviewRow({ result, cells }: RowProps) {
  const { t } = useTranslation('clients');
  return (
    <tr className="align-top">
      <td className="px-5 py-2.5 text-muted-foreground tabular-nums">{result.index + 2}</td>
      <td className="max-w-56 px-3 py-2.5 font-medium break-words text-foreground">{nameOf(cells)}</td>
      <td className="max-w-56 px-3 py-2.5 text-xs break-all text-muted-foreground">{idsOf(cells) || '—'}</td>
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
