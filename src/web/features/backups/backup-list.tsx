import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { DatabaseBackup, Download, History, RotateCcw } from 'lucide-react';
import type { TBackupSummary } from '@shared/backups/contracts.ts';
import { formatDateTime, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { BACKUPS_PAGE_SIZE, downloadBackup, useBackups } from './backups-api.ts';
import { sizeText } from './backup-values.ts';

/** The organization's backups and pre-restore snapshots, newest first: download, and restore when allowed. */
export function BackupList({
  orgId,
  canRestore,
  restoringId,
  onRestore,
}: {
  orgId: string | null;
  canRestore: boolean;
  /** The backup whose preview is being prepared. */
  restoringId: string | null;
  onRestore: (id: string) => void;
}) {
  const { t } = useTranslation(['backups', 'buttons', 'common']);
  const locale = localeOf(currentLanguage());
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState<string | null>(null);
  const list = useBackups(orgId, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / BACKUPS_PAGE_SIZE)) : 1;

  const download = async (backup: TBackupSummary) => {
    setDownloading(backup.id);
    try {
      const { fileName } = await downloadBackup(backup.id, t('backups:create.fallbackName'));
      toast.success(t('backups:list.downloaded', { fileName }));
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setDownloading(null);
    }
  };

  const when = (b: TBackupSummary) => formatDateTime(b.createdAt, locale);
  const who = (b: TBackupSummary) => b.createdBy?.name ?? t('backups:list.unknownUser');
  const kind = (b: TBackupSummary) => (
    <Badge tone={b.kind === 'restore' ? 'warning' : 'primary'}>
      {b.kind === 'restore' ? <History aria-hidden="true" className="mr-1 size-3" /> : null}
      {t(`backups:list.kinds.${b.kind}`)}
    </Badge>
  );
  const actions = (b: TBackupSummary) => (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-label={t('backups:list.downloadLabel', { date: when(b) })}
        loading={downloading === b.id}
        onClick={() => void download(b)}
      >
        {downloading === b.id ? null : <Download aria-hidden="true" className="size-4" />}
        {t('backups:list.download')}
      </Button>
      {canRestore ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('backups:list.restoreLabel', { date: when(b) })}
          loading={restoringId === b.id}
          disabled={restoringId !== null}
          onClick={() => onRestore(b.id)}
        >
          {restoringId === b.id ? null : <RotateCcw aria-hidden="true" className="size-4" />}
          {t('backups:list.restore')}
        </Button>
      ) : null}
    </div>
  );

  const columns: DataColumn<TBackupSummary>[] = [
    {
      id: 'created',
      header: t('backups:list.columns.created'),
      className: 'px-5 py-3 whitespace-nowrap text-foreground',
      cell: when,
    },
    { id: 'kind', header: t('backups:list.columns.kind'), cell: kind },
    {
      id: 'by',
      header: t('backups:list.columns.by'),
      className: 'max-w-56 truncate px-5 py-3 text-muted-foreground',
      title: (b) => b.createdBy?.email,
      cell: who,
    },
    {
      id: 'size',
      header: t('backups:list.columns.size'),
      align: 'right',
      className: 'px-5 py-3 whitespace-nowrap text-muted-foreground tabular-nums',
      cell: (b) => sizeText(b.sizeBytes, locale),
    },
    {
      id: 'actions',
      header: t('backups:list.columns.actions'),
      headerHidden: true,
      align: 'right',
      className: 'px-5 py-2',
      cell: actions,
    },
  ];

  return (
    <Card>
      <CardHeader
        icon={<History aria-hidden="true" className="size-5" />}
        title={t('backups:list.title')}
        description={t('backups:list.description')}
      />
      {list.isPending ? (
        <BlockSpinner label={t('common:loading')} />
      ) : list.isError ? (
        <LoadError title={t('backups:list.loadError')} onRetry={() => void list.refetch()}>
          <p>{apiErrorMessage(list.error, t)}</p>
        </LoadError>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<DatabaseBackup aria-hidden="true" />}
          title={t('backups:list.empty.title')}
          description={t('backups:list.empty.text')}
        />
      ) : (
        <>
          <DataTable
            caption={t('backups:list.title')}
            columns={columns}
            rows={list.data.items}
            getRowId={(b) => b.id}
            busy={list.isPlaceholderData}
            tableClassName="min-w-[40rem]"
            rowTestId="backup-row"
            cardTestId="backup-item"
            cardProps={() => ({ className: 'flex flex-col gap-2 px-4 py-3' })}
            card={(b) => (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-foreground">{when(b)}</span>
                  {kind(b)}
                </div>
                <p className="text-xs text-muted-foreground">
                  {who(b)} · {sizeText(b.sizeBytes, locale)}
                </p>
                {actions(b)}
              </>
            )}
          />
          {pages > 1 ? (
            <Pagination
              label={t('backups:list.pagination')}
              page={page}
              pages={pages}
              summary={t('backups:list.pageOf', {
                page: formatNumber(page, locale),
                pages: formatNumber(pages, locale),
              })}
              onPage={(p) => setPage(Math.min(pages, Math.max(1, p)))}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
