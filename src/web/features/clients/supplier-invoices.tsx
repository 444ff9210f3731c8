import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TSupplierDetail } from '@shared/suppliers/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { DataTable } from '@web/ui/data-table.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { useNumberFormat } from '@web/features/invoicing/list-ui.tsx';
import { PurchaseCard, usePurchaseColumns } from '@web/features/purchases/purchase-list-rows.tsx';
import { PURCHASES_PAGE_SIZE, usePurchaseInvoices } from '@web/features/purchases/purchases-api.ts';

/** The supplier's received invoices: the received invoices' own columns and cards, without the supplier's name. */
export function SupplierInvoices({ orgId, supplier }: { orgId: string | null; supplier: TSupplierDetail }) {
  const { t } = useTranslation(['clients', 'purchases', 'common']);
  const [page, setPage] = useState(1);
  const list = usePurchaseInvoices(orgId, { supplierId: supplier.id, page });
  const columns = usePurchaseColumns().filter((c) => c.id !== 'supplier' && c.id !== 'source');
  const number = useNumberFormat();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PURCHASES_PAGE_SIZE)) : 1;

  let body;
  if (list.isPending) body = <SkeletonRows rows={3} label={t('common:loading')} />;
  else if (list.isError)
    body = (
      <LoadError title={t('purchases:list.loadError')} onRetry={() => void list.refetch()}>
        {apiErrorMessage(list.error, t)}
      </LoadError>
    );
  else if (list.data.total === 0)
    body = (
      <CardContent>
        <p className="text-sm text-muted-foreground">{t('clients:suppliers.detail.invoicesEmpty')}</p>
      </CardContent>
    );
  else
    body = (
      <>
        <DataTable
          caption={t('clients:suppliers.detail.sections.invoices')}
          columns={columns}
          rows={list.data.items}
          getRowId={(i) => i.id}
          testId="supplier-invoices-table"
          card={(i) => <PurchaseCard invoice={i} />}
        />
        {pages > 1 ? (
          <Pagination
            label={t('purchases:list.pagination')}
            page={page}
            pages={pages}
            summary={t('purchases:list.pageOf', {
              page: number(page),
              pages: number(pages),
              count: list.data.total,
              total: number(list.data.total),
            })}
            onPage={setPage}
          />
        ) : null}
      </>
    );

  return (
    <Card>
      <CardHeader
        title={t('clients:suppliers.detail.sections.invoices')}
        action={
          <Link
            to={`/purchase-invoices?q=${encodeURIComponent(supplier.name.slice(0, 100))}`}
            className="text-sm font-medium text-primary hover:underline"
          >
            {t('clients:suppliers.detail.invoicesAll')}
          </Link>
        }
      />
      {body}
    </Card>
  );
}
