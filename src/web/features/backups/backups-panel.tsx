import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { Check, DatabaseBackup, FileX, Plus } from 'lucide-react';
import { BACKUP_SECTIONS, type TBackupPreview, type TBackupSource } from '@shared/backups/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { applyRestore, backupsKey, createBackup, downloadBackup, previewRestore } from './backups-api.ts';
import { BackupList } from './backup-list.tsx';
import { RestoreFromFile } from './restore-from-file.tsx';
import { RestorePreviewDialog } from './restore-preview-dialog.tsx';

/**
 * Settings → Backups (backup_settings): what a backup holds, creating one (stored and downloaded), the list of
 * backups and pre-restore snapshots with their download, and — with restore_settings — restoring a file or a
 * stored backup: preview of the changes, confirmation (step-up), one transaction.
 */
export function BackupsPanel() {
  const { t } = useTranslation('common');
  // The namespaces load here, not by suspending the whole settings page.
  return (
    <Suspense fallback={<BlockSpinner label={t('common:loading')} />}>
      <Backups />
    </Suspense>
  );
}

type PendingRestore = { source: TBackupSource; preview: TBackupPreview };

function Backups() {
  const { t } = useTranslation(['backups', 'settings', 'forms', 'buttons', 'common']);
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const queryClient = useQueryClient();
  const canRestore = me.permissions.includes('restore_settings');
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<PendingRestore | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [loadingPreviewOf, setLoadingPreviewOf] = useState<string | null>(null);

  const create = async () => {
    setCreating(true);
    try {
      const backup = await createBackup();
      await queryClient.invalidateQueries({ queryKey: backupsKey(orgId) });
      const { fileName } = await downloadBackup(backup.id, t('backups:create.fallbackName'));
      toast.success(t('backups:create.done', { fileName }));
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setCreating(false);
    }
  };

  const openPreview = async (source: TBackupSource) => {
    const preview = await previewRestore(source);
    setPending({ source, preview });
  };

  const previewStored = async (id: string) => {
    setLoadingPreviewOf(id);
    try {
      await openPreview({ backupId: id });
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setLoadingPreviewOf(null);
    }
  };

  const restore = async () => {
    if (!pending) return;
    setRestoring(true);
    try {
      const result = await applyRestore(pending.source);
      setPending(null);
      toast.success(t('backups:preview.done', { count: result.totalChanges }));
      // Profile, invoicing, templates, preferences and roles may all have changed.
      await queryClient.invalidateQueries();
    } catch (error) {
      // Shown in the dialog too, which stays open to retry.
      toast.error(apiErrorMessage(error, t));
      throw error;
    } finally {
      setRestoring(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader
          icon={<DatabaseBackup aria-hidden="true" className="size-5" />}
          title={t('backups:title')}
          description={t('backups:description')}
          action={
            <Button onClick={create} loading={creating} className="w-full sm:w-auto">
              {creating ? null : <Plus aria-hidden="true" className="size-4" />}
              {t('backups:create.button')}
            </Button>
          }
        />
        <CardContent className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-foreground">{t('backups:contents.title')}</h3>
          <ul className="flex flex-col gap-1.5 text-sm text-foreground">
            {BACKUP_SECTIONS.map((section) => (
              <li key={section} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {t(`backups:contents.items.${section}`)}
              </li>
            ))}
            <li className="flex gap-2 text-muted-foreground">
              <FileX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('backups:contents.excluded')}
            </li>
          </ul>
        </CardContent>
      </Card>

      {canRestore ? (
        <RestoreFromFile onPreview={(content) => openPreview({ content })} />
      ) : (
        <Alert tone="info">{t('backups:restore.noPermission')}</Alert>
      )}

      <BackupList
        orgId={orgId}
        canRestore={canRestore}
        restoringId={loadingPreviewOf}
        onRestore={previewStored}
      />

      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !restoring) setPending(null);
        }}
      >
        {pending ? <RestorePreviewDialog preview={pending.preview} onConfirm={restore} /> : null}
      </Dialog>
    </div>
  );
}
