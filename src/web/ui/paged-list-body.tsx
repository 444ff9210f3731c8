import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw, Search } from 'lucide-react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';

/** What the body needs of a TanStack list query. */
export interface PagedListQuery<T> {
  data: { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states of a server-paginated list, in one order everywhere: invalid filters, loading, failed (with retry),
 * nothing yet (`empty`), nothing matching the filters (with reset), then the rows — dimmed while the next page
 * loads. The total is announced to screen readers whenever it settles.
 */
export function PagedListBody<T>({
  query,
  filtered,
  invalid,
  countText,
  loadErrorTitle,
  errorMessage,
  empty,
  noResults,
  children,
}: {
  query: PagedListQuery<T>;
  /** Whether any filter or search is applied (decides between `empty` and `noResults`). */
  filtered: boolean;
  /** Shown instead of everything else, e.g. a date range that ends before it starts. */
  invalid?: ReactNode;
  countText: (total: number) => string;
  loadErrorTitle: string;
  errorMessage: (error: unknown) => string;
  empty: ReactNode;
  noResults: { title: string; text: string; resetLabel: string; onReset: () => void };
  children: (items: T[], total: number) => ReactNode;
}) {
  const { t } = useTranslation(['common', 'buttons']);
  const data = query.data;
  let body: ReactNode;
  if (invalid) {
    body = <div className="p-5">{invalid}</div>;
  } else if (query.isPending) {
    body = <SkeletonRows rows={6} label={t('common:loading')} />;
  } else if (query.isError || !data) {
    body = (
      <div className="p-5">
        <Alert tone="error" title={loadErrorTitle}>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('buttons:retry')}
          </Button>
        </Alert>
      </div>
    );
  } else if (data.total === 0 && !filtered) {
    body = empty;
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        icon={<Search aria-hidden="true" />}
        title={noResults.title}
        description={noResults.text}
        action={
          <Button variant="outline" onClick={noResults.onReset}>
            {noResults.resetLabel}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        {children(data.items, data.total)}
      </div>
    );
  }
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {data && !query.isFetching ? countText(data.total) : ''}
      </p>
      {body}
    </>
  );
}
