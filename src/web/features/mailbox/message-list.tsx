import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/ui/cn.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Inbox, MailOpen, Mail, Star, Trash2 } from 'lucide-react';
import type { TMailFolder, TMailLabel, TMessageSummary } from '@shared/mailbox/contracts.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { LabelMenu, MoveMenu } from './message-menus.tsx';
import { MessageRow, type RowHandlers } from './message-row.tsx';

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
  stale = false,
}: {
  rows: TMessageSummary[];
  /** The rows of the list before, shown while the new list's first page loads: dimmed, inert, marked busy. */
  stale?: boolean;
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
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const labelById = useMemo(() => new Map(labels.map((l) => [l.id, l])), [labels]);
  // The rows get one handlers object for the list's life (their memo holds); it calls the latest props.
  const latest = useRef({ onOpen, onSelect, onPrefetch });
  latest.current = { onOpen, onSelect, onPrefetch };
  const handlers = useMemo<RowHandlers>(
    () => ({
      onOpen: (row, index) => latest.current.onOpen(row, index),
      onSelect: (id, on) => latest.current.onSelect(id, on),
      onPrefetch: (id) => latest.current.onPrefetch?.(id),
    }),
    [],
  );
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
    <div
      className={cn('flex min-h-0 flex-1 flex-col', stale && 'opacity-60')}
      inert={stale}
      aria-busy={stale || undefined}
    >
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
            return (
              <MessageRow
                key={row.id}
                row={row}
                index={item.index}
                start={item.start}
                height={item.size}
                open={row.id === openId}
                atCursor={item.index === cursor}
                selected={selected.has(row.id)}
                labelById={labelById}
                locale={locale}
                minute={minute}
                handlers={handlers}
                t={t}
              />
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
