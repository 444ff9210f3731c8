import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { BACKUP_MAX_BYTES } from '@shared/backups/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';

/** Choose a backup file: it is read here and checked by the server, which answers the preview. */
export function RestoreFromFile({ onPreview }: { onPreview: (content: string) => Promise<void> }) {
  const { t } = useTranslation(['backups', 'common']);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setError(null);
    if (!file) return;
    if (file.size > BACKUP_MAX_BYTES) {
      setError(t('backups:restore.tooLarge'));
      return;
    }
    setReading(true);
    try {
      await onPreview(await file.text());
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    } finally {
      setReading(false);
      // Choosing the same file again (after fixing it) fires a change again.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card>
      <CardHeader
        icon={<Upload aria-hidden="true" className="size-5" />}
        title={t('backups:restore.title')}
        description={t('backups:restore.description')}
      />
      <CardContent className="flex flex-col gap-4">
        <Field
          label={t('backups:restore.choose')}
          hint={t('backups:restore.fileHint')}
          error={error ?? undefined}
        >
          {(props) => (
            <Input
              {...props}
              ref={input}
              type="file"
              accept=".json,application/json"
              disabled={reading}
              onChange={choose}
              className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-surface-muted file:px-3 file:py-1 file:text-sm file:font-medium file:text-foreground"
            />
          )}
        </Field>
        {reading ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label={t('backups:restore.reading')} />
            <span aria-hidden="true">{t('backups:restore.reading')}</span>
          </div>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('backups:restore.rolesNote')}</p>
      </CardContent>
    </Card>
  );
}
