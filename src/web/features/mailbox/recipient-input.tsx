import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RECIPIENT_QUERY_MIN, type TRecipientSuggestion } from '@shared/mailbox/compose.ts';
import { api } from '@web/app/api.ts';
import { cn } from '@web/ui/cn.ts';
import type { FieldControlProps } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { recipientText, typedRecipient, withChosenRecipient } from './compose-draft.ts';
import { mailKeys } from './mailbox-api.ts';

function useRecipientSuggestions(orgId: string | null, q: string) {
  return useQuery({
    queryKey: [...mailKeys.all(orgId), 'recipients', q],
    queryFn: ({ signal }) =>
      api<{ items: TRecipientSuggestion[] }>(`/api/v1/mail/recipients?q=${encodeURIComponent(q)}`, {
        signal,
      }),
    enabled: !!orgId && q.length >= RECIPIENT_QUERY_MIN,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * A recipients field of the composer (issue 16): addresses separated by commas, and for the one being typed the
 * organization's clients and the user's past correspondents to pick from, as a combobox (arrows, Enter or Tab to
 * pick, Escape to close).
 */
export function RecipientInput({
  orgId,
  value,
  onChange,
  controlProps,
  autoFocus,
}: {
  orgId: string | null;
  value: string;
  onChange: (value: string) => void;
  controlProps: FieldControlProps;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation(['mailbox']);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(typedRecipient(value)), 150);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useRecipientSuggestions(orgId, typed);
  const options = typed.length >= RECIPIENT_QUERY_MIN ? (suggestions.data?.items ?? []) : [];
  const shown = open && options.length > 0;

  const choose = (s: TRecipientSuggestion) => {
    onChange(withChosenRecipient(value, recipientText(s)));
    setOpen(false);
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if ((e.key === 'Enter' || e.key === 'Tab') && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        {...controlProps}
        autoFocus={autoFocus}
        type="text"
        inputMode="email"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && options[active] ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('mailbox:compose.suggestions')}
        hidden={!shown}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-surface p-1 text-sm shadow-pop"
      >
        {options.map((s, i) => (
          <li
            key={s.address}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input's blur would close the list before the click lands.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(s);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'flex cursor-pointer items-baseline justify-between gap-3 rounded px-3 py-2',
              i === active ? 'bg-primary-soft text-primary-soft-foreground' : 'text-foreground',
            )}
          >
            <span className="min-w-0 truncate">
              {s.name ? <span className="font-medium">{s.name} </span> : null}
              <span className="text-muted-foreground">{s.address}</span>
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">
              {s.source === 'client'
                ? t('mailbox:compose.suggestionClient')
                : t('mailbox:compose.suggestionCorrespondent')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
