import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import {
  HEARTBEAT_INTERVAL_MS,
  MAX_RECONNECT_ATTEMPTS,
  type TNotification,
  type TServerMessage,
} from '@shared/realtime/messages.ts';
import {
  addNotification,
  applyAutoRead,
  markAllRead,
  markRead,
  nextAutoReadIn,
  reconnectDelay,
  removeNotification,
  toastDuration,
  unreadCount,
} from '@shared/notifications/rules.ts';
import { meQueryKey } from '@web/app/session.ts';
import { rememberSessionRevoked } from '@web/features/security/session-revoked.ts';
import { NotificationToast } from './notification-toast.tsx';

type Action =
  | { type: 'add'; notification: TNotification }
  | { type: 'read'; id: string }
  | { type: 'readAll' }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'autoRead'; now: number };

function reducer(list: TNotification[], action: Action): TNotification[] {
  switch (action.type) {
    case 'add':
      return addNotification(list, action.notification);
    case 'read':
      return markRead(list, action.id);
    case 'readAll':
      return markAllRead(list);
    case 'remove':
      return removeNotification(list, action.id);
    case 'clear':
      return [];
    case 'autoRead':
      return applyAutoRead(list, action.now);
  }
}

export interface LiveStatus {
  connected: boolean;
  /** Why the channel is down: a failed connection, or no more retries. */
  error: 'connection' | 'gave_up' | 'unauthorized' | null;
}

interface NotificationsValue {
  notifications: TNotification[];
  unread: number;
  status: LiveStatus;
  markRead: (id: string) => void;
  markAllRead: () => void;
  remove: (id: string) => void;
  clear: () => void;
  reconnect: () => void;
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

function isNotification(value: unknown): value is TNotification {
  const n = value as Partial<TNotification> | null;
  return (
    !!n &&
    typeof n.id === 'string' &&
    typeof n.title === 'string' &&
    typeof n.message === 'string' &&
    typeof n.timestamp === 'string' &&
    typeof n.type === 'string'
  );
}

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/ws`;
}

/**
 * Notifications in memory (spec §3, §4, §9) fed by the live channel /api/ws: subscribe to `notifications`,
 * heartbeat every 30 s, reconnect with exponential backoff up to 5 attempts; a new one also shows a toast.
 * The channel is reopened when the active organization changes (its topic changes).
 */
export function NotificationsProvider({
  organizationId,
  children,
}: {
  organizationId: string | null;
  children: ReactNode;
}) {
  const [notifications, dispatch] = useReducer(reducer, []);
  const [status, setStatus] = useState<LiveStatus>({ connected: false, error: null });
  const [generation, setGeneration] = useState(0);
  const queryClient = useQueryClient();
  const queryClientRef = useRef(queryClient);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempts = 0;
    let heartbeat: number | undefined;
    let retry: number | undefined;
    let stopped = false;

    const connect = () => {
      const ws = new WebSocket(socketUrl());
      socket = ws;
      ws.onopen = () => {
        attempts = 0;
        setStatus({ connected: true, error: null });
        ws.send(JSON.stringify({ type: 'SUBSCRIBE', channel: 'notifications' }));
        heartbeat = window.setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'HEARTBEAT' }));
        }, HEARTBEAT_INTERVAL_MS);
      };
      ws.onmessage = (event) => {
        let message: TServerMessage;
        try {
          message = JSON.parse(String(event.data)) as TServerMessage;
        } catch {
          return;
        }
        // Ended from another device: the socket closes next (4401) and the sign-in page says why.
        if (message.type === 'SESSION_REVOKED') rememberSessionRevoked();
        if (message.type === 'NOTIFICATION' && isNotification(message.notification)) {
          const notification = message.notification;
          dispatch({ type: 'add', notification });
          toast(() => <NotificationToast notification={notification} />, {
            id: `notification-${notification.id}`,
            duration: toastDuration(notification),
          });
        }
      };
      ws.onerror = () => setStatus((s) => ({ ...s, error: 'connection' }));
      ws.onclose = (event) => {
        window.clearInterval(heartbeat);
        if (stopped) return;
        if (event.code === 4401) {
          // The session ended: the guard sends the user to /login.
          setStatus({ connected: false, error: 'unauthorized' });
          void queryClientRef.current.invalidateQueries({ queryKey: meQueryKey });
          return;
        }
        if (attempts >= MAX_RECONNECT_ATTEMPTS) {
          setStatus({ connected: false, error: 'gave_up' });
          return;
        }
        setStatus({ connected: false, error: 'connection' });
        retry = window.setTimeout(connect, reconnectDelay(attempts));
        attempts += 1;
      };
    };

    const onOnline = () => {
      if (socket && socket.readyState !== WebSocket.CLOSED) return;
      attempts = 0;
      window.clearTimeout(retry);
      connect();
    };

    connect();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      window.clearTimeout(retry);
      window.clearInterval(heartbeat);
      socket?.close(1000);
    };
  }, [organizationId, generation]);

  // Unread notifications become read 30 s after their timestamp.
  useEffect(() => {
    const wait = nextAutoReadIn(notifications, Date.now());
    if (wait === null) return;
    const timer = window.setTimeout(() => dispatch({ type: 'autoRead', now: Date.now() }), wait + 50);
    return () => window.clearTimeout(timer);
  }, [notifications]);

  const reconnect = useCallback(() => setGeneration((g) => g + 1), []);

  const value = useMemo<NotificationsValue>(
    () => ({
      notifications,
      unread: unreadCount(notifications),
      status,
      markRead: (id) => dispatch({ type: 'read', id }),
      markAllRead: () => dispatch({ type: 'readAll' }),
      remove: (id) => dispatch({ type: 'remove', id }),
      clear: () => dispatch({ type: 'clear' }),
      reconnect,
    }),
    [notifications, status, reconnect],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications outside NotificationsProvider');
  return value;
}
