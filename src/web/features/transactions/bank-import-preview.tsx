import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { formatDate, formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TBankImportPreview, TBankImportResult } from '@shared/transactions/bank-import.ts';
import { categoryLabel } from '@shared/transactions/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { ImportCounts } from '@web/features/imports/import-counts.tsx';
import { StepFooter, type ImportStepProps } from '@web/features/imports/import-flow.tsx';
import { usePaged } from '@web/features/imports/paging.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogClose } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { Select } from '@web/ui/input.tsx';
import type { BankImportSettings, BankMapping } from './bank-import-rules.ts';
import { useCategories } from './transactions-api.ts';

type Props = ImportStepProps<BankMapping, TBankImportPreview, TBankImportResult, BankImportSettings>;
type RowFilter = 'all' | 'new' | 'duplicate' | 'error';
const PREVIEW_PAGE = 10;

/** What the import will do line by line (new, already imported, errors), and the categories of the new lines. */
export function BankImportPreview({ state, dispatch }: Props) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const language = currentLanguage();
  const locale = localeOf(language);
  const categories = useCategories(useSignedInMe().activeOrganizationId).data ?? [];
  const preview = state.preview!;
  const { categoryIds } = state.settings;
  const [filter, setFilter] = useState<RowFilter>('all');
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
  const { page, pages, setPage, shown } = usePaged(rows, PREVIEW_PAGE);
  const counts: Record<RowFilter, number> = {
    all: summary.total,
    new: summary.new,
    duplicate: summary.duplicates,
    error: summary.invalid,
  };

  return (
    <div className="grid grid-cols-1 gap-5">
      <ImportCounts
        counts={[
          { key: 'new', label: t('transactions:import.preview.new'), value: summary.new, tone: 'success' },
          {
            key: 'duplicates',
            label: t('transactions:import.preview.duplicates'),
            value: summary.duplicates,
          },
          {
            key: 'invalid',
            label: t('transactions:import.preview.invalid'),
            value: summary.invalid,
            tone: summary.invalid ? 'danger' : 'neutral',
          },
        ]}
      />
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
        <Pagination
          label={t('transactions:import.preview.pagination')}
          page={page}
          pages={pages}
          summary={t('transactions:pagination.pageOf', {
            page: formatNumber(page, locale),
            pages: formatNumber(pages, locale),
          })}
          onPage={setPage}
        />
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
                  onChange={(e) =>
                    dispatch({
                      type: 'settings',
                      patch: { categoryIds: { ...categoryIds, [d]: e.target.value } },
                    })
                  }
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
    </div>
  );
}

/** The counts of the finished import; another file or close. */
export function BankImportResult({ state, dispatch }: Props) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const result = state.result!;
  return (
    <div className="grid grid-cols-1 gap-5">
      <Alert tone="success" title={t('transactions:import.done.title')}>
        {t('transactions:import.done.text', { count: result.imported })}
      </Alert>
      <ImportCounts
        counts={[
          {
            key: 'imported',
            label: t('transactions:import.done.imported'),
            value: result.imported,
            tone: 'success',
          },
          { key: 'duplicates', label: t('transactions:import.done.duplicates'), value: result.duplicates },
          {
            key: 'invalid',
            label: t('transactions:import.done.invalid'),
            value: result.invalid,
            tone: result.invalid ? 'danger' : 'neutral',
          },
        ]}
      />
      <StepFooter>
        <Button variant="outline" onClick={() => dispatch({ type: 'restart' })}>
          {t('transactions:import.done.another')}
        </Button>
        <DialogClose asChild>
          <Button>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {t('buttons:close')}
          </Button>
        </DialogClose>
      </StepFooter>
    </div>
  );
}
