import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useInventorySettings, useSaveInventorySettings } from './inventory-api.ts';

/** The organization's inventory rule: may stock go below zero? Changing it needs manage_organization. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['inventory', 'buttons', 'common']);
  const me = useSignedInMe();
  const settings = useInventorySettings();
  const save = useSaveInventorySettings();
  const canChange = !!me.role && hasPermission(me.role, 'manage_organization');
  const [allow, setAllow] = useState<boolean | null>(null);
  const value = allow ?? settings.data?.allowNegativeStock ?? false;

  const submit = async () => {
    try {
      await save.mutateAsync({ allowNegativeStock: value });
      toast.success(t('inventory:settings.saved'));
      onClose();
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    }
  };

  return (
    <DialogContent
      title={t('inventory:settings.title')}
      description={t('inventory:settings.description')}
      closeLabel={t('buttons:close')}
    >
      {settings.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('common:loading')} />
        </div>
      ) : settings.isError ? (
        <Alert tone="error">{apiErrorMessage(settings.error, t)}</Alert>
      ) : (
        <form
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {!canChange ? <Alert tone="info">{t('inventory:settings.readOnly')}</Alert> : null}
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={value}
              disabled={!canChange}
              onChange={(e) => setAllow(e.target.checked)}
            />
            <span>
              <span className="block font-medium text-foreground">
                {t('inventory:settings.allowNegative')}
              </span>
              <span className="block text-muted-foreground">{t('inventory:settings.allowNegativeHint')}</span>
            </span>
          </label>
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{canChange ? t('buttons:cancel') : t('buttons:close')}</Button>
            </DialogClose>
            {canChange ? (
              <Button type="submit" loading={save.isPending}>
                {t('buttons:save')}
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </DialogContent>
  );
}
