import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TTransaction } from '@shared/transactions/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { toast } from '@web/ui/toast.ts';
import { useDeleteTransaction } from './transactions-api.ts';

/** "Delete this entry?" naming its date, amount and description; closes once it is gone. */
export function DeleteTransactionDialog({
  orgId,
  entry,
  onClose,
}: {
  orgId: string | null;
  entry: TTransaction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const locale = localeOf(currentLanguage());
  const remove = useDeleteTransaction(orgId);

  const confirmDelete = async () => {
    if (!entry) return;
    try {
      await remove.mutateAsync(entry.id);
      toast.success(t('transactions:toast.deleted'));
      onClose();
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    }
  };

  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      {entry ? (
        <DialogContent
          title={t('transactions:delete.title')}
          description={t('transactions:delete.text', {
            date: formatDate(entry.occurredOn, locale),
            amount: formatEuroCents(entry.amountCents, locale),
            description: entry.description || t('transactions:noDescription'),
          })}
          closeLabel={t('buttons:close')}
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('buttons:cancel')}</Button>
            </DialogClose>
            <Button variant="danger" loading={remove.isPending} onClick={() => void confirmDelete()}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('transactions:delete.confirm')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
