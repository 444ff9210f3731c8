import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import type { TemplateLanguage } from './email-template-editing.ts';

/** Confirms putting the system text back in place of the organization's. */
export function RestoreDialog({
  name,
  language,
  open,
  onOpenChange,
  loading,
  onConfirm,
}: {
  name: string;
  language: TemplateLanguage;
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
      description={t('settings:emailTemplates.restoreText', {
        name,
        language: t(`settings:emailTemplates.languageInText.${language}`),
      })}
      confirmLabel={t('settings:emailTemplates.restoreConfirm')}
      danger
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

/** Confirms deleting an own template (system ones cannot be deleted). */
export function DeleteDialog({
  name,
  open,
  onOpenChange,
  loading,
  onConfirm,
}: {
  name: string;
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
      title={t('settings:emailTemplates.deleteTitle')}
      description={t('settings:emailTemplates.deleteText', { name })}
      confirmLabel={t('settings:emailTemplates.deleteConfirm')}
      danger
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

/** Asked when another template is chosen while the open one has unsaved changes. */
export function LeaveDialog({
  name,
  open,
  onCancel,
  saving,
  onDiscard,
  onSave,
}: {
  name: string;
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
        description={t('settings:emailTemplates.leave.text', { name })}
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
