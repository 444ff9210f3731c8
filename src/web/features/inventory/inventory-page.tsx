import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import {
  Download,
  FileSpreadsheet,
  MoreHorizontal,
  Package,
  PackageSearch,
  Plus,
  ScanBarcode,
  Settings2,
  Upload,
  X,
} from 'lucide-react';
import { ITEM_ACTIVE_FILTERS, ITEM_KINDS, ITEM_SORTS } from '@shared/inventory/contracts.ts';
import type { ExportFormat } from '@shared/inventory/import-export.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@web/ui/menu.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { PAGE_SIZE, downloadExport, useItems, type ItemFilters } from './inventory-api.ts';
import { FilterBar } from './inventory-filters.tsx';
import { InventorySummary } from './inventory-summary.tsx';
import { Pager } from './inventory-ui.tsx';
import { ItemFormDialog } from './item-form-dialog.tsx';
import { ItemsTable } from './items-table.tsx';
import { SettingsDialog } from './settings-dialog.tsx';

type DialogKind = 'create' | 'import' | 'settings' | null;

/** The filters from the URL, so a reload or a shared link keeps them. */
function readFilters(params: URLSearchParams): ItemFilters {
  const kind = params.get('kind');
  const active = params.get('active');
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    kind: (ITEM_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ItemFilters['kind']) : '',
    lowStock: params.get('lowStock') === 'true' || params.get('lowStock') === '1',
    active: (ITEM_ACTIVE_FILTERS as readonly string[]).includes(active ?? '')
      ? (active as ItemFilters['active'])
      : 'active',
    sort: (ITEM_SORTS as readonly string[]).includes(sort ?? '') ? sort! : 'name',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** /inventory: search, filters, stock value, the items page by page, create, import and export. */
export function InventoryPage() {
  const { t } = useTranslation(['inventory', 'navigation', 'common', 'buttons']);
  useDocumentTitle(t('navigation:routes.inventory'));
  const me = useSignedInMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const items = useItems(filters);
  const canManage = !!me.role && hasPermission(me.role, 'manage_financial_data');
  const canExport = !!me.role && hasPermission(me.role, 'export_financial_data');
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [search, setSearch] = useState(filters.q);

  /** Changes some filters; any change but the page goes back to page 1. */
  const update = (changes: Partial<ItemFilters>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const empty =
            value === '' ||
            value === false ||
            (key === 'active' && value === 'active') ||
            (key === 'sort' && value === 'name') ||
            (key === 'page' && value === 1);
          if (empty) next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  // The search box applies itself after a short pause in typing.
  useEffect(() => {
    if (search.trim() === filters.q) return;
    const timer = setTimeout(() => update({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  useEffect(() => setSearch(filters.q), [filters.q]);

  const filtered =
    !!filters.q || !!filters.category || !!filters.kind || filters.lowStock || filters.active !== 'active';
  const clearFilters = () => {
    setSearch('');
    setParams(filters.sort !== 'name' ? { sort: filters.sort } : {}, { replace: true });
  };

  const exportAs = async (format: ExportFormat) => {
    const id = toast.loading(t('inventory:export.preparing'));
    try {
      await downloadExport(filters, format, (share) => {
        if (share !== null)
          toast.loading(t('inventory:export.progress', { percent: Math.round(share * 100) }), { id });
      });
      toast.success(t('inventory:export.done'), { id });
    } catch (error) {
      toast.error(apiErrorMessage(error, t), { id });
    }
  };

  const data = items.data;
  return (
    <div>
      <PageHeader
        title={t('navigation:routes.inventory')}
        description={t('inventory:list.description')}
        actions={
          <>
            {canManage ? (
              <Button onClick={() => setDialog('create')}>
                <Plus aria-hidden="true" className="size-4" />
                {t('inventory:list.newItem')}
              </Button>
            ) : null}
            <Link to="/scan" className={buttonClasses('outline')}>
              <ScanBarcode aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">{t('inventory:list.scan')}</span>
            </Link>
            <Menu>
              <MenuTrigger asChild>
                <Button variant="outline" size="icon" aria-label={t('inventory:list.more')}>
                  <MoreHorizontal aria-hidden="true" className="size-4" />
                </Button>
              </MenuTrigger>
              <MenuContent>
                {canManage ? (
                  <MenuItem onSelect={() => setDialog('import')}>
                    <Upload aria-hidden="true" />
                    {t('inventory:list.import')}
                  </MenuItem>
                ) : null}
                {canExport ? (
                  <>
                    <MenuLabel>{t('inventory:export.label')}</MenuLabel>
                    <MenuItem onSelect={() => void exportAs('csv')}>
                      <Download aria-hidden="true" />
                      {t('inventory:export.csv')}
                    </MenuItem>
                    <MenuItem onSelect={() => void exportAs('xlsx')}>
                      <FileSpreadsheet aria-hidden="true" />
                      {t('inventory:export.xlsx')}
                    </MenuItem>
                    <MenuSeparator />
                  </>
                ) : null}
                <MenuItem onSelect={() => setDialog('settings')}>
                  <Settings2 aria-hidden="true" />
                  {t('inventory:settings.open')}
                </MenuItem>
              </MenuContent>
            </Menu>
          </>
        }
      />

      <InventorySummary
        data={data}
        filtered={filtered}
        lowStock={filters.lowStock}
        onLowStock={(lowStock) => update({ lowStock })}
      />

      <Card>
        <FilterBar filters={filters} search={search} onSearch={setSearch} onChange={update} />

        {items.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label={t('common:loading')} />
          </div>
        ) : items.isError ? (
          <div className="p-5">
            <Alert tone="error" title={t('inventory:list.loadError')}>
              <p>{apiErrorMessage(items.error, t)}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void items.refetch()}>
                {t('buttons:retry')}
              </Button>
            </Alert>
          </div>
        ) : data!.items.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<PackageSearch aria-hidden="true" />}
              title={t('inventory:list.noResults.title')}
              description={t('inventory:list.noResults.text')}
              action={
                <Button variant="outline" onClick={clearFilters}>
                  <X aria-hidden="true" className="size-4" />
                  {t('inventory:filters.clear')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Package aria-hidden="true" />}
              title={t('inventory:list.empty.title')}
              description={t('inventory:list.empty.text')}
              action={
                canManage ? (
                  <>
                    <Button onClick={() => setDialog('create')}>
                      <Plus aria-hidden="true" className="size-4" />
                      {t('inventory:list.newItem')}
                    </Button>
                    <Button variant="outline" onClick={() => setDialog('import')}>
                      <Upload aria-hidden="true" className="size-4" />
                      {t('inventory:list.import')}
                    </Button>
                  </>
                ) : null
              }
            />
          )
        ) : (
          <div
            className={cn(items.isPlaceholderData && 'opacity-60 transition-opacity')}
            aria-busy={items.isFetching}
          >
            <ItemsTable
              items={data!.items}
              sort={filters.sort}
              onSort={(sort) => update({ sort: sort ?? 'name' })}
            />
            <Pager
              page={filters.page}
              pageSize={PAGE_SIZE}
              total={data!.total}
              onPage={(page) => update({ page })}
              label={t('inventory:list.pagination')}
            />
          </div>
        )}
        {filtered && data && data.items.length > 0 ? (
          <div className="border-t border-border px-5 py-3">
            <Button variant="link" onClick={clearFilters}>
              {t('inventory:filters.clear')}
            </Button>
          </div>
        ) : null}
      </Card>

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog === 'create' ? (
          <ItemFormDialog onSaved={(item) => void navigate(`/inventory/${item.id}`)} />
        ) : null}
        {dialog === 'import' ? <ImportDialog /> : null}
        {dialog === 'settings' ? <SettingsDialog onClose={() => setDialog(null)} /> : null}
      </Dialog>
    </div>
  );
}
