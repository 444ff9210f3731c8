import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { clientDisplayName, type TClient } from '@shared/clients/contracts.ts';
import { api } from '@web/app/api.ts';
import { cn } from './cn.ts';
import type { FieldControlProps } from './field.tsx';
import { Input } from './input.tsx';
import { Spinner } from './spinner.tsx';

type ClientOption = { id: string; name: string; detail: string };

/** Clients matching the text, for the client picker (GET /api/v1/clients?q=&pageSize=10). */
function useClientOptions(orgId: string | null, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['clients', orgId, 'invoicing-picker', q],
    queryFn: async ({ signal }): Promise<ClientOption[]> => {
      const params = new URLSearchParams({ pageSize: '10' });
      if (q.trim()) params.set('q', q.trim());
      const page = await api<{ items: TClient[] }>(`/api/v1/clients?${params}`, { signal });
      return page.items.map((c) => ({
        id: c.id,
        name: clientDisplayName(c) || c.email || '—',
        detail: [c.vatNumber ?? c.codiceFiscale, c.city].filter(Boolean).join(' · '),
      }));
    },
    enabled: !!orgId && enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export type PickedClient = { id: string; name: string };

/**
 * A client field (documents, events, transactions): a combobox searching the organization's clients, operable
 * with the keyboard (arrows, Enter, Escape). The chosen client shows as a chip with a button to change it.
 */
export function ClientPicker({
  orgId,
  value,
  onChange,
  controlProps,
  disabled,
  placeholder,
  inputRef: outerRef,
}: {
  orgId: string | null;
  value: PickedClient | null;
  onChange: (value: PickedClient | null) => void;
  controlProps: FieldControlProps;
  disabled?: boolean;
  placeholder?: string;
  /** The form's ref (focus on error). */
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const { t } = useTranslation(['invoices', 'common']);
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
  const search = useClientOptions(orgId, debounced, open && !value);
  const options: ClientOption[] = search.data ?? [];

  const choose = (option: ClientOption) => {
    onChange({ id: option.id, name: option.name });
    setOpen(false);
    setText('');
  };

  if (value) {
    return (
      <div className="flex h-10 items-center justify-between gap-2 rounded-md border border-input bg-surface-muted px-3 text-sm">
        <span id={controlProps.id} className="truncate font-medium text-foreground">
          {value.name}
        </span>
        <button
          type="button"
          disabled={disabled}
          onClick={() => {
            onChange(null);
            setTimeout(() => inputRef.current?.focus(), 0);
          }}
          aria-label={t('invoices:picker.clientChange', { name: value.name })}
          className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-border hover:text-foreground"
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
        ref={(element) => {
          inputRef.current = element;
          outerRef?.(element);
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        disabled={disabled}
        className="pl-9"
        placeholder={placeholder ?? t('invoices:picker.clientPlaceholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        // Opened by typing, ArrowDown or a click, not by focus: focus on a validation error keeps the message visible.
        onClick={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('invoices:picker.clients')}
        hidden={!open}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-surface p-1 text-sm shadow-pop"
      >
        {search.isFetching && options.length === 0 ? (
          <li className="flex justify-center py-3" role="presentation">
            <Spinner label={t('common:loading')} />
          </li>
        ) : search.isError ? (
          <li className="px-3 py-2 text-danger" role="presentation">
            {t('invoices:picker.clientsError')}
          </li>
        ) : options.length === 0 ? (
          <li className="px-3 py-2 text-muted-foreground" role="presentation">
            {debounced.trim() ? t('invoices:picker.clientsNone') : t('invoices:picker.clientsEmpty')}
          </li>
        ) : (
          options.map((option, i) => (
            <li
              key={option.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'cursor-pointer rounded px-3 py-2',
                i === active ? 'bg-primary-soft text-primary-soft-foreground' : 'text-foreground',
              )}
            >
              <span className="block font-medium">{option.name}</span>
              {option.detail ? (
                <span className="block text-xs text-muted-foreground">{option.detail}</span>
              ) : null}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}

/** The client picker bound to a react-hook-form field that holds the chosen client (`PickedClient | null`). */
export function ClientPickerController<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  orgId,
  controlProps,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPathByValue<T, PickedClient | null>;
  orgId: string | null;
  controlProps: FieldControlProps;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ClientPicker
          orgId={orgId}
          value={field.value as PickedClient | null}
          onChange={(client) => field.onChange(client)}
          controlProps={controlProps}
          inputRef={field.ref}
        />
      )}
    />
  );
}
