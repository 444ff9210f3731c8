import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import type { TItem } from '@shared/inventory/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { useDeleteItem, useSaveItem } from './inventory-api.ts';
import { toFormValues } from './item-form-values.ts';

/**
 * Confirmation before deleting. An item with stock movements cannot be deleted (409 IN_USE): the dialog then
 * offers to deactivate it, which hides it from the lists and keeps its history.
 */
export function DeleteItemDialog({
  item,
  onDeleted,
  onDeactivated,
}: {
  item: TItem;
  onDeleted: () => void;
  onDeactivated: () => void;
}) {
  const { t } = useTranslation(['inventory', 'buttons']);
  const remove = useDeleteItem();
  const save = useSaveItem();
  const [inUse, setInUse] = useState(false);
  const [error, setError] = useState<string>();

  const confirm = async () => {
    setError(undefined);
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('inventory:delete.done', { name: item.name }));
      onDeleted();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'IN_USE') setInUse(true);
      else setError(apiErrorMessage(e, t));
    }
  };

  const deactivate = async () => {
    setError(undefined);
    try {
      await save.mutateAsync({
        id: item.id,
        values: { ...toFormValues(item), active: false },
      });
      toast.success(t('inventory:delete.deactivated', { name: item.name }));
      onDeactivated();
    } catch (e) {
      setError(apiErrorMessage(e, t));
    }
  };

  return (
    <DialogContent
      title={inUse ? t('inventory:delete.inUseTitle') : t('inventory:delete.title')}
      description={inUse ? t('inventory:delete.inUseText') : t('inventory:delete.text', { name: item.name })}
      closeLabel={t('buttons:close')}
    >
      <div className="flex flex-col gap-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('buttons:cancel')}</Button>
          </DialogClose>
          {inUse ? (
            <Button onClick={() => void deactivate()} loading={save.isPending}>
              {t('inventory:delete.deactivate')}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => void confirm()} loading={remove.isPending}>
              {t('inventory:delete.confirm')}
            </Button>
          )}
        </div>
      </div>
    </DialogContent>
  );
}
