import { memo } from 'react';
import type { TFunction } from 'i18next';
import { AlertTriangle, Paperclip, ShieldCheck, Star } from 'lucide-react';
import type { TMailLabel, TMessageSummary } from '@shared/mailbox/contracts.ts';
import { cn } from '@web/ui/cn.ts';
import { Highlighted } from './highlighted.tsx';
import { listDate, senderName } from './mailbox-format.ts';
import { textColourOn } from '@shared/format/colour-contrast.ts';

/** What a row calls back with; the list hands the same object for its whole life. */
export type RowHandlers = {
  onOpen: (row: TMessageSummary, index: number) => void;
  onSelect: (id: string, on: boolean) => void;
  onPrefetch: (id: string) => void;
};

type RowProps = {
  row: TMessageSummary;
  index: number;
  /** Where the virtualiser places the row. */
  start: number;
  height: number;
  open: boolean;
  atCursor: boolean;
  selected: boolean;
  labelById: ReadonlyMap<string, TMailLabel>;
  locale: string;
  /** The current minute (ms): the date column changes with it, not with every render of the list. */
  minute: number;
  handlers: RowHandlers;
  /** The list's translation function: a hook per row cost more than the rest of the row's render. */
  t: TFunction<['mailbox']>;
};

/**
 * One row of the message list: sender, conversation count, risk, attachment and star markers, date, subject and
 * snippet (search words marked), labels. Memoised: opening a message, moving the cursor or selecting a row
 * redraws the rows that changed, not every row in sight.
 */
export const MessageRow = memo(function MessageRow({
  row,
  index,
  start,
  height,
  open,
  atCursor,
  selected,
  labelById,
  locale,
  minute,
  handlers,
  t,
}: RowProps) {
  const subject = row.highlight?.subject ?? row.subject;
  const snippet = row.highlight?.snippet ?? row.snippet;
  return (
    <li
      data-index={index}
      data-message-id={row.id}
      className={cn(
        'absolute inset-x-0 top-0 flex gap-2 border-b border-border px-3 py-2',
        open ? 'bg-primary-soft' : atCursor ? 'bg-surface-muted' : 'bg-surface',
        atCursor && 'shadow-[inset_3px_0_0_var(--color-primary)]',
      )}
      style={{ height, transform: `translateY(${start}px)` }}
    >
      <input
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-primary"
        aria-label={t('mailbox:list.select', { subject: row.subject || t('mailbox:noSubject') })}
        checked={selected}
        onChange={(e) => handlers.onSelect(row.id, e.target.checked)}
      />
      <button
        type="button"
        className="flex min-w-0 flex-1 flex-col text-left focus-visible:outline-2 focus-visible:outline-primary"
        aria-current={open ? 'true' : undefined}
        onClick={() => handlers.onOpen(row, index)}
        onPointerEnter={() => handlers.onPrefetch(row.id)}
        onFocus={() => handlers.onPrefetch(row.id)}
      >
        <span className="flex items-center gap-1.5 text-sm">
          {!row.isRead ? (
            <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
          ) : null}
          <span
            className={cn('min-w-0 truncate', row.isRead ? 'text-foreground' : 'font-bold text-foreground')}
          >
            {senderName(row.from) || t('mailbox:unknownSender')}
          </span>
          {row.threadCount > 1 ? (
            <span className="shrink-0 text-xs text-muted-foreground">
              <span aria-hidden="true">{row.threadCount}</span>
              <span className="sr-only">{t('mailbox:list.inThread', { count: row.threadCount })}</span>
            </span>
          ) : null}
          <span className="ml-auto flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
            {row.risk && row.risk !== 'safe' ? (
              <AlertTriangle
                role="img"
                aria-label={t(`mailbox:security.recommendation.${row.risk}`)}
                className={cn(
                  'size-3.5',
                  row.risk === 'high' ? 'text-danger' : 'text-warning-soft-foreground',
                )}
              />
            ) : null}
            {row.isCertified ? (
              <ShieldCheck
                role="img"
                aria-label={t('mailbox:list.certified')}
                className="size-3.5 text-success-soft-foreground"
              />
            ) : null}
            {row.hasAttachments ? (
              <Paperclip role="img" aria-label={t('mailbox:list.hasAttachments')} className="size-3.5" />
            ) : null}
            {row.isStarred ? (
              <Star
                role="img"
                aria-label={t('mailbox:list.starred')}
                className="size-3.5 fill-current text-warning-soft-foreground"
              />
            ) : null}
            <time dateTime={row.receivedAt}>{listDate(row.receivedAt, locale, new Date(minute))}</time>
          </span>
        </span>
        <span
          className={cn('truncate text-sm', row.isRead ? 'text-foreground' : 'font-semibold text-foreground')}
        >
          {subject ? <Highlighted value={subject} /> : t('mailbox:noSubject')}
        </span>
        <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
          {row.labelIds.map((id) => {
            const label = labelById.get(id);
            return label ? (
              <span
                key={id}
                className="shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium"
                style={{ backgroundColor: label.color, color: textColourOn(label.color) }}
              >
                {label.name}
              </span>
            ) : null;
          })}
          <span className="truncate">
            <Highlighted value={snippet} />
          </span>
        </span>
      </button>
    </li>
  );
});
