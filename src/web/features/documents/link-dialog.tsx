import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_RECORD_TYPES, type LinkRecordType } from '@shared/documents/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { ChoiceOptions, SelectField } from '@web/ui/form-fields.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { useRecordSearch, type RecordOption } from './documents-api.ts';

/**
 * Link one or more documents to a record: its kind, then a search among those records (their own list APIs),
 * then one choice from a radio list. `onLink` does the work; the dialog closes when it succeeds.
 */
export function LinkDialog({
  open,
  onOpenChange,
  description,
  onLink,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description?: string;
  onLink: (link: { recordType: LinkRecordType; recordId: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation(['documents', 'buttons', 'common']);
  const orgId = useSignedInMe().activeOrganizationId;
  const [type, setType] = useState<LinkRecordType>('client');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<RecordOption | null>(null);
  const [saving, setSaving] = useState(false);
  const listLabel = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQ(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!open) {
      setText('');
      setQ('');
      setChosen(null);
    }
  }, [open]);
  const search = useRecordSearch(orgId, type, q, open);
  const options = search.data ?? [];

  const submit = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      await onLink({ recordType: type, recordId: chosen.id });
      toast.success(t('documents:links.added'));
      onOpenChange(false);
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('documents:links.addTitle')}
        description={description}
        closeLabel={t('buttons:close')}
      >
        <div className="grid gap-4">
          <SelectField
            label={t('documents:links.recordType')}
            value={type}
            onChange={(e) => {
              setType(e.target.value as LinkRecordType);
              setChosen(null);
            }}
          >
            <ChoiceOptions values={LINK_RECORD_TYPES} label={(v) => t(`documents:links.types.${v}`)} />
          </SelectField>
          <SearchInput
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('documents:links.searchPlaceholder')}
            aria-label={t('documents:links.search')}
          />
          <div>
            <p id={listLabel} className="mb-1.5 text-sm font-medium text-foreground">
              {t('documents:links.results')}
            </p>
            <div
              role="radiogroup"
              aria-labelledby={listLabel}
              className="max-h-64 overflow-y-auto rounded-md border border-border"
            >
              {search.isPending || (search.isFetching && options.length === 0) ? (
                <div className="flex justify-center py-4">
                  <Spinner label={t('common:loading')} />
                </div>
              ) : search.isError ? (
                <p className="px-3 py-3 text-sm text-danger">{apiErrorMessage(search.error, t)}</p>
              ) : options.length === 0 ? (
                <p className="px-3 py-3 text-sm text-muted-foreground">{t('documents:links.none')}</p>
              ) : (
                options.map((option) => (
                  <label
                    key={option.id}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 border-b border-border px-3 py-2.5 text-sm last:border-b-0',
                      chosen?.id === option.id ? 'bg-primary-soft' : 'hover:bg-surface-muted',
                    )}
                  >
                    <input
                      type="radio"
                      name="link-record"
                      className="mt-0.5 size-4 accent-primary"
                      checked={chosen?.id === option.id}
                      onChange={() => setChosen(option)}
                    />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-foreground">{option.label}</span>
                      {option.detail ? (
                        <span className="block truncate text-xs text-muted-foreground">{option.detail}</span>
                      ) : null}
                    </span>
                  </label>
                ))
              )}
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('buttons:cancel')}</Button>
            </DialogClose>
            <Button onClick={() => void submit()} disabled={!chosen} loading={saving}>
              {t('documents:links.add')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
