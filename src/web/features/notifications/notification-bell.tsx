import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popover } from 'radix-ui';
import { Bell, BellOff, CheckCheck, Trash2, X } from 'lucide-react';
import {
  badgeText,
  filterNotifications,
  internalLink,
  NOTIFICATION_FILTERS,
  type NotificationFilter,
} from '@shared/notifications/rules.ts';
import type { TNotification } from '@shared/realtime/messages.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { NotificationIcon } from './notification-icon.tsx';
import { liveStatusText } from './live-connection.ts';
import { useNotifications } from './notifications-provider.tsx';
import { formatRelativeTime } from './relative-time.ts';

/** Ticks while the panel is open, so relative times stay current. */
function useNow(active: boolean, everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { unread } = useNotifications();
  const [open, setOpen] = useState(false);
  const badge = badgeText(unread);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={
          unread > 0 ? t('notifications:bell.unread', { count: unread }) : t('notifications:bell.label')
        }
        data-testid="notification-bell"
        className="relative inline-flex size-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-surface-muted"
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-semibold text-danger-foreground ring-2 ring-surface"
          >
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('notifications:title')}
          className="z-50 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-lg border border-border bg-surface text-foreground shadow-pop animate-fade-in focus:outline-none"
        >
          <NotificationPanel open={open} onClose={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['notifications', 'buttons']);
  const { notifications, unread, status, markRead, markAllRead, remove, clear, retry } = useNotifications();
  const statusText = liveStatusText(status);
  const navigate = useNavigate();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const now = useNow(open);
  const shown = filterNotifications(notifications, filter);

  function openNotification(n: TNotification) {
    markRead(n.id);
    const link = internalLink(n.data?.url);
    if (link) {
      onClose();
      navigate(link);
    }
  }

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <div>
          <h2 className="text-base font-semibold">{t('notifications:title')}</h2>
          <p className="text-xs text-muted-foreground">
            {unread > 0 ? t('notifications:unreadCount', { count: unread }) : t('notifications:allRead')}
          </p>
        </div>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={markAllRead}
            disabled={unread === 0}
            aria-label={t('notifications:markAllRead')}
            title={t('notifications:markAllRead')}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={clear}
            disabled={notifications.length === 0}
            aria-label={t('notifications:clearAll')}
            title={t('notifications:clearAll')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <div
        role="group"
        aria-label={t('notifications:filters.label')}
        className="flex gap-1 overflow-x-auto px-3 py-2"
      >
        {NOTIFICATION_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={cn(
              'rounded-full px-3 py-1 text-xs font-medium whitespace-nowrap transition-colors',
              filter === f
                ? 'bg-primary text-primary-foreground'
                : 'bg-surface-muted text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`notifications:filters.${f}`)}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto border-t border-border">
        {shown.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <BellOff aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="mt-3 text-sm font-medium">{t('notifications:empty.title')}</p>
            <p className="mt-1 text-xs text-muted-foreground">{t('notifications:empty.text')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {shown.map((n) => (
              <li key={n.id} className={cn('group relative flex', !n.read && 'bg-primary-soft/40')}>
                <button
                  type="button"
                  onClick={() => openNotification(n)}
                  className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3 pr-10 text-left hover:bg-surface-muted"
                >
                  <NotificationIcon type={n.type} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className={cn('truncate text-sm', !n.read ? 'font-semibold' : 'font-medium')}>
                        {n.title}
                      </span>
                      {!n.read ? (
                        <>
                          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
                          <span className="sr-only">{t('notifications:unreadMarker')}</span>
                        </>
                      ) : null}
                    </span>
                    <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground">
                      {n.message}
                    </span>
                    <time dateTime={n.timestamp} className="mt-1 block text-xs text-muted-foreground">
                      {formatRelativeTime(n.timestamp, now, t)}
                    </time>
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => remove(n.id)}
                  aria-label={t('notifications:remove', { title: n.title })}
                  className="absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-border hover:text-foreground"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-border px-4 py-2 text-xs text-muted-foreground">
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn('size-2 rounded-full', status.connected ? 'bg-success' : 'bg-muted-foreground')}
          />
          <span role="status">{t(statusText.key, statusText.values)}</span>
        </span>
        {!status.connected && status.error === 'gave_up' ? (
          <Button variant="link" className="text-xs" onClick={retry}>
            {t('buttons:retry')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
