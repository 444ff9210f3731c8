import { useEffect, useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, SlidersHorizontal, X } from 'lucide-react';
import type { TMailLabel } from '@shared/mailbox/contracts.ts';
import { Button } from '@web/ui/button.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';
import { hasFilters, type MailboxState, type TriState } from './mailbox-url.ts';

/** A pause in typing this long fetches the search's first page ahead. */
const SEARCH_AHEAD_MS = 150;

/**
 * Above the list: the search box (/ focuses it; a search runs on Enter or after a pause), the spec §2 filters
 * (read, starred, important, attachments, date range, label) in a panel, and the conversations/messages switch.
 */
export function ListToolbar({
  state,
  title,
  labels,
  searchRef,
  onChange,
  onPrefetch,
  onFolders,
}: {
  state: MailboxState;
  title: string;
  labels: TMailLabel[];
  searchRef: RefObject<HTMLInputElement | null>;
  onChange: (patch: Partial<MailboxState>) => void;
  /** The list these changes would show may be fetched ahead (typing paused in the search box). */
  onPrefetch?: (patch: Partial<MailboxState>) => void;
  /** Phones: back to the folder pane. */
  onFolders: (() => void) | null;
}) {
  const { t } = useTranslation(['mailbox']);
  const [text, setText] = useState(state.q);
  const [open, setOpen] = useState(hasFilters(state));
  const panelId = useId();
  // The URL changed the search (a link, back): the box follows.
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => {
    if (text.trim() === state.q.trim()) return;
    // A short pause asks the server already; Enter or the longer pause then shows its answer.
    const ahead = setTimeout(() => onPrefetch?.({ q: text }), SEARCH_AHEAD_MS);
    const timer = setTimeout(() => onChange({ q: text }), 400);
    return () => {
      clearTimeout(ahead);
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const tri = (value: TriState) => (value === null ? '' : String(value));
  const fromTri = (value: string): TriState => (value === '' ? null : value === 'true');
  const filtered = hasFilters(state);

  return (
    <div className="grid gap-2 border-b border-border p-2">
      <div className="flex items-center gap-2">
        {onFolders ? (
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onFolders}
            aria-label={t('mailbox:panes.showFolders')}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
        <h2 className="min-w-0 truncate text-base font-semibold text-foreground">{title}</h2>
      </div>
      <form
        role="search"
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: text });
        }}
      >
        <div className="min-w-0 flex-1">
          <SearchInput
            ref={searchRef}
            aria-label={t('mailbox:search.label')}
            placeholder={t('mailbox:search.placeholder')}
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') e.currentTarget.blur();
            }}
          />
        </div>
        <Button
          type="button"
          variant={filtered ? 'secondary' : 'ghost'}
          size="icon"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={filtered ? t('mailbox:filters.toggleActive') : t('mailbox:filters.toggle')}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
        </Button>
      </form>
      <div id={panelId} hidden={!open} className="grid grid-cols-2 gap-2 text-sm">
        <FilterSelect
          label={t('mailbox:filters.read')}
          value={tri(state.isRead)}
          onChange={(v) => onChange({ isRead: fromTri(v) })}
          yes={t('mailbox:filters.readYes')}
          no={t('mailbox:filters.readNo')}
        />
        <FilterSelect
          label={t('mailbox:filters.starred')}
          value={tri(state.isStarred)}
          onChange={(v) => onChange({ isStarred: fromTri(v) })}
          yes={t('mailbox:filters.yes')}
          no={t('mailbox:filters.no')}
        />
        <FilterSelect
          label={t('mailbox:filters.important')}
          value={tri(state.isImportant)}
          onChange={(v) => onChange({ isImportant: fromTri(v) })}
          yes={t('mailbox:filters.yes')}
          no={t('mailbox:filters.no')}
        />
        <FilterSelect
          label={t('mailbox:filters.attachments')}
          value={tri(state.hasAttachments)}
          onChange={(v) => onChange({ hasAttachments: fromTri(v) })}
          yes={t('mailbox:filters.yes')}
          no={t('mailbox:filters.no')}
        />
        <label className="grid gap-1">
          <span className="text-xs font-medium text-muted-foreground">{t('mailbox:filters.from')}</span>
          <Input
            type="date"
            value={state.from}
            max={state.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
          />
        </label>
        <label className="grid gap-1">
          <span className="text-xs font-medium text-muted-foreground">{t('mailbox:filters.to')}</span>
          <Input
            type="date"
            value={state.to}
            min={state.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </label>
        <label className="grid gap-1">
          <span className="text-xs font-medium text-muted-foreground">{t('mailbox:filters.label')}</span>
          <Select value={state.labelId ?? ''} onChange={(e) => onChange({ labelId: e.target.value || null })}>
            <option value="">{t('mailbox:filters.any')}</option>
            {labels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </label>
        <label className="grid gap-1">
          <span className="text-xs font-medium text-muted-foreground">{t('mailbox:group.label')}</span>
          <Select
            value={state.group}
            onChange={(e) =>
              onChange({ group: e.target.value === 'messages' ? 'messages' : 'conversations' })
            }
          >
            <option value="conversations">{t('mailbox:group.conversations')}</option>
            <option value="messages">{t('mailbox:group.messages')}</option>
          </Select>
        </label>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2 justify-self-start"
            onClick={() =>
              onChange({
                isRead: null,
                isStarred: null,
                isImportant: null,
                hasAttachments: null,
                from: '',
                to: '',
                labelId: null,
              })
            }
          >
            <X aria-hidden="true" className="size-4" />
            {t('mailbox:filters.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  yes,
  no,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  yes: string;
  no: string;
}) {
  const { t } = useTranslation(['mailbox']);
  return (
    <label className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('mailbox:filters.any')}</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </Select>
    </label>
  );
}
