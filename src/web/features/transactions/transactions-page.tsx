import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileUp, Plus } from 'lucide-react';
import type { TTransaction } from '@shared/transactions/contracts.ts';
import { ChartBoundary, ChartErrorPanel } from '@web/app/error-screens.tsx';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { CategoriesDialog } from './categories-dialog.tsx';
import { DeleteTransactionDialog } from './delete-transaction-dialog.tsx';
import { filtersFromParams, paramsFromFilters, type LedgerFilters } from './filters.ts';
import { ImportWizard } from './import-wizard.tsx';
import { FiltersBar } from './ledger-filters.tsx';
import { LedgerList } from './ledger-list.tsx';
import { LedgerTotals, useRangeText } from './ledger-totals.tsx';
import { TransactionDialog } from './transaction-dialog.tsx';
import { useLedger } from './transactions-api.ts';

const MonthlyChart = lazy(() => import('./monthly-chart.tsx'));
const PAGE_SIZE = 10;

/**
 * /transactions: the ledger. Filters (period presets or a custom range, direction, category, text) live in
 * the URL; the totals and the monthly chart cover the whole filtered range; the table pages by 10. Writing,
 * importing and exporting are shown only to roles that may do them.
 */
export function TransactionsPage() {
  const { t } = useTranslation(['transactions', 'navigation', 'common']);
  useDocumentTitle(t('navigation:routes.transactions'));
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const canManage = me.permissions.includes('manage_financial_data');
  const canExport = me.permissions.includes('export_financial_data');

  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const today = useMemo(() => new Date(), []);
  const { valid, rangeQuery, list, monthly, categories } = useLedger(orgId, filters, today, PAGE_SIZE);
  const rangeText = useRangeText(filters, today);

  const [editing, setEditing] = useState<TTransaction | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTransaction | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const update = (patch: Partial<LedgerFilters>) =>
    setParams(paramsFromFilters({ ...filters, page: 1, ...patch }), { replace: true });
  const filtered =
    filters.period !== 'thisYear' || !!filters.direction || !!filters.categoryId || !!filters.q.trim();

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // A page past the end (after deletions, or an old link) goes back to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filters.page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, pages, filters.page]);

  const categoryList = categories.data ?? [];

  return (
    <div>
      <PageHeader
        title={t('navigation:routes.transactions')}
        description={t('transactions:description')}
        actions={
          canManage ? (
            <>
              <Button variant="outline" onClick={() => setImportOpen(true)}>
                <FileUp aria-hidden="true" className="size-4" />
                {t('transactions:import.button')}
              </Button>
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden="true" className="size-4" />
                {t('transactions:add')}
              </Button>
            </>
          ) : null
        }
      />

      <div className="grid grid-cols-1 gap-6">
        <FiltersBar filters={filters} categories={categoryList} onChange={update} filtered={filtered} />

        {!valid ? (
          <Alert tone="error">{t('transactions:filters.rangeInvalid')}</Alert>
        ) : (
          <>
            <LedgerTotals totals={list.data?.totals} rangeText={rangeText} />

            {monthly.isError ? (
              <ChartErrorPanel onRetry={() => void monthly.refetch()} />
            ) : monthly.data && monthly.data.months.length > 0 ? (
              <Card>
                <CardHeader title={t('transactions:chart.title')} description={rangeText} />
                <CardContent>
                  <ChartBoundary>
                    <Suspense
                      fallback={
                        <div className="flex h-56 items-center justify-center">
                          <Spinner label={t('common:loading')} />
                        </div>
                      }
                    >
                      <MonthlyChart months={monthly.data.months} />
                    </Suspense>
                  </ChartBoundary>
                </CardContent>
              </Card>
            ) : null}

            <LedgerList
              list={list}
              categories={categoryList}
              page={filters.page}
              pages={pages}
              filtered={filtered}
              valid={valid}
              rangeQuery={rangeQuery}
              canManage={canManage}
              canExport={canExport}
              onPage={(page) => setParams(paramsFromFilters({ ...filters, page }))}
              onReset={() => setParams(new URLSearchParams(), { replace: true })}
              onAdd={() => setEditing('new')}
              onImport={() => setImportOpen(true)}
              onCategories={() => setCategoriesOpen(true)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          </>
        )}
      </div>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <TransactionDialog
            key={editing === 'new' ? 'new' : editing.id}
            orgId={orgId}
            entry={editing === 'new' ? null : editing}
            categories={categoryList}
            onManageCategories={() => setCategoriesOpen(true)}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>

      <Dialog open={categoriesOpen} onOpenChange={setCategoriesOpen}>
        {categoriesOpen ? (
          <CategoriesDialog
            orgId={orgId}
            categories={categoryList}
            loading={categories.isPending}
            canManage={canManage}
          />
        ) : null}
      </Dialog>

      <Dialog open={importOpen} onOpenChange={setImportOpen}>
        {importOpen ? <ImportWizard /> : null}
      </Dialog>

      <DeleteTransactionDialog orgId={orgId} entry={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
