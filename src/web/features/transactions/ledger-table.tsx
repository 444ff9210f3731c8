import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Files, Pencil, Trash2 } from 'lucide-react';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import {
  PAYMENT_METHOD_LABELS,
  categoryLabel,
  type TTransaction,
  type TTransactionCategory,
} from '@shared/transactions/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { LinkedDocumentsBody, useDocumentPermissions } from '@web/features/documents/linked-documents.tsx';

function Amount({ entry }: { entry: TTransaction }) {
  const locale = localeOf(currentLanguage());
  const income = entry.direction === 'income';
  return (
    <span
      className={cn(
        'font-semibold whitespace-nowrap tabular-nums',
        income ? 'text-success' : 'text-foreground',
      )}
    >
      {income ? '+' : '−'}
      {formatEuroCents(entry.amountCents, locale)}
    </span>
  );
}

/**
 * One page of entries: a table on wider screens, one block per entry on phones; edit and delete for managers; the
 * documents of an entry (receipts, invoices received) in a dialog, for whoever may read them.
 */
export function LedgerTable({
  items,
  categories,
  canManage,
  onEdit,
  onDelete,
  busy,
}: {
  items: TTransaction[];
  categories: TTransactionCategory[];
  canManage: boolean;
  onEdit: (entry: TTransaction) => void;
  onDelete: (entry: TTransaction) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['transactions', 'documents', 'buttons']);
  const documents = useDocumentPermissions();
  const [docsOf, setDocsOf] = useState<TTransaction | null>(null);
  const language = currentLanguage();
  const locale = localeOf(language);
  const category = (entry: TTransaction) => {
    const known = categories.find((c) => c.id === entry.categoryId);
    return known ? categoryLabel(known, language) : (entry.categoryName ?? t('transactions:noCategory'));
  };
  const describe = (entry: TTransaction) =>
    t('transactions:list.entryLabel', {
      date: formatDate(entry.occurredOn, locale),
      amount: formatEuroCents(entry.amountCents, locale),
    });
  const actions = (entry: TTransaction) => (
    <div className="flex justify-end gap-1">
      {documents.canView ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('documents:linked.open', { entry: describe(entry) })}
          title={t('documents:linked.title')}
          onClick={() => setDocsOf(entry)}
        >
          <Files aria-hidden="true" className="size-4" />
        </Button>
      ) : null}
      {canManage ? (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('transactions:list.edit', { entry: describe(entry) })}
            onClick={() => onEdit(entry)}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('transactions:list.delete', { entry: describe(entry) })}
            onClick={() => onDelete(entry)}
          >
            <Trash2 aria-hidden="true" className="size-4 text-danger" />
          </Button>
        </>
      ) : null}
    </div>
  );

  const columns: DataColumn<TTransaction>[] = [
    {
      id: 'date',
      header: t('transactions:columns.date'),
      headerClassName: 'w-32 px-5 py-2.5',
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground',
      cell: (entry) => formatDate(entry.occurredOn, locale),
    },
    {
      id: 'description',
      header: t('transactions:columns.description'),
      cell: (entry) => (
        <>
          <span className="block truncate font-medium text-foreground" title={entry.description ?? undefined}>
            {entry.description || t('transactions:noDescription')}
          </span>
          {entry.clientName || entry.imported ? (
            <span className="mt-0.5 flex items-center gap-2 text-xs text-muted-foreground">
              {entry.clientName ? <span className="min-w-0 truncate">{entry.clientName}</span> : null}
              {entry.imported ? <Badge>{t('transactions:list.imported')}</Badge> : null}
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'category',
      header: t('transactions:columns.category'),
      headerClassName: 'w-44 px-5 py-2.5 xl:w-52',
      className: 'truncate px-5 py-3 text-muted-foreground',
      cell: category,
    },
    {
      id: 'method',
      header: t('transactions:columns.method'),
      headerClassName: 'hidden w-60 px-5 py-2.5 2xl:table-cell',
      className: 'hidden truncate px-5 py-3 text-muted-foreground 2xl:table-cell',
      cell: (entry) => PAYMENT_METHOD_LABELS[entry.paymentMethod][language],
    },
    {
      id: 'amount',
      header: t('transactions:columns.amount'),
      align: 'right',
      headerClassName: 'w-36 px-5 py-2.5',
      cell: (entry) => <Amount entry={entry} />,
    },
    {
      id: 'actions',
      header: t('transactions:columns.actions'),
      headerHidden: true,
      align: 'right',
      headerClassName: 'w-32 px-5 py-2.5',
      cell: actions,
    },
  ];

  return (
    <>
      <DataTable
        caption={t('transactions:list.title')}
        columns={columns}
        rows={items}
        getRowId={(entry) => entry.id}
        hiddenColumns={canManage || documents.canView ? undefined : ['actions']}
        busy={busy}
        className="relative"
        tableClassName="min-w-[44rem] table-fixed"
        rowTestId="transaction-row"
        cardTestId="transaction-row"
        cardProps={() => ({ className: 'flex items-start gap-3 px-4 py-3' })}
        card={(entry) => (
          <>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-foreground">
                {entry.description || t('transactions:noDescription')}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {formatDate(entry.occurredOn, locale)} · {category(entry)}
                {entry.clientName ? ` · ${entry.clientName}` : ''}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <Amount entry={entry} />
              {actions(entry)}
            </div>
          </>
        )}
      />
      <Dialog open={docsOf !== null} onOpenChange={(open) => (open ? null : setDocsOf(null))}>
        {docsOf ? (
          <DialogContent
            title={t('documents:linked.dialogOf')}
            description={`${docsOf.description || t('transactions:noDescription')} · ${describe(docsOf)}`}
            closeLabel={t('buttons:close')}
            className="max-w-xl"
          >
            <div className="-mx-5 -my-4">
              <LinkedDocumentsBody
                recordType="transaction"
                recordId={docsOf.id}
                canManage={documents.canManage}
              />
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
