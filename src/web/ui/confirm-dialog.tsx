import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent } from './dialog.tsx';

/** A yes/no question before an action that cannot be undone (send, issue, delete…). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger = false,
  loading = false,
  disabled = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  /** The action cannot be done now (the dialog says why). */
  disabled?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['buttons']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} closeLabel={t('buttons:close')}>
        <div className="grid gap-4">
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('buttons:cancel')}</Button>
            </DialogClose>
            <Button
              variant={danger ? 'danger' : 'primary'}
              loading={loading}
              disabled={disabled}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Open-state helper for a page's several confirmations. */
export function useConfirm<K extends string>() {
  const [open, setOpen] = useState<K | null>(null);
  return {
    open,
    show: (key: K) => setOpen(key),
    props: (key: K) => ({
      open: open === key,
      onOpenChange: (next: boolean) => setOpen(next ? key : null),
    }),
    close: () => setOpen(null),
  };
}
