import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, ClipboardList, Plus } from 'lucide-react';
import { QUOTE_STATUSES, type TQuoteListItem } from '@shared/invoicing/contracts.ts';
import { effectiveQuoteStatus } from '@shared/invoicing/status.ts';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import {
  invoicingErrorMessage,
  QuoteStatusBadge,
  useInvoicingPermissions,
} from '@web/features/invoicing/invoicing-ui.tsx';
import { nextSearch, rangeIsValid, readQuoteParams } from '@web/features/invoicing/list-params.ts';
import { SearchField, useNumberFormat } from '@web/features/invoicing/list-ui.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { PagedListBody } from '@web/ui/paged-list-body.tsx';
import { QUOTES_PAGE_SIZE, useQuoteList, useQuotesLiveRefresh, type QuoteListParams } from './quotes-api.ts';

/** /quotes: search, status and date filters in the URL, pages of 10. */
export function QuotesPage() {
  const { t } = useTranslation(['quotes', 'invoices', 'navigation', 'common', 'buttons']);
  useDocumentTitle(t('navigation:routes.quotes'));
  const { orgId, canManage } = useInvoicingPermissions();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readQuoteParams(search), [search]);
  const validRange = rangeIsValid(params.from, params.to);
  const list = useQuoteList(validRange ? orgId : null, params);
  useQuotesLiveRefresh(orgId);
  const number = useNumberFormat();

  const update = (changes: Partial<Record<keyof QuoteListParams, string | number | undefined>>) =>
    setSearch((prev) => nextSearch(prev, changes), { replace: !('page' in changes) });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / QUOTES_PAGE_SIZE)) : 1;
  const page = params.page ?? 1;
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data, page, pages]);

  const filtered = !!(params.q || params.status || params.from || params.to);
  const newQuote = canManage ? (
    <Link to="/quotes/new" className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('quotes:actions.new')}
    </Link>
  ) : null;

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.quotes')}
        description={t('quotes:list.description')}
        actions={newQuote}
      />
      <Card>
        <div
          role="search"
          aria-label={t('quotes:list.filters')}
          className="grid grid-cols-2 gap-3 border-b border-border p-4 lg:grid-cols-[minmax(14rem,2fr)_repeat(3,minmax(9rem,1fr))] lg:items-end"
        >
          <SearchField
            label={t('quotes:list.searchLabel')}
            placeholder={t('quotes:list.searchPlaceholder')}
            value={params.q}
            onSearch={(q) => update({ q })}
            className="col-span-2 lg:col-span-1"
          />
          <Field label={t('quotes:list.status')} className="col-span-2 sm:col-span-1 lg:col-span-1">
            {(props) => (
              <Select
                {...props}
                value={params.status ?? ''}
                onChange={(e) => update({ status: e.target.value })}
              >
                <option value="">{t('quotes:list.allStatuses')}</option>
                {QUOTE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`quotes:status.${status}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('invoices:list.from')}>
            {(props) => (
              <Input
                {...props}
                type="date"
                value={params.from ?? ''}
                onChange={(e) => update({ from: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('invoices:list.to')}>
            {(props) => (
              <Input
                {...props}
                type="date"
                value={params.to ?? ''}
                onChange={(e) => update({ to: e.target.value })}
              />
            )}
          </Field>
        </div>

        <PagedListBody
          query={list}
          filtered={filtered}
          invalid={validRange ? undefined : <Alert tone="error">{t('invoices:list.rangeInvalid')}</Alert>}
          countText={(count) => t('quotes:list.count', { count })}
          loadErrorTitle={t('quotes:list.loadError')}
          errorMessage={(error) => invoicingErrorMessage(error, t)}
          empty={
            <EmptyState
              icon={<ClipboardList aria-hidden="true" />}
              title={t('quotes:empty.title')}
              description={canManage ? t('quotes:empty.text') : t('quotes:empty.textReadOnly')}
              action={newQuote}
            />
          }
          noResults={{
            title: t('quotes:noResults.title'),
            text: t('quotes:noResults.text'),
            resetLabel: t('quotes:noResults.reset'),
            onReset: () => setSearch(new URLSearchParams(), { replace: true }),
          }}
        >
          {(items, total) => (
            <>
              <QuoteTable quotes={items} />
              <QuoteCards quotes={items} />
              <Pagination
                label={t('quotes:list.pagination')}
                page={page}
                pages={pages}
                summary={t('quotes:list.pageOf', {
                  page: number(page),
                  pages: number(pages),
                  count: total,
                  total: number(total),
                })}
                onPage={(p) => update({ page: p })}
              />
            </>
          )}
        </PagedListBody>
      </Card>
    </div>
  );
}

function useRowFormat() {
  const locale = localeOf(currentLanguage());
  const today = todayIsoDate();
  return {
    date: (iso: string) => formatDate(iso, locale),
    euro: (cents: number) => formatEuroCents(cents, locale),
    status: (q: TQuoteListItem) => effectiveQuoteStatus(q.status, q.validUntil, today),
  };
}

function QuoteTable({ quotes }: { quotes: TQuoteListItem[] }) {
  const { t } = useTranslation(['quotes', 'invoices']);
  const f = useRowFormat();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid="quotes-table">
        <caption className="sr-only">{t('quotes:list.caption')}</caption>
        <thead className="border-b border-border bg-surface-muted text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('quotes:columns.number')}
            </th>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('quotes:columns.client')}
            </th>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('quotes:columns.issueDate')}
            </th>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('quotes:columns.validUntil')}
            </th>
            <th scope="col" className="px-5 py-2.5 text-right font-medium">
              {t('quotes:columns.total')}
            </th>
            <th scope="col" className="px-5 py-2.5 font-medium">
              {t('quotes:columns.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {quotes.map((q) => (
            <tr key={q.id} className="hover:bg-surface-muted" data-testid="quote-row">
              <td className="px-5 py-3 whitespace-nowrap">
                <Link to={`/quotes/${q.id}`} className="font-medium text-primary hover:underline">
                  {q.number}
                </Link>
              </td>
              <td className="max-w-64 truncate px-5 py-3 text-foreground">{q.client.name}</td>
              <td className="px-5 py-3 whitespace-nowrap text-muted-foreground">{f.date(q.issueDate)}</td>
              <td className="px-5 py-3 whitespace-nowrap text-muted-foreground">{f.date(q.validUntil)}</td>
              <td className="px-5 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                {f.euro(q.totalCents)}
              </td>
              <td className="px-5 py-3">
                <QuoteStatusBadge status={f.status(q)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function QuoteCards({ quotes }: { quotes: TQuoteListItem[] }) {
  const { t } = useTranslation(['quotes']);
  const f = useRowFormat();
  return (
    <ul className="divide-y divide-border md:hidden">
      {quotes.map((q) => (
        <li key={q.id}>
          <Link to={`/quotes/${q.id}`} className="flex items-start gap-3 px-4 py-3 hover:bg-surface-muted">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-primary">{q.number}</span>
                <QuoteStatusBadge status={f.status(q)} />
              </div>
              <div className="truncate text-sm text-foreground">{q.client.name}</div>
              <div className="text-xs text-muted-foreground">
                {t('quotes:list.cardDates', { issue: f.date(q.issueDate), valid: f.date(q.validUntil) })}
              </div>
            </div>
            <span className="shrink-0 text-sm font-semibold tabular-nums">{f.euro(q.totalCents)}</span>
            <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
