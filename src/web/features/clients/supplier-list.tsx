import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Truck } from 'lucide-react';
import type { TSupplierListItem } from '@shared/suppliers/contracts.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Badge } from '@web/ui/badge.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PagedListBody } from '@web/ui/paged-list-body.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { nextSearch } from '@web/features/invoicing/list-params.ts';
import { SearchField, useNumberFormat } from '@web/features/invoicing/list-ui.tsx';
import { moneyText } from '@web/features/purchases/purchase-codes.ts';
import { ClientAvatar } from './client-ui.tsx';
import { readSupplierParams } from './contacts-view.ts';
import { ContactsViewSwitch } from './contacts-view-switch.tsx';
import { SUPPLIERS_PAGE_SIZE, useSupplierList } from './suppliers-api.ts';

/** "Bologna (BO)", or the town and country abroad. */
export function supplierPlace(s: Pick<TSupplierListItem, 'city' | 'province' | 'country'>) {
  return [
    s.city,
    s.province && (s.country ?? 'IT') === 'IT' ? `(${s.province})` : null,
    s.country && s.country !== 'IT' ? s.country : null,
  ]
    .filter(Boolean)
    .join(' ');
}

const taxId = (s: TSupplierListItem) => s.vatNumber ?? s.taxCode ?? '';

export function AlsoClientBadge({ clientId }: { clientId: string | null }) {
  const { t } = useTranslation('clients');
  return clientId ? <Badge tone="primary">{t('clients:suppliers.alsoClient')}</Badge> : null;
}

function useSupplierColumns(): DataColumn<TSupplierListItem>[] {
  const { t } = useTranslation('clients');
  const locale = localeOf(currentLanguage());
  const money = (cents: number) => moneyText(cents, 'EUR', locale);
  const number = useNumberFormat();
  return [
    {
      id: 'name',
      header: t('clients:suppliers.columns.name'),
      cell: (s) => (
        <div className="flex items-center gap-3">
          <ClientAvatar type="company" />
          <div className="min-w-0">
            <Link to={`/suppliers/${s.id}`} className="font-medium text-primary hover:underline">
              {s.name}
            </Link>
            <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs">
              <AlsoClientBadge clientId={s.clientId} />
            </div>
          </div>
        </div>
      ),
    },
    {
      id: 'place',
      header: t('clients:suppliers.columns.place'),
      className: 'px-5 py-3 text-muted-foreground',
      cell: (s) => supplierPlace(s) || '—',
    },
    {
      id: 'taxId',
      header: t('clients:suppliers.columns.taxId'),
      className: 'px-5 py-3 font-mono text-xs text-muted-foreground',
      cell: (s) => taxId(s) || '—',
    },
    {
      id: 'invoices',
      header: t('clients:suppliers.columns.invoices'),
      align: 'right',
      className: 'px-5 py-3 tabular-nums text-muted-foreground',
      cell: (s) => number(s.invoiceCount),
    },
    {
      id: 'purchased',
      header: t('clients:suppliers.columns.purchased'),
      align: 'right',
      className: 'px-5 py-3 whitespace-nowrap tabular-nums',
      cell: (s) => money(s.purchasedCents),
    },
    {
      id: 'open',
      header: t('clients:suppliers.columns.open'),
      align: 'right',
      className: 'px-5 py-3 font-medium whitespace-nowrap tabular-nums',
      cell: (s) => (s.openCents > 0 ? money(s.openCents) : '—'),
    },
  ];
}

function SupplierCard({ supplier: s }: { supplier: TSupplierListItem }) {
  const { t } = useTranslation('clients');
  const locale = localeOf(currentLanguage());
  return (
    <Link to={`/suppliers/${s.id}`} className="flex items-start gap-3 px-4 py-3 hover:bg-surface-muted">
      <ClientAvatar type="company" className="mt-0.5" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-primary">{s.name}</span>
          <AlsoClientBadge clientId={s.clientId} />
        </div>
        <div className="truncate text-xs text-muted-foreground">
          {[supplierPlace(s), taxId(s)].filter(Boolean).join(' · ')}
        </div>
        <div className="mt-1 text-sm text-foreground">
          {t('clients:suppliers.list.invoices', { count: s.invoiceCount })}
          {s.openCents > 0
            ? ` · ${t('clients:suppliers.list.openShort', { amount: moneyText(s.openCents, 'EUR', locale) })}`
            : null}
        </div>
      </div>
      <ChevronRight aria-hidden="true" className="mt-2 size-4 shrink-0 text-muted-foreground" />
    </Link>
  );
}

/** /clients?view=suppliers: the suppliers in the clients' table style, search and page in the URL. */
export function SupplierListPage() {
  const { t } = useTranslation(['clients', 'common']);
  useDocumentTitle(t('clients:suppliers.list.title'));
  const orgId = useSignedInMe().activeOrganizationId;
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readSupplierParams(search), [search]);
  const list = useSupplierList(orgId, params);
  const columns = useSupplierColumns();
  const number = useNumberFormat();

  const update = (changes: Partial<Record<'q' | 'page', string | number | undefined>>) =>
    setSearch((prev) => nextSearch(prev, changes), { replace: !('page' in changes) });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SUPPLIERS_PAGE_SIZE)) : 1;
  const page = params.page ?? 1;
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data, page, pages]);

  return (
    <div>
      <PageHeader
        title={t('clients:suppliers.list.title')}
        description={t('clients:suppliers.list.description')}
      />
      <ContactsViewSwitch current="suppliers" />
      <Card>
        <div
          role="search"
          aria-label={t('clients:suppliers.list.filters')}
          className="border-b border-border p-4"
        >
          <SearchField
            label={t('clients:suppliers.list.searchLabel')}
            placeholder={t('clients:suppliers.list.searchPlaceholder')}
            value={params.q}
            onSearch={(q) => update({ q })}
            className="sm:max-w-sm"
          />
        </div>
        <PagedListBody
          query={list}
          filtered={!!params.q}
          countText={(count) => t('clients:suppliers.list.count', { count })}
          loadErrorTitle={t('clients:suppliers.list.loadError')}
          errorMessage={(error) => apiErrorMessage(error, t)}
          empty={
            <EmptyState
              icon={<Truck aria-hidden="true" />}
              title={t('clients:suppliers.empty.title')}
              description={t('clients:suppliers.empty.text')}
              action={
                <Link to="/purchase-invoices" className={buttonClasses('outline')}>
                  {t('clients:suppliers.empty.action')}
                </Link>
              }
            />
          }
          noResults={{
            title: t('clients:suppliers.noResults.title'),
            text: t('clients:suppliers.noResults.text'),
            resetLabel: t('clients:suppliers.noResults.reset'),
            onReset: () => setSearch(new URLSearchParams({ view: 'suppliers' }), { replace: true }),
          }}
        >
          {(items, total) => (
            <>
              <DataTable
                caption={t('clients:suppliers.list.caption')}
                columns={columns}
                rows={items}
                getRowId={(s) => s.id}
                testId="suppliers-table"
                rowTestId="supplier-row"
                cardTestId="supplier-card"
                card={(s) => <SupplierCard supplier={s} />}
              />
              <Pagination
                label={t('clients:suppliers.list.pagination')}
                page={page}
                pages={pages}
                summary={t('clients:suppliers.list.pageOf', {
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
