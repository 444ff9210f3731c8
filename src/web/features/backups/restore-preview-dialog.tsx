import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Info } from 'lucide-react';
import type { TBackupChange, TBackupPreview, TBackupSectionChanges } from '@shared/backups/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { fieldLabel, valueText } from './backup-values.ts';

const LONG = 120;

function Value({ text, tone }: { text: string; tone: 'current' | 'backup' }) {
  const className =
    tone === 'current' ? 'text-muted-foreground line-through decoration-1' : 'font-medium text-foreground';
  if (text.length <= LONG)
    return <span className={`break-words whitespace-pre-wrap ${className}`}>{text}</span>;
  return (
    <details className="min-w-0">
      <summary className="cursor-pointer break-words">
        <span className={className}>{`${text.slice(0, LONG).trimEnd()}…`}</span>
      </summary>
      <p className={`mt-1 break-words whitespace-pre-wrap ${className}`}>{text}</p>
    </details>
  );
}

function ChangeItem({
  section,
  change,
}: {
  section: TBackupSectionChanges['section'];
  change: TBackupChange;
}) {
  const { t } = useTranslation(['backups', 'settings', 'forms', 'common']);
  return (
    <li className="flex flex-col gap-1 py-2 text-sm">
      <span className="font-medium break-all text-foreground">{fieldLabel(section, change.field, t)}</span>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2">
        <div className="min-w-0">
          <span className="sr-only">{t('backups:preview.current')}: </span>
          <Value text={valueText(section, change.field, change.current, t)} tone="current" />
        </div>
        <ArrowRight aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
        <div className="min-w-0">
          <span className="sr-only">{t('backups:preview.backup')}: </span>
          <Value text={valueText(section, change.field, change.backup, t)} tone="backup" />
        </div>
      </div>
    </li>
  );
}

/**
 * The changes a restore would make, grouped by section (current value → value of the backup), the roles it
 * skips and why, then the confirmation. Nothing is applied before "Restore".
 */
export function RestorePreviewDialog({
  preview,
  onConfirm,
}: {
  preview: TBackupPreview;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation(['backups', 'buttons', 'common']);
  const locale = localeOf(currentLanguage());
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setApplying(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    } finally {
      setApplying(false);
    }
  };

  return (
    <DialogContent
      title={t('backups:preview.title')}
      description={t('backups:preview.source', {
        organization: preview.organizationName,
        date: formatDateTime(preview.createdAt, locale),
      })}
      closeLabel={t('buttons:close')}
      className="max-w-2xl"
    >
      <div className="flex flex-col gap-4">
        {preview.otherOrganization ? (
          <Alert tone="warning">
            {t('backups:preview.otherOrganization', { organization: preview.organizationName })}
          </Alert>
        ) : null}
        {preview.totalChanges === 0 ? (
          <Alert tone="info">{t('backups:preview.nothing')}</Alert>
        ) : (
          <p className="text-sm font-medium text-foreground">
            {t('backups:preview.total', { count: preview.totalChanges })}
          </p>
        )}

        {preview.sections.map((section) => (
          <section
            key={section.section}
            aria-labelledby={`restore-section-${section.section}`}
            className="rounded-md border border-border"
          >
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-surface-muted px-4 py-2">
              <h3 id={`restore-section-${section.section}`} className="text-sm font-semibold text-foreground">
                {t(`backups:sections.${section.section}`)}
              </h3>
              {section.included && section.changes.length > 0 ? (
                <Badge tone="warning">
                  {t('backups:preview.changes', { count: section.changes.length })}
                </Badge>
              ) : null}
            </div>
            {!section.included ? (
              <p className="px-4 py-2 text-sm text-muted-foreground">{t('backups:preview.notIncluded')}</p>
            ) : section.changes.length === 0 ? (
              <p className="px-4 py-2 text-sm text-muted-foreground">{t('backups:preview.noChanges')}</p>
            ) : (
              <ul className="divide-y divide-border px-4">
                {section.changes.map((change) => (
                  <ChangeItem key={change.field} section={section.section} change={change} />
                ))}
              </ul>
            )}
          </section>
        ))}

        {preview.skippedRoles.length > 0 ? (
          <Alert tone="info" title={t('backups:preview.skipped.title')}>
            <ul className="list-disc pl-4">
              {preview.skippedRoles.map((s) => (
                <li key={s.email} className="break-words">
                  {t('backups:preview.skipped.item', {
                    email: s.email,
                    role: t(`common:roles.${s.role}`),
                    reason: t(`backups:preview.skipped.reasons.${s.reason}`),
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}

        {preview.totalChanges > 0 ? (
          <p className="flex gap-2 text-xs text-muted-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            {t('backups:restore.undoNote')}
          </p>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {applying ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('backups:preview.applying')}
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={applying}>
              {t('buttons:cancel')}
            </Button>
          </DialogClose>
          {preview.totalChanges > 0 ? (
            <Button variant="danger" onClick={confirm} loading={applying}>
              {t('backups:preview.confirm', { count: preview.totalChanges })}
            </Button>
          ) : null}
        </div>
      </div>
    </DialogContent>
  );
}
