import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardList, Plus } from 'lucide-react';
import { QUOTE_STATUSES, type TQuoteListItem } from '@shared/invoicing/contracts.ts';
import { effectiveQuoteStatus } from '@shared/invoicing/status.ts';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import type { DataColumn } from '@web/ui/data-table.tsx';
import { Field } from '@web/ui/field.tsx';
import { Select } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { DocumentCard, DocumentList } from '@web/features/invoicing/document-list.tsx';
import { QuoteStatusBadge, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { nextSearch, rangeIsValid, readQuoteParams } from '@web/features/invoicing/list-params.ts';
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
  const f = useRowFormat();

  const update = (changes: Partial<Record<keyof QuoteListParams, string | number | undefined>>) =>
    setSearch((prev) => nextSearch(prev, changes), { replace: !('page' in changes) });

  const filtered = !!(params.q || params.status || params.from || params.to);
  const newQuote = canManage ? (
    <Link to="/quotes/new" className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('quotes:actions.new')}
    </Link>
  ) : null;

  const columns: DataColumn<TQuoteListItem>[] = [
    {
      id: 'number',
      header: t('quotes:columns.number'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (q) => (
        <Link to={`/quotes/${q.id}`} className="font-medium text-primary hover:underline">
          {q.number}
        </Link>
      ),
    },
    {
      id: 'client',
      header: t('quotes:columns.client'),
      className: 'max-w-64 truncate px-5 py-3 text-foreground',
      cell: (q) => q.client.name,
    },
    {
      id: 'issueDate',
      header: t('quotes:columns.issueDate'),
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground',
      cell: (q) => f.date(q.issueDate),
    },
    {
      id: 'validUntil',
      header: t('quotes:columns.validUntil'),
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground',
      cell: (q) => f.date(q.validUntil),
    },
    {
      id: 'total',
      header: t('quotes:columns.total'),
      align: 'right',
      className: 'px-5 py-3 font-medium whitespace-nowrap tabular-nums',
      cell: (q) => f.euro(q.totalCents),
    },
    {
      id: 'status',
      header: t('quotes:columns.status'),
      cell: (q) => <QuoteStatusBadge status={f.status(q)} />,
    },
  ];

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.quotes')}
        description={t('quotes:list.description')}
        actions={newQuote}
      />
      <DocumentList
        ns="quotes"
        query={list}
        params={params}
        pageSize={QUOTES_PAGE_SIZE}
        filtered={filtered}
        onChange={update}
        onReset={() => setSearch(new URLSearchParams(), { replace: true })}
        filtersClassName="grid grid-cols-2 gap-3 border-b border-border p-4 lg:grid-cols-[minmax(14rem,2fr)_repeat(3,minmax(9rem,1fr))] lg:items-end"
        filters={
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
        }
        emptyIcon={<ClipboardList aria-hidden="true" />}
        canManage={canManage}
        newAction={newQuote}
        columns={columns}
        testId="quotes-table"
        rowTestId="quote-row"
        card={(q) => (
          <DocumentCard
            to={`/quotes/${q.id}`}
            heading={
              <>
                <span className="font-medium text-primary">{q.number}</span>
                <QuoteStatusBadge status={f.status(q)} />
              </>
            }
            client={q.client.name}
            dates={t('quotes:list.cardDates', { issue: f.date(q.issueDate), valid: f.date(q.validUntil) })}
            amounts={
              <span className="shrink-0 text-sm font-semibold tabular-nums">{f.euro(q.totalCents)}</span>
            }
          />
        )}
      />
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
