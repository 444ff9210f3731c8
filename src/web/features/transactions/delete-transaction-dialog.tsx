import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TTransaction } from '@shared/transactions/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('transactions:delete.title')}
      description={
        entry
          ? t('transactions:delete.text', {
              date: formatDate(entry.occurredOn, locale),
              amount: formatEuroCents(entry.amountCents, locale),
              description: entry.description || t('transactions:noDescription'),
            })
          : undefined
      }
      confirmLabel={t('transactions:delete.confirm')}
      danger
      loading={remove.isPending}
      onConfirm={() => void confirmDelete()}
    />
  );
}
