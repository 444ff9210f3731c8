import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { ChevronLeft, ChevronRight, DatabaseBackup, Download, History, RotateCcw } from 'lucide-react';
import type { TBackupSummary } from '@shared/backups/contracts.ts';
import { formatDateTime, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
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

  return (
    <Card>
      <CardHeader
        icon={<History aria-hidden="true" className="size-5" />}
        title={t('backups:list.title')}
        description={t('backups:list.description')}
      />
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('common:loading')} />
        </div>
      ) : list.isError ? (
        <div className="p-5">
          <Alert tone="error" title={t('backups:list.loadError')}>
            <p>{apiErrorMessage(list.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
              {t('buttons:retry')}
            </Button>
          </Alert>
        </div>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<DatabaseBackup aria-hidden="true" />}
          title={t('backups:list.empty.title')}
          description={t('backups:list.empty.text')}
        />
      ) : (
        <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          {/* Phones: one card per backup. */}
          <ul className="divide-y divide-border md:hidden" aria-label={t('backups:list.title')}>
            {list.data.items.map((b) => (
              <li key={b.id} className="flex flex-col gap-2 px-4 py-3" data-testid="backup-item">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-foreground">{when(b)}</span>
                  {kind(b)}
                </div>
                <p className="text-xs text-muted-foreground">
                  {who(b)} · {sizeText(b.sizeBytes, locale)}
                </p>
                {actions(b)}
              </li>
            ))}
          </ul>
          {/* Wider screens: the table. */}
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">{t('backups:list.title')}</caption>
              <thead className="border-b border-border bg-surface-muted text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2.5 font-medium">
                    {t('backups:list.columns.created')}
                  </th>
                  <th scope="col" className="px-5 py-2.5 font-medium">
                    {t('backups:list.columns.kind')}
                  </th>
                  <th scope="col" className="px-5 py-2.5 font-medium">
                    {t('backups:list.columns.by')}
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-right font-medium">
                    {t('backups:list.columns.size')}
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-right font-medium">
                    <span className="sr-only">{t('backups:list.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {list.data.items.map((b) => (
                  <tr key={b.id} className="hover:bg-surface-muted" data-testid="backup-row">
                    <td className="px-5 py-3 whitespace-nowrap text-foreground">{when(b)}</td>
                    <td className="px-5 py-3">{kind(b)}</td>
                    <td
                      className="max-w-56 truncate px-5 py-3 text-muted-foreground"
                      title={b.createdBy?.email}
                    >
                      {who(b)}
                    </td>
                    <td className="px-5 py-3 text-right whitespace-nowrap text-muted-foreground tabular-nums">
                      {sizeText(b.sizeBytes, locale)}
                    </td>
                    <td className="px-5 py-2">{actions(b)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav
              aria-label={t('backups:list.pagination')}
              className="flex items-center justify-between gap-3 border-t border-border px-5 py-3 text-sm"
            >
              <p className="text-muted-foreground">
                {t('backups:list.pageOf', {
                  page: formatNumber(page, locale),
                  pages: formatNumber(pages, locale),
                })}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                  disabled={page <= 1}
                >
                  <ChevronLeft aria-hidden="true" className="size-4" />
                  {t('buttons:previous')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setPage((p) => Math.min(pages, p + 1))}
                  disabled={page >= pages}
                >
                  {t('buttons:next')}
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </nav>
          ) : null}
        </div>
      )}
    </Card>
  );
}
