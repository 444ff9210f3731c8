import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Copy, Download } from 'lucide-react';
import { backupCodesText } from '@shared/security/account-contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { saveFile } from '@web/app/api.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';

/** Saves text as a file through a temporary link (the codes never leave the browser). */
function saveText(text: string, fileName: string) {
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

/**
 * A set of backup codes, shown once: copy them or download them as .txt, then confirm they are kept before
 * closing (the server never shows them again).
 */
export function BackupCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(['security']);
  const me = useSignedInMe();
  const [saved, setSaved] = useState(false);
  const listId = useId();
  const checkId = useId();

  const fileText = () =>
    backupCodesText(codes, [
      t('security:backupCodes.fileHeader', { email: me.user.email }),
      t('security:backupCodes.fileNote', {
        date: formatDateTime(new Date().toISOString(), localeOf(currentLanguage())),
      }),
    ]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('security:backupCodes.copied'));
    } catch {
      toast.error(t('security:backupCodes.copyFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning">{t('security:backupCodes.text')}</Alert>
      <p id={listId} className="sr-only">
        {t('security:backupCodes.listLabel')}
      </p>
      <ul
        aria-labelledby={listId}
        data-testid="backup-codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-surface-muted p-3 font-mono text-sm sm:grid-cols-4"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-surface px-2 py-1.5 text-center tracking-wider select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('security:backupCodes.copy')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => saveText(fileText(), t('security:backupCodes.fileName'))}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('security:backupCodes.download')}
        </Button>
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input
          id={checkId}
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <label htmlFor={checkId} className="text-foreground">
          {t('security:backupCodes.saved')}
        </label>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone} disabled={!saved}>
          {t('security:backupCodes.done')}
        </Button>
      </div>
    </div>
  );
}
