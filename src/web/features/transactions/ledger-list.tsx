import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import {
  ChevronDown,
  Download,
  FileSpreadsheet,
  FileText,
  FileUp,
  Plus,
  Receipt,
  Search,
  Tags,
} from 'lucide-react';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { ExportFormat, TTransaction, TTransactionCategory } from '@shared/transactions/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { downloadExport, type useTransactions } from './transactions-api.ts';

/** The ledger card: categories and export in its header, the page of entries (or why there is none), pages. */
export function LedgerList({
  list,
  categories,
  page,
  pages,
  filtered,
  valid,
  rangeQuery,
  canManage,
  canExport,
  onPage,
  onReset,
  onAdd,
  onImport,
  onCategories,
  onEdit,
  onDelete,
}: {
  list: ReturnType<typeof useTransactions>;
  categories: TTransactionCategory[];
  page: number;
  pages: number;
  filtered: boolean;
  valid: boolean;
  rangeQuery: string;
  canManage: boolean;
  canExport: boolean;
  onPage: (page: number) => void;
  onReset: () => void;
  onAdd: () => void;
  onImport: () => void;
  onCategories: () => void;
  onEdit: (entry: TTransaction) => void;
  onDelete: (entry: TTransaction) => void;
}) {
  const { t } = useTranslation(['transactions', 'common', 'buttons']);
  const locale = localeOf(currentLanguage());

  let body;
  if (list.isPending) {
    body = <BlockSpinner label={t('common:loading')} />;
  } else if (list.isError) {
    body = (
      <div className="p-5">
        <Alert tone="error" title={t('transactions:list.loadError')}>
          {apiErrorMessage(list.error, t)}
        </Alert>
        <Button variant="outline" className="mt-3" onClick={() => void list.refetch()}>
          {t('buttons:retry')}
        </Button>
      </div>
    );
  } else if (list.data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        headingLevel="h3"
        icon={<Search aria-hidden="true" />}
        title={t('transactions:empty.filteredTitle')}
        description={t('transactions:empty.filteredText')}
        action={
          <Button variant="outline" onClick={onReset}>
            {t('transactions:filters.reset')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        headingLevel="h3"
        icon={<Receipt aria-hidden="true" />}
        title={t('transactions:empty.title')}
        description={canManage ? t('transactions:empty.text') : t('transactions:empty.readOnly')}
        action={
          canManage ? (
            <>
              <Button onClick={onAdd}>
                <Plus aria-hidden="true" className="size-4" />
                {t('transactions:add')}
              </Button>
              <Button variant="outline" onClick={onImport}>
                <FileUp aria-hidden="true" className="size-4" />
                {t('transactions:import.button')}
              </Button>
            </>
          ) : null
        }
      />
    );
  } else {
    body = (
      <>
        <LedgerTable
          items={list.data.items}
          categories={categories}
          canManage={canManage}
          onEdit={onEdit}
          onDelete={onDelete}
          busy={list.isPlaceholderData}
        />
        <Pagination
          label={t('transactions:pagination.label')}
          page={page}
          pages={pages}
          summary={t('transactions:pagination.pageOf', {
            page: formatNumber(Math.min(page, pages), locale),
            pages: formatNumber(pages, locale),
          })}
          onPage={onPage}
        />
      </>
    );
  }

  return (
    <Card>
      <CardHeader
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onCategories}>
              <Tags aria-hidden="true" className="size-4" />
              {t('transactions:categories.button')}
            </Button>
            {canExport ? <ExportMenu rangeQuery={rangeQuery} disabled={!valid} /> : null}
          </div>
        }
        title={t('transactions:list.title')}
        description={
          list.data
            ? t('transactions:list.count', {
                count: list.data.total,
                formatted: formatNumber(list.data.total, locale),
              })
            : undefined
        }
      />
      {body}
    </Card>
  );
}

/** CSV or Excel of every entry in the filtered range. */
function ExportMenu({ rangeQuery, disabled }: { rangeQuery: string; disabled: boolean }) {
  const { t } = useTranslation(['transactions']);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const doExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadExport(rangeQuery, format);
      toast.success(t('transactions:export.done'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setExporting(null);
    }
  };
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="outline" size="sm" loading={exporting !== null} disabled={disabled}>
          {exporting ? null : <Download aria-hidden="true" className="size-4" />}
          {t('transactions:export.button')}
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuItem onSelect={() => void doExport('csv')}>
          <FileText aria-hidden="true" />
          {t('transactions:export.csv')}
        </MenuItem>
        <MenuItem onSelect={() => void doExport('xlsx')}>
          <FileSpreadsheet aria-hidden="true" />
          {t('transactions:export.xlsx')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
