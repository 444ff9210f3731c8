import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { RowSelectionState } from '@tanstack/react-table';
import type { TDocumentListItem } from '@shared/documents/contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { FileKindIcon, ReadingBadge, Snippet, TagList } from './document-bits.tsx';

const titleLink =
  'block truncate font-medium text-foreground hover:text-primary hover:underline underline-offset-4 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * One page of documents: a table from the medium breakpoint up, a card per document on phones; a checkbox per row
 * for the bulk actions. In the trash, the deletion date and restore / delete permanently instead of the filing.
 */
export function DocumentList({
  items,
  trash,
  canManage,
  selection,
  onSelection,
  onRestore,
  onDeletePermanently,
  busy,
}: {
  items: TDocumentListItem[];
  trash: boolean;
  canManage: boolean;
  selection: RowSelectionState;
  onSelection: (value: RowSelectionState) => void;
  onRestore: (doc: TDocumentListItem) => void;
  onDeletePermanently: (doc: TDocumentListItem) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['documents']);
  const locale = localeOf(currentLanguage());
  const date = (doc: TDocumentListItem) => (doc.documentDate ? formatDate(doc.documentDate, locale) : '—');

  const trashActions = (doc: TDocumentListItem) =>
    canManage ? (
      <div className="flex justify-end gap-1">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('documents:trash.restoreOne', { title: doc.title })}
          onClick={() => onRestore(doc)}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('documents:trash.restore')}
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('documents:trash.deletePermanentlyOne', { title: doc.title })}
          onClick={() => onDeletePermanently(doc)}
        >
          <Trash2 aria-hidden="true" className="size-4 text-danger" />
        </Button>
      </div>
    ) : null;

  const columns: DataColumn<TDocumentListItem>[] = [
    {
      id: 'title',
      header: t('documents:columns.title'),
      cell: (doc) => (
        <div className="flex min-w-0 items-start gap-2.5">
          <FileKindIcon mimeType={doc.mimeType} className="mt-0.5 shrink-0" />
          <div className="min-w-0">
            <Link to={`/documents/${doc.id}`} className={titleLink} title={doc.title}>
              {doc.title}
            </Link>
            {doc.snippet ? (
              <Snippet snippet={doc.snippet} className="mt-0.5" />
            ) : (
              <span className="block truncate text-xs text-muted-foreground">{doc.fileName}</span>
            )}
            {doc.tags.length > 0 && !trash ? (
              <span className="mt-1 block">
                <TagList tags={doc.tags} />
              </span>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      id: 'type',
      header: t('documents:columns.type'),
      headerClassName: 'w-36 px-5 py-2.5',
      className: 'truncate px-5 py-3 text-muted-foreground',
      cell: (doc) => t(`documents:types.${doc.documentType}`),
    },
    {
      id: 'correspondent',
      header: t('documents:columns.correspondent'),
      headerClassName: 'hidden w-44 px-5 py-2.5 xl:table-cell',
      className: 'hidden truncate px-5 py-3 text-muted-foreground xl:table-cell',
      cell: (doc) => doc.correspondent?.name ?? '—',
    },
    {
      id: 'date',
      header: trash ? t('documents:columns.deletedAt') : t('documents:columns.date'),
      headerClassName: 'w-32 px-5 py-2.5',
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground',
      cell: (doc) => (trash && doc.deletedAt ? formatDate(doc.deletedAt.slice(0, 10), locale) : date(doc)),
    },
    {
      id: 'reading',
      header: t('documents:columns.reading'),
      headerClassName: 'w-36 px-5 py-2.5',
      cell: (doc) => <ReadingBadge status={doc.readingStatus} progress={doc.readingProgress} />,
    },
    {
      id: 'actions',
      header: t('documents:columns.actions'),
      headerHidden: true,
      align: 'right',
      headerClassName: 'w-44 px-5 py-2.5',
      cell: trashActions,
    },
  ];

  const toggle = (id: string, on: boolean) => {
    const next = { ...selection };
    if (on) next[id] = true;
    else delete next[id];
    onSelection(next);
  };

  return (
    <DataTable
      caption={trash ? t('documents:trash.title') : t('documents:list.title')}
      columns={columns}
      rows={items}
      getRowId={(doc) => doc.id}
      hiddenColumns={trash ? ['reading'] : ['actions']}
      busy={busy}
      tableClassName="min-w-[40rem] table-fixed"
      rowTestId="document-row"
      cardTestId="document-card"
      selection={
        canManage
          ? {
              value: selection,
              onChange: onSelection,
              rowLabel: (doc) => t('documents:list.select', { title: doc.title }),
              allLabel: t('documents:list.selectAll'),
            }
          : undefined
      }
      cardProps={() => ({ className: 'flex items-start gap-3 px-4 py-3' })}
      card={(doc) => (
        <>
          {canManage ? (
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary"
              aria-label={t('documents:list.select', { title: doc.title })}
              checked={!!selection[doc.id]}
              onChange={(e) => toggle(doc.id, e.target.checked)}
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <Link to={`/documents/${doc.id}`} className={`${titleLink} text-sm`}>
              {doc.title}
            </Link>
            <p className="mt-0.5 truncate text-xs text-muted-foreground">
              {t(`documents:types.${doc.documentType}`)} ·{' '}
              {trash && doc.deletedAt ? formatDate(doc.deletedAt.slice(0, 10), locale) : date(doc)}
              {doc.correspondent ? ` · ${doc.correspondent.name}` : ''}
            </p>
            <Snippet snippet={doc.snippet} className="mt-1" />
            <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
              {trash ? null : <ReadingBadge status={doc.readingStatus} progress={doc.readingProgress} />}
              {trash ? null : <TagList tags={doc.tags} />}
            </div>
            {trash ? <div className="mt-2">{trashActions(doc)}</div> : null}
          </div>
        </>
      )}
    />
  );
}
