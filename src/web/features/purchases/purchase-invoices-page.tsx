import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileInput } from 'lucide-react';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { DataTable } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PagedListBody } from '@web/ui/paged-list-body.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { nextSearch } from '@web/features/invoicing/list-params.ts';
import { SearchField, useNumberFormat } from '@web/features/invoicing/list-ui.tsx';
import { PurchaseCard, usePurchaseColumns } from './purchase-list-rows.tsx';
import { readPurchaseParams } from './purchase-params.ts';
import { PURCHASES_PAGE_SIZE, usePurchaseInvoices } from './purchases-api.ts';

/** Where a member connects the mailbox the suppliers' invoices arrive in. */
const MAIL_ACCOUNTS_PATH = '/settings?tab=mail-accounts';

/** /purchase-invoices: the invoices received from suppliers, newest first, search and page in the URL. */
export function PurchaseInvoicesPage() {
  const { t } = useTranslation(['purchases', 'navigation', 'common']);
  useDocumentTitle(t('navigation:routes.purchaseInvoices'));
  const orgId = useSignedInMe().activeOrganizationId;
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readPurchaseParams(search), [search]);
  const list = usePurchaseInvoices(orgId, params);
  const columns = usePurchaseColumns();
  const number = useNumberFormat();

  const update = (changes: Partial<Record<'q' | 'page', string | number | undefined>>) =>
    setSearch((prev) => nextSearch(prev, changes), { replace: !('page' in changes) });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PURCHASES_PAGE_SIZE)) : 1;
  const page = params.page ?? 1;
  // A page past the end (an old link) goes back to the last one.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data, page, pages]);

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.purchaseInvoices')}
        description={t('purchases:list.description')}
      />
      <Card>
        <div role="search" aria-label={t('purchases:list.filters')} className="border-b border-border p-4">
          <SearchField
            label={t('purchases:list.searchLabel')}
            placeholder={t('purchases:list.searchPlaceholder')}
            value={params.q}
            onSearch={(q) => update({ q })}
            className="sm:max-w-sm"
          />
        </div>
        <PagedListBody
          query={list}
          filtered={!!params.q}
          countText={(count) => t('purchases:list.count', { count })}
          loadErrorTitle={t('purchases:list.loadError')}
          errorMessage={(error) => apiErrorMessage(error, t)}
          empty={
            <EmptyState
              icon={<FileInput aria-hidden="true" />}
              title={t('purchases:empty.title')}
              description={t('purchases:empty.text')}
              action={
                <Link to={MAIL_ACCOUNTS_PATH} className={buttonClasses('primary')}>
                  {t('purchases:empty.action')}
                </Link>
              }
            />
          }
          noResults={{
            title: t('purchases:noResults.title'),
            text: t('purchases:noResults.text'),
            resetLabel: t('purchases:noResults.reset'),
            onReset: () => setSearch(new URLSearchParams(), { replace: true }),
          }}
        >
          {(items, total) => (
            <>
              <DataTable
                caption={t('purchases:list.caption')}
                columns={columns}
                rows={items}
                getRowId={(item) => item.id}
                testId="purchase-invoices-table"
                rowTestId="purchase-invoice-row"
                cardTestId="purchase-invoice-card"
                card={(item) => <PurchaseCard invoice={item} />}
              />
              <Pagination
                label={t('purchases:list.pagination')}
                page={page}
                pages={pages}
                summary={t('purchases:list.pageOf', {
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
