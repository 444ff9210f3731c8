import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { SHORTCUTS } from './shortcuts.ts';

/** "?": the list of the mailbox's keyboard shortcuts. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['mailbox', 'buttons']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={t('mailbox:shortcuts.title')} closeLabel={t('buttons:close')}>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
            {SHORTCUTS.map((s) => (
              <div key={s.command} className="contents">
                <dt className="flex gap-1">
                  {s.keys.map((k) => (
                    <kbd
                      key={k}
                      className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs"
                    >
                      {k}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-foreground">{t(`mailbox:shortcuts.${s.command}`)}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
