import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertTriangle, Inbox, MailOpen, Mail, Paperclip, Star, Trash2 } from 'lucide-react';
import type { TMailFolder, TMailLabel, TMessageSummary } from '@shared/mailbox/contracts.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { Highlighted } from './highlighted.tsx';
import { listDate, senderName } from './mailbox-format.ts';
import { LabelMenu, MoveMenu } from './message-menus.tsx';

const ROW_HEIGHT = 84;

export type ListActions = {
  onAction: (ids: string[], action: 'read' | 'unread' | 'star' | 'unstar' | 'trash') => void;
  onMove: (ids: string[], folderId: string) => void;
  onLabel: (ids: string[], labelId: string, on: boolean) => void;
};

/**
 * The message list: newest first, virtualised (only the rows in sight are in the page), server pages of 50 with
 * "Load more". A row shows sender, subject, snippet, date, the attachment, label and risk markers, unread in
 * bold and the conversation's count; a checkbox selects it for the bulk actions above the list.
 */
export function MessageList({
  rows,
  hasMore,
  loadingMore,
  onLoadMore,
  openId,
  cursor,
  selected,
  onSelect,
  onSelectAll,
  onOpen,
  labels,
  folders,
  actions,
  header,
  onPrefetch,
  onPrefetchMore,
}: {
  rows: TMessageSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** A row under the pointer or focus: its message may be fetched ahead. */
  onPrefetch?: (id: string) => void;
  /** "Load more" in sight or under the pointer: the next page may be fetched ahead. */
  onPrefetchMore?: () => void;
  openId: string | null;
  cursor: number;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  onOpen: (row: TMessageSummary, index: number) => void;
  labels: TMailLabel[];
  folders: TMailFolder[];
  actions: ListActions;
  header?: ReactNode;
}) {
  const { t } = useTranslation(['mailbox']);
  const scrollRef = useRef<HTMLDivElement>(null);
  const locale = localeOf(currentLanguage());
  const now = new Date();
  const labelById = new Map(labels.map((l) => [l.id, l]));
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  useEffect(() => {
    if (cursor >= 0 && cursor < rows.length) virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [cursor, rows.length, virtualizer]);
  const moreRef = useRef<HTMLDivElement>(null);
  const prefetchMoreRef = useRef(onPrefetchMore);
  prefetchMoreRef.current = onPrefetchMore;
  useEffect(() => {
    const target = moreRef.current;
    if (!hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) prefetchMoreRef.current?.();
      },
      { root: scrollRef.current, rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, rows.length]);

  const ids = [...selected];
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const selectedRows = rows.filter((r) => selected.has(r.id));
  const someUnread = selectedRows.some((r) => !r.isRead);
  const someUnstarred = selectedRows.some((r) => !r.isStarred);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {header}
      <div className="flex min-h-11 items-center gap-1 border-b border-border px-3 py-1 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={t('mailbox:list.selectAll')}
          checked={all}
          disabled={rows.length === 0}
          onChange={(e) => onSelectAll(e.target.checked)}
        />
        {ids.length > 0 ? (
          <div
            role="toolbar"
            aria-label={t('mailbox:list.bulk')}
            className="flex flex-wrap items-center gap-0.5 pl-2"
          >
            <span className="mr-1 text-muted-foreground" aria-live="polite">
              {t('mailbox:list.selected', { count: ids.length })}
            </span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={someUnread ? t('mailbox:actions.markRead') : t('mailbox:actions.markUnread')}
              title={someUnread ? t('mailbox:actions.markRead') : t('mailbox:actions.markUnread')}
              onClick={() => actions.onAction(ids, someUnread ? 'read' : 'unread')}
            >
              {someUnread ? <MailOpen aria-hidden="true" /> : <Mail aria-hidden="true" />}
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={someUnstarred ? t('mailbox:actions.star') : t('mailbox:actions.unstar')}
              title={someUnstarred ? t('mailbox:actions.star') : t('mailbox:actions.unstar')}
              onClick={() => actions.onAction(ids, someUnstarred ? 'star' : 'unstar')}
            >
              <Star aria-hidden="true" />
            </Button>
            <MoveMenu
              folders={folders}
              rows={selectedRows}
              onMove={(folderId) => actions.onMove(ids, folderId)}
            />
            <LabelMenu
              labels={labels}
              rows={selectedRows}
              onToggle={(labelId, on) => actions.onLabel(ids, labelId, on)}
            />
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('mailbox:actions.trash')}
              title={t('mailbox:actions.trash')}
              onClick={() => actions.onAction(ids, 'trash')}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="mail-list">
        <ul
          aria-label={t('mailbox:list.label')}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const open = row.id === openId;
            const subject = row.highlight?.subject ?? row.subject;
            const snippet = row.highlight?.snippet ?? row.snippet;
            return (
              <li
                key={row.id}
                data-index={item.index}
                data-message-id={row.id}
                className={cn(
                  'absolute inset-x-0 top-0 flex gap-2 border-b border-border px-3 py-2',
                  open ? 'bg-primary-soft' : item.index === cursor ? 'bg-surface-muted' : 'bg-surface',
                  item.index === cursor && 'shadow-[inset_3px_0_0_var(--color-primary)]',
                )}
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  aria-label={t('mailbox:list.select', { subject: row.subject || t('mailbox:noSubject') })}
                  checked={selected.has(row.id)}
                  onChange={(e) => onSelect(row.id, e.target.checked)}
                />
                <button
                  type="button"
                  className="flex min-w-0 flex-1 flex-col text-left focus-visible:outline-2 focus-visible:outline-primary"
                  aria-current={open ? 'true' : undefined}
                  onClick={() => onOpen(row, item.index)}
                  onPointerEnter={() => onPrefetch?.(row.id)}
                  onFocus={() => onPrefetch?.(row.id)}
                >
                  <span className="flex items-center gap-1.5 text-sm">
                    {!row.isRead ? (
                      <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                    ) : null}
                    <span
                      className={cn(
                        'min-w-0 truncate',
                        row.isRead ? 'text-foreground' : 'font-bold text-foreground',
                      )}
                    >
                      {senderName(row.from) || t('mailbox:unknownSender')}
                    </span>
                    {row.threadCount > 1 ? (
                      <span className="shrink-0 text-xs text-muted-foreground">
                        <span aria-hidden="true">{row.threadCount}</span>
                        <span className="sr-only">
                          {t('mailbox:list.inThread', { count: row.threadCount })}
                        </span>
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
                      {row.hasAttachments ? (
                        <Paperclip
                          role="img"
                          aria-label={t('mailbox:list.hasAttachments')}
                          className="size-3.5"
                        />
                      ) : null}
                      {row.isStarred ? (
                        <Star
                          role="img"
                          aria-label={t('mailbox:list.starred')}
                          className="size-3.5 fill-current text-warning-soft-foreground"
                        />
                      ) : null}
                      <time dateTime={row.receivedAt}>{listDate(row.receivedAt, locale, now)}</time>
                    </span>
                  </span>
                  <span
                    className={cn(
                      'truncate text-sm',
                      row.isRead ? 'text-foreground' : 'font-semibold text-foreground',
                    )}
                  >
                    {subject ? <Highlighted value={subject} /> : t('mailbox:noSubject')}
                  </span>
                  <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
                    {row.labelIds.map((id) => {
                      const label = labelById.get(id);
                      return label ? (
                        <span
                          key={id}
                          className="shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium text-white"
                          style={{ backgroundColor: label.color }}
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
          })}
        </ul>
        {hasMore ? (
          <div ref={moreRef} className="flex justify-center p-3">
            <Button
              variant="outline"
              size="sm"
              loading={loadingMore}
              onClick={onLoadMore}
              onPointerEnter={onPrefetchMore}
              onFocus={onPrefetchMore}
            >
              {t('mailbox:list.loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function ListSkeleton() {
  const { t } = useTranslation(['mailbox']);
  return <SkeletonRows rows={6} avatar label={t('mailbox:list.loading')} />;
}

export function ListEmpty({ searching }: { searching: boolean }) {
  const { t } = useTranslation(['mailbox']);
  return (
    <EmptyState
      icon={<Inbox aria-hidden="true" />}
      title={t('mailbox:list.empty')}
      description={searching ? t('mailbox:list.emptySearch') : undefined}
      headingLevel="p"
    />
  );
}
