import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { TDocumentTag } from '@shared/documents/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Input } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import { TagChip } from './document-bits.tsx';
import { useSaveTag } from './documents-api.ts';

/**
 * The document's tags as chips (each removable) and an "Add tag" panel: type to filter the organization's tags,
 * pick one, or create the typed name as a new tag on the spot.
 */
export function TagPicker({
  all,
  value,
  onChange,
  disabled,
}: {
  all: TDocumentTag[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['documents']);
  const orgId = useSignedInMe().activeOrganizationId;
  const save = useSaveTag(orgId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const inputId = useId();
  const chosen = value.map((id) => all.find((tag) => tag.id === id)).filter((x): x is TDocumentTag => !!x);
  const needle = text.trim().toLocaleLowerCase();
  const options = all.filter(
    (tag) => !value.includes(tag.id) && tag.name.toLocaleLowerCase().includes(needle),
  );
  const exact = all.some((tag) => tag.name.toLocaleLowerCase() === needle);

  const create = () => {
    save.mutate(
      { id: null, values: { name: text.trim(), color: 'blue' } },
      {
        onSuccess: (tag) => {
          onChange([...value, tag.id]);
          setText('');
        },
        onError: (error) => toast.error(apiErrorMessage(error, t)),
      },
    );
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-1.5">
        {chosen.length === 0 ? (
          <span className="text-sm text-muted-foreground">{t('documents:tags.none')}</span>
        ) : null}
        {chosen.map((tag) => (
          <TagChip
            key={tag.id}
            tag={tag}
            onRemove={disabled ? undefined : () => onChange(value.filter((id) => id !== tag.id))}
          />
        ))}
      </div>
      {disabled ? null : open ? (
        <div className="grid gap-2 rounded-md border border-border p-2">
          <label htmlFor={inputId} className="sr-only">
            {t('documents:tags.filter')}
          </label>
          <Input
            id={inputId}
            autoFocus
            value={text}
            placeholder={t('documents:tags.filterPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setOpen(false);
              } else if (e.key === 'Enter') {
                e.preventDefault();
                if (options[0]) {
                  onChange([...value, options[0].id]);
                  setText('');
                } else if (needle && !exact) create();
              }
            }}
          />
          <div className="flex max-h-40 flex-wrap gap-1.5 overflow-y-auto">
            {options.map((tag) => (
              <button
                key={tag.id}
                type="button"
                className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={t('documents:tags.add', { name: tag.name })}
                onClick={() => {
                  onChange([...value, tag.id]);
                  setText('');
                }}
              >
                <TagChip tag={tag} className="hover:opacity-80" />
              </button>
            ))}
            {options.length === 0 && !needle ? (
              <span className="text-sm text-muted-foreground">{t('documents:tags.noMore')}</span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {needle && !exact ? (
              <Button variant="outline" size="sm" onClick={create} loading={save.isPending}>
                <Plus aria-hidden="true" className="size-4" />
                {t('documents:tags.create', { name: text.trim() })}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              {t('documents:tags.done')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('documents:tags.addButton')}
          </Button>
        </div>
      )}
    </div>
  );
}
