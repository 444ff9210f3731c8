import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import { Alert } from '@web/ui/alert.tsx';
import { Card } from '@web/ui/card.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { PagedListBody, type PagedListQuery } from '@web/ui/paged-list-body.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { invoicingErrorMessage } from './invoicing-ui.tsx';
import { rangeIsValid } from './list-params.ts';
import { SearchField, useNumberFormat } from './list-ui.tsx';

/** The URL values every document list has; each list adds its own (status, type, client). */
export interface DocumentListParams {
  q?: string;
  from?: string;
  to?: string;
  page?: number;
}

/**
 * The invoices and quotes lists: search, the list's own filters and a date range in the URL, the states of a
 * server-paginated list, a table on wider screens and one card per document on phones, pages of `pageSize`.
 * Texts come from the list's namespace (`invoices` or `quotes`), which both have the same keys.
 */
export function DocumentList<T extends { id: string }>({
  ns,
  query,
  params,
  pageSize,
  filtered,
  onChange,
  onReset,
  filters,
  filtersClassName,
  emptyIcon,
  canManage,
  newAction,
  columns,
  card,
  testId,
  rowTestId,
}: {
  ns: 'invoices' | 'quotes';
  query: PagedListQuery<T>;
  params: DocumentListParams;
  pageSize: number;
  filtered: boolean;
  onChange: (changes: Partial<Record<'q' | 'from' | 'to' | 'page', string | number | undefined>>) => void;
  onReset: () => void;
  /** The list's own filter fields, between the search box and the date range. */
  filters: ReactNode;
  filtersClassName: string;
  emptyIcon: ReactNode;
  canManage: boolean;
  newAction: ReactNode;
  columns: DataColumn<T>[];
  card: (item: T) => ReactNode;
  testId: string;
  rowTestId: string;
}) {
  const { t } = useTranslation([ns, 'invoices']);
  const number = useNumberFormat();
  const validRange = rangeIsValid(params.from, params.to);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const page = params.page ?? 1;
  // A page past the end (after deletions, or an old link) goes back to the last one.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > pages) onChange({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data, page, pages]);

  return (
    <Card>
      <div role="search" aria-label={t(`${ns}:list.filters`)} className={filtersClassName}>
        <SearchField
          label={t(`${ns}:list.searchLabel`)}
          placeholder={t(`${ns}:list.searchPlaceholder`)}
          value={params.q}
          onSearch={(q) => onChange({ q })}
          className={ns === 'invoices' ? 'col-span-2' : 'col-span-2 lg:col-span-1'}
        />
        {filters}
        <Field label={t('invoices:list.from')}>
          {(props) => (
            <Input
              {...props}
              type="date"
              value={params.from ?? ''}
              onChange={(e) => onChange({ from: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('invoices:list.to')}>
          {(props) => (
            <Input
              {...props}
              type="date"
              value={params.to ?? ''}
              onChange={(e) => onChange({ to: e.target.value })}
            />
          )}
        </Field>
      </div>

      <PagedListBody
        query={query}
        filtered={filtered}
        invalid={validRange ? undefined : <Alert tone="error">{t('invoices:list.rangeInvalid')}</Alert>}
        countText={(count) => t(`${ns}:list.count`, { count })}
        loadErrorTitle={t(`${ns}:list.loadError`)}
        errorMessage={(error) => invoicingErrorMessage(error, t)}
        empty={
          <EmptyState
            icon={emptyIcon}
            title={t(`${ns}:empty.title`)}
            description={canManage ? t(`${ns}:empty.text`) : t(`${ns}:empty.textReadOnly`)}
            action={newAction}
          />
        }
        noResults={{
          title: t(`${ns}:noResults.title`),
          text: t(`${ns}:noResults.text`),
          resetLabel: t(`${ns}:noResults.reset`),
          onReset,
        }}
      >
        {(items, total) => (
          <>
            <DataTable
              caption={t(`${ns}:list.caption`)}
              columns={columns}
              rows={items}
              getRowId={(item) => item.id}
              testId={testId}
              rowTestId={rowTestId}
              card={card}
            />
            <Pagination
              label={t(`${ns}:list.pagination`)}
              page={page}
              pages={pages}
              summary={t(`${ns}:list.pageOf`, {
                page: number(page),
                pages: number(pages),
                count: total,
                total: number(total),
              })}
              onPage={(p) => onChange({ page: p })}
            />
          </>
        )}
      </PagedListBody>
    </Card>
  );
}

/** A document on a phone: number and badges, client, dates, amounts on the right; the whole card opens it. */
export function DocumentCard({
  to,
  heading,
  client,
  dates,
  amounts,
}: {
  to: string;
  heading: ReactNode;
  client: string;
  dates: string;
  amounts: ReactNode;
}) {
  return (
    <Link to={to} className="flex items-start gap-3 px-4 py-3 hover:bg-surface-muted">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">{heading}</div>
        <div className="truncate text-sm text-foreground">{client}</div>
        <div className="text-xs text-muted-foreground">{dates}</div>
      </div>
      {amounts}
      <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
    </Link>
  );
}
