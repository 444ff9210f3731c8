import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import type { TemplateTarget } from './email-templates-api.ts';

/** The template and language as a sentence names them ("Invoice" in Italian). */
function useTargetText(target: TemplateTarget) {
  const { t } = useTranslation('settings');
  return {
    name: t(`settings:emailTemplates.names.${target.key}`),
    language: t(`settings:emailTemplates.languageInText.${target.language}`),
  };
}

/** Confirms putting the system text back in place of the organization's. */
export function RestoreDialog({
  target,
  open,
  onOpenChange,
  loading,
  onConfirm,
}: {
  target: TemplateTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('settings:emailTemplates.restoreTitle')}
      description={t('settings:emailTemplates.restoreText', useTargetText(target))}
      confirmLabel={t('settings:emailTemplates.restoreConfirm')}
      danger
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

/** Asked when another template is chosen while the open one has unsaved changes. */
export function LeaveDialog({
  target,
  open,
  onCancel,
  saving,
  onDiscard,
  onSave,
}: {
  target: TemplateTarget;
  open: boolean;
  onCancel: () => void;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation(['settings', 'buttons']);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent
        title={t('settings:emailTemplates.leave.title')}
        description={t('settings:emailTemplates.leave.text', useTargetText(target))}
        closeLabel={t('buttons:close')}
        className="max-w-xl"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('settings:emailTemplates.leave.keep')}</Button>
          </DialogClose>
          <Button variant="danger" onClick={onDiscard} disabled={saving}>
            {t('settings:emailTemplates.leave.discard')}
          </Button>
          <Button loading={saving} onClick={onSave}>
            {t('settings:emailTemplates.leave.save')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
