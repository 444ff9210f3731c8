import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { useSignedInMe } from '@web/app/session.ts';
import { cn } from '@web/ui/cn.ts';
import type { FieldControlProps } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useCorrespondents, type Correspondent } from './documents-api.ts';

/**
 * A client or supplier (GET /api/v1/documents/correspondents?q=): a combobox operable with the keyboard (arrows,
 * Enter, Escape), as the client picker is; the choice shows as a chip with a button to change it.
 */
export function CorrespondentPicker({
  value,
  onChange,
  controlProps,
  placeholder,
}: {
  value: Correspondent | null;
  onChange: (value: Correspondent | null) => void;
  controlProps: FieldControlProps | { id?: string; 'aria-label': string };
  placeholder?: string;
}) {
  const { t } = useTranslation(['documents', 'common']);
  const orgId = useSignedInMe().activeOrganizationId;
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useCorrespondents(orgId, debounced, open && !value);
  const options = search.data ?? [];

  const choose = (option: Correspondent) => {
    onChange(option);
    setOpen(false);
    setText('');
  };

  if (value) {
    return (
      <div className="flex h-10 items-center justify-between gap-2 rounded-md border border-input bg-surface-muted px-3 text-sm">
        <span id={controlProps.id} className="min-w-0 truncate font-medium text-foreground">
          {value.name || t(`documents:correspondent.${value.kind}`)}
          <span className="ml-1.5 text-xs font-normal text-muted-foreground">
            {t(`documents:correspondent.${value.kind}`)}
          </span>
        </span>
        <button
          type="button"
          onClick={() => {
            onChange(null);
            setTimeout(() => inputRef.current?.focus(), 0);
          }}
          aria-label={t('documents:correspondent.change', { name: value.name })}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-border hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        {...controlProps}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        className="pl-9"
        placeholder={placeholder ?? t('documents:correspondent.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('documents:correspondent.options')}
        hidden={!open}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-surface p-1 text-sm shadow-pop"
      >
        {search.isFetching && options.length === 0 ? (
          <li className="flex justify-center py-3" role="presentation">
            <Spinner label={t('common:loading')} />
          </li>
        ) : search.isError ? (
          <li className="px-3 py-2 text-danger" role="presentation">
            {t('documents:correspondent.error')}
          </li>
        ) : options.length === 0 ? (
          <li className="px-3 py-2 text-muted-foreground" role="presentation">
            {t('documents:correspondent.none')}
          </li>
        ) : (
          options.map((option, i) => (
            <li
              key={`${option.kind}:${option.id}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-2 rounded px-3 py-2',
                i === active ? 'bg-primary-soft text-primary-soft-foreground' : 'text-foreground',
              )}
            >
              <span className="truncate font-medium">{option.name}</span>
              <span className="shrink-0 text-xs opacity-80">
                {t(`documents:correspondent.${option.kind}`)}
              </span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
